package accounting

import (
	"encoding/json"
	"testing"
)

// A euro document's złoty amounts: each total's net and VAT converted
// and rounded to the grosz, the gross their sum; a rate that is not a
// positive decimal of up to six places is refused.
func TestConvert(t *testing.T) {
	d := &Document{Currency: "EUR", Totals: []RateTotal{{Rate: 23, Amounts: Amounts{Net: 33830, VAT: 7780, Gross: 41610}}},
		Total: Amounts{Net: 33830, VAT: 7780, Gross: 41610}}
	if !d.NeedsRate() {
		t.Fatal("a euro document without a rate does not need one")
	}
	if err := d.Convert("NBP", "227/A/NBP/2026", "2026-11-23", "4.2512"); err != nil {
		t.Fatal(err)
	}
	// 33830 net + 7780 VAT; × 4.2512 = 143818.1… and 33074.3…
	x := d.Exchange
	if x.Total.Net != 143818 || x.Total.VAT != 33074 || x.Total.Gross != 176892 || len(x.Totals) != 1 ||
		x.Totals[0].Amounts != x.Total || x.Totals[0].Rate != 23 || x.Mid != "4.2512" || x.Table != "227/A/NBP/2026" {
		t.Errorf("exchange %+v", x)
	}
	if d.NeedsRate() {
		t.Error("a converted document needs a rate")
	}
	// Negative amounts (a correction's) round half away from zero too.
	neg := &Document{Currency: "EUR", Totals: []RateTotal{{Rate: 23, Amounts: Amounts{Net: -1220, VAT: -280, Gross: -1500}}}}
	if err := neg.Convert("NBP", "t", "d", "4.2512"); err != nil || neg.Exchange.Total != (Amounts{Net: -5186, VAT: -1190, Gross: -6376}) {
		t.Errorf("negative: %+v %v", neg.Exchange, err)
	}
	if pln := (&Document{Currency: "PLN"}); pln.NeedsRate() {
		t.Error("a złoty document needs a rate")
	}
	for _, bad := range []string{"", "0", "0.0000", "-4.2", "4,2512", "4.1234567", "abc", "1e3"} {
		if err := d.Convert("NBP", "t", "d", bad); err == nil {
			t.Errorf("rate %q accepted", bad)
		}
	}
}

// A document's number is its series, year and sequence, four digits at
// least; a refund corrects an invoice or a receipt in a series of its own.
func TestNumberedAndCorrects(t *testing.T) {
	d := &Document{Series: SeriesCorrection}
	d.Numbered(2026, 7)
	if d.Number != "FK/2026/0007" || d.Year != 2026 || d.Seq != 7 {
		t.Errorf("numbered %+v", d)
	}
	d.Numbered(2026, 12345)
	if d.Number != "FK/2026/12345" {
		t.Errorf("numbered %q", d.Number)
	}
	for k, want := range map[Kind]string{KindInvoice: SeriesCorrection, KindReceipt: SeriesReceiptCorrection} {
		if _, series, ok := k.Corrects(); !ok || series != want {
			t.Errorf("%s corrected in %q (%v)", k, series, ok)
		}
	}
	for _, k := range []Kind{KindCorrection, KindReceiptCorrection} {
		if _, _, ok := k.Corrects(); ok {
			t.Errorf("a %s is corrected", k)
		}
	}
}

// The stored form of a document is the one the data files hold: these
// keys, the amounts embedded in a line and a total.
func TestDocumentJSON(t *testing.T) {
	d := Document{Number: "FV/2026/0001", Kind: KindInvoice, Series: SeriesInvoice, Year: 2026, Seq: 1, Currency: "EUR",
		Buyer: Buyer{Name: "Anna", Country: "PL"}, Lines: []Line{{Name: "Talon", Quantity: 1, Rate: 23, Amounts: Amounts{Net: 100, VAT: 23, Gross: 123}}},
		Totals: []RateTotal{{Rate: 23, Amounts: Amounts{Net: 100, VAT: 23, Gross: 123}}}, Total: Amounts{Net: 100, VAT: 23, Gross: 123}}
	b, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"number":"FV/2026/0001","kind":"invoice","series":"FV","year":2026,"seq":1,"order_id":0,"order_hash":"",` +
		`"issued":"0001-01-01T00:00:00Z","sale_date":"0001-01-01T00:00:00Z","seller":`
	if got := string(b); len(got) < len(want) || got[:len(want)] != want {
		t.Errorf("JSON starts\n%s\nwant\n%s", b, want)
	}
	tail := `"buyer":{"name":"Anna","street":"","zip":"","city":"","country":"PL"},"currency":"EUR","scheme":"",` +
		`"lines":[{"name":"Talon","quantity":1,"rate":23,"net":100,"vat":23,"gross":123}],` +
		`"totals":[{"rate":23,"net":100,"vat":23,"gross":123}],"total":{"net":100,"vat":23,"gross":123}}`
	if got := string(b); len(got) < len(tail) || got[len(got)-len(tail):] != tail {
		t.Errorf("JSON ends\n%s\nwant\n%s", b, tail)
	}
}
