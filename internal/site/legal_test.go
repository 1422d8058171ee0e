package site

import (
	"html"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"sabershop/internal/content"
	"sabershop/internal/render"
)

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
