package site

import (
	"bytes"

	"html"
	"regexp"
	"sabershop/internal/content"
	"sabershop/internal/images"
	"strconv"
	"strings"
)

// head is what Go writes into <head>; the templates render only <body>.
type head struct {
	title       string
	description string
	canonical   string // absolute; empty for pages that are not indexed
	alternates  []alternate
	noindex     bool
	ogType      string
	ogImage     string
	ogPhoto     bool // ogImage is the pipeline's 1200x630 JPEG
	ogLocale    string
	ogAlts      []string
	jsonLD      []any
}

type alternate struct {
	lang, href string // absolute href
}

var ogLocales = map[string]string{"en": "en_GB", "pl": "pl_PL", "de": "de_DE"}

func (a *assembler) abs(p string) string { return a.cfg.BaseURL + p }

func (a *assembler) head(p *page, ld []any) head {
	d := p.doc
	h := head{ogType: "website", ogLocale: ogLocales[p.locale], jsonLD: ld}
	h.title = a.title(p)
	if p.req.Data.Template == "notFound" {
		h.noindex = true
	}
	h.description = firstNonEmpty(d.Description, d.Summary, a.t(p.locale, "site.description", nil))
	if p.doc.Kind == content.KindPage && unindexed[p.doc.Slug] {
		h.noindex = true
	}
	if !h.noindex {
		canonicalKey := p.key
		if p.key == "page:homepage" {
			canonicalKey = "page:home" // /homepage is the same page as /
		}
		h.canonical = a.abs(a.paths[canonicalKey][p.locale])
		for _, l := range a.cfg.Locales {
			if href, ok := a.paths[canonicalKey][l.Code]; ok {
				h.alternates = append(h.alternates, alternate{lang: l.Code, href: a.abs(href)})
			}
		}
		if href, ok := a.paths[canonicalKey][a.cfg.DefaultLocale().Code]; ok {
			h.alternates = append(h.alternates, alternate{lang: "x-default", href: a.abs(href)})
		}
	}
	for _, l := range a.cfg.Locales {
		if l.Code != p.locale {
			h.ogAlts = append(h.ogAlts, ogLocales[l.Code])
		}
	}
	switch p.req.Data.Template {
	case "post":
		h.ogType = "article"
	case "product":
		h.ogType = "product"
	}
	// Social networks ignore SVG: the first photo's 1200x630 JPEG, and
	// the SVG artwork only where the page has no photo.
	img, photo := a.socialImage(a.docImages(d)...)
	if !photo {
		img = d.Cover
		if p.req.Data.Product != nil && len(p.req.Data.Product.Images) > 0 {
			img = p.req.Data.Product.Images[0]
		}
	}
	if img == "" {
		img = "/icons/icon-512.png"
	}
	h.ogImage, h.ogPhoto = a.abs(img), photo
	return h
}

// title is the page's <title>: "Page | Shop", and the shop's name first
// on the home page. The name is never written twice: a title that already
// names the shop ("Welcome to Saber Forge") stands alone, and a home page
// titled just with the name ("Saber Forge | Saber Forge") takes the
// tagline instead.
func (a *assembler) title(p *page) string {
	name, title := a.cfg.Name, p.req.Page.Title
	names := func(s string) bool { return strings.Contains(strings.ToLower(s), strings.ToLower(name)) }
	if p.req.Data.Template == "home" {
		if names(title) {
			title = ""
			if t := a.t(p.locale, "site.tagline", nil); t != "site.tagline" && !names(t) {
				title = t
			}
		}
		if strings.TrimSpace(title) == "" {
			return name
		}
		return name + " | " + title
	}
	if names(title) {
		return title
	}
	return title + " | " + name
}

func firstNonEmpty(s ...string) string {
	for _, x := range s {
		if strings.TrimSpace(x) != "" {
			return x
		}
	}
	return ""
}

// headAssets are the per-build URLs the head links to.
type headAssets struct {
	css      string
	preloads []string
	// islandCSS are the stylesheets of the page's islands (after the site's).
	islandCSS []string
	loader    string // empty when the page has no islands
	sitewide  string // prefetch, progress bar, service worker registration
	// consentBoot is inlined first in <head>: it shows the cookie banner
	// from the first paint when it is due (components/consent-boot.ts).
	consentBoot string
	dev         string // extra markup in dev mode (live reload)
}

