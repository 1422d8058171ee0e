package static

import (
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestPagesAndCanonicalRedirects(t *testing.T) {
	h := newHandler(t, fixture(t), Options{})
	for _, c := range []struct{ target, wantBody string }{
		{"/", "home"},
		{"/shop/arc", "arc"},
		{"/pl/", "pl home"},
		{"/de/", "de home"},
		{"/robots.txt", "User-agent"},
		{"/inside.txt", "User-agent"}, // a symlink that stays inside the root
		{"/404.html", "not found en"},
		{"/blog/cats/", "cats"}, // its rel=canonical has the slash
	} {
		res, body := get(t, h, "GET", c.target)
		if res.StatusCode != 200 || !strings.Contains(body, c.wantBody) {
			t.Errorf("GET %s: %d %q, want 200 with %q", c.target, res.StatusCode, body, c.wantBody)
		}
	}
	for _, c := range []struct{ target, location string }{
		{"/shop/arc/", "/shop/arc"},
		{"/shop/arc/?ref=mail&x=1", "/shop/arc?ref=mail&x=1"},
		{"/index.html", "/"},
		{"/index.html?a=b", "/?a=b"},
		{"/shop/arc/index.html", "/shop/arc"},
		{"/pl", "/pl/"},
		{"/pl?x=1", "/pl/?x=1"},
		{"/pl/index.html", "/pl/"},
		{"/status/abc/", "/status/abc"},
		{"/pl/status/abc/?q=1", "/pl/status/abc?q=1"},
		{"/blog/cats", "/blog/cats/"},
		{"/shop/a%20b%3F/", "/shop/a%20b%3F"},
		{"/blog/cats/index.html", "/blog/cats/"},
	} {
		res, _ := get(t, h, "GET", c.target)
		if res.StatusCode != http.StatusMovedPermanently || res.Header.Get("Location") != c.location {
			t.Errorf("GET %s: %d Location %q, want 301 to %q", c.target, res.StatusCode, res.Header.Get("Location"), c.location)
		}
		if cc := res.Header.Get("Cache-Control"); cc != cacheRedirect {
			t.Errorf("GET %s: Cache-Control %q", c.target, cc)
		}
	}
}

func TestNoEscapesListingsOrDotfiles(t *testing.T) {
	h := newHandler(t, fixture(t), Options{})
	for _, target := range []string{
		"/../outside.txt",
		"/%2e%2e/outside.txt",
		"/%2E%2E/outside.txt",
		"/shop/../../outside.txt",
		"/shop/%2e%2e/%2e%2e/outside.txt",
		"/..%2foutside.txt",
		"/..%5coutside.txt",
		"/shop%5c..%5c..%5coutside.txt",
		"/robots.txt%00",
		"/robots.txt%00.html",
		"/escape.txt",   // relative symlink out of the root
		"/absolute.txt", // absolute symlink out of the root
		"/linkdir/secret.txt",
		"/shop/up/secret",
		"/shop/dangling",
		"/.secret",
		"/.git/config",
		"/.git/",
		"/shop/.hidden",
		"/shop/.hidden/",
		"/shop/./arc",
		"//outside.txt",
		"/shop//arc",
		"/docs",  // a directory without index.html: no listing
		"/docs/", // nor with the slash
		"/assets/",
		"/shop/arc/index.html.gz", // a sibling is a representation, not a URL
		"/nope",
	} {
		res, body := get(t, h, "GET", target)
		if res.StatusCode != http.StatusNotFound {
			t.Errorf("GET %s: %d, want 404", target, res.StatusCode)
		}
		if strings.Contains(body, "OUTSIDE") || strings.Contains(body, "dotfile") || strings.Contains(body, "readme") {
			t.Errorf("GET %s leaked %q", target, body)
		}
	}
	if res, _ := get(t, h, "GET", "/docs/readme.txt"); res.StatusCode != 200 {
		t.Errorf("a file in a directory without index.html: %d", res.StatusCode)
	}
}

func TestMethods(t *testing.T) {
	h := newHandler(t, fixture(t), Options{})
	for _, m := range []string{"POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE"} {
		res, _ := get(t, h, m, "/")
		if res.StatusCode != http.StatusMethodNotAllowed || res.Header.Get("Allow") != "GET, HEAD" {
			t.Errorf("%s /: %d Allow %q", m, res.StatusCode, res.Header.Get("Allow"))
		}
		assertSecurityHeaders(t, m+" /", res)
	}
	res, body := get(t, h, "HEAD", "/shop/arc", "Accept-Encoding", "gzip")
	if res.StatusCode != 200 || body != "" || res.Header.Get("Content-Length") != "6" || res.Header.Get("Content-Encoding") != "gzip" {
		t.Errorf("HEAD: %d %q %v", res.StatusCode, body, res.Header)
	}
	res, body = get(t, h, "HEAD", "/nope")
	if res.StatusCode != 404 || body != "" {
		t.Errorf("HEAD 404: %d %q", res.StatusCode, body)
	}
}

func TestContentNegotiation(t *testing.T) {
	for _, cacheBytes := range []int64{0, -1} { // from memory and from disk
		h := newHandler(t, fixture(t), Options{CacheBytes: cacheBytes})
		for _, c := range []struct{ accept, want string }{
			{"", "identity"},
			{"gzip", "gzip"},
			{"br", "br"},
			{"gzip, deflate, br, zstd", "br"},
			{"gzip, br", "br"}, // equal q: br preferred
			{"br;q=0, gzip", "gzip"},
			{"br;q=0.5, gzip;q=0.8", "gzip"},
			{"br;q=1.0, gzip;q=0.999", "br"},
			{"BR", "br"},
			{"x-gzip", "gzip"},
			{"identity", "identity"},
			{"br;q=0.5, identity", "identity"},
			{"*", "br"},
			{"*;q=0", "identity"}, // nothing acceptable: the original anyway
			{"*, br;q=0", "gzip"},
			{"gzip;q=0, br;q=0", "identity"},
			{"br;q=abc, gzip", "gzip"},
			{"deflate", "identity"},
		} {
			res, body := get(t, h, "GET", "/assets/runtime-ABCD2345.js", "Accept-Encoding", c.accept)
			enc := res.Header.Get("Content-Encoding")
			if enc == "" {
				enc = "identity"
			}
			if enc != c.want {
				t.Errorf("cache %d, Accept-Encoding %q: got %s, want %s", cacheBytes, c.accept, enc, c.want)
			}
			wantPrefix := map[string]string{"br": "BR:", "gzip": "GZ:", "identity": "console.log"}[c.want]
			if !strings.HasPrefix(body, wantPrefix) {
				t.Errorf("Accept-Encoding %q: body %q", c.accept, body)
			}
			if ct := res.Header.Get("Content-Type"); ct != "text/javascript; charset=utf-8" {
				t.Errorf("Accept-Encoding %q: Content-Type %q", c.accept, ct)
			}
			if res.Header.Get("Vary") != "Accept-Encoding" {
				t.Errorf("Accept-Encoding %q: Vary %q", c.accept, res.Header.Get("Vary"))
			}
			if res.Header.Get("Content-Length") != strconv.Itoa(len(body)) {
				t.Errorf("Accept-Encoding %q: Content-Length %q for %d bytes", c.accept, res.Header.Get("Content-Length"), len(body))
			}
		}
		// Multiple field lines combine.
		res, _ := get(t, h, "GET", "/", "Accept-Encoding", "gzip", "Accept-Encoding", "br")
		if res.Header.Get("Content-Encoding") != "br" {
			t.Errorf("two Accept-Encoding lines: %q", res.Header.Get("Content-Encoding"))
		}
		// Only a .gz sibling: br asked first still gets gzip.
		res, body := get(t, h, "GET", "/shop/arc", "Accept-Encoding", "br, gzip")
		if res.Header.Get("Content-Encoding") != "gzip" || body != "GZ:arc" {
			t.Errorf("gz only: %q %q", res.Header.Get("Content-Encoding"), body)
		}
	}
}

func TestETagsDifferPerRepresentation(t *testing.T) {
	h := newHandler(t, fixture(t), Options{})
	seen := map[string]string{}
	for _, enc := range []string{"br", "gzip", "identity"} {
		res, _ := get(t, h, "GET", "/", "Accept-Encoding", enc)
		tag := res.Header.Get("ETag")
		if !strings.HasPrefix(tag, `"`) || !strings.HasSuffix(tag, `"`) {
			t.Errorf("%s: ETag %q is not a strong tag", enc, tag)
		}
		if other, ok := seen[tag]; ok {
			t.Errorf("%s and %s share the ETag %s", enc, other, tag)
		}
		seen[tag] = enc
	}
}

func TestSiblingLargerThanOriginal(t *testing.T) {
	h := newHandler(t, fixture(t), Options{})
	res, body := get(t, h, "GET", "/images/logo.svg", "Accept-Encoding", "gzip")
	if res.Header.Get("Content-Encoding") != "" || body != "<svg/>" {
		t.Errorf("got %q %q, want the original", res.Header.Get("Content-Encoding"), body)
	}
	if res.Header.Get("Vary") != "" {
		t.Errorf("Vary %q on a file with one representation", res.Header.Get("Vary"))
	}
	if ct := res.Header.Get("Content-Type"); ct != "image/svg+xml" {
		t.Errorf("Content-Type %q", ct)
	}
}

func TestConditionalRequests(t *testing.T) {
	for _, cacheBytes := range []int64{0, -1} {
		h := newHandler(t, fixture(t), Options{CacheBytes: cacheBytes})
		res, _ := get(t, h, "GET", "/", "Accept-Encoding", "br")
		etag, lm := res.Header.Get("ETag"), res.Header.Get("Last-Modified")
		if etag == "" || lm == "" {
			t.Fatalf("no validators: %v", res.Header)
		}
		for _, c := range []struct {
			name    string
			headers []string
			want    int
		}{
			{"same etag", []string{"If-None-Match", etag}, 304},
			{"weak form", []string{"If-None-Match", "W/" + etag}, 304},
			{"in a list", []string{"If-None-Match", `"x", ` + etag}, 304},
			{"star", []string{"If-None-Match", "*"}, 304},
			{"other etag", []string{"If-None-Match", `"other"`}, 200},
			{"gzip's etag for br", []string{"If-None-Match", gzipETag(t, h)}, 200},
			{"date equal", []string{"If-Modified-Since", lm}, 304},
			{"date later", []string{"If-Modified-Since", time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC).Format(http.TimeFormat)}, 304},
			{"date earlier", []string{"If-Modified-Since", time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC).Format(http.TimeFormat)}, 200},
			{"etag wins over date", []string{"If-None-Match", `"other"`, "If-Modified-Since", lm}, 200},
			{"If-Match fails", []string{"If-Match", `"other"`}, 412},
			{"If-Match holds", []string{"If-Match", etag}, 200},
		} {
			res, body := get(t, h, "GET", "/", append([]string{"Accept-Encoding", "br"}, c.headers...)...)
			if res.StatusCode != c.want {
				t.Errorf("cache %d, %s: %d, want %d", cacheBytes, c.name, res.StatusCode, c.want)
				continue
			}
			if c.want == 304 {
				if body != "" || res.Header.Get("Content-Length") != "" || res.Header.Get("Content-Encoding") != "" {
					t.Errorf("%s: 304 with content headers %v", c.name, res.Header)
				}
				if res.Header.Get("ETag") != etag || res.Header.Get("Cache-Control") != "no-cache" || res.Header.Get("Vary") != "Accept-Encoding" {
					t.Errorf("%s: 304 headers %v", c.name, res.Header)
				}
				assertSecurityHeaders(t, c.name, res)
			}
		}
	}
}

