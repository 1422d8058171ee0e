package desk_test

import (
	"encoding/csv"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"sabershop/internal/accounting"
	"sabershop/internal/store"
)

// withDocuments is withOrders with an invoice for the paid złoty order
// (its buyer's name has a bidi override) and one for the euro order,
// still waiting for its exchange rate.
func withDocuments(t *testing.T) (*env, string) {
	t.Helper()
	e, cookie, _ := withOrders(t)
	issued := start.Add(2 * time.Hour)
	for _, x := range []struct {
		order           uint64
		currency, buyer string
		net, vat, gross int64
	}{{2, "PLN", "Łukasz\u202Eevil Nowak", 100000, 23000, 123000}, {3, "EUR", "=HYPERLINK(\"x\")", 20000, 4600, 24600}} {
		a := accounting.Amounts{Net: x.net, VAT: x.vat, Gross: x.gross}
		d := &accounting.Document{Kind: accounting.KindInvoice, Series: accounting.SeriesInvoice, OrderID: x.order, Issued: issued, SaleDate: issued,
			Currency: x.currency, Buyer: accounting.Buyer{Name: x.buyer, Country: "pl"},
			Lines:  []accounting.Line{{Name: "Arc", Quantity: 1, Rate: 23, Amounts: a}},
			Totals: []accounting.RateTotal{{Rate: 23, Amounts: a}}, Total: a}
		if err := e.db.Update(func(tx *store.Tx) error { return tx.IssueDocument(d, 2026) }); err != nil {
			t.Fatal(err)
		}
	}
	return e, cookie
}

// The Documents page's data: the month's documents with their buyers
// inert, a bad month refused in the owner's language.
func TestDocumentsList(t *testing.T) {
	e, cookie := withDocuments(t)
	e.want(e.call("GET", "/admin/api/documents?month=2026-11", nil), 401, "unauthorized")
	a := e.call("GET", "/admin/api/documents?month=2026-11", nil, "Cookie", cookie)
	e.want(a, 200, "")
	var got struct {
		Month     string `json:"month"`
		Documents []struct {
			Number    string `json:"number"`
			Buyer     string `json:"buyer"`
			Issued    string `json:"issued"`
			Gross     int64  `json:"gross"`
			GrossPLN  *int64 `json:"gross_pln"`
			NeedsRate bool   `json:"needs_rate"`
			File      string `json:"file"`
		} `json:"documents"`
	}
	if err := json.Unmarshal([]byte(a.raw), &got); err != nil {
		t.Fatal(err)
	}
	if got.Month != "2026-11" || len(got.Documents) != 2 || got.Documents[0].Number != "FV/2026/0001" ||
		got.Documents[0].File != "FV-2026-0001.pdf" || got.Documents[0].Issued != "2026-11-24" || got.Documents[0].Gross != 123000 ||
		got.Documents[0].NeedsRate || got.Documents[0].GrossPLN != nil || !got.Documents[1].NeedsRate {
		t.Errorf("documents %s", a.raw)
	}
	if strings.ContainsRune(a.raw, '\u202e') || strings.Contains(a.raw, `\u202e`) {
		t.Errorf("a bidi override reaches the desk: %s", a.raw)
	}
	// No month is this month (the clock's, 24 November 2026).
	if a := e.call("GET", "/admin/api/documents", nil, "Cookie", cookie); !strings.Contains(a.raw, `"month":"2026-11"`) ||
		!strings.Contains(a.raw, "FV/2026/0002") {
		t.Errorf("this month: %s", a.raw)
	}
	if a := e.call("GET", "/admin/api/documents?month=2026-10", nil, "Cookie", cookie); a.raw != `{"month":"2026-10","documents":[]}` {
		t.Errorf("an empty month: %s", a.raw)
	}
	a = e.call("GET", "/admin/api/documents?month=2026-13", nil, "Cookie", cookie, "Accept-Language", "en")
	e.want(a, 400, "documents_month")
	if a.body["message"] != "The month must be like 2026-11." {
		t.Errorf("bad month: %s", a.raw)
	}
	// The order's page lists its documents.
	a = e.call("GET", "/admin/api/orders/2", nil, "Cookie", cookie)
	if !strings.Contains(a.raw, `"documents":[{"number":"FV/2026/0001"`) || !strings.Contains(a.raw, `"file":"FV-2026-0001.pdf"`) {
		t.Errorf("order 2: %s", a.raw)
	}
	if a := e.call("GET", "/admin/api/orders/1", nil, "Cookie", cookie); !strings.Contains(a.raw, `"documents":[]`) {
		t.Errorf("order 1 has no documents: %s", a.raw)
	}
}

// The accountant's CSV: a download of the month, formula-safe, in the
// activity log with its month.
func TestDocumentsCSV(t *testing.T) {
	e, cookie := withDocuments(t)
	a := e.call("GET", "/admin/api/documents.csv?month=2026-11", nil, "Cookie", cookie)
	e.want(a, 200, "")
	if a.header.Get("Content-Type") != "text/csv; charset=utf-8" ||
		a.header.Get("Content-Disposition") != `attachment; filename="documents-2026-11.csv"` || a.header.Get("Cache-Control") != "no-store" {
		t.Errorf("headers %v", a.header)
	}
	rows, err := csv.NewReader(strings.NewReader(a.raw)).ReadAll()
	if err != nil {
		t.Fatalf("%v: %s", err, a.raw)
	}
	if len(rows) != 3 || rows[0][0] != "number" || rows[1][0] != "FV/2026/0001" || rows[2][5] != `'=HYPERLINK("x")` ||
		strings.ContainsRune(rows[1][5], '\u202e') || rows[1][13] != "1230.00" {
		t.Errorf("rows %q", rows)
	}
	e.want(e.call("GET", "/admin/api/documents.csv?month=november", nil, "Cookie", cookie), 400, "documents_month")
	err = e.db.View(func(tx *store.Tx) error {
		log, err := tx.AuditLog(0, 5)
		if len(log) == 0 || log[0].What != "documents.csv" || log[0].Detail != "2026-11" || log[0].Owner != "marek" {
			t.Errorf("audit %+v", log)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// A document's PDF: an attachment by its file name; a euro document
// without its rate is refused with the reason; others are not found.
func TestDocumentPDF(t *testing.T) {
	e, cookie := withDocuments(t)
	a := e.call("GET", "/admin/api/documents/FV-2026-0001.pdf", nil, "Cookie", cookie)
	e.want(a, 200, "")
	if !strings.HasPrefix(a.raw, "%PDF") || a.header.Get("Content-Type") != "application/pdf" ||
		a.header.Get("Content-Disposition") != `attachment; filename="FV-2026-0001.pdf"` || a.header.Get("Cache-Control") != "no-store" {
		t.Errorf("PDF: %.8q %v", a.raw, a.header)
	}
	a = e.call("GET", "/admin/api/documents/FV-2026-0002.pdf", nil, "Cookie", cookie, "Accept-Language", "pl")
	e.want(a, 409, "document_needs_rate")
	if !strings.Contains(a.body["message"].(string), "kurs") {
		t.Errorf("needs rate: %s", a.raw)
	}
	for _, path := range []string{"FV-2026-0003.pdf", "FV-2026-0001", "..%2F..%2Fetc.pdf", "FV-2026-0001.pdf.pdf"} {
		e.want(e.call("GET", "/admin/api/documents/"+path, nil, "Cookie", cookie), 404, "not_found")
	}
}
