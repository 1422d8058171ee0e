package orders_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"sabershop/internal/accounting"
	"sabershop/internal/catalog"
	"sabershop/internal/invoice"
	"sabershop/internal/order"
	"sabershop/internal/orders"
	"sabershop/internal/payment"
	"sabershop/internal/store"
	"sabershop/internal/testutil"
)

var bg = context.Background()

// A refund of everything, through each provider: the provider pays it
// back, the order records it and is cancelled by it, the shopper gets one
// e-mail, the log has one line with the order's number and not its hash.
func TestFullRefund(t *testing.T) {
	for _, c := range []struct{ provider, locale string }{{"tpay", "pl"}, {"paypal", "en"}, {"sandbox", "de"}} {
		t.Run(c.provider, func(t *testing.T) {
			f := newFixture(t)
			o := f.paid(c.provider, c.locale)
			res, err := f.svc.Refund(bg, orders.RefundRequest{OrderID: o.ID, Reason: "Out of stock", Key: "k1"})
			if err != nil {
				t.Fatal(err)
			}
			r := res.Refund
			if r.State != order.RefundDone || r.Amount != o.Totals.Total || r.Provider != c.provider || r.Reference == "" ||
				!res.Cancelled || res.Left != 0 || !res.Mailed || res.Repeated {
				t.Fatalf("result %+v", res)
			}
			got := f.order(o.Hash)
			if got.Status != order.Cancelled || got.CancelReason != "Out of stock" || got.Refunded() != o.Totals.Total || len(got.Refunds) != 1 {
				t.Errorf("order: status %s, reason %q, refunded %d, refunds %+v", got.Status, got.CancelReason, got.Refunded(), got.Refunds)
			}
			// The provider's own record.
			a := got.Attempts[0]
			switch c.provider {
			case "tpay":
				if rf := f.tpayFake.Refunds(a.Reference); len(rf) != 1 || rf[0].RequestID != r.Reference {
					t.Errorf("tpay's refunds %+v", rf)
				}
			case "paypal":
				if rf := f.ppFake.Refunds(a.Capture); len(rf) != 1 || rf[0].ID != r.Reference || rf[0].NoteToPayer != "Out of stock" {
					t.Errorf("PayPal's refunds %+v", rf)
				}
			case "sandbox":
				if _, err := f.sandbox.Refund(bg, payment.RefundRequest{Reference: a.Reference, Amount: 1, Currency: o.Currency}); !errors.Is(err, payment.ErrRefundRefused) {
					t.Errorf("the sandbox still has money of it: %v", err)
				}
			}
			if m := f.mails(o.Hash); len(m) != 1 || !strings.Contains(m[0].To, o.Customer.Email) || m[0].Locale != c.locale {
				t.Errorf("e-mails %+v", m)
			}
			logs := f.logs.String()
			if !strings.Contains(logs, "refund done") || strings.Count(logs, "order="+itoa(o.ID)) < 1 || strings.Contains(logs, o.Hash) {
				t.Errorf("log:\n%s", logs)
			}
		})
	}
}

// A part, then the rest: the first keeps the order paid, the second
// cancels it; each is its own e-mail and timeline entry.
func TestPartialThenRest(t *testing.T) {
	f := newFixture(t)
	o := f.paid("tpay", "pl")
	res, err := f.svc.Refund(bg, orders.RefundRequest{OrderID: o.ID, Amount: 5000, Reason: "Scratch on the grip", Key: "a"})
	if err != nil {
		t.Fatal(err)
	}
	if res.Cancelled || res.Left != o.Totals.Total-5000 || f.order(o.Hash).Status != order.Paid {
		t.Fatalf("partial: %+v", res)
	}
	res, err = f.svc.Refund(bg, orders.RefundRequest{OrderID: o.ID, Key: "b"})
	if err != nil {
		t.Fatal(err)
	}
	got := f.order(o.Hash)
	if !res.Cancelled || res.Refund.Amount != o.Totals.Total-5000 || got.Status != order.Cancelled || got.Refunded() != o.Totals.Total {
		t.Fatalf("the rest: %+v, order %s", res, got.Status)
	}
	notes := 0
	for _, e := range got.Timeline {
		if e.Note == order.NoteRefund {
			notes++
		}
	}
	if rf := f.tpayFake.Refunds(o.Attempts[0].Reference); len(rf) != 2 || notes != 2 || len(f.mails(o.Hash)) != 2 {
		t.Errorf("tpay %+v, %d timeline entries, %d e-mails", rf, notes, len(f.mails(o.Hash)))
	}
}

// More than is left is refused before the provider is asked: nothing
// recorded, nothing at the provider.
func TestAboveLeftRefused(t *testing.T) {
	f := newFixture(t)
	o := f.paid("paypal", "en")
	_, err := f.svc.Refund(bg, orders.RefundRequest{OrderID: o.ID, Amount: o.Totals.Total + 1, Key: "k"})
	if !errors.Is(err, order.ErrRefundTooMuch) {
		t.Fatalf("err %v", err)
	}
	if got := f.order(o.Hash); len(got.Refunds) != 0 || got.Status != order.Paid || len(f.ppFake.Refunds(got.Attempts[0].Capture)) != 0 {
		t.Errorf("something happened: %+v", got.Refunds)
	}
	// An order not paid has nothing to refund.
	if _, err := f.svc.Refund(bg, orders.RefundRequest{OrderID: 999}); err == nil {
		t.Error("unknown order refunded")
	}
}

