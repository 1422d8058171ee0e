package api_test

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"os/exec"
	"strings"
	"testing"
	"time"

	"sabershop/internal/accounting"
	"sabershop/internal/invoice"
	"sabershop/internal/mail/outbox"
	"sabershop/internal/order"
	"sabershop/internal/payment/sandbox"
	"sabershop/internal/rates/nbpfake"
	"sabershop/internal/store"
)

// documentsOf is order id's documents as kept.
func (e *env) documentsOf(id uint64) []*accounting.Document {
	e.t.Helper()
	var docs []*accounting.Document
	if err := e.db.View(func(tx *store.Tx) (err error) { docs, err = tx.DocumentsOf(id); return err }); err != nil {
		e.t.Fatal(err)
	}
	return docs
}

// paidWhileTheBankIsDown is a German (euro) order paid through the
// sandbox while the exchange-rate bank answers 503.
func paidWhileTheBankIsDown(t *testing.T) (*env, placed, *order.Order) {
	t.Helper()
	e, _ := newSandboxEnv(t, 20*time.Millisecond)
	e.bankDown.Store(true)
	p := e.placeIn("de")
	wantStatus(t, e.payCard(p.Hash, e.shopKey(), sandbox.CardSuccess), http.StatusOK)
	return e, p, e.waitStatus(p.Hash, order.Paid)
}

// A euro order's invoice carries its amounts in złoty at the bank's rate
// of the last working day before the sale (the test's clock is on a
// Sunday: Friday's), and its PDF says the rate, its table and day.
func TestEuroInvoiceInZloty(t *testing.T) {
	e, _ := newSandboxEnv(t, 20*time.Millisecond)
	p := e.placeIn("de")
	wantStatus(t, e.payCard(p.Hash, e.shopKey(), sandbox.CardSuccess), http.StatusOK)
	o := e.waitStatus(p.Hash, order.Paid)
	var pdf []byte
	for _, m := range e.drain() {
		if len(m.Attachments) > 0 {
			pdf = m.Attachments[0].Data
		}
	}
	docs := e.documentsOf(o.ID)
	if len(docs) != 1 || docs[0].Currency != "EUR" || docs[0].Exchange == nil {
		t.Fatalf("documents %+v", docs)
	}
	x := docs[0].Exchange
	friday := time.Date(2026, 2, 27, 0, 0, 0, 0, time.UTC)
	if e.clock.Now().Weekday() != time.Sunday || x.Date != "2026-02-27" || x.Source != "NBP" || x.Mid != nbpfake.Mid("EUR", friday).String() ||
		x.Table != "040/A/NBP/2026" {
		t.Errorf("rate %+v, want the bank's of Friday %s", x, friday.Format(time.DateOnly))
	}
	if x.Total.Gross != x.Total.Net+x.Total.VAT || x.Total.Gross < o.Totals.Total*4 {
		t.Errorf("złoty amounts %+v for %d euro cents", x.Total, o.Totals.Total)
	}
	if pdf == nil {
		t.Fatal("no e-mail with the invoice")
	}
	cmd := exec.Command("pdftotext", "-layout", "-", "-")
	cmd.Stdin = bytes.NewReader(pdf)
	text, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	want := "tabela 040/A/NBP/2026 z dnia 2026-02-27: 1 EUR = " + strings.ReplaceAll(x.Mid, ".", ",") + " PLN"
	if !strings.Contains(string(text), want) {
		t.Errorf("the PDF lacks %q:\n%s", want, text)
	}
}

// While the bank does not answer, a euro invoice waits for its rate: the
// "payment received" e-mail is not sent without it but tried again; once
// the bank answers, the rates loop converts it and the e-mail goes out
// with the converted invoice. A correction issued meanwhile gets the
// invoice's rate too.
func TestInvoiceWaitsForTheBank(t *testing.T) {
	e, _, o := paidWhileTheBankIsDown(t)
	before := len(e.smtp.Received())
	sent, failed, err := e.worker.DrainOnce(context.Background())
	if err != nil || failed != 1 {
		t.Fatalf("drain with the bank down: sent %d, failed %d, err %v", sent, failed, err)
	}
	if docs := e.documentsOf(o.ID); len(docs) != 1 || !docs[0].NeedsRate() {
		t.Fatalf("documents %+v", docs)
	}
	var waiting []*accounting.Document
	if err := e.db.View(func(tx *store.Tx) (err error) { waiting, err = tx.DocumentsWaitingForRate(); return err }); err != nil || len(waiting) != 1 {
		t.Fatalf("waiting %d, %v", len(waiting), err)
	}
	for _, m := range e.smtp.Received()[before:] {
		if len(parseMail(t, m).Attachments) > 0 {
			t.Fatal("an invoice was sent without its rate")
		}
	}
	// A refund's correction issued meanwhile waits too.
	if err := e.db.Update(func(tx *store.Tx) error {
		return tx.IssueDocument(invoice.Correction(waiting[0], 1000, "", e.clock.Now()), 2026)
	}); err != nil {
		t.Fatal(err)
	}
	if n, err := e.orders.FillRates(context.Background()); n != 2 || err == nil {
		t.Errorf("FillRates with the bank down: %d waiting, %v", n, err)
	}

	e.bankDown.Store(false)
	if n, err := e.orders.FillRates(context.Background()); n != 0 || err != nil {
		t.Fatalf("FillRates: %d waiting, %v", n, err)
	}
	docs := e.documentsOf(o.ID)
	if len(docs) != 2 {
		t.Fatalf("%d documents", len(docs))
	}
	for _, d := range docs { // the correction at its invoice's rate
		if d.Exchange == nil || d.Exchange.Date != "2026-02-27" {
			t.Errorf("%s after the bank answered: %+v", d.Number, d.Exchange)
		}
	}
	e.worker.Now = func() time.Time { return time.Now().Add(time.Hour) } // the retry is due
	var attached bool
	for _, m := range e.drain() {
		attached = attached || len(m.Attachments) > 0
	}
	if !attached {
		t.Error("the e-mail with the invoice did not go out once the rate was known")
	}
	if _, err := e.orders.FillRates(context.Background()); err != nil {
		t.Error(err)
	}
}

// A document that waits for its rate is never shown without it: not
// attached, and the status page's download says it is being prepared;
// once the bank answers, the download asks it and succeeds.
func TestEnsureRateRefusesWithoutTheBank(t *testing.T) {
	e, p, o := paidWhileTheBankIsDown(t)
	docs := e.documentsOf(o.ID)
	m := &outbox.Message{Documents: []string{docs[0].Number}}
	if err := e.orders.AttachDocuments(context.Background(), m); !errors.Is(err, accounting.ErrRatePending) || len(m.Attachments) != 0 {
		t.Errorf("attaching a waiting document: %v", err)
	}
	url := "/v1/orders/" + p.Hash + "/documents/" + invoice.FileName(docs[0])
	r := e.get(url)
	if r.Status != http.StatusServiceUnavailable || r.JSON(t)["code"] != "document_pending" || r.Header.Get("Retry-After") == "" {
		t.Errorf("download of a waiting document: %d %s", r.Status, r.Body)
	}
	e.bankDown.Store(false)
	if r = e.get(url); r.Status != http.StatusOK || !bytes.HasPrefix(r.Body, []byte("%PDF-")) {
		t.Errorf("download once the bank answers: %d %.100s", r.Status, r.Body)
	}
	if d := e.documentsOf(o.ID)[0]; d.Exchange == nil {
		t.Error("the download did not keep the rate it asked for")
	}
}
