package order

import (
	"strings"
	"testing"
	"time"

	"sabershop/internal/catalog/catalogtest"
	"sabershop/internal/shipping"
)

// The tests here use the catalogue built from the shop's own content/, so
// that a content change that breaks ordering fails here and not at the
// first customer.

// TestRealZipPatterns: every shipping country of the real catalogue has
// its own postal code pattern, not the fallback.
func TestRealZipPatterns(t *testing.T) {
	cat := catalogtest.Shop(t)
	if len(cat.Deliveries) != 16 {
		t.Errorf("%d countries", len(cat.Deliveries))
	}
	for _, d := range cat.Deliveries {
		if _, ok := zipPatterns[d.Code]; !ok {
			t.Errorf("no postal code pattern for %s (%s)", d.Code, d.Names["en"])
		}
	}
}

// TestRealIssueExample: the verbatim example request (issueExample) against
// the real catalogue. Its empty design is refused field by field; with the
// default design in its place the order is priced from the catalogue's
// numbers.
func TestRealIssueExample(t *testing.T) {
	cat := catalogtest.Shop(t)
	req, err := DecodeRequest(strings.NewReader(issueExample))
	if err != nil {
		t.Fatal(err)
	}
	Normalize(&req)
	errs := Validate(req, cat)
	for f := range errs {
		if !strings.HasPrefix(f, "items.1.creator") {
			t.Errorf("unexpected %s: %s", f, errs[f])
		}
	}
	for _, s := range cat.Creator.Slots {
		if errs["items.1.creator.parts."+s.ID] != KeyRequired {
			t.Errorf("slot %s not reported: %v", s.ID, errs)
		}
	}

	design := DefaultCreator(cat)
	req.Items[1].Creator = &design
	if errs := Validate(req, cat); len(errs) != 0 {
		t.Fatal(errs)
	}
	at := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	p, errs := Price(cat, req, at)
	if len(errs) != 0 {
		t.Fatal(errs)
	}
	arc, _ := cat.Product("arc")
	arcPrice, _ := arc.PriceAt("PLN", at)
	crystal, _ := cat.Generator("crystal")
	if p.Lines[0].UnitPrice != arcPrice+crystal.Price["PLN"] || crystal.Price["PLN"] <= 0 {
		t.Errorf("arc with crystal %d, want %d + %d", p.Lines[0].UnitPrice, arcPrice, crystal.Price["PLN"])
	}
	wantDesign := cat.Creator.BasePrice["PLN"]
	for _, s := range cat.Creator.Slots {
		wantDesign += s.Options[0].Price["PLN"]
	}
	wantDesign += cat.Creator.Generators[0].Price["PLN"]
	if p.Lines[1].UnitPrice != wantDesign || p.Lines[1].Name != "Własny miecz" || p.Lines[1].Returnable {
		t.Errorf("design line %+v, want unit %d", p.Lines[1], wantDesign)
	}
	waste := cat.Fees.Waste["PLN"]
	country, _ := cat.Delivery("pl")
	ship, _ := country.Method("")
	if waste <= 0 || p.Totals.WasteFee != 2*waste || p.Totals.Shipping != ship.Cost["PLN"] || p.Delivery.Method != shipping.Courier ||
		p.Totals.Total != p.Totals.Subtotal+p.Totals.Shipping || p.BuildDays != cat.Creator.BuildDays {
		t.Errorf("totals %+v, build %d", p.Totals, p.BuildDays)
	}
	// The coupon minimum of 1000 PLN (docs/product-rules.md#discount-codes) is
	// what this order is judged by.
	if cat.Coupons.Minimum["PLN"] != 100000 {
		t.Errorf("coupon minimum %d, the rule says 1000.00 PLN", cat.Coupons.Minimum["PLN"])
	}
}

// TestRealEveryProductOrderable: each product of the shop can be ordered
// in every locale today, with each generator for hilts.
func TestRealEveryProductOrderable(t *testing.T) {
	cat := catalogtest.Shop(t)
	at := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	for _, l := range cat.Locales {
		for _, prod := range cat.Products {
			variants := []string{""}
			if prod.Kind == KindHilt {
				for _, g := range cat.Creator.Generators {
					variants = append(variants, g.ID)
				}
			}
			for _, v := range variants {
				req := validRequest()
				req.Locale = l.Code
				req.Items = []ItemRequest{{Product: prod.Slug, Variant: v, Quantity: 1}}
				if errs := Validate(req, cat); len(errs) != 0 {
					t.Errorf("%s %s %q: %v", l.Code, prod.Slug, v, errs)
					continue
				}
				if p, errs := Price(cat, req, at); len(errs) != 0 || p.Lines[0].Name == "" {
					t.Errorf("%s %s %q: %v %+v", l.Code, prod.Slug, v, errs, p.Lines)
				}
			}
		}
	}
}
