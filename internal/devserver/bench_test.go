package devserver

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"sabershop/internal/site"
	"sabershop/internal/testutil"
)

// startDev runs the dev server on a copy of the real content and returns
// its address and a reader of the live-reload stream.
func startDev(t testing.TB) (contentDir, addr string, events *bufio.Reader) {
	return startDevAt(t, "../..", "")
}

// startDevAt is startDev with the templates and components under root,
// its stream opened as the page at path would ("" for none).
func startDevAt(t testing.TB, root, path string) (contentDir, addr string, events *bufio.Reader) {
	t.Helper()
	contentDir = testutil.CopyDir(t, "../../content")
	out := filepath.Join(t.TempDir(), "public")
	ctx, cancel := context.WithCancel(context.Background())
	ready := make(chan string, 1)
	done := make(chan error, 1)
	go func() {
		done <- Run(ctx, Options{Site: site.Options{ContentDir: contentDir, OutDir: out, Root: root},
			Addr: "127.0.0.1:0", Watch: true, Out: benchOut(), Ready: func(a string) { ready <- a }})
	}()
	t.Cleanup(func() {
		cancel()
		<-done
	})
	select {
	case addr = <-ready:
	case err := <-done:
		t.Fatalf("dev server stopped: %v", err)
	case <-testutil.UntilDeadline(t):
		// The first build may make every photo (internal/images): on a
		// busy machine that takes minutes, so only the binary's deadline.
		t.Fatal("dev server did not start")
	}
	return contentDir, addr, openStream(t, addr, path)
}

// openStream opens the live-reload stream as the page at path does.
func openStream(t testing.TB, addr, path string) *bufio.Reader {
	t.Helper()
	resp, err := http.Get("http://" + addr + ReloadPath + "?path=" + url.QueryEscape(path))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	events := bufio.NewReader(resp.Body)
	if line, _ := events.ReadString('\n'); !strings.HasPrefix(line, ": connected") {
		t.Fatalf("stream opened with %q", line)
	}
	return events
}

// nextEvent reads the next server-sent event's name and data.
func nextEvent(r *bufio.Reader) (name, data string, err error) {
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return "", "", err
		}
		line = strings.TrimRight(line, "\n")
		switch {
		case strings.HasPrefix(line, "event: "):
			name = strings.TrimPrefix(line, "event: ")
		case strings.HasPrefix(line, "data: "):
			data += strings.TrimPrefix(line, "data: ") + "\n"
		case line == "" && name != "":
			return name, data, nil
		}
	}
}

// BenchmarkEditToReload measures from an editor's save of one Markdown
// file to the reload event reaching the open page: debounce, rebuild and
// write included.
func BenchmarkEditToReload(b *testing.B) {
	dir, _, events := startDev(b)
	file := filepath.Join(dir, "en", "blog", "spring-duel-meetup.md")
	orig := readFile(b, file)
	benchEdits(b, file, func(i int) []byte {
		return append(append([]byte{}, orig...), fmt.Sprintf("\nEdit %d.\n", i)...)
	}, events, nil)
}

// BenchmarkComponentEditToReload measures from a save of one island
// component (the header's basket link: in every page's server render and
// in the client bundle) to the reload event of the page open in the
// browser (/pl/features): rebundling, the SSR workers taking the new
// bundle, that page rendered and written (the others follow).
func BenchmarkComponentEditToReload(b *testing.B) {
	root := testutil.CodeCopy(b, "../..")
	_, addr, events := startDevAt(b, root, "/pl/features")
	// A stream that is no page (an error page in another tab) reloads at
	// each build's end, which the next edit waits for outside the timer.
	rest := openStream(b, addr, "/no-such-page")
	file := filepath.Join(root, "components", "islands", "CartBadge.tsx")
	orig := string(readFile(b, file))
	if !strings.Contains(orig, `className="cart-badge"`) {
		b.Fatal("CartBadge.tsx no longer has the line this benchmark edits")
	}
	benchEdits(b, file, func(i int) []byte {
		return []byte(strings.Replace(orig, `className="cart-badge"`, fmt.Sprintf(`className="cart-badge" data-edit="%d"`, i), 1))
	}, events, rest)
}

// benchEdits saves file b.N times with edit(i) and times each save to the
// reload event on events. The event carries the rebuild's own duration
// (the rest is the debounce, the watcher and the stream), reported as
// build-ms/op. With rest, the build's end (rest's reload) is waited for
// outside the timer before the next save.
func benchEdits(b *testing.B, file string, edit func(i int) []byte, events, rest *bufio.Reader) {
	site.SetBuildGC() // as cmd/build runs, which sets it for the process
	var build time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := os.WriteFile(file, edit(i), 0o644); err != nil {
			b.Fatal(err)
		}
		name, data, err := nextEvent(events)
		if err != nil || name != "reload" {
			b.Fatalf("event %q %s, %v", name, data, err)
		}
		if d, err := time.ParseDuration(strings.TrimSpace(data)); err == nil {
			build += d
		}
		if rest != nil {
			b.StopTimer()
			if name, data, err := nextEvent(rest); err != nil || name != "reload" {
				b.Fatalf("the other page's event %q %s, %v", name, data, err)
			}
			b.StartTimer()
		}
	}
	b.ReportMetric(float64(build.Microseconds())/1000/float64(b.N), "build-ms/op")
}

func readFile(b *testing.B, file string) []byte {
	b.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		b.Fatal(err)
	}
	return data
}

func benchOut() io.Writer {
	if os.Getenv("DEV_BENCH_SUMMARY") != "" {
		return os.Stderr
	}
	return io.Discard
}
