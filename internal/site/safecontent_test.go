package site

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"sabershop/internal/catalog"
	"sabershop/internal/static"
)

// draftsOverlay adds a draft post (translated into Polish without the
// draft mark: a translation of a draft is a draft too), a draft product
// and a draft page to the fixture site. Each title is a word that appears
// nowhere else, so a leak shows up in any file.
const draftsOverlay = `
-- en/blog/hidden-post.md --
---
title: Zanzibarpost
date: 2026-03-10
summary: Zanzibarsummary.
categories: [news]
draft: true
---
Zanzibarbody.
-- pl/blog/hidden-post.md --
---
title: Zanzibarwpis
date: 2026-03-10
summary: Zanzibarpl.
categories: [news]
---
Zanzibarcialo.
-- en/products/wip.md --
---
title: Zanzibarsaber
summary: Zanzibarsabersummary.
kind: hilt
model: FX-WIP
images: [/images/arc.svg]
returnable: true
build_days: 7
presets: 6
weight: 9
prices:
  - {from: 2026-01-01, EUR: 1.00, PLN: 4.00}
draft: true
---
Zanzibarsabertext.
-- en/pages/secret.md --
---
title: Zanzibarpage
draft: true
---
Zanzibarpagetext.
`

func buildWith(t *testing.T, dir string, drafts bool) fixtureBuild {
	t.Helper()
	out := filepath.Join(t.TempDir(), "public")
	b := New(Options{ContentDir: dir, OutDir: out, Root: "../..", Workers: 1, Drafts: drafts,
		Now: func() time.Time { return fixtureNow }})
	t.Cleanup(b.Close)
	rep, err := b.Build()
	if err != nil {
		t.Fatalf("build (drafts %v): %v", drafts, err)
	}
	return fixtureBuild{out: out, rep: rep}
}

// A normal build leaves drafts out everywhere: no page, and no mention in
// the sitemaps, feeds, lists, menus, catalogue or any other file.
func TestDraftsNeverInANormalBuild(t *testing.T) {
	fb := buildWith(t, writeFixture(t, "site", draftsOverlay), false)
	for p, body := range tree(t, fb.out) {
		if strings.Contains(p, "hidden-post") || strings.Contains(p, "wip") || strings.Contains(p, "secret") {
			t.Errorf("a draft was written: %s", p)
		}
		if strings.Contains(body, "Zanzibar") || strings.Contains(body, "hidden-post") || strings.Contains(body, "/shop/wip") {
			t.Errorf("%s mentions a draft", p)
		}
	}
}

// The dev build shows drafts, in every language, with the draft badge; a
// published page has none.
func TestDraftsInTheDevBuildWithABadge(t *testing.T) {
	fb := buildWith(t, writeFixture(t, "site", draftsOverlay), true)
	for _, p := range []string{"blog/hidden-post/index.html", "pl/blog/hidden-post/index.html", "de/blog/hidden-post/index.html",
		"shop/wip/index.html", "pl/shop/wip/index.html", "de/shop/wip/index.html",
		"secret/index.html", "pl/secret/index.html", "de/secret/index.html"} {
		if html := read(t, fb.out, p); !strings.Contains(html, `<p class="draft-badge" role="note"`) || !strings.Contains(html, ".draft-badge{") {
			t.Errorf("%s has no draft badge", p)
		}
	}
	if html := read(t, fb.out, "shop/arc/index.html"); strings.Contains(html, "draft-badge") {
		t.Error("a published page has the draft badge")
	}
}

// aliasesOverlay renames nothing but gives the product, a post and a page
// their old URLs; the Polish post has its own, translated slug.
const aliasesOverlay = `
-- en/products/arc.md --
---
title: Arc
summary: The classic.
kind: hilt
model: FX-ARC
images: [/images/arc.svg]
returnable: true
build_days: 7
presets: 6
weight: 1
aliases: ["/shop/arc-classic", "/sabers/arc/"]
prices:
  - {from: 2026-01-01, EUR: 349.00, PLN: 1499.00}
---
The Arc.
-- en/blog/first.md --
---
title: First post
date: 2026-02-01
summary: The first one.
categories: [news]
aliases: [/news/first]
---
Hello.
`

