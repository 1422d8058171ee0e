package site

import (
	"testing"

	"sabershop/internal/catalog"
	"sabershop/internal/content"
)

// TestParseRealCatalogue builds the shop's own catalogue, writes it as the
// build does and reads it back with every lookup.
func TestParseRealCatalogue(t *testing.T) {
	site, err := content.Load("../../content")
	if err != nil {
		t.Fatal(err)
	}
	body, err := Catalog(site).JSON()
	if err != nil {
		t.Fatal(err)
	}
	cat, err := catalog.Parse(body)
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
	if d, ok := cat.Delivery("pl"); !ok || len(d.Methods) != 2 || d.Methods[0].ID != "courier" || d.Methods[0].Cost["PLN"] <= 0 || d.Methods[1].ID != "locker" {
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

// catalog.json carries [legal] creator_returnable to the daemon
// (creator.returnable), and the creator's and the basket's page data
// carry it to the buy box and the checkout.
func TestCreatorReturnableInTheCatalogue(t *testing.T) {
	site, err := content.Load("../../content")
	if err != nil {
		t.Fatal(err)
	}
	for _, on := range []bool{false, true} {
		site.Config.Legal.CreatorReturnable = on
		body, err := Catalog(site).JSON()
		if err != nil {
			t.Fatal(err)
		}
		cat, err := catalog.Parse(body)
		if err != nil {
			t.Fatal(err)
		}
		if cat.Creator.Returnable != on {
			t.Errorf("creator_returnable %v: catalog.json says %v", on, cat.Creator.Returnable)
		}
		a := &assembler{site: site, cfg: site.Config}
		if d := a.creatorData("pl"); d.Returnable != on {
			t.Errorf("creator_returnable %v: the creator's page data says %v", on, d.Returnable)
		}
	}
}