// The provider refuses (the owner refunded part in Tpay's panel, so Tpay
// has less left than the shop thinks): the refund is recorded refused,
// no money or status changes, no e-mail.
func TestProviderRefusal(t *testing.T) {
	f := newFixture(t)
	o := f.paid("tpay", "pl")
	if _, err := f.tpay.Refund(bg, payment.RefundRequest{Reference: o.Attempts[0].Reference, Amount: 100, Currency: "PLN"}); err != nil {
		t.Fatal(err)
	}
	res, err := f.svc.Refund(bg, orders.RefundRequest{OrderID: o.ID, Key: "k"})
	if !errors.Is(err, payment.ErrRefundRefused) {
		t.Fatalf("err %v", err)
	}
	got := f.order(o.Hash)
	if res.Refund.State != order.RefundRefused || res.Refund.Note == "" || got.Status != order.Paid ||
		got.RefundLeft(f.now()) != o.Totals.Total || got.Refunded() != 0 || len(f.mails(o.Hash)) != 0 {
		t.Errorf("result %+v; order %s, left %d", res, got.Status, got.RefundLeft(f.now()))
	}
	if len(got.Refunds) != 1 || got.Refunds[0].State != order.RefundRefused {
		t.Errorf("refunds %+v", got.Refunds)
	}
	// The same key may ask again (a refusal is final for that request only).
	if _, err := f.svc.Refund(bg, orders.RefundRequest{OrderID: o.ID, Amount: 1000, Key: "k"}); err != nil {
		t.Errorf("asked again after a refusal: %v", err)
	}
}

// PayPal unreachable: an error, the refund recorded failed, nothing done.
func TestProviderUnreachable(t *testing.T) {
	f := newFixture(t)
	o := f.paid("paypal", "en")
	f.ppFake.Close()
	res, err := f.svc.Refund(bg, orders.RefundRequest{OrderID: o.ID, Key: "k"})
	if !errors.Is(err, orders.ErrUnreachable) || errors.Is(err, payment.ErrRefundRefused) {
		t.Fatalf("err %v", err)
	}
	got := f.order(o.Hash)
	if res.Refund.State != order.RefundFailed || got.Status != order.Paid || got.Refunded() != 0 ||
		got.RefundLeft(f.now()) != o.Totals.Total || len(f.mails(o.Hash)) != 0 {
		t.Errorf("result %+v; order %s", res, got.Status)
	}
}

// The same key twice, at once and after: one refund at the provider, one
// e-mail; the repeat answers the first refund.
func TestSameKeyRefundsOnce(t *testing.T) {
	f := newFixture(t)
	o := f.paid("sandbox", "en")
	var wg sync.WaitGroup
	results := make([]orders.RefundResult, 4)
	errs := make([]error, 4)
	for i := range results {
		wg.Go(func() {
			results[i], errs[i] = f.svc.Refund(bg, orders.RefundRequest{OrderID: o.ID, Amount: 1000, Key: "click"})
		})
	}
	wg.Wait()
	done := 0
	for i, err := range errs {
		switch {
		case err == nil && !results[i].Repeated:
			done++
		case err == nil, errors.Is(err, orders.ErrInProgress):
		default:
			t.Errorf("request %d: %v", i, err)
		}
	}
	again, err := f.svc.Refund(bg, orders.RefundRequest{OrderID: o.ID, Amount: 1000, Key: "click"})
	got := f.order(o.Hash)
	if done != 1 || err != nil || !again.Repeated || len(got.Refunds) != 1 || got.Refunded() != 1000 || len(f.mails(o.Hash)) != 1 {
		t.Errorf("%d done, repeat %+v %v, refunds %+v, %d e-mails", done, again, err, got.Refunds, len(f.mails(o.Hash)))
	}
}

// An order paid through a provider this daemon does not run: refused
// before anything is recorded.
func TestProviderMissing(t *testing.T) {
	f := newFixture(t)
	o := f.paid("tpay", "pl")
	reg, err := payment.NewRegistry(f.sandbox)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.service(reg).Refund(bg, orders.RefundRequest{OrderID: o.ID}); !errors.Is(err, orders.ErrNoProvider) {
		t.Fatalf("err %v", err)
	}
	if got := f.order(o.Hash); len(got.Refunds) != 0 {
		t.Errorf("recorded %+v", got.Refunds)
	}
}

