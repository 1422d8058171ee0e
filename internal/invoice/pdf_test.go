package invoice

import (
	"bytes"
	"os/exec"
	"strings"
	"testing"
	"time"

	"sabershop/internal/catalog"
	"sabershop/internal/order"
)

// The PDF says what the document holds: its number, seller and buyer with
// Polish and German letters, and the amounts, read back as text by
// poppler's pdftotext (installed by .ci/run).
func TestPDFText(t *testing.T) {
	bin, err := exec.LookPath("pdftotext")
	if err != nil {
		t.Fatal("pdftotext is needed (Debian: poppler-utils; .ci/run installs it)")
	}
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
	raw, err := PDF(d)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(raw, []byte("%PDF-")) {
		t.Fatalf("not a PDF: %q", raw[:min(len(raw), 16)])
	}
	cmd := exec.Command(bin, "-layout", "-", "-")
	cmd.Stdin = bytes.NewReader(raw)
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	text := strings.ReplaceAll(string(out), "\u00a0", " ")
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
