package site

import (
	"html"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"sabershop/internal/content"
	"sabershop/internal/render"
)

var realBuilt struct {
	once sync.Once
	dir  string
	err  error
}

// realBuild is the shop's own content built once (rendered and written,
// as `go run ./cmd/build` does) for the tests that read every real page;
// -short skips them.
func realBuild(t *testing.T) (string, *content.Site) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the real site")
	}
	realBuilt.once.Do(func() {
		tmp, err := os.MkdirTemp("", "site-real-")
		if err != nil {
			realBuilt.err = err
			return
		}
		realBuilt.dir = filepath.Join(tmp, "public")
		b := New(Options{ContentDir: "../../content", OutDir: realBuilt.dir, Root: "../..", Now: func() time.Time { return fixtureNow }})
		defer b.Close()
		_, realBuilt.err = b.Build()
	})
	if realBuilt.err != nil {
		t.Fatalf("build the real site: %v", realBuilt.err)
	}
	site, err := content.Load("../../content")
	if err != nil {
		t.Fatal(err)
	}
	return realBuilt.dir, site
}

// realHTML calls fn with every HTML page of the real build.
func realHTML(t *testing.T, dir string, fn func(name, page string)) {
	t.Helper()
	n := 0
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".html") {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		n++
		rel, _ := filepath.Rel(dir, path)
		fn(filepath.ToSlash(rel), string(b))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 50 {
		t.Fatalf("only %d pages in the real build", n)
	}
}

var (
	titleTag   = regexp.MustCompile(`<title>(.*?)</title>`)
	ogTitleTag = regexp.MustCompile(`<meta property="og:title" content="([^"]*)">`)
)

// TestRealSiteTitlesNameTheShopOnce: no page of the shop's own site has
// the shop's name twice in its title ("Saber Forge | Saber Forge" on the
// home page, "Welcome to Saber Forge | Saber Forge" on a post), and the
// home page's title is the name with the tagline.
func TestRealSiteTitlesNameTheShopOnce(t *testing.T) {
	dir, site := realBuild(t)
	name := strings.ToLower(site.Config.Name)
	realHTML(t, dir, func(page, doc string) {
		m := titleTag.FindStringSubmatch(doc)
		if m == nil {
			t.Errorf("%s: no <title>", page)
			return
		}
		titles := []string{html.UnescapeString(m[1])}
		if og := ogTitleTag.FindStringSubmatch(doc); og != nil {
			titles = append(titles, html.UnescapeString(og[1]))
		}
		for _, title := range titles {
			if n := strings.Count(strings.ToLower(title), name); n != 1 && title == titles[0] || n > 1 {
				t.Errorf("%s: title %q names %q %d times", page, title, site.Config.Name, n)
			}
		}
	})
	for _, l := range site.Config.Locales {
		page := "index.html"
		if l.Code != site.Config.DefaultLocale().Code {
			page = l.Code + "/index.html"
		}
		b, err := os.ReadFile(filepath.Join(dir, page))
		if err != nil {
			t.Fatal(err)
		}
		want := site.Config.Name + " | " + site.Bundles[l.Code].T(l.Code, "site.tagline", nil)
		if got := html.UnescapeString(titleTag.FindStringSubmatch(string(b))[1]); got != want {
			t.Errorf("%s home title %q, want %q", l.Code, got, want)
		}
	}
}

var langLink = regexp.MustCompile(`<a href="([^"]*)" hrefLang="([a-z]+)"[^>]*?(?: data-locale-prefix="([^"]*)")?>`)

// TestRealSite404LanguageLinks: the 404 page is served for any unknown
// path, so its language links cannot lead to its own path (/pl/404, which
// they did): they lead to each locale's home and carry the locale's prefix
// for components/localeSwitch.ts; no other page has such links.
func TestRealSite404LanguageLinks(t *testing.T) {
	dir, site := realBuild(t)
	realHTML(t, dir, func(page, doc string) {
		is404 := strings.HasSuffix(page, "404.html")
		// The status shell answers /status/HASH for every order alike.
		isStatus := strings.HasSuffix(page, "status/index.html")
		links := langLink.FindAllStringSubmatch(doc, -1)
		if len(links) == 0 && (is404 || isStatus) {
			t.Errorf("%s: no language links", page)
		}
		for _, m := range links {
			href, code, prefix := m[1], m[2], m[3]
			hasPrefix := strings.Contains(m[0], "data-locale-prefix=")
			if !is404 && !isStatus {
				if hasPrefix {
					t.Errorf("%s: %s link has a locale prefix", page, code)
				}
				continue
			}
			want := localePrefix(site.Config, code)
			wantHref := want + "/"
			if isStatus {
				wantHref = want + "/status/"
			}
			if !hasPrefix || prefix != want || href != wantHref {
				t.Errorf("%s: %s link %q, want href %q and prefix %q", page, code, m[0], wantHref, want)
			}
		}
	})
}

var (
	dateTag = regexp.MustCompile(`<time dateTime="(\d{4}-\d\d-\d\d)">([^<]*)</time>`)
	langTag = regexp.MustCompile(`<html lang="([a-z]+)"`)
)

