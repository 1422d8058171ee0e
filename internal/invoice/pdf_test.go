package invoice

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"sabershop/internal/accounting"
	"sabershop/internal/catalog"
	"sabershop/internal/order"
	"sabershop/internal/testutil"
)

// pdfText is d's PDF as text, by poppler's pdftotext, non-breaking spaces
// as spaces.
func pdfText(t *testing.T, d *accounting.Document) string {
	t.Helper()
	raw, err := PDF(d, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(raw, []byte("%PDF-")) {
		t.Fatalf("not a PDF: %q", raw[:min(len(raw), 16)])
	}
	return strings.ReplaceAll(testutil.PDFText(t, raw), "\u00a0", " ")
}

// A euro receipt for a German consumer: the złoty amounts at the rate,
// with its source, table and day, and the notice that it is no invoice.
func TestPDFReceiptInEuro(t *testing.T) {
	cat := &catalog.Catalog{Deliveries: []catalog.Delivery{{Code: "pl", VAT: 23}, {Code: "de", VAT: 19}},
		VAT: catalog.VAT{Scheme: catalog.VATOSS, Home: "pl", Consumers: catalog.ConsumersReceipt}}
	o := &order.Order{ID: 43, Currency: "EUR", Customer: order.Customer{FirstName: "Jörg", LastName: "Weiß", Street: "Hauptstraße 5", Zip: "10115", City: "Berlin", Country: "de"},
		Lines: []order.Line{{Name: "Arc", Quantity: 1, Total: 39900, WasteFee: 4}}, Totals: order.Totals{Subtotal: 39900, Shipping: 1500, WasteFee: 4, Total: 41400}}
	at := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	d, err := For(o, cat, at, at)
	if err != nil {
		t.Fatal(err)
	}
	d.Numbered(2026, 2)
	if err := d.Convert("NBP", "227/A/NBP/2026", "2026-11-23", "4.2512"); err != nil {
		t.Fatal(err)
	}
	text := pdfText(t, d)
	for _, want := range []string{
		"R/2026/0002", "Potwierdzenie sprzedaży / Sales receipt", "Jörg Weiß", "19%", "414,00",
		"NBP, tabela 227/A/NBP/2026 z dnia 2026-11-23: 1 EUR = 4,2512 PLN",
		money(d.Exchange.Total.Net), money(d.Exchange.Total.VAT), money(d.Exchange.Total.Gross),
		"not a VAT invoice",
	} {
		if !strings.Contains(text, strings.ReplaceAll(want, "\u00a0", " ")) {
			t.Errorf("the PDF's text lacks %q:\n%s", want, text)
		}
	}
	// 414,00 EUR = 347,90 net + 66,10 VAT at 19 %: × 4,2512 = 1 478,99 and 281,00 PLN.
	if d.Exchange.Total.Gross != 147899+28100 {
		t.Errorf("PLN gross %d", d.Exchange.Total.Gross)
	}
}

// The PDF says what the document holds: its number, seller and buyer with
// Polish and German letters, and the amounts, read back as text by
// poppler's pdftotext (installed by .ci/run).
func TestPDFText(t *testing.T) {
	cat := &catalog.Catalog{Deliveries: []catalog.Delivery{{Code: "pl", VAT: 23}}, VAT: catalog.VAT{Scheme: catalog.VATPolish, Home: "pl"}}
	cat.Shop.Company = catalog.Company{Name: "Saber Forge Marek Kowalczyk", Street: "ul. Rzemieślnicza 14/3", Zip: "30-363", City: "Kraków",
		Country: "Polska", TaxID: "676-245-18-91"}
	o := &order.Order{ID: 42, Currency: "PLN",
		Customer: order.Customer{FirstName: "Łucja", LastName: "Żółć", Street: "Długa 1", Zip: "00-001", City: "Gdańsk", Country: "pl",
			Company: "Kuźnia Müller sp. z o.o.", VATID: "PL5260250274"},
		Lines:  []order.Line{{Name: "Eigenes Lichtschwert – Griff gefräst", Quantity: 1, Total: 399900, WasteFee: 12}},
		Totals: order.Totals{Subtotal: 399900, Shipping: 1900, WasteFee: 12, Total: 401800}}
	at := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	d, err := For(o, cat, at, at)
	if err != nil {
		t.Fatal(err)
	}
	d.Numbered(2026, 7)
	text := pdfText(t, d)
	for _, want := range []string{
		"FV/2026/0007", "Saber Forge Marek Kowalczyk", "ul. Rzemieślnicza 14/3", "NIP: 676-245-18-91",
		"Kuźnia Müller sp. z o.o.", "PL5260250274", "Eigenes Lichtschwert", "Dostawa / Shipping",
		"4 018,00", // the order's total, gross
		money(d.Total.Net), money(d.Total.VAT), "23%",
	} {
		if !strings.Contains(text, strings.ReplaceAll(want, "\u00a0", " ")) {
			t.Errorf("the PDF's text lacks %q:\n%s", want, text)
		}
	}
	if d.Total.Gross != o.Totals.Total {
		t.Errorf("gross %d, order %d", d.Total.Gross, o.Totals.Total)
	}
}

func TestMoney(t *testing.T) {
	for v, want := range map[int64]string{0: "0,00", 5: "0,05", 123456: "1\u00a0234,56", -4290: "-42,90", 100000000: "1\u00a0000\u00a0000,00"} {
		if got := money(v); got != want {
			t.Errorf("money(%d) = %q, want %q", v, got, want)
		}
	}
}

// The PDF's dates are the workshop's days, as the number's year and the
// status page are: 23:30 UTC on 31 December is 1 January in Kraków.
func TestPDFDatesAreKrakowDays(t *testing.T) {
	at := time.Date(2026, 12, 31, 23, 30, 0, 0, time.UTC)
	d := &accounting.Document{Kind: accounting.KindInvoice, Number: "FV/2027/0001", Issued: at, SaleDate: at, Currency: "PLN"}
	text := pdfText(t, d)
	if !strings.Contains(text, "Issued: 2027-01-01") || !strings.Contains(text, "Paid in full: 2027-01-01") || strings.Contains(text, "2026-12-31") {
		t.Errorf("the PDF's dates are not Kraków's:\n%s", text)
	}
}

// A receipt's correction has the longest title: its number, too wide for
// the title's line, goes on a line of its own instead of off the page.
func TestPDFLongTitleKeepsItsNumber(t *testing.T) {
	cat := &catalog.Catalog{Deliveries: []catalog.Delivery{{Code: "pl", VAT: 23}},
		VAT: catalog.VAT{Home: "pl", Consumers: catalog.ConsumersReceipt}}
	o := &order.Order{ID: 7, Currency: "PLN", Customer: order.Customer{FirstName: "Anna", LastName: "Nowak", Street: "Długa 1", Zip: "00-001", City: "Warszawa", Country: "pl"},
		Lines: []order.Line{{Name: "Arc", Quantity: 1, Total: 164900}}, Totals: order.Totals{Subtotal: 164900, Total: 164900}}
	at := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	r, err := For(o, cat, at, at)
	if err != nil {
		t.Fatal(err)
	}
	r.Numbered(2026, 1)
	c := Correction(r, 5000, "", at)
	c.Numbered(2026, 12)
	text := pdfText(t, c)
	if !strings.Contains(text, "RK/2026/0012") || !strings.Contains(text, "Korekta potwierdzenia sprzedaży / Receipt correction") {
		t.Errorf("the title or its number is cut:\n%s", text)
	}
}

// Both parties' countries are written one way, named in the document's
// two languages, whether stored as a code (the buyer's "de") or as the
// company's settings write it (the seller's "Poland").
func TestPDFCountries(t *testing.T) {
	cat := &catalog.Catalog{Deliveries: []catalog.Delivery{
		{Code: "pl", VAT: 23, Names: map[string]string{"en": "Poland", "pl": "Polska", "de": "Polen"}},
		{Code: "de", VAT: 19, Names: map[string]string{"en": "Germany", "pl": "Niemcy", "de": "Deutschland"}}},
		VAT: catalog.VAT{Scheme: catalog.VATOSS, Home: "pl", Consumers: catalog.ConsumersReceipt}}
	cat.Shop.Company = catalog.Company{Name: "Saber Forge", Street: "ul. Rzemieślnicza 14/3", Zip: "30-363", City: "Kraków",
		Country: "Poland", TaxID: "676-245-18-91"}
	at := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	for _, c := range []struct{ country, buyer string }{{"pl", "Polska / Poland"}, {"de", "Niemcy / Germany"}} {
		o := &order.Order{ID: 44, Currency: "PLN", Customer: order.Customer{FirstName: "Anna", LastName: "Nowak", Street: "Długa 1",
			Zip: "00-001", City: "Gdańsk", Country: c.country},
			Lines: []order.Line{{Name: "Arc", Quantity: 1, Total: 39900}}, Totals: order.Totals{Subtotal: 39900, Total: 39900}}
		d, err := For(o, cat, at, at)
		if err != nil {
			t.Fatal(err)
		}
		d.Numbered(2026, 1)
		raw, err := PDF(d, cat)
		if err != nil {
			t.Fatal(err)
		}
		text := strings.ReplaceAll(testutil.PDFText(t, raw), "\u00a0", " ")
		if strings.Count(text, "Polska / Poland") != map[string]int{"pl": 2, "de": 1}[c.country] || !strings.Contains(text, c.buyer) {
			t.Errorf("buyer in %s: the countries are not named alike:\n%s", c.country, text)
		}
		for _, code := range []string{"\nPL\n", "\nDE\n", "\nPoland\n"} {
			if strings.Contains(text, code) {
				t.Errorf("buyer in %s: a country written as %q:\n%s", c.country, strings.TrimSpace(code), text)
			}
		}
	}
}
