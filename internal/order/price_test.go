package order

import (
	"testing"
	"time"

	"sabershop/internal/catalog"
	"sabershop/internal/shipping"
)

func TestPriceValidRequest(t *testing.T) {
	p, errs := Price(testCatalog(), validRequest(), testAt)
	if len(errs) != 0 {
		t.Fatal(errs)
	}
	// Arc 1499.00 + crystal 150.00; design 1699.00 + crown 65.00 + leather
	// 105.00 + crystal 150.00; shipping to Poland 19.00.
	want := []Line{
		{Product: "arc", Variant: "crystal", Name: "Arc PL", Image: "/arc.webp", Quantity: 1, UnitPrice: 164900, Total: 164900, WasteFee: 12, Returnable: true, BuildDays: 7},
		{Product: CreatorSlug, Name: "Własny miecz", Quantity: 1, UnitPrice: 201900, Total: 201900, WasteFee: 12, Returnable: false, BuildDays: 15},
	}
	if len(p.Lines) != len(want) {
		t.Fatalf("lines %+v", p.Lines)
	}
	for i, w := range want {
		got := p.Lines[i]
		got.Creator = nil
		if got != w {
			t.Errorf("line %d:\n got %+v\nwant %+v", i, got, w)
		}
	}
	if p.Lines[1].Creator == nil || p.Lines[1].Creator.Parts["emitter"] != "crown" {
		t.Errorf("the design is not on its line: %+v", p.Lines[1].Creator)
	}
	wantTotals := Totals{Subtotal: 366800, Shipping: 1900, WasteFee: 24, Total: 368700}
	if p.Totals != wantTotals {
		t.Errorf("totals %+v, want %+v", p.Totals, wantTotals)
	}
	if p.Currency != "PLN" || p.DeliveryDays != [2]int{1, 3} || p.BuildDays != 15 || p.Returnable || p.Coupon != "" {
		t.Errorf("priced %+v", p)
	}
}

func TestPriceQuantitiesAndFees(t *testing.T) {
	req := validRequest()
	req.Locale, req.Customer.Country = "de", "de"
	req.Items = []ItemRequest{{Product: "arc", Quantity: 3}, {Product: "plug", Quantity: 2}}
	p, errs := Price(testCatalog(), req, testAt)
	if len(errs) != 0 {
		t.Fatal(errs)
	}
	arc, plug := p.Lines[0], p.Lines[1]
	// The waste fee is per saber unit and included, not added; accessories
	// carry none.
	if arc.UnitPrice != 34900 || arc.Total != 104700 || arc.WasteFee != 12 || arc.Name != "Arc DE" {
		t.Errorf("arc %+v", arc)
	}
	if plug.UnitPrice != 1500 || plug.Total != 3000 || plug.WasteFee != 0 || plug.Name != "Stecker" {
		t.Errorf("plug %+v", plug)
	}
	if p.Totals != (Totals{Subtotal: 107700, Shipping: 1500, WasteFee: 12, Total: 109200}) {
		t.Errorf("totals %+v", p.Totals)
	}
	// Only accessories and hilts: returnable, build time of the slower.
	if p.Currency != "EUR" || !p.Returnable || p.BuildDays != 7 || p.DeliveryDays != [2]int{3, 7} {
		t.Errorf("priced %+v", p)
	}
}

// TestPriceDated: the price in force at the instant of the order.
func TestPriceDated(t *testing.T) {
	cases := []struct {
		at   time.Time
		want int64
	}{
		{time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), 149900},
		{time.Date(2026, 5, 31, 23, 59, 59, 0, time.UTC), 149900},
		{time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC), 129900},
		// Midnight in Warsaw is still the day before in UTC.
		{time.Date(2026, 6, 1, 1, 0, 0, 0, time.FixedZone("CEST", 2*3600)), 149900},
		{time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC), 129900},
	}
	for _, c := range cases {
		req := validRequest()
		req.Items = []ItemRequest{{Product: "arc", Quantity: 1}}
		p, errs := Price(testCatalog(), req, c.at)
		if len(errs) != 0 || p.Lines[0].UnitPrice != c.want {
			t.Errorf("at %v: %+v %v, want %d", c.at, p.Lines, errs, c.want)
		}
	}
	req := validRequest()
	p, errs := Price(testCatalog(), req, time.Date(2025, 12, 31, 23, 59, 59, 0, time.UTC))
	assertErrors(t, errs, FieldErrors{"items.0.product": KeyProductNoPrice})
	if p.Lines != nil || p.Totals != (Totals{}) {
		t.Errorf("a partial price with errors: %+v", p)
	}
}

