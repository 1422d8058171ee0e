package static

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"sabershop/internal/site"
)

// Benchmarks report numbers for docs/benchmarks.md; they assert nothing
// about speed. The target: 1.3x the requests/s of http.FileServer for a
// page and a hashed JS file, in the same run
// (docs/benchmarks.md#static-handler-against-httpfileserver).

var (
	realSiteOnce sync.Once
	realSiteDir  string
	realSiteErr  error
)

// realSite builds the shop's own content once per test binary, with the
// compressed siblings, as `go run ./cmd/build` does.
func realSite(tb testing.TB) string {
	tb.Helper()
	realSiteOnce.Do(func() {
		tmp, err := os.MkdirTemp("", "static-real-site-")
		if err != nil {
			realSiteErr = err
			return
		}
		realSiteDir = filepath.Join(tmp, "public")
		b := site.New(site.Options{ContentDir: "../../content", OutDir: realSiteDir, Root: "../..", Compress: true})
		defer b.Close()
		_, realSiteErr = b.Build()
	})
	if realSiteErr != nil {
		tb.Fatalf("build the real site: %v", realSiteErr)
	}
	return realSiteDir
}

func BenchmarkServe(b *testing.B) {
	dir := realSite(b)
	js := firstMatch(b, dir, "assets/runtime-*.js")
	small := firstMatch(b, dir, "assets/sitewide-*.js")
	h, err := New(dir, Options{})
	if err != nil {
		b.Fatal(err)
	}
	// FileServer redirects /shop/arc to /shop/arc/, so it is asked for the
	// slash form: both answer the same page with a 200.
	cases := []struct{ name, ours, theirs string }{
		{"page", "/shop/arc", "/shop/arc/"},
		{"js", js, js},
		{"js-small", small, small},
	}
	for _, c := range cases {
		b.Run(c.name+"/static", func(b *testing.B) { benchServer(b, h, c.ours) })
		b.Run(c.name+"/fileserver", func(b *testing.B) { benchServer(b, http.FileServer(http.Dir(dir)), c.theirs) })
	}
}

// BenchmarkServePaired alternates the two servers request by request, so
// that load from other processes on a shared machine falls on both alike
// (the sequential sub-benchmarks above drift by 2x on a busy machine). It
// reports each server's mean time per request and their ratio.
func BenchmarkServePaired(b *testing.B) {
	dir := realSite(b)
	h, err := New(dir, Options{})
	if err != nil {
		b.Fatal(err)
	}
	js := firstMatch(b, dir, "assets/runtime-*.js")
	small := firstMatch(b, dir, "assets/sitewide-*.js")
	ours, theirs := httptest.NewServer(h), httptest.NewServer(http.FileServer(http.Dir(dir)))
	defer ours.Close()
	defer theirs.Close()
	for _, c := range []struct{ name, ours, theirs string }{
		{"page", "/shop/arc", "/shop/arc/"},
		{"js", js, js},
		{"js-small", small, small},
	} {
		b.Run(c.name, func(b *testing.B) {
			client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64, DisableCompression: true}}
			defer client.CloseIdleConnections()
			var oursNs, theirsNs atomic.Int64
			b.RunParallel(func(pb *testing.PB) {
				a := newBenchRequest(ours.URL + c.ours)
				f := newBenchRequest(theirs.URL + c.theirs)
				var da, df time.Duration
				for pb.Next() {
					t0 := time.Now()
					benchGet(b, client, a)
					t1 := time.Now()
					benchGet(b, client, f)
					da, df = da+t1.Sub(t0), df+time.Since(t1)
				}
				oursNs.Add(int64(da))
				theirsNs.Add(int64(df))
			})
			b.ReportMetric(float64(oursNs.Load())/float64(b.N), "static-ns/req")
			b.ReportMetric(float64(theirsNs.Load())/float64(b.N), "fileserver-ns/req")
			b.ReportMetric(float64(theirsNs.Load())/float64(oursNs.Load()), "x-fileserver")
		})
	}
}

func newBenchRequest(u string) *http.Request {
	req, _ := http.NewRequest(http.MethodGet, u, nil)
	req.Header.Set("Accept-Encoding", "br, gzip")
	return req
}

