package site

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sabershop/internal/catalog"
)

// TestRealSiteCatalogCarriesTheTerms: catalog.json carries the terms page
// in every locale for the order e-mail (a durable medium,
// docs/legal.md#confirmation-on-a-durable-medium): the
// company's data filled in, no placeholder left, every link absolute on
// the shop's address, and a version.
func TestRealSiteCatalogCarriesTheTerms(t *testing.T) {
	dir, site := realBuild(t)
	b, err := os.ReadFile(filepath.Join(dir, "catalog.json"))
	if err != nil {
		t.Fatal(err)
	}
	cat, err := catalog.Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	if len(cat.Terms.Version) != 12 {
		t.Errorf("terms version %q, want 12 hex digits", cat.Terms.Version)
	}
	for _, l := range site.Config.Locales {
		text := cat.Terms.Text[l.Code]
		if !strings.HasPrefix(text, "# "+legalTitles["legal-terms"][l.Code]+"\n") {
			t.Errorf("%s: terms start %.60q, want the page's title", l.Code, text)
		}
		if strings.Contains(text, "{{") || !strings.Contains(text, site.Config.Company.TaxID) {
			t.Errorf("%s: placeholders not filled in", l.Code)
		}
		if strings.Contains(text, "](/") || !strings.Contains(text, "]("+site.Config.BaseURL) {
			t.Errorf("%s: links not made absolute", l.Code)
		}
	}
}