func TestPriceErrors(t *testing.T) {
	cases := []struct {
		name   string
		change func(*Request, *catalog.Catalog)
		want   FieldErrors
	}{
		{"unknown locale", func(r *Request, _ *catalog.Catalog) { r.Locale = "fr" }, FieldErrors{"locale": KeyLocaleUnknown}},
		{"unknown country", func(r *Request, _ *catalog.Catalog) { r.Customer.Country = "us" }, FieldErrors{"country": KeyCountryUnknown}},
		{"no cost in the currency", func(r *Request, c *catalog.Catalog) { delete(c.Deliveries[0].Methods[0].Cost, "PLN") }, FieldErrors{"country": KeyCountryUnknown}},
		{"unknown method", func(r *Request, _ *catalog.Catalog) { r.Delivery.Method = "drone" }, FieldErrors{"delivery.method": KeyMethodUnknown}},
		{"a saber to a locker", func(r *Request, _ *catalog.Catalog) {
			r.Delivery = DeliveryRequest{Method: shipping.Locker, Point: "KRA01M"}
		}, FieldErrors{"delivery.method": KeyLockerTooBig}},
		{"no items", func(r *Request, _ *catalog.Catalog) { r.Items = nil }, FieldErrors{"items": KeyItemsRequired}},
		{"too many items", func(r *Request, _ *catalog.Catalog) { r.Items = make([]ItemRequest, MaxLines+1) }, FieldErrors{"items": KeyItemsTooMany}},
		{"quantity 0", func(r *Request, _ *catalog.Catalog) { r.Items[0].Quantity = 0 }, FieldErrors{"items.0.quantity": KeyQuantityRange}},
		{"huge quantity", func(r *Request, _ *catalog.Catalog) { r.Items[1].Quantity = 1 << 62 }, FieldErrors{"items.1.quantity": KeyQuantityRange}},
		{"ambiguous", func(r *Request, _ *catalog.Catalog) { r.Items[0].Creator = testDesign() }, FieldErrors{"items.0": KeyItemAmbiguous}},
		{"empty item", func(r *Request, _ *catalog.Catalog) { r.Items[1] = ItemRequest{Quantity: 1} }, FieldErrors{"items.1": KeyItemAmbiguous}},
		{"unknown product", func(r *Request, _ *catalog.Catalog) { r.Items[0].Product = "nope" }, FieldErrors{"items.0.product": KeyProductUnknown}},
		{"product without the currency", func(r *Request, c *catalog.Catalog) { delete(c.Products[0].Prices[0].Amounts, "PLN") }, FieldErrors{"items.0.product": KeyProductNoPrice}},
		{"negative catalogue price", func(r *Request, c *catalog.Catalog) { c.Products[0].Prices[0].Amounts["PLN"] = -1 }, FieldErrors{"items.0.product": KeyProductNoPrice}},
		{"absurd catalogue price", func(r *Request, c *catalog.Catalog) { c.Products[0].Prices[0].Amounts["PLN"] = 1 << 62 }, FieldErrors{"items.0.product": KeyProductNoPrice}},
		{"unknown variant", func(r *Request, _ *catalog.Catalog) { r.Items[0].Variant = "kyber" }, FieldErrors{"items.0.variant": KeyVariantUnknown}},
		{"accessory variant", func(r *Request, _ *catalog.Catalog) { r.Items[0].Product = "plug" }, FieldErrors{"items.0.variant": KeyVariantUnknown}},
		{"variant without the currency", func(r *Request, c *catalog.Catalog) { delete(c.Creator.Generators[1].Price, "PLN") }, FieldErrors{"items.0.variant": KeyVariantUnknown, "items.1.creator": KeyProductNoPrice}},
		{"bad design", func(r *Request, _ *catalog.Catalog) { r.Items[1].Creator.Parts["grip"] = "x" }, FieldErrors{"items.1.creator.parts.grip": KeyPartUnknown}},
		{"nil design parts", func(r *Request, _ *catalog.Catalog) { r.Items[1].Creator.Parts = nil }, FieldErrors{"items.1.creator.parts.emitter": KeyRequired, "items.1.creator.parts.grip": KeyRequired}},
		{"design with a variant", func(r *Request, _ *catalog.Catalog) { r.Items[1].Variant = "crystal" }, FieldErrors{"items.1.variant": KeyVariantUnknown}},
		{"part without the currency", func(r *Request, c *catalog.Catalog) { delete(c.Creator.Slots[1].Options[1].Price, "PLN") }, FieldErrors{"items.1.creator": KeyProductNoPrice}},
		{"no base price", func(r *Request, c *catalog.Catalog) { c.Creator.BasePrice = nil }, FieldErrors{"items.1.creator": KeyProductNoPrice}},
		{"generator without the currency", func(r *Request, c *catalog.Catalog) {
			delete(c.Creator.Generators[1].Price, "PLN")
			r.Items = r.Items[1:]
		}, FieldErrors{"items.0.creator": KeyProductNoPrice}},
		{"every line reported", func(r *Request, _ *catalog.Catalog) { r.Items[0].Product = "nope"; r.Items[1].Quantity = 11 }, FieldErrors{"items.0.product": KeyProductUnknown, "items.1.quantity": KeyQuantityRange}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			req, cat := validRequest(), testCatalog()
			c.change(&req, cat)
			p, errs := Price(cat, req, testAt)
			assertErrors(t, errs, c.want)
			if p.Lines != nil || p.Totals != (Totals{}) {
				t.Errorf("a price despite errors: %+v", p)
			}
		})
	}
}

