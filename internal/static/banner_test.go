package static

import (
	"net/http"
	"strconv"
	"strings"
	"testing"
)

// A Banner is on every HTML page (pages, status shells, 404s), right after
// <body>, in the page's language, served uncompressed whatever the client
// accepts, with its <style> in <head> and allowed by the CSP's hash; other
// files are untouched.
func TestBanner(t *testing.T) {
	root := fixture(t)
	writeTree(t, root, map[string]string{
		"pl/index.html": `<!doctype html><html lang="pl"><head><title>pl</title></head><body class="x"><p>pl home</p></body></html>`,
	})
	style := `.demo{background:#ffe066}`
	h := newHandler(t, root, Options{Banner: &Banner{Style: style, HTML: func(lang string) string {
		return `<p class="demo">DEMO[` + lang + `]</p>`
	}}})
	for target, want := range map[string]string{
		"/":               `<body><p class="demo">DEMO[]</p><img`,
		"/pl/":            `<body class="x"><p class="demo">DEMO[pl]</p><p>pl home`,
		"/shop/arc":       `<body><p class="demo">DEMO[]</p>`,
		"/pl/status/abcd": `<body><p class="demo">DEMO[]</p><img`,
	} {
		res, body := get(t, h, "GET", target, "Accept-Encoding", "br, gzip")
		if res.StatusCode != http.StatusOK || !strings.Contains(body, want) || res.Header.Get("Content-Encoding") != "" {
			t.Errorf("%s: %d %q\n%s", target, res.StatusCode, res.Header.Get("Content-Encoding"), body)
		}
		if !strings.Contains(body, "<style>"+style+"</style></head>") {
			t.Errorf("%s: no banner style in <head>:\n%s", target, body)
		}
		if res.Header.Get("Content-Length") != "" && res.Header.Get("Content-Length") != strconv.Itoa(len(body)) {
			t.Errorf("%s: Content-Length %s for %d bytes", target, res.Header.Get("Content-Length"), len(body))
		}
		if csp := res.Header.Get("Content-Security-Policy"); !strings.Contains(csp, cspHash([]byte(style))) {
			t.Errorf("%s: the CSP does not allow the banner's style: %s", target, csp)
		}
	}
	res, body := get(t, h, "GET", "/de/nope")
	if res.StatusCode != http.StatusNotFound || !strings.Contains(body, `<p class="demo">DEMO[]</p>`) || !strings.Contains(body, "not found de") {
		t.Errorf("404: %d\n%s", res.StatusCode, body)
	}
	// A range of a page, and a revalidation with the tag it got.
	res, body = get(t, h, "GET", "/pl/", "Range", "bytes=0-9")
	if res.StatusCode != http.StatusPartialContent || body != "<!doctype " {
		t.Errorf("range: %d %q", res.StatusCode, body)
	}
	res, _ = get(t, h, "GET", "/pl/")
	if res2, _ := get(t, h, "GET", "/pl/", "If-None-Match", res.Header.Get("Etag")); res2.StatusCode != http.StatusNotModified {
		t.Errorf("revalidation: %d", res2.StatusCode)
	}
	// Without the banner the same page has another tag.
	plain := newHandler(t, root, Options{})
	if res2, _ := get(t, plain, "GET", "/pl/"); res2.Header.Get("Etag") == res.Header.Get("Etag") {
		t.Errorf("the page with and without the banner share the tag %s", res.Header.Get("Etag"))
	}
	if _, body := get(t, h, "GET", "/assets/plain.js"); body != "console.log('plain')" {
		t.Errorf("a script changed: %q", body)
	}
}