func TestAliasesAreRedirectsTheDaemonServes(t *testing.T) {
	fb := buildWith(t, writeFixture(t, "site", aliasesOverlay), false)
	var f struct {
		Redirects map[string]string `json:"redirects"`
	}
	if err := json.Unmarshal([]byte(read(t, fb.out, RedirectsFile)), &f); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"/shop/arc-classic": "/shop/arc", "/pl/shop/arc-classic": "/pl/shop/arc", "/de/shop/arc-classic": "/de/shop/arc",
		"/sabers/arc": "/shop/arc", "/pl/sabers/arc": "/pl/shop/arc", "/de/sabers/arc": "/de/shop/arc",
		"/news/first": "/blog/first", "/pl/news/first": "/pl/blog/pierwszy-wpis", "/de/news/first": "/de/blog/first",
	}
	if len(f.Redirects) != len(want) {
		t.Errorf("redirects %v, want %v", f.Redirects, want)
	}
	for from, to := range want {
		if f.Redirects[from] != to {
			t.Errorf("redirect %s -> %q, want %s", from, f.Redirects[from], to)
		}
	}
	for _, sm := range []string{"sitemap-en.xml", "sitemap-pl.xml", "sitemap-de.xml"} {
		if body := read(t, fb.out, sm); strings.Contains(body, "arc-classic") || strings.Contains(body, "/news/") || strings.Contains(body, "sabers") {
			t.Errorf("%s lists an alias", sm)
		}
	}
	cat, err := catalog.Parse([]byte(read(t, fb.out, "catalog.json")))
	if err != nil {
		t.Fatal(err)
	}
	if p, ok := cat.Product("arc-classic"); !ok || p.Slug != "arc" {
		t.Errorf("catalog.json: arc-classic finds %+v, want arc (its old slug)", p)
	}

	h, err := static.New(fb.out, static.Options{CheckEvery: -1})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	for from, to := range map[string]string{
		"/pl/shop/arc-classic": "/pl/shop/arc", "/sabers/arc/": "/shop/arc", "/news/first?utm_source=x": "/blog/first?utm_source=x",
		"/pl/news/first": "/pl/blog/pierwszy-wpis",
	} {
		res, err := client.Get(srv.URL + from)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusMovedPermanently || res.Header.Get("Location") != to {
			t.Errorf("GET %s: %d to %q, want 301 to %s", from, res.StatusCode, res.Header.Get("Location"), to)
		}
	}
	res, err := client.Get(srv.URL + "/" + RedirectsFile)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusNotFound {
		t.Errorf("GET /%s: %d, want 404 (the daemon reads it, it does not serve it)", RedirectsFile, res.StatusCode)
	}
}

// An alias that is another page's URL, or that two pages claim, is a
// content error at the alias's line.
func TestAliasConflictsAreContentErrors(t *testing.T) {
	dir := writeFixture(t, "site", `
-- en/pages/contact.md --
---
title: Contact
aliases: ["/shop/plug", "/old-faq"]
---
Write to us.
-- en/pages/features.md --
---
title: Features
aliases:
  - /old-faq
---
Features.
`)
	fb := buildFixture(t, dir, filepath.Join(t.TempDir(), "public"))
	if fb.err == nil {
		t.Fatal("conflicting aliases built")
	}
	msg := strings.ReplaceAll(fb.err.Error(), dir, "content")
	for _, w := range []string{
		`content/en/pages/contact.md:3: aliases.0: "/shop/plug" is the URL of another page; an alias must be a path no page has`,
		`content/en/pages/features.md:4: aliases.0: "/old-faq" is also an alias of /contact (content/en/pages/contact.md:3)`,
	} {
		if !strings.Contains(msg, w) {
			t.Errorf("errors lack\n  %s\ngot:\n%s", w, msg)
		}
	}
	if _, err := os.Stat(filepath.Join(fb.out, "index.html")); err == nil {
		t.Error("a failed build wrote the site")
	}
}
