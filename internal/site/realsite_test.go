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
