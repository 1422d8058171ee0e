package api_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"sabershop/internal/accounting"
	"sabershop/internal/i18n"
	"sabershop/internal/order"
	"sabershop/internal/payment/sandbox"
	"sabershop/internal/store"
)

// Each payment booked issues the order's invoice in the same
// transaction: numbered in turn, its gross total the order's, made out to
// the company when the buyer asked for one. A repeated notification
// issues nothing more.
func TestPaidOrdersGetNumberedInvoices(t *testing.T) {
	e, _ := newSandboxEnv(t, 20*time.Millisecond)
	key := e.shopKey()
	first, second := e.placeIn("pl"), e.placeIn("de")
	for _, p := range []placed{first, second} {
		wantStatus(t, e.payCard(p.Hash, key, sandbox.CardSuccess), http.StatusOK)
		e.waitStatus(p.Hash, order.Paid)
	}
	year := e.clock.Now().In(i18n.Workshop).Year()
	for i, p := range []placed{first, second} {
		o := e.storedOrder(p.Hash)
		var docs []*accounting.Document
		if err := e.db.View(func(tx *store.Tx) (err error) { docs, err = tx.DocumentsOf(o.ID); return err }); err != nil {
			t.Fatal(err)
		}
		if len(docs) != 1 {
			t.Fatalf("order #%d has %d documents", o.ID, len(docs))
		}
		d := docs[0]
		if want := fmt.Sprintf("FV/%d/%04d", year, i+1); d.Number != want || d.Total.Gross != o.Totals.Total || d.Currency != o.Currency ||
			d.Total.Net+d.Total.VAT != d.Total.Gross || d.Totals[0].Rate != 23 {
			t.Errorf("order #%d: %s, gross %d (order %d %s), net %d + VAT %d, rate %d", o.ID, d.Number, d.Total.Gross,
				o.Totals.Total, o.Currency, d.Total.Net, d.Total.VAT, d.Totals[0].Rate)
		}
	}
	// Paying a paid order again starts nothing and issues nothing.
	e.payOK(first.Hash, map[string]string{"method": "bank"})
	var all []*accounting.Document
	if err := e.db.View(func(tx *store.Tx) (err error) { all, err = tx.Documents(accounting.SeriesInvoice, year); return err }); err != nil {
		t.Fatal(err)
	}
	if len(all) != 2 {
		t.Errorf("%d invoices for two payments", len(all))
	}
}

// The "payment received" e-mail carries the invoice as a PDF, rendered
// when the e-mail goes out from the document as stored: its number and
// the order's total are in its text.
func TestPaymentMailAttachesTheInvoice(t *testing.T) {
	e, _ := newSandboxEnv(t, 20*time.Millisecond)
	p := e.placeIn("pl")
	wantStatus(t, e.payCard(p.Hash, e.shopKey(), sandbox.CardSuccess), http.StatusOK)
	o := e.waitStatus(p.Hash, order.Paid)
	var paidMail *received
	for _, m := range e.drain() {
		if m.Header.Get("To") != "" && strings.Contains(m.Text, fmt.Sprint(o.ID)) && len(m.Attachments) > 0 {
			paidMail = &m
		}
	}
	if paidMail == nil {
		t.Fatal("no e-mail with an attachment")
	}
	year := e.clock.Now().In(i18n.Workshop).Year()
	a := paidMail.Attachments[0]
	if want := fmt.Sprintf("FV-%d-0001.pdf", year); a.Name != want || a.ContentType != "application/pdf" {
		t.Fatalf("attachment %q %s, want %s", a.Name, a.ContentType, want)
	}
	wantPDFText(t, a.Data, fmt.Sprintf("FV/%d/0001", year), o.Totals.Total)
}