// TestRealSiteDatesInTheLocaleStyle: every date the build writes (the
// blog's) is FormatDate of its page's language's format, the one style the
// status page and e-mails use too.
func TestRealSiteDatesInTheLocaleStyle(t *testing.T) {
	dir, site := realBuild(t)
	dates := 0
	realHTML(t, dir, func(page, doc string) {
		lang := langTag.FindStringSubmatch(doc)
		for _, m := range dateTag.FindAllStringSubmatch(doc, -1) {
			dates++
			d, err := time.Parse(time.DateOnly, m[1])
			if err != nil || lang == nil {
				t.Errorf("%s: %s %v", page, m[0], err)
				continue
			}
			if want := site.Formats[lang[1]].FormatDate(d); html.UnescapeString(m[2]) != want {
				t.Errorf("%s: %q, want %q", page, m[2], want)
			}
		}
	})
	if dates == 0 {
		t.Error("no dates in the real build")
	}
}

// The legal documents the footer, the cookie banner and the checkout link
// to (components/page.ts legalHref), with their title in every locale.
var legalTitles = map[string]map[string]string{
	"legal-terms":      {"en": "Terms and Conditions", "pl": "Regulamin sklepu", "de": "Allgemeine Geschäftsbedingungen (AGB)"},
	"legal-privacy":    {"en": "Privacy Policy", "pl": "Polityka prywatności", "de": "Datenschutzerklärung"},
	"legal-withdrawal": {"en": "Right of withdrawal", "pl": "Prawo odstąpienia od umowy", "de": "Widerrufsrecht"},
}

var hrefPattern = regexp.MustCompile(`href="([^"]*)"`)

// TestLegalPagesOnTheSite: the shop's own content has the terms, the
// privacy policy and the withdrawal page translated in every locale (no
// English fallback), rendered with the company's data; every page's footer
// and the checkout link to them on this site, and nothing links to a PDF
// on another host (the terms were once a link to a placeholder CDN).
func TestLegalPagesOnTheSite(t *testing.T) {
	site, err := content.Load("../../content")
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range site.Config.Locales {
		for name := range legalTitles {
			found := false
			for _, d := range site.Docs[l.Code] {
				found = found || (d.Kind == content.KindPage && d.Slug == name)
			}
			if !found {
				t.Errorf("content/%s/pages/%s.md is missing: /%s would fall back to English", l.Code, name, name)
			}
		}
	}

	out := filepath.Join(t.TempDir(), "public")
	b := New(Options{ContentDir: "../../content", OutDir: out, Root: "../..", Workers: 2,
		Now: func() time.Time { return fixtureNow }})
	t.Cleanup(b.Close)
	if _, err := b.Build(); err != nil {
		t.Fatal(err)
	}
	company := html.EscapeString(site.Config.Company.Name)
	for _, l := range site.Config.Locales {
		prefix := localePrefix(site.Config, l.Code)
		for name, titles := range legalTitles {
			page := read(t, out, strings.TrimPrefix(prefix+"/"+name+"/index.html", "/"))
			if !strings.Contains(page, ">"+html.EscapeString(titles[l.Code])+"</h1>") {
				t.Errorf("%s/%s: no heading %q", l.Code, name, titles[l.Code])
			}
			if !strings.Contains(page, `<html lang="`+l.Code+`"`) || strings.Contains(page, "notice--info") {
				t.Errorf("%s/%s: not the %s text (fallback?)", l.Code, name, l.Code)
			}
			if name != "legal-privacy" && !strings.Contains(page, company) {
				t.Errorf("%s/%s: the seller %q is not named", l.Code, name, company)
			}
			if strings.Contains(page, "{{") {
				t.Errorf("%s/%s: an unexpanded placeholder", l.Code, name)
			}
		}
		basket := read(t, out, strings.TrimPrefix(prefix+"/basket/index.html", "/"))
		if !strings.Contains(html.UnescapeString(basket), `"termsHref":"`+prefix+`/legal-terms"`) {
			t.Errorf("%s: the checkout's terms link is not %s/legal-terms", l.Code, prefix)
		}
	}

	err = filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".html") || strings.HasSuffix(p, "error.html") {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		page := string(b)
		rel, _ := filepath.Rel(out, p)
		if strings.HasPrefix(filepath.ToSlash(rel), render.DeskDir+"/") {
			return nil // the owner's desk: no shop page, no shop footer
		}
		locale := "en"
		if m := regexp.MustCompile(`^(pl|de)/`).FindStringSubmatch(filepath.ToSlash(rel)); m != nil {
			locale = m[1]
		}
		prefix := localePrefix(site.Config, locale)
		for _, m := range hrefPattern.FindAllStringSubmatch(page, -1) {
			href := html.UnescapeString(m[1])
			if strings.HasSuffix(strings.ToLower(href), ".pdf") || strings.Contains(href, "cdn.") {
				t.Errorf("%s links to %s", rel, href)
			}
		}
		for _, name := range []string{"legal-terms", "legal-privacy"} {
			if !strings.Contains(page, `href="`+prefix+"/"+name+`"`) {
				t.Errorf("%s: the footer does not link to %s/%s", rel, prefix, name)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
