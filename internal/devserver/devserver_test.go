package devserver

import (
	"bufio"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"sabershop/internal/testutil"
)

// TestEditShowsInOpenPage is the editor's loop for real: a page served by
// the dev server, an edit of its Markdown, the reload event, and the new
// text on the next request. A broken edit sends the problem instead.
func TestEditShowsInOpenPage(t *testing.T) {
	dir, addr, events := startDev(t)
	get := func(path string) (int, string) {
		resp, err := http.Get("http://" + addr + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(body)
	}
	code, body := get("/pl/features")
	if code != 200 || !strings.Contains(body, ReloadPath) {
		t.Fatalf("status %d; live reload script present: %v", code, strings.Contains(body, ReloadPath))
	}
	file := filepath.Join(dir, "pl", "pages", "features.md")
	orig, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, append(append([]byte{}, orig...), "\nZupełnie nowy akapit.\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	done := make(chan string, 1)
	go func() {
		name, _, _ := nextEvent(events)
		done <- name
	}()
	select {
	case name := <-done:
		if name != "reload" {
			t.Fatalf("event %q, want reload", name)
		}
	case <-testutil.UntilDeadline(t):
		t.Fatal("no reload event after an edit")
	}
	if _, body := get("/pl/features"); !strings.Contains(body, "Zupełnie nowy akapit.") {
		t.Error("the edit is not in the served page")
	}

	// A broken edit: the page gets the problem, the last good page stays.
	if err := os.WriteFile(file, []byte("---\ntitle: [\n---\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	name, data, err := nextEvent(events)
	if err != nil || name != "problem" || !strings.Contains(data, "pages/features.md:2") {
		t.Fatalf("event %q %q %v, want a problem naming features.md:2", name, data, err)
	}
	if code, body := get("/pl/features"); code != 200 || !strings.Contains(body, "Zupełnie nowy akapit.") {
		t.Error("a failed rebuild must keep serving the last good page")
	}
	// The fix, saved as an editor does (truncate, then write): the page
	// reloads with the fixed text.
	fixed := append(append([]byte{}, orig...), "\nPoprawiony akapit.\n"...)
	if err := os.WriteFile(file, fixed, 0o644); err != nil {
		t.Fatal(err)
	}
	for {
		name, data, err := nextEvent(events)
		if err != nil {
			t.Fatal(err)
		}
		if name == "reload" {
			break
		}
		// A build may have read the file between its truncation and the
		// write: a problem, then the reload.
		if name != "problem" {
			t.Fatalf("event %q %q after the fix", name, data)
		}
	}
	if _, body := get("/pl/features"); !strings.Contains(body, "Poprawiony akapit.") {
		t.Error("the fixed text is not in the served page after its reload")
	}
	if code, _ := get("/pl/status/0123abcd"); code != 200 {
		t.Errorf("/pl/status/HASH = %d, want the status shell", code)
	}
	if code, body := get("/de/gibt-es-nicht"); code != 404 || !strings.Contains(body, `lang="de"`) {
		t.Errorf("unknown German path = %d, want the German 404 page", code)
	}
}

// After a component edit, the page open in a browser reloads as soon as it
// is written with the new code, before the other pages are rendered; a
// stream whose path is no page (an error page, say) reloads when the build
// is done; both see the edit.
func TestComponentEditReloadsTheOpenPageFirst(t *testing.T) {
	root := testutil.CodeCopy(t, "../..")
	_, addr, open := startDevAt(t, root, "/pl/features")
	other := openStream(t, addr, "/no-such-page")
	file := filepath.Join(root, "components", "islands", "CartBadge.tsx")
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(string(src), `className="cart-badge"`, `className="cart-badge" data-edited=""`, 1)
	if edited == string(src) {
		t.Fatal("CartBadge.tsx no longer has the class this test edits")
	}
	if err := os.WriteFile(file, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	type event struct{ stream, name, data, page string }
	events := make(chan event, 2)
	for _, s := range []struct {
		r    *bufio.Reader
		path string
	}{{open, "/pl/features"}, {other, "/de/faq"}} {
		go func() {
			name, data, _ := nextEvent(s.r)
			// What the page gets when it reloads, at once.
			_, body := get(t, addr, s.path)
			events <- event{s.path, name, strings.TrimSpace(data), body}
		}()
	}
	var got []event
	for len(got) < 2 {
		select {
		case e := <-events:
			got = append(got, e)
		case <-testutil.UntilDeadline(t):
			t.Fatalf("reload events: %d of 2", len(got))
		}
	}
	if got[0].stream != "/pl/features" {
		got[0], got[1] = got[1], got[0]
	}
	for _, e := range got {
		if e.name != "reload" || !strings.Contains(e.page, "data-edited") {
			t.Errorf("event %q: the page reloaded has the edit: %v", e.name, strings.Contains(e.page, "data-edited"))
		}
	}
	// The open page's reload says when it was sent; the other's is the
	// whole build's duration, which is later (the other pages rendered
	// and written in between).
	early, _ := time.ParseDuration(got[0].data)
	whole, _ := time.ParseDuration(got[1].data)
	if early <= 0 || whole <= early {
		t.Errorf("the open page reloaded after %s, the other after %s: want the open page first, before the build's end", got[0].data, got[1].data)
	}
}

func get(t *testing.T, addr, path string) (int, string) {
	t.Helper()
	resp, err := http.Get("http://" + addr + path)
	if err != nil {
		t.Error(err)
		return 0, ""
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body)
}

// A component saved half-written shows its problem with the file and line;
// the next save builds and reloads with the warm workers.
func TestBrokenComponentEditThenFixed(t *testing.T) {
	root := testutil.CodeCopy(t, "../..")
	_, addr, events := startDevAt(t, root, "/pl/features")
	file := filepath.Join(root, "components", "islands", "CartBadge.tsx")
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	next := func() (string, string) {
		type ev struct{ name, data string }
		c := make(chan ev, 1)
		go func() {
			name, data, _ := nextEvent(events)
			c <- ev{name, data}
		}()
		select {
		case e := <-c:
			return e.name, e.data
		case <-testutil.UntilDeadline(t):
			t.Fatal("no event after a save")
			return "", ""
		}
	}
	if err := os.WriteFile(file, append(append([]byte{}, src...), "\nexport const broken = <div;\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	if name, data := next(); name != "problem" || !strings.Contains(data, "CartBadge.tsx:") {
		t.Fatalf("event %q %q, want a problem naming CartBadge.tsx and its line", name, data)
	}
	fixed := strings.Replace(string(src), `className="cart-badge"`, `className="cart-badge" data-fixed=""`, 1)
	if err := os.WriteFile(file, []byte(fixed), 0o644); err != nil {
		t.Fatal(err)
	}
	if name, data := next(); name != "reload" {
		t.Fatalf("event %q %q after the fix, want reload", name, data)
	}
	if _, body := get(t, addr, "/pl/features"); !strings.Contains(body, "data-fixed") {
		t.Error("the fixed component is not in the page")
	}
}
