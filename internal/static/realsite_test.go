package static

import (
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// These tests run against the shop's own site, built once (under a second)
// by the site package; -short skips them.

var (
	scriptRE  = regexp.MustCompile(`(?is)<script\b([^>]*)>(.*?)</script\s*>`)
	styleRE   = regexp.MustCompile(`(?is)<style\b[^>]*>(.*?)</style\s*>`)
	typeRE    = regexp.MustCompile(`(?i)\btype\s*=\s*["']?([^"'\s>]+)`)
	srcRE     = regexp.MustCompile(`(?i)\bsrc\s*=`)
	handlerRE = regexp.MustCompile(`(?i)<[a-z][^>]*\s(on[a-z]+)\s*=`)
	styleAtRE = regexp.MustCompile(`(?i)<[a-z][^>]*\sstyle\s*=`)
	jsURLRE   = regexp.MustCompile(`(?i)(href|src|action)\s*=\s*["']?\s*javascript:`)
	hrefRE    = regexp.MustCompile(`\shref="(/[^"]*)"`)
)

// TestRealSiteInlineCodeIsAllowedByCSP reads every built page with its own
// (regexp) scan, independent of the handler's, and checks that the policy
// the handler sends allows every inline script and style, and that no page
// has what no hash can allow (event handler or style attributes,
// javascript: URLs). A new inline script in a template fails here rather
// than silently in browsers.
func TestRealSiteInlineCodeIsAllowedByCSP(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the real site")
	}
	dir := realSite(t)
	csp := cspOf(t, newHandler(t, dir, Options{}))
	scriptSrc, styleSrc := directive(csp, "script-src"), directive(csp, "style-src")
	pages := 0
	walkPages(t, dir, func(name string, page []byte) {
		pages++
		for _, m := range scriptRE.FindAllSubmatch(page, -1) {
			attrs, body := m[1], m[2]
			if srcRE.Match(attrs) {
				continue
			}
			if tm := typeRE.FindSubmatch(attrs); tm != nil {
				switch strings.ToLower(string(tm[1])) {
				case "application/ld+json", "application/json":
					continue
				}
			}
			if !has(scriptSrc, cspHash(body)) {
				t.Errorf("%s: inline script %.60q not allowed by script-src", name, body)
			}
		}
		for _, m := range styleRE.FindAllSubmatch(page, -1) {
			if !has(styleSrc, cspHash(m[1])) {
				t.Errorf("%s: inline style %.60q not allowed by style-src", name, m[1])
			}
		}
		if m := handlerRE.FindSubmatch(page); m != nil {
			t.Errorf("%s: an inline event handler (%s=) the CSP blocks", name, m[1])
		}
		if styleAtRE.Match(page) {
			t.Errorf("%s: a style attribute the CSP blocks", name)
		}
		if jsURLRE.Match(page) {
			t.Errorf("%s: a javascript: URL the CSP blocks", name)
		}
	})
	if pages < 10 {
		t.Fatalf("only %d pages scanned", pages)
	}
	t.Logf("%d pages; CSP: %s", pages, csp)
}

// TestRealSiteServes asks for every file and every link of every page:
// all answer 200 with no redirect, so the canonical form the handler
// enforces is the one the build links.
func TestRealSiteServes(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the real site")
	}
	dir := realSite(t)
	h := newHandler(t, dir, Options{})
	s := h.snap.Load()
	if len(s.locales) == 0 {
		t.Fatal("no locales found in catalog.json")
	}
	for u := range s.files {
		if strings.HasSuffix(u, "/index.html") {
			continue // their URL is the directory's, checked through the links
		}
		if res, _ := get(t, h, "GET", u, "Accept-Encoding", "br, gzip"); res.StatusCode != 200 {
			t.Errorf("%s: %d", u, res.StatusCode)
		}
	}
	links := map[string]string{}
	walkPages(t, dir, func(name string, page []byte) {
		for _, m := range hrefRE.FindAllSubmatch(page, -1) {
			links[string(m[1])] = name
		}
	})
	for link, from := range links {
		u, err := url.Parse(link)
		if err != nil || strings.HasPrefix(u.Path, "/v1/") || strings.HasPrefix(link, "//") {
			continue
		}
		want := 200
		if strings.HasSuffix(u.Path, "/404") {
			// The 404 pages' language switch links /404, /pl/404: no such
			// page, so the other locale's 404 page, with its status.
			want = 404
		}
		if res, _ := get(t, h, "GET", u.Path); res.StatusCode != want {
			t.Errorf("link %s in %s: %d %s", link, from, res.StatusCode, res.Header.Get("Location"))
		}
	}
	for _, l := range append([]string{""}, s.locales...) {
		prefix := ""
		if l != "" {
			prefix = "/" + l
		}
		res, body := get(t, h, "GET", prefix+"/status/Zx8_-aB3kLmN0pQrStUvWx")
		if res.StatusCode != 200 || res.Header.Get("X-Robots-Tag") != "noindex" {
			t.Errorf("%s status shell: %d", l, res.StatusCode)
		}
		if l != "" && !strings.Contains(body, `lang="`+l+`"`) {
			t.Errorf("%s status shell is not in %s", l, l)
		}
		res, body = get(t, h, "GET", prefix+"/no-such-page")
		if res.StatusCode != 404 || (l != "" && !strings.Contains(body, `lang="`+l+`"`)) {
			t.Errorf("%s 404: %d", l, res.StatusCode)
		}
	}
	t.Logf("%d files, %d distinct links", len(s.files), len(links))
}

func walkPages(t *testing.T, dir string, fn func(name string, page []byte)) {
	t.Helper()
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".html") {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		fn(filepath.ToSlash(rel), b)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
