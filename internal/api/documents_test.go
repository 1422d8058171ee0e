package api_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"os/exec"
	"strings"
	"testing"
	"time"

	"sabershop/internal/accounting"
	"sabershop/internal/i18n"
	"sabershop/internal/invoice"
	"sabershop/internal/mail/outbox"
	"sabershop/internal/order"
	"sabershop/internal/payment/sandbox"
	"sabershop/internal/rates/nbpfake"
	"sabershop/internal/store"
)

// An order's accounting documents through the API: the invoice issued
// with the payment, its PDF attached and downloadable, a euro invoice
// converted to złoty at the bank's rate.

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

// orderDocs is the documents field of GET /v1/orders/{hash}.
type orderDocs struct {
	Documents []struct {
		Number string          `json:"number"`
		Kind   accounting.Kind `json:"kind"`
		Issued string          `json:"issued"`
		URL    string          `json:"url"`
	} `json:"documents"`
}

// A paid order's status page lists its invoice, and then a correction,
// each with its workshop day and a link; the link downloads the PDF (its
// text has the number and the order's total). Only the order's own
// documents come under its hash: another order's file, a file never
// issued and a malformed name are the same 404.
func TestOrderDocumentsListedAndDownloaded(t *testing.T) {
	e, _ := newSandboxEnv(t, 20*time.Millisecond)
	key := e.shopKey()
	mine, other := e.placeIn("pl"), e.placeIn("pl")

	var before orderDocs
	e.get("/v1/orders/"+mine.Hash).Decode(t, &before)
	if before.Documents == nil || len(before.Documents) != 0 {
		t.Fatalf("an unpaid order's documents: %+v, want an empty list", before.Documents)
	}

	for _, p := range []placed{mine, other} {
		wantStatus(t, e.payCard(p.Hash, key, sandbox.CardSuccess), http.StatusOK)
		e.waitStatus(p.Hash, order.Paid)
	}
	o := e.storedOrder(mine.Hash)
	year := e.clock.Now().In(i18n.Workshop).Year()
	invoiceNo, otherNo := fmt.Sprintf("FV/%d/0001", year), fmt.Sprintf("FV/%d/0002", year)

	// A correction issued a day later, as a refund would: after the invoice
	// in the list though its series sorts first in the store.
	issued := e.clock.Now().Add(24 * time.Hour)
	corr := &accounting.Document{Kind: accounting.KindCorrection, Series: accounting.SeriesCorrection, OrderID: o.ID, OrderHash: o.Hash,
		Issued: issued, SaleDate: issued, Currency: o.Currency, Corrects: invoiceNo}
	if err := e.db.Update(func(tx *store.Tx) error { return tx.IssueDocument(corr, year) }); err != nil {
		t.Fatal(err)
	}

	var v orderDocs
	e.get("/v1/orders/"+mine.Hash).Decode(t, &v)
	day := func(at time.Time) string { return at.In(i18n.Workshop).Format(time.DateOnly) }
	want := []string{
		fmt.Sprintf("%s invoice %s /v1/orders/%s/documents/FV-%d-0001.pdf", invoiceNo, day(e.clock.Now()), mine.Hash, year),
		fmt.Sprintf("%s correction %s /v1/orders/%s/documents/FK-%d-0001.pdf", corr.Number, day(issued), mine.Hash, year),
	}
	var got []string
	for _, d := range v.Documents {
		got = append(got, fmt.Sprintf("%s %s %s %s", d.Number, d.Kind, d.Issued, d.URL))
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("documents:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	r := e.get(v.Documents[0].URL)
	wantStatus(t, r, http.StatusOK)
	for h, want := range map[string]string{
		"Content-Type":           "application/pdf",
		"Content-Disposition":    fmt.Sprintf(`attachment; filename="FV-%d-0001.pdf"`, year),
		"Cache-Control":          "private, no-store",
		"X-Content-Type-Options": "nosniff",
	} {
		if got := r.Header.Get(h); got != want {
			t.Errorf("%s: %q, want %q", h, got, want)
		}
	}
	wantPDFText(t, r.Body, invoiceNo, o.Totals.Total)

	otherFile := strings.ReplaceAll(otherNo, "/", "-") + ".pdf"
	wantStatus(t, e.get("/v1/orders/"+other.Hash+"/documents/"+otherFile), http.StatusOK)
	for _, file := range []string{otherFile, fmt.Sprintf("FV-%d-0009.pdf", year), strings.TrimSuffix(otherFile, ".pdf")} {
		r := e.get("/v1/orders/" + mine.Hash + "/documents/" + file + "?locale=pl")
		if r.Status != http.StatusNotFound || r.Err(t).Code != "document_not_found" || !strings.Contains(r.Err(t).Message, "dokumentu") {
			t.Errorf("%s under another order: %d %s", file, r.Status, r.Body)
		}
	}
	r = e.get("/v1/orders/AAAAAAAAAAAAAAAAAAAAAAAA/documents/" + otherFile)
	if r.Status != http.StatusNotFound || r.Err(t).Code != "order_not_found" {
		t.Errorf("under an unknown hash: %d %s", r.Status, r.Body)
	}
}

// wantPDFText fails unless pdf's text (pdftotext) has number and the
// amount total in grosze or cents, written as the document writes it
// ("1 234,56", spaces aside).
func wantPDFText(t *testing.T, pdf []byte, number string, total int64) {
	t.Helper()
	if !bytes.HasPrefix(pdf, []byte("%PDF-")) {
		t.Fatalf("not a PDF: %.20q", pdf)
	}
	cmd := exec.Command("pdftotext", "-layout", "-", "-")
	cmd.Stdin = bytes.NewReader(pdf)
	text, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	amount := fmt.Sprintf("%d,%02d", total/100, total%100)
	flat := strings.NewReplacer("\u00a0", "", " ", "").Replace(string(text))
	if !strings.Contains(string(text), number) || !strings.Contains(flat, amount) {
		t.Errorf("the PDF lacks its number %s or the total %s:\n%s", number, amount, text)
	}
}

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
