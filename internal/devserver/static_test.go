package devserver

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestStaticServesPrecompressedAndLocale404(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"shop/arc/index.html":    "<h1>Arc</h1>",
		"shop/arc/index.html.br": "BROTLI",
		"shop/arc/index.html.gz": "GZIP",
		"assets/x-ABC.js":        "js",
		"404.html":               "not found",
		"pl/404.html":            "nie znaleziono",
		"pl/status/index.html":   "status shell",
		"sw.js":                  "self.addEventListener('fetch', () => {})",
	}
	for p, body := range files {
		f := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	h := Static(dir)
	get := func(path, enc string) *httptest.ResponseRecorder {
		r := httptest.NewRequest("GET", path, nil)
		if enc != "" {
			r.Header.Set("Accept-Encoding", enc)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		return w
	}
	cases := []struct {
		path, enc, body, encoding string
		code                      int
	}{
		{"/shop/arc", "gzip, deflate, br", "BROTLI", "br", 200},
		{"/shop/arc", "gzip", "GZIP", "gzip", 200},
		{"/shop/arc", "", "<h1>Arc</h1>", "", 200},
		{"/pl/status/0123abcd", "", "status shell", "", 200},
		{"/pl/nie-ma", "", "nie znaleziono", "", 404},
		{"/nope", "", "not found", "", 404},
		{"/sw.js", "", devServiceWorker, "", 200},
		{"/../../etc/passwd", "", "not found", "", 404},
	}
	for _, c := range cases {
		w := get(c.path, c.enc)
		if w.Code != c.code || w.Body.String() != c.body || w.Header().Get("Content-Encoding") != c.encoding {
			t.Errorf("%s (%q): %d %q %q, want %d %q %q", c.path, c.enc, w.Code, w.Body.String(), w.Header().Get("Content-Encoding"), c.code, c.body, c.encoding)
		}
	}
	if w := get("/shop/arc", "br"); w.Header().Get("Content-Type") != "text/html; charset=utf-8" {
		t.Errorf("brotli page served as %q", w.Header().Get("Content-Type"))
	}
	if w := get("/assets/x-ABC.js", ""); w.Header().Get("Cache-Control") != "public, max-age=31536000, immutable" {
		t.Errorf("hashed asset cache control %q", w.Header().Get("Cache-Control"))
	}
}

// A page rebuilt within the second of the copy the browser holds is sent
// again, not answered 304 (Last-Modified has one-second resolution).
func TestStaticSendsAPageRebuiltInTheSameSecond(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "index.html")
	if err := os.WriteFile(f, []byte("old text"), 0o644); err != nil {
		t.Fatal(err)
	}
	h := Static(dir)
	first := httptest.NewRecorder()
	h.ServeHTTP(first, httptest.NewRequest("GET", "/", nil))
	if err := os.WriteFile(f, []byte("new text"), 0o644); err != nil {
		t.Fatal(err)
	}
	// The rebuild lands in the same second as the first copy.
	fi, err := os.Stat(f)
	if err != nil {
		t.Fatal(err)
	}
	same := fi.ModTime().Truncate(time.Second).Add(500 * time.Millisecond)
	if err := os.Chtimes(f, same, same); err != nil {
		t.Fatal(err)
	}
	r := httptest.NewRequest("GET", "/", nil)
	r.Header.Set("If-Modified-Since", same.UTC().Format(http.TimeFormat))
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	if w.Code != http.StatusOK || w.Body.String() != "new text" {
		t.Errorf("revalidated page: %d %q, want 200 %q", w.Code, w.Body.String(), "new text")
	}
	if cc := first.Header().Get("Cache-Control"); cc != "no-store" {
		t.Errorf("page Cache-Control %q, want no-store (a kept copy would be revalidated by second)", cc)
	}
}
