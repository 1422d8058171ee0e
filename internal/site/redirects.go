package site

import (
	"encoding/json"
	"fmt"

	"sabershop/internal/content"
)

// RedirectsFile is where the build hands the aliases' permanent redirects
// to the daemon: a JSON object {"redirects": {"/old": "/new", ...}} of
// URL paths with their locale prefix, without a trailing slash.
// internal/static reads it with each snapshot of the site (a reload after a
// build picks up the new list) and does not serve it as a file.
const RedirectsFile = "_redirects.json"

// redirect is one alias of a page: its locale's old path and where it was
// written.
type redirect struct {
	to   string
	file string
	line int
}

// planRedirects turns every page's aliases into redirects to the page's
// URL: an alias written in the default locale's file applies in every
// locale (with the locale's prefix), one written in a translation in that
// locale only. An alias that is another page's URL or a static file, or
// that two pages claim, is a content error at the alias's line.
func (a *assembler) planRedirects() {
	a.redirects = map[string]redirect{}
	def := a.cfg.DefaultLocale().Code
	for _, p := range a.pages {
		d := p.doc
		if d == nil || p.key != docPageKey(d) {
			continue // a second page of one file (/homepage, the blog's categories)
		}
		a.addAliases(p, d)
		if p.locale != def && !p.fallback {
			if orig := a.defaultDoc(d); orig != nil {
				a.addAliases(p, orig)
			}
		}
	}
}

func (a *assembler) addAliases(p *page, d *content.Doc) {
	for i, alias := range d.Aliases {
		from := normalize(localePath(a.cfg, p.locale, alias))
		problem := ""
		switch prev, dup := a.redirects[from]; {
		case dup && prev.to == p.path:
			continue // a translation repeating its original's alias
		case dup:
			problem = fmt.Sprintf("%q is also an alias of %s (%s:%d)", alias, prev.to, prev.file, prev.line)
		case a.routes[from]:
			problem = fmt.Sprintf("%q is the URL of another page; an alias must be a path no page has", alias)
		case a.static[from]:
			problem = fmt.Sprintf("%q is a file in content/static", alias)
		}
		if problem != "" {
			a.diags = append(a.diags, content.Diagnostic{File: d.File, Line: d.AliasLines[i], Field: fmt.Sprintf("aliases.%d", i), Problem: problem})
			continue
		}
		a.redirects[from] = redirect{to: p.path, file: d.File, line: d.AliasLines[i]}
	}
}

// docPageKey is the key of the page a document makes (see plan).
func docPageKey(d *content.Doc) string {
	switch d.Kind {
	case content.KindPost:
		return "post:" + d.TranslationKey()
	case content.KindProduct:
		return "product:" + d.Slug
	case content.KindPage:
		return "page:" + d.Slug
	}
	return ""
}

// defaultDoc is the default locale's document that d translates.
func (a *assembler) defaultDoc(d *content.Doc) *content.Doc {
	for _, o := range a.site.Docs[a.cfg.DefaultLocale().Code] {
		if o.Kind == d.Kind && o.TranslationKey() == d.TranslationKey() {
			return o
		}
	}
	return nil
}

// redirectsFile is RedirectsFile's content (encoding/json sorts the keys:
// the same content makes the same file).
func (a *assembler) redirectsFile() ([]byte, error) {
	m := make(map[string]string, len(a.redirects))
	for from, r := range a.redirects {
		m[from] = r.to
	}
	return json.MarshalIndent(struct {
		Redirects map[string]string `json:"redirects"`
	}{m}, "", "  ")
}