func benchGet(b *testing.B, client *http.Client, req *http.Request) {
	res, err := client.Do(req)
	if err != nil {
		b.Error(err)
		return
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		b.Errorf("%s: %s", req.URL, res.Status)
	}
}

// benchServer requests path over a real loopback connection with
// keep-alive, from GOMAXPROCS goroutines, as a browser asking for br or gzip.
func benchServer(b *testing.B, h http.Handler, path string) {
	srv := httptest.NewServer(h)
	defer srv.Close()
	client := &http.Client{Transport: &http.Transport{
		MaxIdleConnsPerHost: 64,
		DisableCompression:  true, // the header is set by hand and bodies are not decoded
	}}
	defer client.CloseIdleConnections()
	var bytes atomic.Int64
	b.ResetTimer()
	start := time.Now()
	b.RunParallel(func(pb *testing.PB) {
		req, _ := http.NewRequest(http.MethodGet, srv.URL+path, nil)
		req.Header.Set("Accept-Encoding", "br, gzip")
		for pb.Next() {
			res, err := client.Do(req)
			if err != nil {
				b.Error(err)
				return
			}
			n, _ := io.Copy(io.Discard, res.Body)
			res.Body.Close()
			if res.StatusCode != http.StatusOK {
				b.Errorf("%s: %s", path, res.Status)
				return
			}
			bytes.Add(n)
		}
	})
	elapsed := time.Since(start)
	b.ReportMetric(float64(b.N)/elapsed.Seconds(), "req/s")
	b.ReportMetric(float64(bytes.Load())/float64(b.N), "bytes/resp")
}

func firstMatch(b *testing.B, dir, pattern string) string {
	m, err := filepath.Glob(filepath.Join(dir, pattern))
	if err != nil || len(m) == 0 {
		b.Fatalf("no %s in the built site", pattern)
	}
	rel, _ := filepath.Rel(dir, m[0])
	return "/" + filepath.ToSlash(rel)
}

// TestMain removes the real site that realSite built, if any.
func TestMain(m *testing.M) {
	code := m.Run()
	if realSiteDir != "" {
		os.RemoveAll(filepath.Dir(realSiteDir))
	}
	os.Exit(code)
}

// discardWriter is the cheapest http.ResponseWriter: it keeps the headers
// and throws the body away, so BenchmarkHandler measures the handlers'
// own work without a network stack or a client around it.
type discardWriter struct{ h http.Header }

func (d *discardWriter) Header() http.Header         { return d.h }
func (d *discardWriter) Write(p []byte) (int, error) { return len(p), nil }
func (d *discardWriter) WriteHeader(int)             {}
func (d *discardWriter) ReadFrom(r io.Reader) (int64, error) {
	return io.Copy(io.Discard, r)
}

// BenchmarkHandler is BenchmarkServe without the network: the same
// requests straight into each handler's ServeHTTP, b.RunParallel on both
// cores. BenchmarkServe says what a client sees end to end (where
// net/http and the load generator dominate); this says what each handler
// costs.
//
//	go test -run '^$' -bench Handler -benchtime 3s ./internal/static/
func BenchmarkHandler(b *testing.B) {
	dir := realSite(b)
	js := firstMatch(b, dir, "assets/runtime-*.js")
	h, err := New(dir, Options{})
	if err != nil {
		b.Fatal(err)
	}
	fs := http.FileServer(http.Dir(dir))
	for _, c := range []struct{ name, ours, theirs string }{
		{"page", "/shop/arc", "/shop/arc/"},
		{"js", js, js},
	} {
		for _, s := range []struct {
			name string
			h    http.Handler
			path string
		}{{"static", h, c.ours}, {"fileserver", fs, c.theirs}} {
			b.Run(c.name+"/"+s.name, func(b *testing.B) {
				start := time.Now()
				b.RunParallel(func(pb *testing.PB) {
					req := httptest.NewRequest(http.MethodGet, s.path, nil)
					req.Header.Set("Accept-Encoding", "br, gzip")
					w := &discardWriter{h: http.Header{}}
					for pb.Next() {
						clear(w.h)
						s.h.ServeHTTP(w, req)
					}
				})
				b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "req/s")
			})
		}
	}
}