func gzipETag(t *testing.T, h http.Handler) string {
	res, _ := get(t, h, "GET", "/", "Accept-Encoding", "gzip")
	return res.Header.Get("ETag")
}

func TestRangeIsForIdentityOnly(t *testing.T) {
	for _, cacheBytes := range []int64{0, -1} {
		h := newHandler(t, fixture(t), Options{CacheBytes: cacheBytes})
		res, body := get(t, h, "GET", "/assets/runtime-ABCD2345.js", "Accept-Encoding", "br, gzip", "Range", "bytes=0-6")
		if res.StatusCode != http.StatusPartialContent || body != "console" || res.Header.Get("Content-Encoding") != "" {
			t.Errorf("cache %d: %d %q %q", cacheBytes, res.StatusCode, body, res.Header.Get("Content-Encoding"))
		}
		if res.Header.Get("Content-Range") == "" {
			t.Errorf("no Content-Range: %v", res.Header)
		}
	}
}

func TestCacheControl(t *testing.T) {
	h := newHandler(t, fixture(t), Options{})
	for target, want := range map[string]string{
		"/":                           "no-cache",
		"/shop/arc":                   "no-cache",
		"/assets/runtime-ABCD2345.js": "public, max-age=31536000, immutable",
		"/assets/plain.js":            "no-cache",
		"/sw.js":                      "no-cache",
		"/catalog.json":               "no-cache",
		"/manifest.webmanifest":       "no-cache",
		"/blog/atom.xml":              "no-cache",
		"/images/photo.png":           "public, max-age=3600",
		"/images/logo.svg":            "public, max-age=3600",
		"/_img/a-640-K3Q2ZB7A.avif":   "public, max-age=31536000, immutable",
		"/status/abc":                 "no-cache",
		"/nope":                       "no-store",
		"/pl/nope":                    "no-store",
	} {
		res, _ := get(t, h, "GET", target)
		if got := res.Header.Get("Cache-Control"); got != want {
			t.Errorf("%s: Cache-Control %q, want %q", target, got, want)
		}
	}
}

