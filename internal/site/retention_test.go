package site

import (
	"fmt"
	"strings"
	"testing"

	"sabershop/internal/catalog"
	"sabershop/internal/content"
)

// The privacy page prints the retention periods from content/config.toml
// (the numbers the daemon applies through catalog.json), in every locale,
// with no placeholder left; the catalogue carries the same values.
func TestPrivacyPagePrintsTheRetentionSettings(t *testing.T) {
	s, err := content.Load("../../content")
	if err != nil {
		t.Fatal(err)
	}
	r := s.Config.Retention
	if r != r.OrDefaults() || r.OrdersYears < catalog.MinOrdersYears {
		t.Fatalf("retention %+v: a zero or too short period", r)
	}
	if got := Catalog(s).Retention; got != r {
		t.Errorf("catalog.json's retention %+v, config's %+v", got, r)
	}
	a := &assembler{site: s, cfg: s.Config}
	for _, l := range s.Config.Locales {
		var doc *content.Doc
		for _, d := range s.Docs[l.Code] {
			if d.Kind == content.KindPage && d.Slug == "legal-privacy" {
				doc = d
			}
		}
		if doc == nil {
			t.Fatalf("no legal-privacy page in %s", l.Code)
		}
		var diags content.Diagnostics
		html, err := renderMarkdown(doc, func(dest string) (string, bool) { return dest, true }, nil, a.vars(), &diags)
		if err != nil || len(diags) > 0 {
			t.Fatalf("%s: %v %v", l.Code, err, diags)
		}
		for _, want := range []string{fmt.Sprintf(" %d ", r.OrdersYears), fmt.Sprintf("X + %d", r.OrdersYears+2),
			fmt.Sprintf(" %d ", r.MessagesMonths), fmt.Sprintf(" %d ", r.UnconfirmedDays)} {
			if !strings.Contains(html, want) {
				t.Errorf("%s: the privacy page does not print %q (retention %+v)", l.Code, want, r)
			}
		}
		if strings.Contains(html, "{{") {
			t.Errorf("%s: a placeholder is left in the privacy page", l.Code)
		}
	}
}