// A refund done corrects the order's invoice: a correcting document in
// its own series, naming the invoice, its gross the amount given back. A
// refund the provider refuses corrects nothing.
func TestRefundCorrectsTheInvoice(t *testing.T) {
	f := newFixture(t)
	o := f.paid("tpay", "pl")
	inv, err := invoice.For(o, f.cat, time.Now(), time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if err := f.db.Update(func(tx *store.Tx) error { return tx.IssueDocument(inv, 2026) }); err != nil {
		t.Fatal(err)
	}
	if c := f.svc.RefundCorrection(nil, time.Now()); c != nil {
		t.Errorf("an order without documents: a refund would issue %+v", c)
	}
	// What the desk names before the refund is what the refund issues.
	foretold := f.svc.RefundCorrection([]*accounting.Document{inv}, time.Now())
	if _, err := f.svc.Refund(bg, orders.RefundRequest{OrderID: o.ID, Amount: 5000, Reason: "Scratch on the grip", Key: "a"}); err != nil {
		t.Fatal(err)
	}
	var docs []*accounting.Document
	if err := f.db.View(func(tx *store.Tx) (err error) { docs, err = tx.DocumentsOf(o.ID); return err }); err != nil {
		t.Fatal(err)
	}
	if len(docs) != 2 {
		t.Fatalf("%d documents", len(docs))
	}
	c := docs[0]
	if c.Kind != accounting.KindCorrection || c.Corrects != inv.Number || c.Total.Gross != -5000 || c.Series != accounting.SeriesCorrection ||
		c.Lines[0].Name != "Zwrot / Refund: Scratch on the grip" {
		t.Errorf("correction %+v", c)
	}
	if foretold == nil || foretold.Kind != c.Kind || (foretold.KSeF == nil) != (c.KSeF == nil) {
		t.Errorf("foretold %+v, issued %+v", foretold, c)
	}
}

// The refund's e-mail carries the correcting document issued for it, as
// the payment e-mail carries the invoice: the message names it, the worker
// renders it as a PDF file named like the invoice's (its text has its
// number, the invoice it corrects and the amount given back), and the
// e-mail says so in the shopper's language. A receipt's correction is
// called one.
func TestRefundMailAttachesTheCorrection(t *testing.T) {
	for _, c := range []struct {
		locale  string
		receipt bool // consumers get receipts (catalog.ConsumersReceipt)
		says    string
	}{
		{"pl", false, "W załączniku przesyłamy fakturę korygującą FK/2026/0001"},
		{"en", false, "The correcting invoice FK/2026/0001 for this refund is attached"},
		{"de", false, "Die Rechnungskorrektur FK/2026/0001 zu dieser Erstattung hängt als PDF-Datei an"},
		{"pl", true, "W załączniku przesyłamy korektę potwierdzenia sprzedaży RK/2026/0001"},
		{"de", true, "Die Korrektur RK/2026/0001 deines Kaufbelegs"},
	} {
		t.Run(fmt.Sprint(c.locale, " receipt ", c.receipt), func(t *testing.T) {
			f := newFixture(t)
			if c.receipt {
				f.cat.VAT.Consumers = catalog.ConsumersReceipt
			}
			o := f.paid(map[string]string{"pl": "tpay", "en": "paypal", "de": "sandbox"}[c.locale], c.locale)
			inv, err := invoice.For(o, f.cat, time.Now(), time.Now())
			if err != nil {
				t.Fatal(err)
			}
			if inv.Currency != "PLN" { // the bank's rate, as the payment's booking gets it
				if err := inv.Convert("NBP", "227/A/NBP/2026", "2026-11-23", "4.2512"); err != nil {
					t.Fatal(err)
				}
			}
			if err := f.db.Update(func(tx *store.Tx) error { return tx.IssueDocument(inv, 2026) }); err != nil {
				t.Fatal(err)
			}
			if _, err := f.svc.Refund(bg, orders.RefundRequest{OrderID: o.ID, Amount: 5000, Reason: "Scratch on the grip", Key: "a"}); err != nil {
				t.Fatal(err)
			}
			mails := f.mails(o.Hash)
			if len(mails) != 1 {
				t.Fatalf("%d refund e-mails", len(mails))
			}
			m := mails[0]
			number := "FK/2026/0001"
			if c.receipt {
				number = "RK/2026/0001"
			}
			if len(m.Documents) != 1 || m.Documents[0] != number {
				t.Fatalf("the e-mail names %v, want %s", m.Documents, number)
			}
			if err := f.svc.AttachDocuments(bg, m); err != nil {
				t.Fatal(err)
			}
			if len(m.Attachments) != 1 {
				t.Fatalf("%d attachments", len(m.Attachments))
			}
			a := m.Attachments[0]
			if want := strings.ReplaceAll(number, "/", "-") + ".pdf"; a.Name != want || a.ContentType != "application/pdf" {
				t.Errorf("attachment %q %s, want %s", a.Name, a.ContentType, want)
			}
			text := testutil.PDFText(t, a.Data)
			if !strings.Contains(text, number) || !strings.Contains(text, inv.Number) || !strings.Contains(text, "50,00") {
				t.Errorf("the PDF lacks %s, %s or 50,00:\n%s", number, inv.Number, text)
			}
			for _, body := range []string{m.Text, m.HTML} {
				if !strings.Contains(body, c.says) {
					t.Errorf("the e-mail does not say %q:\n%s", c.says, m.Text)
				}
			}
		})
	}
}