func TestPriceNoWasteFeeConfigured(t *testing.T) {
	cat := testCatalog()
	cat.Fees.Waste = nil
	p, errs := Price(cat, validRequest(), testAt)
	if len(errs) != 0 || p.Totals.WasteFee != 0 || p.Totals.Subtotal != 366800 {
		t.Errorf("%+v %v", p.Totals, errs)
	}
}

// TestPriceCreatorName: the creator line takes the product's name when the
// catalogue has a product with the creator's slug, else a built-in one.
func TestPriceCreatorName(t *testing.T) {
	for _, c := range []struct{ locale, country, want string }{
		{"en", "de", "Custom saber"}, {"de", "de", "Eigenes Lichtschwert"}, {"pl", "pl", "Własny miecz"},
	} {
		req := validRequest()
		req.Locale, req.Customer.Country = c.locale, c.country
		p, errs := Price(testCatalog(), req, testAt)
		if len(errs) != 0 || p.Lines[1].Name != c.want {
			t.Errorf("%s: %q %v, want %q", c.locale, p.Lines[1].Name, errs, c.want)
		}
	}
	cat := testCatalog()
	cat.Products = append(cat.Products, catalog.Product{Slug: CreatorSlug, Names: map[string]string{"en": "Saber creator"}})
	p, _ := Price(cat, validRequest(), testAt)
	if p.Lines[1].Name != "Saber creator" {
		t.Errorf("name %q, want the product's (English as the fallback)", p.Lines[1].Name)
	}
}

// TestPriceLineOwnsItsDesign: the order must not change when the request
// it was priced from is changed afterwards.
func TestPriceLineOwnsItsDesign(t *testing.T) {
	req := validRequest()
	p, _ := Price(testCatalog(), req, testAt)
	req.Items[1].Creator.Parts["emitter"] = "arc"
	req.Items[1].Creator.Presets[0].Color = "#000000"
	if d := p.Lines[1].Creator; d.Parts["emitter"] != "crown" || d.Presets[0].Color != "#ff1a1a" {
		t.Errorf("the line's design changed with the request: %+v", d)
	}
}

// TestPriceLargestOrder: the largest cart the limits allow, with the most
// expensive lines, is priced without overflow.
func TestPriceLargestOrder(t *testing.T) {
	cat := testCatalog()
	cat.Products[0].Prices[0].Amounts["PLN"] = maxAmount
	req := validRequest()
	req.Items = nil
	for range MaxLines {
		req.Items = append(req.Items, ItemRequest{Product: "arc", Variant: "standard", Quantity: MaxQuantity})
	}
	p, errs := Price(cat, req, testAt)
	if len(errs) != 0 {
		t.Fatal(errs)
	}
	if want := maxAmount * MaxLines * MaxQuantity; p.Totals.Subtotal != want || p.Totals.Total != want+1900 {
		t.Errorf("totals %+v, want subtotal %d", p.Totals, want)
	}
}

// TestPriceCreatorReturnableFollowsTheCatalogue: a design's line carries
// the right of withdrawal exactly when the catalogue says so ([legal]
// creator_returnable, docs/legal.md#withdrawal); the request has no say.
func TestPriceCreatorReturnableFollowsTheCatalogue(t *testing.T) {
	for _, on := range []bool{false, true} {
		cat := testCatalog()
		cat.Creator.Returnable = on
		p, errs := Price(cat, validRequest(), testAt)
		if len(errs) != 0 {
			t.Fatal(errs)
		}
		if p.Lines[0].Returnable != true || p.Lines[1].Returnable != on || p.Returnable != on {
			t.Errorf("creator_returnable %v: product line %v, design line %v, order %v", on,
				p.Lines[0].Returnable, p.Lines[1].Returnable, p.Returnable)
		}
		q, errs := Quote(cat, validRequest(), testAt)
		if len(errs) != 0 || q.Lines[1].Returnable != on {
			t.Errorf("creator_returnable %v: quoted design line %v %v", on, q.Lines[1].Returnable, errs)
		}
	}
}