// writeDocument writes the whole HTML document around a rendered body.
func (a *assembler) writeDocument(buf *bytes.Buffer, p *page, body string, as headAssets) {
	esc := html.EscapeString
	h := p.head
	buf.WriteString("<!doctype html>\n<html lang=\"")
	buf.WriteString(p.locale)
	buf.WriteString("\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
	buf.WriteString("<title>" + esc(h.title) + "</title>\n")
	if as.consentBoot != "" {
		buf.WriteString("<script data-version=\"" + esc(a.cfg.ConsentVersion) + "\" data-months=\"" + strconv.Itoa(a.cfg.ConsentMonths) + "\">")
		buf.WriteString(as.consentBoot)
		buf.WriteString("</script>\n")
	}
	// No first paint before the header is whole: painted from a first
	// chunk of HTML that ends inside it, the header's items moved when the
	// rest arrived (a layout shift). Rendering waits until <main> is
	// parsed, which follows the header and the cookie banner (Chromium;
	// other browsers ignore it).
	buf.WriteString("<link rel=\"expect\" href=\"#main\" blocking=\"render\">\n")
	buf.WriteString("<meta name=\"description\" content=\"" + esc(h.description) + "\">\n")
	if h.noindex {
		buf.WriteString("<meta name=\"robots\" content=\"noindex\">\n")
	}
	if h.canonical != "" {
		buf.WriteString("<link rel=\"canonical\" href=\"" + esc(h.canonical) + "\">\n")
	}
	for _, alt := range h.alternates {
		buf.WriteString("<link rel=\"alternate\" hreflang=\"" + alt.lang + "\" href=\"" + esc(alt.href) + "\">\n")
	}
	buf.WriteString("<meta name=\"theme-color\" content=\"" + esc(a.cfg.ThemeColor) + "\">\n")
	buf.WriteString("<link rel=\"icon\" href=\"/favicon.svg\" type=\"image/svg+xml\">\n")
	buf.WriteString("<link rel=\"apple-touch-icon\" href=\"/icons/icon-192.png\">\n")
	buf.WriteString("<link rel=\"manifest\" href=\"/manifest.webmanifest\">\n")
	if p.locale != "" {
		buf.WriteString("<link rel=\"alternate\" type=\"application/atom+xml\" title=\"" + esc(a.cfg.Name) + "\" href=\"" + esc(localePath(a.cfg, p.locale, "/blog/atom.xml")) + "\">\n")
	}
	og := [][2]string{
		{"og:type", h.ogType}, {"og:site_name", a.cfg.Name}, {"og:title", p.req.Page.Title},
		{"og:description", h.description}, {"og:image", h.ogImage}, {"og:locale", h.ogLocale},
	}
	if h.ogPhoto {
		og = append(og, [2]string{"og:image:width", strconv.Itoa(images.OGWidth)}, [2]string{"og:image:height", strconv.Itoa(images.OGHeight)})
	}
	if h.canonical != "" {
		og = append(og, [2]string{"og:url", h.canonical})
	}
	for _, alt := range h.ogAlts {
		og = append(og, [2]string{"og:locale:alternate", alt})
	}
	for _, m := range og {
		buf.WriteString("<meta property=\"" + m[0] + "\" content=\"" + esc(m[1]) + "\">\n")
	}
	buf.WriteString("<meta name=\"twitter:card\" content=\"summary_large_image\">\n")
	if as.css != "" {
		buf.WriteString("<link rel=\"stylesheet\" href=\"" + as.css + "\">\n")
	}
	for _, u := range as.islandCSS {
		buf.WriteString("<link rel=\"stylesheet\" href=\"" + u + "\">\n")
	}
	hoisted, body := hoistResourceLinks(body)
	for _, l := range hoisted {
		buf.WriteString(l + "\n")
	}
	// An island's first-screen pictures: React puts their preloads at the
	// start of the island's markup.
	pictures := len(as.preloads) > 0 && strings.Contains(body, `<link rel="preload" as="image"`)
	for _, u := range as.preloads {
		// On a page that preloads its first screen's pictures (the
		// creator's hilt, its LCP), the islands' modules go at low
		// priority: on Slow 4G they shared the line with the pictures,
		// which came 300-450 ms late; hydration starts about 100 ms later
		// instead. Where the first screen is text (the basket, a status
		// page) they keep their priority: low only delayed hydration there
		// (docs/benchmarks.md, "Islands' modules at low priority"). The
		// loader, which takes the first clicks, always keeps its own.
		if u == as.loader || !pictures {
			buf.WriteString("<link rel=\"modulepreload\" href=\"" + u + "\">\n")
		} else {
			buf.WriteString("<link rel=\"modulepreload\" href=\"" + u + "\" fetchpriority=\"low\">\n")
		}
	}
	if as.loader != "" {
		buf.WriteString("<script type=\"module\" src=\"" + as.loader + "\"></script>\n")
	}
	if as.sitewide != "" {
		buf.WriteString("<script type=\"module\" src=\"" + as.sitewide + "\"></script>\n")
	}
	for _, ld := range h.jsonLD {
		buf.WriteString("<script type=\"application/ld+json\">")
		buf.Write(jsonForScript(ld))
		buf.WriteString("</script>\n")
	}
	buf.WriteString(as.dev)
	draft := p.doc != nil && p.doc.Draft
	if draft {
		buf.WriteString(draftBadgeStyle)
	}
	buf.WriteString("</head>\n<body>\n")
	if draft {
		buf.WriteString("<p class=\"draft-badge\" role=\"note\" title=\"" + esc(a.t(p.locale, "draft.hint", nil)) + "\">" + esc(a.t(p.locale, "draft.badge", nil)) + "</p>\n")
	}
	buf.WriteString(body)
	buf.WriteString("\n</body>\n</html>\n")
}

// draftBadgeStyle makes the dev build's "draft" badge a yellow strip
// above the site's header, in the page's flow so that it covers nothing
// (the header's basket and menu stay usable). It is in the page, not the
// site's stylesheet, because only drafts need it.
const draftBadgeStyle = "<style>.draft-badge{margin:0;padding:.15rem .5rem;background:#ffd54a;color:#1a1a1a;" +
	"font:700 .75rem/1.5 system-ui,sans-serif;letter-spacing:.08em;text-transform:uppercase;text-align:center}</style>\n"

var leadingLink = regexp.MustCompile(`^<link [^>]*/?>`)

// hoistResourceLinks takes the <link rel="preload"> tags React 19 puts at
// the start of its output (for images it will render) out of the body, so
// they can go into <head> where they belong.
func hoistResourceLinks(body string) ([]string, string) {
	var links []string
	for {
		m := leadingLink.FindString(body)
		if m == "" {
			return links, body
		}
		links = append(links, m)
		body = body[len(m):]
	}
}

// jsonForScript encodes v for a <script> element: appendLD, like
// json.Marshal, escapes <, > and &, so "</script>" in content cannot
// close the element.
func jsonForScript(v any) []byte {
	b, err := appendLD(nil, v)
	if err != nil {
		return []byte("{}")
	}
	return b
}
