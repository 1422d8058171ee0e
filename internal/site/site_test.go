package site

import (
	"compress/gzip"
	"encoding/json"
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/tools/txtar"

	"sabershop/internal/content"
)

// fixtureNow is the instant prices are shown for in fixture builds.
var fixtureNow = time.Date(2026, 4, 1, 12, 0, 0, 0, time.UTC)

// writeFixture extracts testdata/NAME.txtar into a new content directory,
// then applies overlays (more txtar text: files to add or replace; a file
// whose content is "DELETE" is removed).
func writeFixture(t testing.TB, name string, overlays ...string) string {
	t.Helper()
	dir := t.TempDir()
	ar, err := txtar.ParseFile(filepath.Join("testdata", name+".txtar"))
	if err != nil {
		t.Fatal(err)
	}
	files := ar.Files
	for _, o := range overlays {
		files = append(files, txtar.Parse([]byte(o)).Files...)
	}
	for _, f := range files {
		p := filepath.Join(dir, filepath.FromSlash(f.Name))
		if strings.TrimSpace(string(f.Data)) == "DELETE" {
			os.Remove(p)
			continue
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

type fixtureBuild struct {
	out string
	rep *Report
	err error
}

func buildFixture(t testing.TB, contentDir, out string) fixtureBuild {
	t.Helper()
	b := New(Options{ContentDir: contentDir, OutDir: out, Root: "../..", Workers: 1, Compress: true,
		Now: func() time.Time { return fixtureNow }})
	t.Cleanup(b.Close)
	rep, err := b.Build()
	return fixtureBuild{out: out, rep: rep, err: err}
}

// builtFixture is built once and shared by the read-only tests.
var builtFixture struct {
	dir string
	rep *Report
}

func fixture(t *testing.T) string {
	t.Helper()
	if builtFixture.dir == "" {
		dir, err := os.MkdirTemp("", "site-fixture-")
		if err != nil {
			t.Fatal(err)
		}
		contentDir := writeFixture(t, "site")
		fb := buildFixture(t, contentDir, filepath.Join(dir, "public"))
		if fb.err != nil {
			t.Fatalf("fixture build: %v", fb.err)
		}
		builtFixture.dir, builtFixture.rep = fb.out, fb.rep
	}
	return builtFixture.dir
}

func TestMain(m *testing.M) {
	code := m.Run()
	if builtFixture.dir != "" {
		os.RemoveAll(filepath.Dir(builtFixture.dir))
	}
	os.Exit(code)
}

func read(t *testing.T, out, p string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(p)))
	if err != nil {
		t.Fatalf("%s not written: %v", p, err)
	}
	return string(b)
}

func TestEveryRouteInEveryLocale(t *testing.T) {
	out := fixture(t)
	routes := []string{
		"index.html", "homepage/index.html", "application/index.html", "blog/index.html",
		"blog/categories/index.html", "blog/categories/news/index.html", "blog/categories/guides/index.html",
		"construction/index.html", "contact/index.html", "faq/index.html", "features/index.html",
		"gallery/index.html", "generator/index.html", "get-started/index.html", "shop/index.html",
		"shop/custom-saber-creator/index.html", "shop/arc/index.html", "shop/plug/index.html",
		"basket/index.html", "status/index.html", "404.html", "offline/index.html",
		"legal-terms/index.html", "legal-privacy/index.html", "legal-withdrawal/index.html",
	}
	for _, prefix := range []string{"", "pl/", "de/"} {
		for _, r := range routes {
			read(t, out, prefix+r)
		}
	}
	// Posts: English slugs, the Polish translation's own slug, and the
	// English fallback under /pl/ for the untranslated one.
	for _, p := range []string{"blog/first/index.html", "blog/second/index.html", "pl/blog/pierwszy-wpis/index.html",
		"pl/blog/second/index.html", "de/blog/first/index.html", "de/blog/second/index.html"} {
		read(t, out, p)
	}
	for _, f := range []string{"sitemap.xml", "sitemap-en.xml", "sitemap-pl.xml", "sitemap-de.xml", "robots.txt",
		"blog/atom.xml", "pl/blog/atom.xml", "de/blog/atom.xml", "manifest.webmanifest", "catalog.json",
		"error.html", "favicon.svg", "images/arc.svg", "sw.js"} {
		read(t, out, f)
	}
	// 27 pages and the safety texts' pages (en, pl, de, cs).
	if got := builtFixture.rep.Pages; got["en"] != got["pl"] || got["pl"] != got["de"] || got["en"] != 31 {
		t.Errorf("pages per locale = %v, want 31 each", got)
	}
}

func TestLocaleTextAndFallback(t *testing.T) {
	out := fixture(t)
	if !strings.Contains(read(t, out, "pl/shop/arc/index.html"), "Arc po polsku") {
		t.Error("Polish product page does not show the Polish text")
	}
	de := read(t, out, "de/shop/arc/index.html")
	if !strings.Contains(de, "The Arc.") {
		t.Error("German product page should fall back to the English text")
	}
	if !strings.Contains(de, `<html lang="de">`) {
		t.Error("fallback page must still be a German-site page")
	}
	found := false
	for _, f := range builtFixture.rep.Fallbacks {
		found = found || strings.HasPrefix(f, "de: ") && strings.HasSuffix(f, "en/products/arc.md")
	}
	if !found {
		t.Errorf("report does not list the German fallback of arc: %v", builtFixture.rep.Fallbacks)
	}
	// Internal links in Markdown point at the page's own locale.
	if !strings.Contains(read(t, out, "pl/index.html"), `href="/pl/shop/arc"`) {
		t.Error("a link written as /shop/arc in Polish content must become /pl/shop/arc")
	}
	if !strings.Contains(read(t, out, "index.html"), `href="/faq#battery"`) {
		t.Error("a link's fragment must be kept")
	}
}

var (
	linkTag = regexp.MustCompile(`<link rel="([^"]+)"(?: hreflang="([^"]+)")?(?: type="[^"]+")?(?: title="[^"]+")? href="([^"]+)"`)
	metaTag = regexp.MustCompile(`<meta (?:property|name)="([^"]+)" content="([^"]*)">`)
	ldTag   = regexp.MustCompile(`<script type="application/ld\+json">(.*?)</script>`)
)

type headInfo struct {
	title      string
	canonical  string
	alternates map[string]string
	meta       map[string][]string
	preloads   []string
	jsonLD     []map[string]any
}

func parseHead(t *testing.T, html string) headInfo {
	t.Helper()
	headEnd := strings.Index(html, "</head>")
	if headEnd < 0 {
		t.Fatal("no </head>")
	}
	h := html[:headEnd]
	info := headInfo{alternates: map[string]string{}, meta: map[string][]string{}}
	if m := regexp.MustCompile(`<title>(.*?)</title>`).FindStringSubmatch(h); m != nil {
		info.title = m[1]
	}
	for _, m := range linkTag.FindAllStringSubmatch(h, -1) {
		switch m[1] {
		case "canonical":
			info.canonical = m[3]
		case "alternate":
			if m[2] != "" {
				info.alternates[m[2]] = m[3]
			}
		case "modulepreload":
			info.preloads = append(info.preloads, m[3])
		}
	}
	for _, m := range metaTag.FindAllStringSubmatch(h, -1) {
		info.meta[m[1]] = append(info.meta[m[1]], m[2])
	}
	for _, m := range ldTag.FindAllStringSubmatch(h, -1) {
		var v map[string]any
		if err := json.Unmarshal([]byte(m[1]), &v); err != nil {
			t.Fatalf("bad JSON-LD %s: %v", m[1], err)
		}
		info.jsonLD = append(info.jsonLD, v)
	}
	return info
}

func (h headInfo) ld(typ string) map[string]any {
	for _, v := range h.jsonLD {
		if v["@type"] == typ {
			return v
		}
	}
	return nil
}

func TestHeadTags(t *testing.T) {
	out := fixture(t)
	h := parseHead(t, read(t, out, "pl/shop/arc/index.html"))
	if h.title != "Arc PL | Fixture Sabers" {
		t.Errorf("title = %q", h.title)
	}
	if h.canonical != "https://fixture.example/pl/shop/arc" {
		t.Errorf("canonical = %q", h.canonical)
	}
	want := map[string]string{
		"en": "https://fixture.example/shop/arc", "pl": "https://fixture.example/pl/shop/arc",
		"de": "https://fixture.example/de/shop/arc", "x-default": "https://fixture.example/shop/arc",
	}
	for lang, href := range want {
		if h.alternates[lang] != href {
			t.Errorf("hreflang %s = %q, want %q", lang, h.alternates[lang], href)
		}
	}
	if got := h.meta["og:type"]; len(got) != 1 || got[0] != "product" {
		t.Errorf("og:type = %v", got)
	}
	if got := h.meta["og:locale"]; len(got) != 1 || got[0] != "pl_PL" {
		t.Errorf("og:locale = %v", got)
	}
	if got := h.meta["og:image"]; len(got) != 1 || got[0] != "https://fixture.example/images/arc.svg" {
		t.Errorf("og:image = %v", got)
	}
	// Product/Offer in the locale's currency, from the price in force.
	prod := h.ld("Product")
	if prod == nil {
		t.Fatal("no Product JSON-LD")
	}
	offer := prod["offers"].(map[string]any)
	if offer["price"] != "1299.00" || offer["priceCurrency"] != "PLN" {
		t.Errorf("offer = %v %v, want 1299.00 PLN", offer["price"], offer["priceCurrency"])
	}
	if offer["availability"] != "https://schema.org/InStock" || offer["shippingDetails"] == nil || offer["hasMerchantReturnPolicy"] == nil {
		t.Errorf("offer lacks availability, shipping or return policy: %v", offer)
	}
	if h.ld("BreadcrumbList") == nil {
		t.Error("no BreadcrumbList on a product page")
	}
	// The manufacturer and the model (GPSR art. 19; docs/legal.md#product-safety).
	maker, _ := prod["manufacturer"].(map[string]any)
	addr, _ := maker["address"].(map[string]any)
	if prod["model"] != "FX-ARC" || maker["@type"] != "Organization" || maker["name"] != "Fixture Ltd" ||
		maker["email"] != "shop@fixture.example" || maker["url"] != "https://fixture.example" ||
		addr["streetAddress"] != "Main 1" || addr["postalCode"] != "00-001" || addr["addressLocality"] != "Warsaw" {
		t.Errorf("model %v, manufacturer %v: want FX-ARC by Fixture Ltd, Main 1, 00-001 Warsaw", prod["model"], maker)
	}
	de := parseHead(t, read(t, out, "de/shop/arc/index.html")).ld("Product")["offers"].(map[string]any)
	if de["priceCurrency"] != "EUR" || de["price"] != "299.00" {
		t.Errorf("German offer = %v %v, want 299.00 EUR", de["price"], de["priceCurrency"])
	}

	home := parseHead(t, read(t, out, "index.html"))
	if home.ld("Organization") == nil {
		t.Error("no Organization JSON-LD on the home page")
	}
	if home.canonical != "https://fixture.example/" {
		t.Errorf("home canonical = %q", home.canonical)
	}
	alias := parseHead(t, read(t, out, "homepage/index.html"))
	if alias.canonical != "https://fixture.example/" {
		t.Errorf("/homepage canonical = %q, want the home page", alias.canonical)
	}
	post := parseHead(t, read(t, out, "blog/second/index.html"))
	if bp := post.ld("BlogPosting"); bp == nil || bp["datePublished"] != "2026-03-05" {
		t.Errorf("BlogPosting = %v", bp)
	}
	if post.alternates["pl"] != "https://fixture.example/pl/blog/second" {
		t.Errorf("post alternates = %v", post.alternates)
	}
	first := parseHead(t, read(t, out, "blog/first/index.html"))
	if first.alternates["pl"] != "https://fixture.example/pl/blog/pierwszy-wpis" {
		t.Errorf("a translated slug must be the Polish alternate, got %v", first.alternates)
	}
	faq := parseHead(t, read(t, out, "faq/index.html")).ld("FAQPage")
	if faq == nil || len(faq["mainEntity"].([]any)) != 1 {
		t.Errorf("FAQPage = %v", faq)
	}
	nf := read(t, out, "pl/404.html")
	if !strings.Contains(nf, `<meta name="robots" content="noindex">`) || strings.Contains(nf, `rel="canonical"`) {
		t.Error("404 page must be noindex without canonical")
	}
}

func TestModulePreloadOnlyForIslandsHydratedOnLoad(t *testing.T) {
	out := fixture(t)
	for _, page := range []string{"shop/arc/index.html", "index.html", "pl/blog/index.html"} {
		html := read(t, out, page)
		h := parseHead(t, html)
		preloaded := map[string]bool{}
		for _, p := range h.preloads {
			preloaded[p] = true
			if _, err := os.Stat(filepath.Join(out, p)); err != nil {
				t.Errorf("%s: modulepreload of a missing file %s", page, p)
			}
		}
		islands := regexp.MustCompile(`<saber-island ([^>]*)>`).FindAllStringSubmatch(html, -1)
		if len(islands) == 0 {
			t.Fatalf("%s: no island (the header cart badge is expected)", page)
		}
		eager := map[string]bool{}
		for _, m := range islands {
			url := regexp.MustCompile(`component-url="([^"]+)"`).FindStringSubmatch(m[1])[1]
			if strings.Contains(m[1], `hydrate="load"`) {
				eager[url] = true
				if !preloaded[url] {
					t.Errorf("%s: island %s hydrates on load but is not preloaded", page, url)
				}
			}
		}
		for _, m := range islands {
			url := regexp.MustCompile(`component-url="([^"]+)"`).FindStringSubmatch(m[1])[1]
			if !eager[url] && preloaded[url] {
				t.Errorf("%s: island %s waits for idle or visibility but is preloaded", page, url)
			}
		}
		if len(eager) == 0 && len(h.preloads) > 0 {
			t.Errorf("%s: no island hydrates on load, yet the page preloads %v", page, h.preloads)
		}
	}
}

// TestIslandModulesPreloadedAtLowPriority: on a page that hydrates an
// island on load and preloads its first screen's pictures (the creator),
// the loader is preloaded as usual and every other module at low priority,
// so that they do not take the line from the pictures; where the first
// screen is text (the basket) every module keeps its priority.
func TestIslandModulesPreloadedAtLowPriority(t *testing.T) {
	basket := read(t, fixture(t), "basket/index.html")
	if !strings.Contains(basket, `<link rel="modulepreload"`) || strings.Contains(basket, `fetchpriority="low"`) {
		t.Error("the basket's modules: want them preloaded at their own priority")
	}
	html := read(t, fixture(t), "shop/custom-saber-creator/index.html")
	loader := regexp.MustCompile(`<script type="module" src="(/assets/loader-[^"]+)">`).FindStringSubmatch(html)
	if loader == nil {
		t.Fatal("no loader script")
	}
	tags := regexp.MustCompile(`<link rel="modulepreload" href="([^"]+)"([^>]*)>`).FindAllStringSubmatch(html, -1)
	var low int
	for _, m := range tags {
		switch {
		case m[1] == loader[1] && m[2] != "":
			t.Errorf("the loader is preloaded with %q; want its own priority", m[2])
		case m[1] != loader[1] && m[2] != ` fetchpriority="low"`:
			t.Errorf("%s is preloaded with %q; want fetchpriority=\"low\"", m[1], m[2])
		case m[1] != loader[1]:
			low++
		}
	}
	if low == 0 || !strings.Contains(html, `component-url="/assets/Creator-`) {
		t.Errorf("the creator's page preloads %d island modules at low priority; want its island's", low)
	}
}

func TestIslandMarkup(t *testing.T) {
	html := read(t, fixture(t), "pl/index.html")
	m := regexp.MustCompile(`<saber-island ([^>]*)>`).FindStringSubmatch(html)
	if m == nil {
		t.Fatal("no <saber-island>")
	}
	attrs := m[1]
	for _, want := range []string{`hydrate="idle"`, `prefix="i0-"`, `renderer-url="/assets/runtime-`, `component-url="/assets/CartBadge-`} {
		if !strings.Contains(attrs, want) {
			t.Errorf("island attributes %q lack %s", attrs, want)
		}
	}
	props := regexp.MustCompile(`props="([^"]*)"`).FindStringSubmatch(attrs)
	if props == nil || !strings.Contains(props[1], "&quot;href&quot;:&quot;/pl/basket&quot;") {
		t.Errorf("props must be HTML-escaped JSON with the Polish basket link, got %v", props)
	}
}

func TestPriceReductionShowsLowest30Days(t *testing.T) {
	out := fixture(t)
	html := read(t, out, "shop/arc/index.html")
	// 299.00 since 2026-03-20; the 30 days before saw 349.00 (until 03-01) and 329.00.
	for _, want := range []string{"€299.00", "€329.00"} {
		if !strings.Contains(html, want) {
			t.Errorf("product page lacks %s", want)
		}
	}
	if !strings.Contains(read(t, out, "pl/shop/arc/index.html"), "1\u00a0299,00\u00a0zł") {
		t.Error("Polish page lacks the price in złoty, formatted 1 299,00 zł")
	}
}

type sitemapURL struct {
	Loc   string `xml:"loc"`
	Links []struct {
		Hreflang string `xml:"hreflang,attr"`
		Href     string `xml:"href,attr"`
	} `xml:"link"`
}

func TestSitemapsWithAlternates(t *testing.T) {
	out := fixture(t)
	var index struct {
		Sitemaps []struct {
			Loc string `xml:"loc"`
		} `xml:"sitemap"`
	}
	if err := xml.Unmarshal([]byte(read(t, out, "sitemap.xml")), &index); err != nil {
		t.Fatal(err)
	}
	if len(index.Sitemaps) != 3 {
		t.Fatalf("sitemap index lists %d sitemaps, want 3", len(index.Sitemaps))
	}
	for _, loc := range []string{"en", "pl", "de"} {
		var set struct {
			URLs []sitemapURL `xml:"url"`
		}
		if err := xml.Unmarshal([]byte(read(t, out, "sitemap-"+loc+".xml")), &set); err != nil {
			t.Fatal(err)
		}
		if len(set.URLs) < 15 {
			t.Errorf("sitemap-%s has %d URLs", loc, len(set.URLs))
		}
		for _, u := range set.URLs {
			langs := map[string]bool{}
			for _, l := range u.Links {
				langs[l.Hreflang] = true
			}
			if !langs["en"] || !langs["pl"] || !langs["de"] || !langs["x-default"] {
				t.Errorf("%s: alternates %v", u.Loc, langs)
			}
			for _, skip := range []string{"/basket", "/status/", "/404", "/homepage", "/offline"} {
				if strings.HasSuffix(u.Loc, skip) {
					t.Errorf("sitemap lists %s, which is not indexed", u.Loc)
				}
			}
		}
	}
	robots := read(t, out, "robots.txt")
	if !strings.Contains(robots, "Sitemap: https://fixture.example/sitemap.xml") {
		t.Errorf("robots.txt = %q", robots)
	}
}

func TestAtomFeed(t *testing.T) {
	out := fixture(t)
	var feed struct {
		Title   string `xml:"title"`
		Entries []struct {
			Title string `xml:"title"`
			ID    string `xml:"id"`
		} `xml:"entry"`
	}
	if err := xml.Unmarshal([]byte(read(t, out, "pl/blog/atom.xml")), &feed); err != nil {
		t.Fatal(err)
	}
	if len(feed.Entries) != 2 {
		t.Fatalf("Polish feed has %d entries, want 2", len(feed.Entries))
	}
	if feed.Entries[0].Title != "Second post" || feed.Entries[1].ID != "https://fixture.example/pl/blog/pierwszy-wpis" {
		t.Errorf("entries = %+v, want newest first with Polish URLs", feed.Entries)
	}
}

func TestManifestAndCatalog(t *testing.T) {
	out := fixture(t)
	var m struct {
		Name       string `json:"name"`
		ShortName  string `json:"short_name"`
		ThemeColor string `json:"theme_color"`
		Icons      []struct {
			Src, Sizes string
		} `json:"icons"`
	}
	if err := json.Unmarshal([]byte(read(t, out, "manifest.webmanifest")), &m); err != nil {
		t.Fatal(err)
	}
	if m.Name != "Fixture Sabers" || m.ThemeColor != "#b21826" || len(m.Icons) < 2 {
		t.Errorf("manifest = %+v", m)
	}
	var c struct {
		Version  string `json:"version"`
		Products []struct {
			Slug   string `json:"slug"`
			Prices []struct {
				From    string           `json:"from"`
				Amounts map[string]int64 `json:"amounts"`
			} `json:"prices"`
		} `json:"products"`
		Deliveries []struct{ Code string } `json:"deliveries"`
		Fees       struct {
			Waste map[string]int64 `json:"waste"`
		} `json:"fees"`
		Coupons struct {
			Minimum map[string]int64 `json:"minimum"`
		} `json:"coupons"`
	}
	if err := json.Unmarshal([]byte(read(t, out, "catalog.json")), &c); err != nil {
		t.Fatal(err)
	}
	if len(c.Version) != 16 || len(c.Products) != 2 || len(c.Deliveries) != 2 {
		t.Errorf("catalog version %q, %d products, %d deliveries", c.Version, len(c.Products), len(c.Deliveries))
	}
	if c.Products[0].Slug != "arc" || len(c.Products[0].Prices) != 3 || c.Products[0].Prices[2].Amounts["PLN"] != 129900 {
		t.Errorf("arc prices = %+v", c.Products[0].Prices)
	}
	if c.Fees.Waste["EUR"] != 4 || c.Fees.Waste["PLN"] != 12 || c.Coupons.Minimum["PLN"] != 100000 {
		t.Errorf("fees %v, coupon minimum %v", c.Fees.Waste, c.Coupons.Minimum)
	}
}

func TestCompressedSiblings(t *testing.T) {
	out := fixture(t)
	var missing []string
	_ = filepath.Walk(out, func(p string, fi os.FileInfo, err error) error {
		if err != nil || fi.IsDir() || !isTextPath(p) {
			return nil
		}
		for _, ext := range []string{".gz", ".br"} {
			if _, err := os.Stat(p + ext); err != nil {
				missing = append(missing, p+ext)
			}
		}
		return nil
	})
	if len(missing) > 0 {
		sort.Strings(missing)
		t.Errorf("missing compressed siblings: %v", missing)
	}
}

// brokenSite has one of each content problem the build must report, all in
// one run.
const brokenSite = `
-- en/blog/first.md --
---
title: First post
date: 2026-02-31
summary: The first one.
categories: [news, gossip]
colour: red
---
Hello, see [the shop](/shop) and [nothing](/no-such-page).
-- en/blog/dup.md --
---
title: Duplicate
slug: first
date: 2026-02-02
summary: Same slug.
---
Dup.
-- en/pages/features.md --
---
description: No title here.
---
Features.
-- en/products/plug.md --
+++
title = "Plug"
kind = "accessory"
images = ["/images/arc.svg"]
build_days = 2
prices = [{from = 2026-01-01, EUR = 15.00}]
+++
A plug.
-- i18n/de.toml --
[menu]
shop = "Shop"
blog = "Blog"

[nav]
home = "Start"

[blog]
categories = "Kategorien"

[cart]
basket = "Warenkorb"
count = { one = "Warenkorb, {count} Artikel", other = "Warenkorb, {count} Artikel" }

[site]
description = "Testschwerter."

[errors]
generic = "Ein Fehler ist aufgetreten"
`

func TestContentErrorsAllAtOnce(t *testing.T) {
	dir := writeFixture(t, "site", brokenSite)
	fb := buildFixture(t, dir, filepath.Join(t.TempDir(), "public"))
	if fb.err == nil {
		t.Fatal("broken content built without error")
	}
	msg := strings.ReplaceAll(fb.err.Error(), dir, "content")
	want := []string{
		"content/en/blog/first.md:3: date: bad date \"2026-02-31\", want YYYY-MM-DD",
		"content/en/blog/first.md:5: categories.1: unknown category \"gossip\" (declare it in config.toml [[categories]])",
		"content/en/blog/first.md:6: colour: unknown field",
		"content/en/blog/dup.md:3: slug: duplicate slug \"first\", also used by content/en/blog/first.md",
		"content/en/pages/features.md:1: title: missing",
		"content/en/products/plug.md:6: prices.0.PLN: price missing for currency PLN",
		"content/i18n/de.toml:18: errors.back_home: missing translation (en.toml:20 has it)",
	}
	for _, w := range want {
		if !strings.Contains(msg, w) {
			t.Errorf("error output lacks\n  %s\ngot:\n%s", w, msg)
		}
	}
	var diags content.Diagnostics
	if !asDiagnostics(fb.err, &diags) {
		t.Fatalf("error is not Diagnostics: %T", fb.err)
	}
	if strings.Contains(msg, "goroutine") || strings.Contains(msg, "panic") {
		t.Error("error output looks like a stack trace")
	}
}

func TestBrokenLinkReportedWithLine(t *testing.T) {
	dir := writeFixture(t, "site", "-- en/pages/features.md --\n---\ntitle: Features\n---\nIntro.\n\nSee [the creator](/shop/creator) or [arc](/shop/arc).\n")
	fb := buildFixture(t, dir, filepath.Join(t.TempDir(), "public"))
	if fb.err == nil {
		t.Fatal("a broken internal link must fail the build")
	}
	msg := strings.ReplaceAll(fb.err.Error(), dir, "content")
	if want := `content/en/pages/features.md:6: link: no page or file at "/shop/creator"`; !strings.Contains(msg, want) {
		t.Errorf("got %s, want %s", msg, want)
	}
	if strings.Contains(msg, "/shop/arc") {
		t.Errorf("a good link was reported: %s", msg)
	}
}

func asDiagnostics(err error, out *content.Diagnostics) bool {
	for err != nil {
		if d, ok := err.(content.Diagnostics); ok {
			*out = d
			return true
		}
		u, ok := err.(interface{ Unwrap() error })
		if !ok {
			return false
		}
		err = u.Unwrap()
	}
	return false
}

func tree(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	_ = filepath.Walk(dir, func(p string, fi os.FileInfo, err error) error {
		if err == nil && !fi.IsDir() {
			b, _ := os.ReadFile(p)
			rel, _ := filepath.Rel(dir, p)
			files[rel] = string(b)
		}
		return nil
	})
	return files
}

func TestFailedBuildKeepsLastGoodOutput(t *testing.T) {
	dir := writeFixture(t, "site")
	parent := t.TempDir()
	out := filepath.Join(parent, "public")
	b := New(Options{ContentDir: dir, OutDir: out, Root: "../..", Workers: 1, Now: func() time.Time { return fixtureNow }})
	defer b.Close()
	if _, err := b.Build(); err != nil {
		t.Fatal(err)
	}
	before := tree(t, out)
	// Break the content: the next build must fail and leave public/ alone.
	if err := os.WriteFile(filepath.Join(dir, "en", "pages", "features.md"), []byte("---\ntitle: [unclosed\n---\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Build(); err == nil {
		t.Fatal("broken content built")
	}
	after := tree(t, out)
	if len(after) != len(before) {
		t.Fatalf("output changed from %d to %d files after a failed build", len(before), len(after))
	}
	for k, v := range before {
		if after[k] != v {
			t.Fatalf("%s changed after a failed build", k)
		}
	}
	// A template error is caught in the render stage, after content loaded.
	if err := os.WriteFile(filepath.Join(dir, "en", "pages", "features.md"), []byte("---\ntitle: Features again\n---\nOK.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Build(); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(read(t, out, "features/index.html"), "Features again") {
		t.Error("the fixed build did not replace the output")
	}
	entries, _ := os.ReadDir(parent)
	for _, e := range entries {
		if e.Name() != "public" {
			t.Errorf("left behind %s next to the output", e.Name())
		}
	}
}

func TestIncrementalBuildRendersOnlyChangedPages(t *testing.T) {
	dir := writeFixture(t, "site")
	out := filepath.Join(t.TempDir(), "public")
	b := New(Options{ContentDir: dir, OutDir: out, Root: "../..", Workers: 1, Now: func() time.Time { return fixtureNow }})
	defer b.Close()
	first, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "en", "pages", "construction.md"), []byte("---\ntitle: Construction\n---\nBuilt even better.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	second, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	// The English page and its two fallbacks (pl, de) changed; nothing else.
	if second.Rendered != 3 {
		t.Errorf("rebuild rendered %d pages, want 3 (of %d)", second.Rendered, first.Rendered)
	}
	if !strings.Contains(read(t, out, "de/construction/index.html"), "Built even better.") {
		t.Error("the fallback page did not pick up the edit")
	}
}

func TestInPlaceRebuildTouchesOnlyChangedFiles(t *testing.T) {
	dir := writeFixture(t, "site")
	out := filepath.Join(t.TempDir(), "public")
	// A static file is copied, and known by its size and mtime afterwards
	// (hashOutput): an editor's change to it is copied again.
	static := filepath.Join(dir, "static", "note.txt")
	if err := os.MkdirAll(filepath.Dir(static), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(static, []byte("one"), 0o644); err != nil {
		t.Fatal(err)
	}
	b := New(Options{ContentDir: dir, OutDir: out, Root: "../..", Workers: 1, InPlace: true, Now: func() time.Time { return fixtureNow }})
	defer b.Close()
	if _, err := b.Build(); err != nil {
		t.Fatal(err)
	}
	if got := read(t, out, "note.txt"); got != "one" {
		t.Fatalf("static file copied as %q", got)
	}
	if err := os.WriteFile(static, []byte("two, longer"), 0o644); err != nil {
		t.Fatal(err)
	}
	untouched := filepath.Join(out, "gallery", "index.html")
	old := time.Now().Add(-time.Hour)
	if err := os.Chtimes(untouched, old, old); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "en", "pages", "construction.md"), []byte("---\ntitle: Construction\n---\nIn place.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(dir, "en", "blog", "second.md")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "en", "blog", "first.md"), []byte("---\ntitle: First post\ndate: 2026-02-01\nsummary: The first one.\n---\nHello.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Build(); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(read(t, out, "construction/index.html"), "In place.") {
		t.Error("the edited page was not rewritten")
	}
	if got := read(t, out, "note.txt"); got != "two, longer" {
		t.Errorf("edited static file is %q in the output", got)
	}
	if fi, err := os.Stat(untouched); err != nil || !fi.ModTime().Equal(old) {
		t.Error("an unchanged page was rewritten")
	}
	if _, err := os.Stat(filepath.Join(out, "blog", "second", "index.html")); !os.IsNotExist(err) {
		t.Error("the deleted post's page is still there")
	}
	if leftovers, _ := filepath.Glob(filepath.Join(out, "*", "*.tmp")); len(leftovers) > 0 {
		t.Errorf("temporary files left: %v", leftovers)
	}
}

// TestOpenPagesRenderedAndWrittenFirst: in watch mode, a build that
// renders every page (the templates changed) renders and writes the pages
// open in a browser before the others, and tells Opened; a build with
// nothing written yet does not.
func TestOpenPagesRenderedAndWrittenFirst(t *testing.T) {
	dir := writeFixture(t, "site")
	out := filepath.Join(t.TempDir(), "public")
	var opened [][]string
	b := New(Options{ContentDir: dir, OutDir: out, Root: "../..", Workers: 1, InPlace: true, Now: func() time.Time { return fixtureNow },
		Open:   func() []string { return []string{"/gallery/"} },
		Opened: func(paths []string) { opened = append(opened, paths) }})
	defer b.Close()
	first, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	if len(opened) != 0 {
		t.Fatalf("the first build told Opened %v", opened)
	}
	b.TemplatesChanged()
	rep, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	if len(opened) != 1 || len(opened[0]) != 1 || strings.TrimSuffix(opened[0][0], "/") != "/gallery" {
		t.Fatalf("Opened was told %v, want the gallery once", opened)
	}
	if rep.Rendered != first.Rendered {
		t.Errorf("rendered %d pages, want all %d", rep.Rendered, first.Rendered)
	}
	early := false
	for _, s := range rep.Substages {
		early = early || s.Name == "1 open page(s) written"
	}
	if !early {
		t.Errorf("no early write among the substages %v", rep.Substages)
	}
	if !strings.Contains(read(t, out, "gallery/index.html"), "</html>") {
		t.Error("the open page is not written whole")
	}
}

func TestRebuildKeepsUnchangedFilesAndRewritesChanged(t *testing.T) {
	dir := writeFixture(t, "site")
	out := filepath.Join(t.TempDir(), "public")
	b := New(Options{ContentDir: dir, OutDir: out, Root: "../..", Workers: 1, Compress: true, Now: func() time.Time { return fixtureNow }})
	defer b.Close()
	if _, err := b.Build(); err != nil {
		t.Fatal(err)
	}
	inode := func(p string) uint64 {
		fi, err := os.Stat(filepath.Join(out, p))
		if err != nil {
			t.Fatal(err)
		}
		return fi.Sys().(*syscall.Stat_t).Ino
	}
	galleryBefore, constructionBefore := inode("gallery/index.html.br"), inode("construction/index.html")
	if err := os.WriteFile(filepath.Join(dir, "en", "pages", "construction.md"), []byte("---\ntitle: Construction\n---\nRebuilt.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	rep, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	if rep.Linked == 0 || rep.Written == 0 || rep.Written >= rep.Bytes {
		t.Errorf("linked %d files, wrote %d of %d bytes", rep.Linked, rep.Written, rep.Bytes)
	}
	if inode("gallery/index.html.br") != galleryBefore {
		t.Error("an unchanged file was rewritten instead of kept")
	}
	if inode("construction/index.html") == constructionBefore {
		t.Error("a changed page kept its old file")
	}
	// The compressed siblings of the changed page hold the new page.
	f, err := os.Open(filepath.Join(out, "construction", "index.html.gz"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	unzipped, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	if string(unzipped) != read(t, out, "construction/index.html") {
		t.Error("index.html.gz does not match index.html after a rebuild")
	}
}

func TestMarkdownPlaceholdersComeFromConfig(t *testing.T) {
	dir := writeFixture(t, "site", "-- en/pages/contact.md --\n---\ntitle: Contact\n---\nRun by **{{company.owner}}** of {{ company.name }}.\n\nWrite to {{company.nickname}}.\n")
	fb := buildFixture(t, dir, filepath.Join(t.TempDir(), "public"))
	if fb.err == nil {
		t.Fatal("an unknown placeholder must fail the build")
	}
	if want := "en/pages/contact.md:6: {{company.nickname}}: unknown placeholder"; !strings.Contains(fb.err.Error(), want) || strings.Count(fb.err.Error(), want) != 1 {
		t.Errorf("got %v, want %s", fb.err, want)
	}
	dir = writeFixture(t, "site", "-- en/pages/contact.md --\n---\ntitle: Contact\n---\nRun by **{{company.owner}}** of {{ company.name }}.\n")
	fb = buildFixture(t, dir, filepath.Join(t.TempDir(), "public"))
	if fb.err != nil {
		t.Fatal(fb.err)
	}
	for _, p := range []string{"contact/index.html", "pl/contact/index.html"} {
		if html := read(t, fb.out, p); !strings.Contains(html, "Run by <strong>Ada Owner</strong> of Fixture Ltd.") {
			t.Errorf("%s: placeholders not replaced with config.toml values", p)
		}
	}
}