func TestContentTypes(t *testing.T) {
	h := newHandler(t, fixture(t), Options{})
	for target, want := range map[string]string{
		"/":                     "text/html; charset=utf-8",
		"/sw.js":                "text/javascript; charset=utf-8",
		"/manifest.webmanifest": "application/manifest+json; charset=utf-8",
		"/catalog.json":         "application/json; charset=utf-8",
		"/blog/atom.xml":        "application/atom+xml; charset=utf-8",
		"/robots.txt":           "text/plain; charset=utf-8",
		"/images/photo.png":     "image/png",
	} {
		res, _ := get(t, h, "GET", target, "Accept-Encoding", "br, gzip")
		if got := res.Header.Get("Content-Type"); got != want {
			t.Errorf("%s: Content-Type %q, want %q", target, got, want)
		}
	}
}

func TestNotFoundPerLocale(t *testing.T) {
	h := newHandler(t, fixture(t), Options{})
	for target, want := range map[string]string{
		"/whatever":        "not found en",
		"/shop/nope":       "not found en",
		"/pl/whatever":     "not found pl",
		"/pl/shop/x/y":     "not found pl",
		"/de/whatever":     "not found de",
		"/plx/whatever":    "not found en",
		"/fr/whatever":     "not found en", // fr has no directory: not a locale
		"/pl/../etc/x":     "not found pl",
		"/de/status/a.b/c": "not found de",
	} {
		res, body := get(t, h, "GET", target)
		if res.StatusCode != 404 || !strings.Contains(body, want) {
			t.Errorf("%s: %d, body without %q", target, res.StatusCode, want)
		}
		if res.Header.Get("Cache-Control") != "no-store" || res.Header.Get("Content-Type") != "text/html; charset=utf-8" {
			t.Errorf("%s: headers %v", target, res.Header)
		}
		assertSecurityHeaders(t, target, res)
	}
	res, body := get(t, h, "GET", "/whatever", "Accept-Encoding", "br")
	if res.StatusCode != 404 || body != "BR:404en" || res.Header.Get("Content-Encoding") != "br" || res.Header.Get("Content-Length") != "8" {
		t.Errorf("br 404: %d %q %v", res.StatusCode, body, res.Header)
	}
}

