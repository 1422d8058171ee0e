package catalog

import (
	"strings"
	"testing"
	"time"

	"sabershop/internal/content"
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

// TestParseRealCatalogue builds the shop's own catalogue, writes it as the
// build does and reads it back with every lookup.
func TestParseRealCatalogue(t *testing.T) {
	site, err := content.Load("../../content")
	if err != nil {
		t.Fatal(err)
	}
	body, err := Build(site).JSON()
	if err != nil {
		t.Fatal(err)
	}
	cat, err := Parse(body)
	if err != nil {
		t.Fatal(err)
	}
	if cur, ok := cat.Currency("pl"); !ok || cur != "PLN" {
		t.Errorf("Currency(pl) = %q %v", cur, ok)
	}
	if cur, ok := cat.Currency("de"); !ok || cur != "EUR" {
		t.Errorf("Currency(de) = %q %v", cur, ok)
	}
	if p, ok := cat.Product("arc"); !ok || p.Kind != "hilt" {
		t.Errorf("Product(arc) = %+v %v", p, ok)
	}
	if d, ok := cat.Delivery("pl"); !ok || d.Cost["PLN"] <= 0 {
		t.Errorf("Delivery(pl) = %+v %v", d, ok)
	}
	if g, ok := cat.Generator("standard"); !ok || g.Price["EUR"] != 0 {
		t.Errorf("Generator(standard) = %+v %v", g, ok)
	}
	s, ok := cat.Slot(cat.Creator.Slots[0].ID)
	if !ok {
		t.Fatal("first slot not found")
	}
	if _, ok := s.Part(s.Options[0].ID); !ok {
		t.Error("first part of the first slot not found")
	}
	if _, ok := cat.Option("buttons", cat.Creator.Options["buttons"][0].ID); !ok {
		t.Error("first button not found")
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

func TestProductPriceAt(t *testing.T) {
	p := testCatalog().Products[0]
	at := func(s string) time.Time {
		v, err := time.Parse(time.RFC3339, s)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	cases := []struct {
		at       string
		currency string
		want     int64
		ok       bool
	}{
		{"2025-12-31T23:59:59Z", "EUR", 0, false},
		{"2026-01-01T00:00:00Z", "EUR", 34900, true},
		{"2026-05-31T23:59:59Z", "EUR", 34900, true},
		{"2026-06-01T00:00:00Z", "EUR", 29900, true},
		// 01:00 in Warsaw on 1 June is still 31 May in UTC.
		{"2026-06-01T01:00:00+02:00", "EUR", 34900, true},
		{"2030-01-01T00:00:00Z", "EUR", 29900, true},
		{"2026-02-01T00:00:00Z", "PLN", 149900, true},
		// The entry in force has no PLN: no price rather than an old one.
		{"2026-07-01T00:00:00Z", "PLN", 0, false},
		{"2026-02-01T00:00:00Z", "USD", 0, false},
	}
	for _, c := range cases {
		got, ok := ProductPriceAt(&p, c.currency, at(c.at))
		if got != c.want || ok != c.ok {
			t.Errorf("%s %s: %d %v, want %d %v", c.at, c.currency, got, ok, c.want, c.ok)
		}
	}
	if _, ok := ProductPriceAt(nil, "EUR", time.Now()); ok {
		t.Error("a price for no product")
	}
}
