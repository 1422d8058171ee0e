package invoice

import (
	"testing"
	"time"

	"sabershop/internal/catalog"
	"sabershop/internal/order"
)

func TestSplit(t *testing.T) {
	for _, c := range []struct {
		gross    int64
		rate     int
		net, vat int64
	}{
		{12300, 23, 10000, 2300},
		{100, 23, 81, 19}, // 81.30…: down
		{159900, 23, 130000, 29900},
		{1, 23, 1, 0},
		{-12300, 23, -10000, -2300},
		{11900, 19, 10000, 1900},
		{500, 0, 500, 0},
	} {
		a := split(c.gross, c.rate)
		if a.Net != c.net || a.VAT != c.vat || a.Gross != c.gross {
			t.Errorf("split(%d, %d) = %+v, want net %d VAT %d", c.gross, c.rate, a, c.net, c.vat)
		}
	}
}

// An invoice's gross amounts are the order's to the grosz: goods without
// their waste fee, the fee, shipping and the discount as lines; the
// German buyer's rate under the One-Stop-Shop, the Polish one otherwise.
func TestForOrder(t *testing.T) {
	cat := &catalog.Catalog{Deliveries: []catalog.Delivery{{Code: "pl", VAT: 23}, {Code: "de", VAT: 19}}, VAT: catalog.VAT{Scheme: catalog.VATPolish, Home: "pl"}}
	o := &order.Order{ID: 7, Hash: "h", Currency: "EUR",
		Customer: order.Customer{FirstName: "Jörg", LastName: "Müller", Country: "de", Company: "Schmiede GmbH", VATID: "DE123456789"},
		Lines:    []order.Line{{Name: "Arc", Quantity: 1, Total: 39900, WasteFee: 4}, {Name: "Belt clip", Quantity: 2, Total: 3000}},
		Totals:   order.Totals{Subtotal: 42900, Shipping: 1500, Discount: 4290, WasteFee: 4, Total: 40110}}
	paid := time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)
	for scheme, rate := range map[string]int{catalog.VATPolish: 23, catalog.VATOSS: 19} {
		cat.VAT.Scheme = scheme
		d, err := For(o, cat, paid, paid)
		if err != nil {
			t.Fatal(err)
		}
		if d.Total.Gross != o.Totals.Total || len(d.Totals) != 1 || d.Totals[0].Rate != rate || d.Totals[0].Gross != o.Totals.Total {
			t.Errorf("%s: total %+v per rate %+v, want gross %d at %d %%", scheme, d.Total, d.Totals, o.Totals.Total, rate)
		}
		if d.Total.Net+d.Total.VAT != d.Total.Gross {
			t.Errorf("%s: net %d + VAT %d != gross %d", scheme, d.Total.Net, d.Total.VAT, d.Total.Gross)
		}
		names := []string{}
		for _, l := range d.Lines {
			names = append(names, l.Name)
		}
		if len(d.Lines) != 5 || d.Lines[0].Gross != 39896 || d.Lines[2].Name != NameWasteFee || d.Lines[3].Name != NameShipping ||
			d.Lines[4].Gross != -4290 {
			t.Errorf("%s: lines %v %+v", scheme, names, d.Lines)
		}
		if d.Buyer.Company != "Schmiede GmbH" || d.Buyer.VATID != "DE123456789" {
			t.Errorf("buyer %+v", d.Buyer)
		}
	}
	d, _ := For(o, cat, paid, paid)
	d.Numbered(2026, 12)
	c := Correction(d, 10000, "one clip returned", paid.Add(48*time.Hour))
	c.Numbered(2026, 1)
	if c.Number != "FK/2026/0001" || c.Corrects != d.Number || d.Number != "FV/2026/0012" || c.Total.Gross != -10000 || c.Kind != KindCorrection {
		t.Errorf("correction %+v", c)
	}
	o.Customer.Country = "us"
	if _, err := For(o, cat, paid, paid); err == nil {
		t.Error("an invoice for a country without a rate")
	}
}
