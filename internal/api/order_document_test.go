package api_test

import (
	"bytes"
	"fmt"
	"net/http"
	"os/exec"
	"strings"
	"testing"
	"time"

	"sabershop/internal/accounting"
	"sabershop/internal/i18n"
	"sabershop/internal/order"
	"sabershop/internal/payment/sandbox"
	"sabershop/internal/store"
)

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
