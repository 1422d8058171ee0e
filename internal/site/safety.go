package site

import (
	"regexp"
	"strconv"

	"sabershop/internal/catalog"
	"sabershop/internal/content"
)

// Product safety information (General Product Safety Regulation (EU)
// 2023/988, art. 19; docs/legal.md#product-safety). Every product page
// and the creator's show the manufacturer, the product's type and model
// and the safety text in the page's language, with links to the text in
// each other language of the delivery countries (art. 9(7)); each text
// has a page of its own in every locale of the site: /safety/cs,
// /pl/safety/cs, /de/safety/cs (the site's interface around the text's
// language).

// safetyInfo is the safety section of a product or creator page, or the
// data of a safety text's own page.
type safetyInfo struct {
	// Manufacturer: name, postal and electronic address (art. 19(a)).
	Manufacturer catalog.Party `json:"manufacturer"`
	// EUResponsible is the responsible person in the EU of a manufacturer
	// established outside it; absent otherwise.
	EUResponsible *catalog.Party `json:"eu_responsible,omitempty"`
	// Type is the product's type in the page's locale ("Hilt"); Model its
	// model identifier (art. 19(c)); both empty on a safety text's page.
	Type  string `json:"type"`
	Model string `json:"model"`
	// Lang is the text's language (ISO 639-1), Name its own name
	// ("čeština"), Title the text's title in it.
	Lang  string `json:"lang"`
	Name  string `json:"name"`
	Title string `json:"title"`
	// HTML is the safety text rendered (trusted), its headings one level
	// down: under the section's or the page's h2.
	HTML string `json:"html"`
	// Href is the text's own page in the page's locale.
	Href string `json:"href"`
	// Others are the text in the other languages the delivery countries
	// read, each on its page in the page's locale.
	Others []safetyLink `json:"others"`
}

// safetyLink is a safety text's page: its language and the language's
// own name.
type safetyLink struct {
	Lang string `json:"lang"`
	Name string `json:"name"`
	Href string `json:"href"`
}

// safetyKey is the page key of the safety text in lang.
func safetyKey(lang string) string { return "safety:" + lang }

// planSafety adds the page of every safety text in every locale.
func (a *assembler) planSafety() {
	for _, loc := range a.cfg.Locales {
		l := loc.Code
		for _, st := range a.site.Safety {
			d := &content.Doc{Kind: content.KindSafety, Locale: l, Slug: st.Lang, File: st.Doc.File,
				Title:       a.t(l, "safety.title", nil) + "\u00a0– " + st.Name,
				Description: a.t(l, "safety.page_description", map[string]any{"site": a.cfg.Name, "language": st.Name})}
			p := &page{key: safetyKey(st.Lang), locale: l, path: localePath(a.cfg, l, catalog.SafetyPath(st.Lang)), doc: d, sitemap: true}
			p.req.Data.Template = "safety"
			p.out = outputFile(p.path)
			a.add(p)
		}
	}
}

// fillSafety is a safety text's own page.
func (a *assembler) fillSafety(p *page) ([]link, []any) {
	s := a.safetyInfo(p.locale, p.doc.Slug)
	p.req.Data.Safety = &s
	return a.trail(p), nil
}

// safetyInfo is the safety text in lang for a page of locale, with the
// manufacturer and the links to the other languages.
func (a *assembler) safetyInfo(locale, lang string) safetyInfo {
	s := a.cfg.Safety
	info := safetyInfo{Manufacturer: s.Manufacturer, EUResponsible: s.EUResponsible, Lang: lang, Others: []safetyLink{}}
	if st := a.site.SafetyText(lang); st != nil {
		info.Name, info.Title = st.Name, st.Doc.Title
		info.HTML = a.safetyText(locale, st)
		info.Href = localePath(a.cfg, locale, catalog.SafetyPath(lang))
	}
	for _, l := range a.safetyLanguages() {
		if l.Code != lang {
			info.Others = append(info.Others, safetyLink{Lang: l.Code, Name: l.Name, Href: localePath(a.cfg, locale, catalog.SafetyPath(l.Code))})
		}
	}
	return info
}

// safetyText is st rendered for a page of locale, once a build: its
// links lead to that locale's pages, its headings sit under the page's h2.
// (Rendered again for each product page, its diagnostics were reported
// again each time.)
func (a *assembler) safetyText(locale string, st *content.SafetyText) string {
	key := [2]string{locale, st.Lang}
	if html, ok := a.safetyHTML[key]; ok {
		return html
	}
	d := *st.Doc
	d.Locale = locale
	html := demoteHeadings(a.markdown(&d))
	if a.safetyHTML == nil {
		a.safetyHTML = map[[2]string]string{}
	}
	a.safetyHTML[key] = html
	return html
}

// safetyLanguages are the languages of the safety texts the delivery
// countries read, and those of the site's locales, in code order (a text
// no one needs is published but not offered).
func (a *assembler) safetyLanguages() []catalog.SafetyLanguage {
	needed := map[string]bool{}
	for _, c := range a.site.Deliveries {
		for _, l := range c.Languages {
			needed[l] = true
		}
	}
	for _, l := range a.cfg.Locales {
		needed[l.Code] = true
	}
	var out []catalog.SafetyLanguage
	for _, l := range a.cfg.Safety.Languages {
		if needed[l.Code] {
			out = append(out, l)
		}
	}
	return out
}

// productSafety is the safety section of a page of locale for a product of
// kind (its type) and model. The text is in the page's language: every
// locale of the site has one (the loader requires it).
func (a *assembler) productSafety(locale, kind, model string) *safetyInfo {
	s := a.safetyInfo(locale, locale)
	s.Type, s.Model = kind, model
	return &s
}

var headingTag = regexp.MustCompile(`<(/?)h([1-5])([ >])`)

// demoteHeadings puts every heading of html one level down (h2 -> h3): a
// safety text's sections sit under a heading of the page.
func demoteHeadings(html string) string {
	return headingTag.ReplaceAllStringFunc(html, func(m string) string {
		g := headingTag.FindStringSubmatch(m)
		n, _ := strconv.Atoi(g[2])
		return "<" + g[1] + "h" + strconv.Itoa(n+1) + g[3]
	})
}