func TestNotFoundFallback(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{"index.html": "home", "pl/index.html": "pl", "pl/404.html": "nie ma"})
	h := newHandler(t, root, Options{Locales: []string{"pl"}})
	res, body := get(t, h, "GET", "/nope")
	if res.StatusCode != 404 || !strings.Contains(body, `<a href="/">`) || res.Header.Get("Content-Type") != "text/html; charset=utf-8" {
		t.Errorf("fallback: %d %q", res.StatusCode, body)
	}
	assertSecurityHeaders(t, "fallback", res)
	if _, body := get(t, h, "GET", "/pl/nope"); body != "nie ma" {
		t.Errorf("pl 404: %q", body)
	}
	// No Polish 404 either: the default locale's, then the built-in one.
	root2 := t.TempDir()
	writeTree(t, root2, map[string]string{"index.html": "home", "404.html": "en 404", "de/index.html": "de"})
	h2 := newHandler(t, root2, Options{Locales: []string{"de"}})
	if _, body := get(t, h2, "GET", "/de/nope"); body != "en 404" {
		t.Errorf("de without 404.html: %q", body)
	}
	root3 := t.TempDir()
	writeTree(t, root3, map[string]string{"de/index.html": "de"})
	h3 := newHandler(t, root3, Options{Locales: []string{"de"}})
	if _, body := get(t, h3, "GET", "/de/nope"); !strings.Contains(body, `<a href="/de/">`) || !strings.Contains(body, `lang="de"`) {
		t.Errorf("built-in de: %q", body)
	}
}

