package catalog

import (
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	cases := []struct {
		name, body, err string
	}{
		{"valid", `{"version":"v1","locales":[{"code":"en","currency":"EUR"}]}`, ""},
		{"unknown fields tolerated", `{"version":"v1","future":1,"locales":[{"code":"en","currency":"EUR"}]}`, ""},
		{"no version", `{"locales":[{"code":"en","currency":"EUR"}]}`, "no version"},
		{"no locales", `{"version":"v1","locales":[]}`, "no locales"},
		{"locale without currency", `{"version":"v1","locales":[{"code":"en"}]}`, "without a code or currency"},
		{"truncated", `{"version":"v1","locales":[{"code":"en"`, "unexpected end"},
		{"not an object", `[]`, "cannot unmarshal"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cat, err := Parse([]byte(c.body))
			if c.err == "" {
				if err != nil || cat.Version != "v1" {
					t.Fatalf("Parse = %v, %v", cat, err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Fatalf("err = %v, want one containing %q", err, c.err)
			}
		})
	}
}

func testCatalog() *Catalog {
	return &Catalog{
		Version: "v",
		Locales: []Locale{{Code: "en", Currency: "EUR"}, {Code: "pl", Currency: "PLN"}},
		Products: []Product{{Slug: "arc", Kind: "hilt", Prices: []Price{
			{From: "2026-06-01", Amounts: map[string]int64{"EUR": 29900}}, // unsorted on purpose
			{From: "2026-01-01", Amounts: map[string]int64{"EUR": 34900, "PLN": 149900}},
			{From: "junk", Amounts: map[string]int64{"EUR": 1}},
		}}},
		Creator: Creator{
			Slots:      []Slot{{ID: "emitter", Options: []Part{{ID: "halo"}}}},
			Generators: []Part{{ID: "standard"}, {ID: "crystal"}},
			Options:    map[string][]Option{"sounds": {{ID: "classic"}}},
		},
		Deliveries: []Delivery{{Code: "pl"}, {Code: "de"}},
	}
}

func TestLookupsMissing(t *testing.T) {
	c := testCatalog()
	if _, ok := c.Product("nope"); ok {
		t.Error("Product(nope) found")
	}
	if _, ok := c.Currency("fr"); ok {
		t.Error("Currency(fr) found")
	}
	if c.HasLocale("PL") {
		t.Error("locales are matched exactly; PL is not pl")
	}
	if _, ok := c.Delivery("xx"); ok {
		t.Error("Delivery(xx) found")
	}
	if _, ok := c.Generator("other"); ok {
		t.Error("Generator(other) found")
	}
	if _, ok := c.Slot("blade"); ok {
		t.Error("Slot(blade) found")
	}
	s, _ := c.Slot("emitter")
	if _, ok := s.Part("crown"); ok {
		t.Error("Part(crown) found")
	}
	if _, ok := c.Option("sounds", "dark"); ok {
		t.Error("Option(sounds, dark) found")
	}
	if _, ok := c.Option("colors", "classic"); ok {
		t.Error("an option found in the wrong group")
	}
	// Lookups hand out pointers into the catalogue, not copies.
	p, _ := c.Product("arc")
	if p != &c.Products[0] {
		t.Error("Product returned a copy")
	}
}

// A renamed product is found by its old slug; a current slug wins over an
// old one that another product had.
func TestProductByOldSlug(t *testing.T) {
	c := &Catalog{Products: []Product{{Slug: "arc-classic", OldSlugs: []string{"arc"}}, {Slug: "talon", OldSlugs: []string{"claw"}}, {Slug: "claw"}}}
	if p, ok := c.Product("arc"); !ok || p.Slug != "arc-classic" {
		t.Errorf("Product(arc) = %+v, %v; want arc-classic", p, ok)
	}
	if p, ok := c.Product("claw"); !ok || p.Slug != "claw" {
		t.Errorf("Product(claw) = %+v, %v; want the product named claw now", p, ok)
	}
}
