package site

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"sort"
	"strings"
	"time"

	"sabershop/internal/content"
)

// Site-wide files: sitemaps, robots.txt, Atom feeds, the web app manifest.

// sitemaps writes sitemap.xml (an index) and one sitemap per locale in which
// every URL lists its alternates in the other locales.
func (a *assembler) sitemaps(now time.Time) map[string][]byte {
	files := map[string][]byte{}
	var index strings.Builder
	index.WriteString(xml.Header)
	index.WriteString(`<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
	for _, loc := range a.cfg.Locales {
		name := "sitemap-" + loc.Code + ".xml"
		var b strings.Builder
		b.WriteString(xml.Header)
		b.WriteString(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">` + "\n")
		var pages []*page
		for _, p := range a.pages {
			if p.locale == loc.Code && p.sitemap {
				pages = append(pages, p)
			}
		}
		sort.Slice(pages, func(i, j int) bool { return pages[i].path < pages[j].path })
		for _, p := range pages {
			b.WriteString("<url><loc>" + xmlEscape(a.abs(p.path)) + "</loc>")
			if !p.lastMod.IsZero() {
				b.WriteString("<lastmod>" + p.lastMod.Format(time.DateOnly) + "</lastmod>")
			}
			for _, alt := range p.head.alternates {
				b.WriteString(`<xhtml:link rel="alternate" hreflang="` + alt.lang + `" href="` + xmlEscape(alt.href) + `"/>`)
			}
			b.WriteString("</url>\n")
		}
		b.WriteString("</urlset>\n")
		files[name] = []byte(b.String())
		index.WriteString("<sitemap><loc>" + xmlEscape(a.abs("/"+name)) + "</loc><lastmod>" + now.Format(time.DateOnly) + "</lastmod></sitemap>\n")
	}
	index.WriteString("</sitemapindex>\n")
	files["sitemap.xml"] = []byte(index.String())
	return files
}

func xmlEscape(s string) string {
	var b strings.Builder
	_ = xml.EscapeText(&b, []byte(s))
	return b.String()
}

func (a *assembler) robots() []byte {
	var b strings.Builder
	b.WriteString("User-agent: *\nAllow: /\n")
	for _, loc := range a.cfg.Locales {
		pre := localePrefix(a.cfg, loc.Code)
		b.WriteString("Disallow: " + pre + "/basket\nDisallow: " + pre + "/status/\n")
	}
	b.WriteString("Disallow: /v1/\n\nSitemap: " + a.abs("/sitemap.xml") + "\n")
	return []byte(b.String())
}

type atomFeed struct {
	XMLName xml.Name    `xml:"http://www.w3.org/2005/Atom feed"`
	Lang    string      `xml:"xml:lang,attr"`
	Title   string      `xml:"title"`
	ID      string      `xml:"id"`
	Updated string      `xml:"updated"`
	Links   []atomLink  `xml:"link"`
	Author  atomAuthor  `xml:"author"`
	Entries []atomEntry `xml:"entry"`
}

type atomLink struct {
	Rel  string `xml:"rel,attr,omitempty"`
	Type string `xml:"type,attr,omitempty"`
	Href string `xml:"href,attr"`
}

type atomAuthor struct {
	Name string `xml:"name"`
}

type atomEntry struct {
	Title     string     `xml:"title"`
	ID        string     `xml:"id"`
	Link      atomLink   `xml:"link"`
	Published string     `xml:"published"`
	Updated   string     `xml:"updated"`
	Summary   string     `xml:"summary"`
	Category  []atomTerm `xml:"category"`
}

type atomTerm struct {
	Term  string `xml:"term,attr"`
	Label string `xml:"label,attr,omitempty"`
}

// feed is the Atom feed of locale's blog, newest first.
func (a *assembler) feed(locale string) ([]byte, error) {
	blog := a.doc(locale, content.KindPage, "blog")
	posts := a.posts(locale)
	f := atomFeed{Lang: locale, Title: a.cfg.Name + " | " + blog.Title, ID: a.abs(localePath(a.cfg, locale, "/blog")),
		Author: atomAuthor{Name: a.cfg.Name},
		Links: []atomLink{
			{Rel: "self", Type: "application/atom+xml", Href: a.abs(localePath(a.cfg, locale, "/blog/atom.xml"))},
			{Rel: "alternate", Type: "text/html", Href: a.abs(localePath(a.cfg, locale, "/blog"))},
		}}
	updated := time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, p := range posts {
		if p.Date.After(updated) {
			updated = p.Date
		}
		href := a.abs(localePath(a.cfg, locale, "/blog/"+p.Slug))
		e := atomEntry{Title: p.Title, ID: href, Link: atomLink{Rel: "alternate", Href: href},
			Published: p.Date.Format(time.RFC3339), Updated: p.Date.Format(time.RFC3339), Summary: p.Summary}
		for _, c := range p.Categories {
			for _, cat := range a.cfg.Categories {
				if cat.Slug == c {
					e.Category = append(e.Category, atomTerm{Term: c, Label: cat.Names[locale]})
				}
			}
		}
		f.Entries = append(f.Entries, e)
	}
	f.Updated = updated.Format(time.RFC3339)
	out, err := xml.MarshalIndent(f, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("atom feed %s: %w", locale, err)
	}
	return append([]byte(xml.Header), append(out, '\n')...), nil
}

// manifest is the web app manifest that makes the shop installable.
func (a *assembler) manifest() []byte {
	def := a.cfg.DefaultLocale().Code
	m := map[string]any{
		"name": a.cfg.Name, "short_name": a.cfg.ShortName, "lang": def,
		"description": a.t(def, "site.description", nil),
		"start_url":   "/", "scope": "/", "display": "standalone",
		"theme_color": a.cfg.ThemeColor, "background_color": "#0b0b10",
		"icons": []map[string]string{
			{"src": "/icons/icon-192.png", "sizes": "192x192", "type": "image/png"},
			{"src": "/icons/icon-512.png", "sizes": "512x512", "type": "image/png"},
			{"src": "/icons/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "maskable"},
			{"src": "/favicon.svg", "sizes": "any", "type": "image/svg+xml"},
		},
	}
	out, _ := json.MarshalIndent(m, "", "  ")
	return out
}

// errorPage is the minimal fallback error page: plain HTML with no script
// and no stylesheet, for when even the 404 page cannot be served.
func (a *assembler) errorPage() []byte {
	var b strings.Builder
	b.WriteString("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><meta name=\"robots\" content=\"noindex\">")
	b.WriteString("<title>" + xmlEscape(a.cfg.Name) + "</title>")
	b.WriteString("<style>body{margin:0;min-height:100vh;display:grid;place-items:center;background:#0b0b10;color:#f4f4f6;font:16px/1.5 system-ui,sans-serif;text-align:center;padding:1rem}a{color:#ff5a66}h1{font-size:1.5rem}</style></head><body><main>")
	for _, loc := range a.cfg.Locales {
		b.WriteString("<section lang=\"" + loc.Code + "\"><h1>" + xmlEscape(a.t(loc.Code, "errors.generic", nil)) + "</h1>")
		b.WriteString("<p><a href=\"" + localePath(a.cfg, loc.Code, "/") + "\">" + xmlEscape(a.t(loc.Code, "errors.back_home", nil)) + "</a></p></section>")
	}
	b.WriteString("</main></body></html>\n")
	return []byte(b.String())
}
