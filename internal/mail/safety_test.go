package mail

import (
	"strings"
	"testing"

	"sabershop/internal/catalog"
)

// safetyCatalog is testCatalog with safety texts in five languages and
// Belgium, whose consumers read three of them.
func safetyCatalog() *catalog.Catalog {
	cat := testCatalog()
	cat.Safety.Languages = []catalog.SafetyLanguage{{Code: "de", Name: "Deutsch"}, {Code: "en", Name: "English"},
		{Code: "fr", Name: "français"}, {Code: "nl", Name: "Nederlands"}, {Code: "pl", Name: "polski"}}
	cat.Deliveries[0].Languages = []string{"pl"}
	cat.Deliveries[1].Languages = []string{"de"}
	cat.Deliveries = append(cat.Deliveries, catalog.Delivery{Code: "be", Names: map[string]string{"en": "Belgium", "pl": "Belgia", "de": "Belgien"},
		Methods: []catalog.DeliveryMethod{{ID: "courier", DaysMin: 3, DaysMax: 7}}, Languages: []string{"nl", "fr", "de"}})
	return cat
}

// The order e-mail links to the safety text in each language of the
// delivery country, then in the order's own, each on the site in the
// order's locale (GPSR art. 19, 9(7); docs/legal.md#product-safety). The
// text part's section, whole:
func TestOrderPlacedLinksTheSafetyTexts(t *testing.T) {
	cat := safetyCatalog()
	o := testOrder("pl")
	o.Customer.Country = "be"
	m, err := OrderPlaced(cat, o, statusURL)
	if err != nil {
		t.Fatal(err)
	}
	want := mustT(t, "pl", "safety.heading") + "\n" + mustT(t, "pl", "safety.intro") + `
Nederlands: https://saberforge.example/pl/safety/nl
français: https://saberforge.example/pl/safety/fr
Deutsch: https://saberforge.example/pl/safety/de
polski: https://saberforge.example/pl/safety/pl
`
	if !strings.Contains(m.Text, want) {
		t.Errorf("the text part lacks\n%s\nin\n%s", want, m.Text)
	}
	for _, s := range []string{`<a href="https://saberforge.example/pl/safety/nl" lang="nl" hreflang="nl"`, ">Nederlands</a>",
		`href="https://saberforge.example/pl/safety/pl" lang="pl"`, ">" + mustT(t, "pl", "safety.heading") + "</h2>"} {
		if !strings.Contains(m.HTML, s) {
			t.Errorf("the HTML part lacks %q", s)
		}
	}

	// An English order to Germany: German, then English, under the
	// English site's paths; once each.
	o = testOrder("en")
	o.Customer.Country = "de"
	m, err = OrderPlaced(cat, o, statusURL)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(m.Text, "Deutsch: https://saberforge.example/safety/de\nEnglish: https://saberforge.example/safety/en\n\n") ||
		strings.Count(m.Text, "/safety/") != 2 {
		t.Errorf("an English order to Germany:\n%s", m.Text)
	}

	// A catalogue of an older build has no texts: no section.
	m, err = OrderPlaced(testCatalog(), testOrder("de"), statusURL)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(m.Text, mustT(t, "de", "safety.heading")) || strings.Contains(m.HTML, "/safety/") {
		t.Error("a catalogue without safety texts got a safety section")
	}
}
