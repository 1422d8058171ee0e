package invoice

import (
	"testing"
	"time"

	"sabershop/internal/accounting"
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
		if len(d.Lines) != 5 || d.Lines[0].Gross != 39896 || d.Lines[2].Name != NameWasteFee || d.Lines[3].Name != NameShipping+" – Kurier / Courier" ||
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
	if c.Number != "FK/2026/0001" || c.Corrects != d.Number || d.Number != "FV/2026/0012" || c.Total.Gross != -10000 || c.Kind != accounting.KindCorrection {
		t.Errorf("correction %+v", c)
	}
	o.Customer.Country = "us"
	if _, err := For(o, cat, paid, paid); err == nil {
		t.Error("an invoice for a country without a rate")
	}
}

// A consumer gets a receipt when the owner's setting says so, a company
// an invoice whatever it says; a refund corrects either in its own series.
func TestReceiptForAConsumer(t *testing.T) {
	cat := &catalog.Catalog{Deliveries: []catalog.Delivery{{Code: "pl", VAT: 23}}, VAT: catalog.VAT{Scheme: catalog.VATPolish, Home: "pl"}}
	o := &order.Order{ID: 3, Currency: "PLN", Customer: order.Customer{FirstName: "Ola", LastName: "Nowak", Country: "pl"},
		Lines: []order.Line{{Name: "Arc", Quantity: 1, Total: 159900}}, Totals: order.Totals{Subtotal: 159900, Total: 159900}}
	paid := time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		consumers, company string
		kind               accounting.Kind
		series, correction string
	}{
		{"", "", accounting.KindInvoice, accounting.SeriesInvoice, accounting.SeriesCorrection}, // a catalogue built before the setting
		{catalog.ConsumersInvoice, "", accounting.KindInvoice, accounting.SeriesInvoice, accounting.SeriesCorrection},
		{catalog.ConsumersReceipt, "", accounting.KindReceipt, accounting.SeriesReceipt, accounting.SeriesReceiptCorrection},
		{catalog.ConsumersReceipt, "Kuźnia sp. z o.o.", accounting.KindInvoice, accounting.SeriesInvoice, accounting.SeriesCorrection},
	} {
		cat.VAT.Consumers, o.Customer.Company = c.consumers, c.company
		d, err := For(o, cat, paid, paid)
		if err != nil {
			t.Fatal(err)
		}
		if d.Kind != c.kind || d.Series != c.series {
			t.Errorf("%q, company %q: %s %s, want %s %s", c.consumers, c.company, d.Kind, d.Series, c.kind, c.series)
		}
		d.Numbered(2026, 1)
		if k := Correction(d, 100, "", paid); k.Series != c.correction || k.Corrects != d.Number {
			t.Errorf("%q, company %q: correction in %s of %q, want %s", c.consumers, c.company, k.Series, k.Corrects, c.correction)
		}
	}
}

// A euro correction's złoty amounts are at its invoice's own rate, the
// lines' VAT split from the gross first (the conversion itself is
// accounting's TestConvert).
func TestCorrectionInZloty(t *testing.T) {
	d := &accounting.Document{Currency: "EUR", Lines: []accounting.Line{{Rate: 23, Amounts: split(40110, 23)}, {Rate: 23, Amounts: split(1500, 23)}}}
	total(d)
	if err := d.Convert("NBP", "227/A/NBP/2026", "2026-11-23", "4.2512"); err != nil {
		t.Fatal(err)
	}
	// 41610 gross = 33830 net + 7780 VAT; × 4.2512 = 143818.1… and 33074.3…
	x := d.Exchange
	if x.Total.Net != 143818 || x.Total.VAT != 33074 || x.Total.Gross != 176892 || len(x.Totals) != 1 || x.Totals[0].Amounts != x.Total {
		t.Errorf("exchange %+v", x)
	}
	d.Kind, d.Number = accounting.KindInvoice, "FV/2026/0001"
	c := Correction(d, 1500, "", time.Now())
	// -1500 = -1220 net - 280 VAT; × 4.2512 = -5186.4… and -1190.3…
	if c.Exchange == nil || c.Exchange.Table != "227/A/NBP/2026" || c.Exchange.Total != (accounting.Amounts{Net: -5186, VAT: -1190, Gross: -6376}) {
		t.Errorf("correction's exchange %+v", c.Exchange)
	}
}