func TestStatusShells(t *testing.T) {
	h := newHandler(t, fixture(t), Options{})
	for target, want := range map[string]string{
		"/status/Zx8_-aB3kLmN0pQrStUvWx":    "status en",
		"/status/":                          "status en",
		"/status":                           "status en",
		"/pl/status/Zx8_-aB3kLmN0pQrStUvWx": "status pl",
		"/pl/status/":                       "status pl",
		"/de/status/abc?utm=x":              "status de",
	} {
		res, body := get(t, h, "GET", target)
		if res.StatusCode != 200 || !strings.Contains(body, want) {
			t.Errorf("%s: %d %q", target, res.StatusCode, body)
		}
		if res.Header.Get("X-Robots-Tag") != "noindex" || res.Header.Get("Referrer-Policy") != "no-referrer" || res.Header.Get("Cache-Control") != "no-cache" {
			t.Errorf("%s: headers %v", target, res.Header)
		}
	}
	for _, target := range []string{"/status/a/b", "/status/a.b", "/status/a%20b", "/status/" + strings.Repeat("a", 129), "/statusx"} {
		if res, _ := get(t, h, "GET", target); res.StatusCode != 404 {
			t.Errorf("%s: %d, want 404", target, res.StatusCode)
		}
	}
	// Other pages keep the site-wide referrer policy.
	if res, _ := get(t, h, "GET", "/"); res.Header.Get("Referrer-Policy") != "strict-origin-when-cross-origin" || res.Header.Get("X-Robots-Tag") != "" {
		t.Errorf("home: %v", res.Header)
	}
}

func TestSecurityHeadersEverywhere(t *testing.T) {
	h := newHandler(t, fixture(t), Options{})
	for _, target := range []string{"/", "/shop/arc/", "/nope", "/pl/nope", "/assets/runtime-ABCD2345.js", "/status/x", "/../x"} {
		res, _ := get(t, h, "GET", target)
		assertSecurityHeaders(t, target, res)
		if res.Header.Get("Strict-Transport-Security") != "" {
			t.Errorf("%s: HSTS without Options.HSTS", target)
		}
	}
	hs := newHandler(t, fixture(t), Options{HSTS: true})
	res, _ := get(t, hs, "GET", "/")
	if res.Header.Get("Strict-Transport-Security") == "" || !strings.Contains(res.Header.Get("Content-Security-Policy"), "upgrade-insecure-requests") {
		t.Errorf("HSTS: %v", res.Header)
	}
}

func assertSecurityHeaders(t *testing.T, what string, res *http.Response) {
	t.Helper()
	for name, want := range map[string]string{
		"X-Content-Type-Options":     "nosniff",
		"X-Frame-Options":            "DENY",
		"Cross-Origin-Opener-Policy": "same-origin",
	} {
		if got := res.Header.Get(name); got != want {
			t.Errorf("%s: %s %q, want %q", what, name, got, want)
		}
	}
	for _, name := range []string{"Content-Security-Policy", "Referrer-Policy", "Permissions-Policy"} {
		if res.Header.Get(name) == "" {
			t.Errorf("%s: no %s", what, name)
		}
	}
	if csp := res.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "frame-ancestors 'none'") {
		t.Errorf("%s: CSP %q", what, csp)
	}
}
