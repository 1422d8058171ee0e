package invoice

import (
	"testing"

	"sabershop/internal/accounting"
	"sabershop/internal/catalog"
)

// Which documents go to KSeF, setting by setting: receipts never, business
// buyers from "business" on, consumers only with "all" and never under the
// One-Stop-Shop abroad.
func TestInKSeF(t *testing.T) {
	doc := func(kind accounting.Kind, vatID, country string) *accounting.Document {
		return &accounting.Document{Kind: kind, Buyer: accounting.Buyer{VATID: vatID, Country: country}}
	}
	cases := []struct {
		name         string
		d            *accounting.Document
		scheme       string
		off, biz, al bool
	}{
		{"Polish company", doc(accounting.KindInvoice, "PL6762451891", "pl"), catalog.VATPolish, false, true, true},
		{"German company", doc(accounting.KindInvoice, "DE811907980", "de"), catalog.VATPolish, false, true, true},
		{"its correction", doc(accounting.KindCorrection, "DE811907980", "de"), catalog.VATPolish, false, true, true},
		{"Polish consumer", doc(accounting.KindInvoice, "", "pl"), catalog.VATPolish, false, false, true},
		{"German consumer, Polish VAT", doc(accounting.KindInvoice, "", "de"), catalog.VATPolish, false, false, true},
		{"German consumer, OSS", doc(accounting.KindInvoice, "", "de"), catalog.VATOSS, false, false, false},
		{"Polish consumer, OSS shop", doc(accounting.KindInvoice, "", "pl"), catalog.VATOSS, false, false, true},
		{"receipt", doc(accounting.KindReceipt, "", "pl"), catalog.VATPolish, false, false, false},
		{"receipt's correction", doc(accounting.KindReceiptCorrection, "", "pl"), catalog.VATPolish, false, false, false},
	}
	for _, c := range cases {
		for send, want := range map[string]bool{catalog.KSeFOff: c.off, catalog.KSeFBusiness: c.biz, catalog.KSeFAll: c.al} {
			cat := &catalog.Catalog{VAT: catalog.VAT{Scheme: c.scheme, Home: "pl"}, KSeF: catalog.KSeF{Send: send}}
			if got := InKSeF(c.d, cat); got != want {
				t.Errorf("%s with %q: %v, want %v", c.name, send, got, want)
			}
		}
	}
}
