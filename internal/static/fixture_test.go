package static

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The fixture's inline blocks: one executable script, one JSON-LD block
// (not executed, so not hashed) and a style in error.html.
const (
	inlineScript = `window.dataLayer=window.dataLayer||[];`
	inlineStyle  = `body{margin:0}`
	jsonLD       = `{"@context":"https://schema.org"}`
)

// fixtureFiles is a small built site: pages per locale, a hashed asset with
// both siblings, a page with only .gz, a sibling larger than its original,
// and things that must never be served.
func fixtureFiles() map[string]string {
	page := func(name string) string {
		return `<!doctype html><html><head><title>` + name + `</title>` +
			`<script type="application/ld+json">` + jsonLD + `</script>` +
			`<script>` + inlineScript + `</script>` +
			`<script type="module" src="/assets/runtime-ABCD2345.js"></script></head>` +
			`<body><img src="https://cdn.example.com/a.png" alt=""><p>` + name + ` ` + strings.Repeat("padding ", 20) + `</p></body></html>`
	}
	return map[string]string{
		"index.html":                    page("home"),
		"index.html.br":                 "BR:home",
		"index.html.gz":                 "GZ:home",
		"shop/arc/index.html":           page("arc"),
		"shop/arc/index.html.gz":        "GZ:arc",
		"shop/a b?/index.html":          "odd name",
		"pl/index.html":                 page("pl home"),
		"de/index.html":                 page("de home"),
		"404.html":                      page("not found en"),
		"404.html.br":                   "BR:404en",
		"pl/404.html":                   page("not found pl"),
		"de/404.html":                   page("not found de"),
		"status/index.html":             page("status en"),
		"pl/status/index.html":          page("status pl"),
		"de/status/index.html":          page("status de"),
		"error.html":                    `<html><head><style>` + inlineStyle + `</style></head><body>error</body></html>`,
		"assets/runtime-ABCD2345.js":    "console.log('runtime');" + strings.Repeat(" ", 100),
		"assets/runtime-ABCD2345.js.br": "BR:runtime",
		"assets/runtime-ABCD2345.js.gz": "GZ:runtime",
		"assets/plain.js":               "console.log('plain')",
		"sw.js":                         "self.addEventListener('fetch',()=>{});",
		"catalog.json":                  `{"version":"x","locales":[{"code":"en"},{"code":"pl"},{"code":"de"},{"code":"fr"}]}`,
		"manifest.webmanifest":          `{"name":"x"}`,
		"robots.txt":                    "User-agent: *\n",
		"images/logo.svg":               "<svg/>",
		"images/logo.svg.gz":            "GZ:a sibling larger than its original",
		"images/photo.png":              "\x89PNG....",
		"_img/a-640-K3Q2ZB7A.avif":      "....ftypavif",
		"blog/atom.xml":                 "<feed/>",
		"blog/cats/index.html":          `<link rel="canonical" href="https://shop.example/blog/cats/"><p>cats</p>`,
		"docs/readme.txt":               "a directory without index.html",
		".secret":                       "dotfile",
		".git/config":                   "dotdir",
		"shop/.hidden/index.html":       "hidden page",
	}
}

// writeTree writes files under dir with a fixed modification time.
func writeTree(t testing.TB, dir string, files map[string]string) {
	t.Helper()
	mtime := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, mtime, mtime); err != nil {
			t.Fatal(err)
		}
	}
}

// fixture builds the site in a temp dir, next to a file and a directory
// outside it that symlinks inside point to, and returns the site root.
func fixture(t testing.TB) string {
	t.Helper()
	base := t.TempDir()
	root := filepath.Join(base, "public")
	writeTree(t, root, fixtureFiles())
	writeTree(t, base, map[string]string{"outside.txt": "OUTSIDE", "outdir/secret.txt": "OUTSIDE DIR"})
	for link, target := range map[string]string{
		"escape.txt":     "../outside.txt",
		"absolute.txt":   filepath.Join(base, "outside.txt"),
		"linkdir":        "../outdir",
		"inside.txt":     "robots.txt",
		"shop/dangling":  "nowhere",
		"shop/up/secret": "../../../outside.txt",
	} {
		p := filepath.Join(root, filepath.FromSlash(link))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(target, p); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func newHandler(t testing.TB, root string, opts Options) *Handler {
	t.Helper()
	if opts.Log == nil {
		opts.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	h, err := New(root, opts)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// get sends a request straight to the handler; target is the raw request
// target. Headers are name, value pairs.
func get(t testing.TB, h http.Handler, method, target string, headers ...string) (*http.Response, string) {
	t.Helper()
	// NewRequest parses the target as a server would, cleaning nothing.
	r := httptest.NewRequest(method, "http://shop.test"+target, nil)
	for i := 0; i+1 < len(headers); i += 2 {
		r.Header.Add(headers[i], headers[i+1])
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	res := w.Result()
	body, _ := io.ReadAll(res.Body)
	return res, string(body)
}
