package admin_test

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"sabershop/internal/accounting"
	"sabershop/internal/backoffice"
	"sabershop/internal/invoice"
	"sabershop/internal/order"
	"sabershop/internal/rates/nbp"
	"sabershop/internal/rates/nbpfake"
	"sabershop/internal/store"
)

// issue stores the document of paid order o, issued at issued (its
// number's year the workshop's, as the daemon gives it), after change.
func (f *fixture) issue(o *order.Order, issued time.Time, change func(*accounting.Document)) *accounting.Document {
	f.t.Helper()
	d, err := invoice.For(o, f.cat, issued, issued)
	if err != nil {
		f.t.Fatal(err)
	}
	if change != nil {
		change(d)
	}
	f.store(d)
	return d
}

func (f *fixture) store(d *accounting.Document) {
	f.t.Helper()
	if err := f.db.UpdateNow(func(tx *store.Tx) error { return tx.IssueDocument(d, d.Issued.In(warsaw).Year()) }); err != nil {
		f.t.Fatal(err)
	}
}

var warsaw = mustLoad("Europe/Warsaw")

func mustLoad(name string) *time.Location {
	l, err := time.LoadLocation(name)
	if err != nil {
		panic(err)
	}
	return l
}

// documentsFixture is October's and November's 2026 documents: a złoty
// invoice in October; in November (the workshop's: 31 October 23:30 UTC
// is 1 November in Kraków) a złoty invoice made out to a buyer whose
// name is a formula with a bidi override, a euro invoice converted to
// złoty, a euro invoice still waiting for its rate, and a correction of
// the converted one.
type documentsFixture struct {
	*fixture
	october, formula, eur, pending, correction *accounting.Document
}

func newDocumentsFixture(t *testing.T) *documentsFixture {
	f := &documentsFixture{fixture: newFixture(t)}
	pl := f.setStatus(f.place("pl", customer("Anna", "anna@example.com", "pl"), arc(1)), order.PaymentPending, order.Paid)
	de := f.setStatus(f.place("de", customer("Jonas", "jonas@example.com", "de"), arc(2)), order.PaymentPending, order.Paid)
	if de.Currency != "EUR" {
		t.Fatalf("the German order is in %s, want EUR", de.Currency)
	}
	f.october = f.issue(pl, time.Date(2026, 10, 15, 10, 0, 0, 0, time.UTC), nil)
	f.formula = f.issue(pl, time.Date(2026, 10, 31, 23, 30, 0, 0, time.UTC), func(d *accounting.Document) {
		d.Buyer.Name = `=HYPERLINK("https://evil.test","click")` + "\u202e"
		d.Buyer.Company = "@SUM(A1)"
	})
	f.eur = f.issue(de, time.Date(2026, 11, 20, 9, 0, 0, 0, time.UTC), func(d *accounting.Document) {
		if err := d.Convert("NBP", "225/A/NBP/2026", "2026-11-19", "4.2512"); err != nil {
			t.Fatal(err)
		}
	})
	f.pending = f.issue(de, time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC), nil)
	f.correction = invoice.Correction(f.eur, 1000, "scratch", time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC))
	f.store(f.correction)
	// December's first hour in Kraków is still 30 November in UTC: not November's.
	f.issue(pl, time.Date(2026, 11, 30, 23, 30, 0, 0, time.UTC), nil)
	return f
}

func numbers(docs []*accounting.Document) []string {
	var out []string
	for _, d := range docs {
		out = append(out, d.Number)
	}
	return out
}

func TestDocumentsOfAMonth(t *testing.T) {
	f := newDocumentsFixture(t)
	got, err := f.env.Documents("2026-11")
	if err != nil {
		t.Fatal(err)
	}
	// Series by series (FV before FK), each in number order.
	want := []string{"FV/2026/0002", "FV/2026/0003", "FV/2026/0004", "FK/2026/0001"}
	if strings.Join(numbers(got), " ") != strings.Join(want, " ") {
		t.Errorf("November: %v, want %v", numbers(got), want)
	}
	if got, _ := f.env.Documents("2026-10"); strings.Join(numbers(got), " ") != "FV/2026/0001" {
		t.Errorf("October: %v", numbers(got))
	}
	// No month is the clock's (testNow is in November 2026).
	if got, _ := f.env.Documents(""); len(got) != 4 {
		t.Errorf("this month: %v", numbers(got))
	}
	if got, err := f.env.Documents("2025-11"); err != nil || len(got) != 0 {
		t.Errorf("an empty month: %v, %v", numbers(got), err)
	}
	for _, bad := range []string{"2026-13", "11-2026", "2026/11", "november", "2026-11-01"} {
		if _, err := f.env.Documents(bad); !errors.Is(err, backoffice.ErrBadMonth) {
			t.Errorf("Documents(%q): %v, want ErrBadMonth", bad, err)
		}
	}
}

func TestDocumentsCSV(t *testing.T) {
	f := newDocumentsFixture(t)
	var buf bytes.Buffer
	if err := f.env.DocumentsCSV(&buf, "2026-11"); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatalf("the CSV does not parse: %v\n%s", err, buf.String())
	}
	if strings.Join(rows[0], ",") != strings.Join(backoffice.DocumentsCSVHeader, ",") {
		t.Errorf("header %v", rows[0])
	}
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	byNumber := map[string][]string{}
	for _, r := range rows[1:] {
		if len(r) != len(backoffice.DocumentsCSVHeader) {
			t.Fatalf("row %v has %d cells", r, len(r))
		}
		byNumber[r[0]] = r
	}
	if len(rows) != 5 {
		t.Errorf("%d rows, want the header and one per document and rate (4)", len(rows))
	}
	cell := func(number, name string) string { return byNumber[number][col[name]] }

	// The formula and the hidden direction change are text.
	if b := cell("FV/2026/0002", "buyer"); !strings.HasPrefix(b, "'=HYPERLINK(") || strings.ContainsRune(b, '\u202e') {
		t.Errorf("buyer cell %q: want a leading quote and no bidi override", b)
	}
	if c := cell("FV/2026/0002", "company"); c != "'@SUM(A1)" {
		t.Errorf("company cell %q", c)
	}
	if got := cell("FV/2026/0002", "issue_date"); got != "2026-11-01" {
		t.Errorf("issue date %q, want the workshop's day", got)
	}
	pln := f.formula.Totals[0]
	if cell("FV/2026/0002", "gross") != decimal(pln.Gross) || cell("FV/2026/0002", "currency") != "PLN" ||
		cell("FV/2026/0002", "rate") != "" || cell("FV/2026/0002", "gross_pln") != "" {
		t.Errorf("PLN row %v", byNumber["FV/2026/0002"])
	}

	x := f.eur.Exchange
	eur := byNumber["FV/2026/0003"]
	if eur[col["currency"]] != "EUR" || eur[col["rate_source"]] != "NBP" || eur[col["rate_table"]] != "225/A/NBP/2026" ||
		eur[col["rate_date"]] != "2026-11-19" || eur[col["rate"]] != "4.2512" || eur[col["vat_rate"]] != strconv.Itoa(f.eur.Totals[0].Rate) ||
		eur[col["net"]] != decimal(f.eur.Totals[0].Net) || eur[col["net_pln"]] != decimal(x.Totals[0].Net) ||
		eur[col["vat_pln"]] != decimal(x.Totals[0].VAT) || eur[col["gross_pln"]] != decimal(x.Totals[0].Gross) {
		t.Errorf("EUR row %v (exchange %+v)", eur, x)
	}
	if p := byNumber["FV/2026/0004"]; p[col["rate"]] != "" || p[col["gross_pln"]] != "" || p[col["gross"]] == "" {
		t.Errorf("a EUR invoice waiting for its rate: %v", p)
	}
	c := byNumber["FK/2026/0001"]
	if c[col["kind"]] != "correction" || c[col["corrects"]] != "FV/2026/0003" || c[col["gross"]] != "-10.00" ||
		!strings.HasPrefix(c[col["gross_pln"]], "-") || c[col["rate"]] != "4.2512" {
		t.Errorf("correction row %v", c)
	}
	if err := f.env.DocumentsCSV(&buf, "2026-1"); !errors.Is(err, backoffice.ErrBadMonth) {
		t.Errorf("a bad month: %v", err)
	}
}

// TestDocumentsCSVTwoRates: a document with two VAT rates is two rows.
func TestDocumentsCSVTwoRates(t *testing.T) {
	f := newFixture(t)
	o := f.setStatus(f.place("pl", customer("Anna", "anna@example.com", "pl"), arc(1)), order.PaymentPending, order.Paid)
	d := f.issueTwoRates(o)
	var buf bytes.Buffer
	if err := f.env.DocumentsCSV(&buf, "2026-11"); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 3 || rows[1][0] != d.Number || rows[2][0] != d.Number || rows[1][10] != "23" || rows[2][10] != "8" {
		t.Errorf("rows %v", rows)
	}
}

func (f *fixture) issueTwoRates(o *order.Order) *accounting.Document {
	f.t.Helper()
	d, err := invoice.For(o, f.cat, testNow, testNow)
	if err != nil {
		f.t.Fatal(err)
	}
	d.Totals = []accounting.RateTotal{
		{Rate: 23, Amounts: accounting.Amounts{Net: 10000, VAT: 2300, Gross: 12300}},
		{Rate: 8, Amounts: accounting.Amounts{Net: 1000, VAT: 80, Gross: 1080}},
	}
	f.store(d)
	return d
}

func TestDocumentPDF(t *testing.T) {
	f := newDocumentsFixture(t)
	name, pdf, err := f.env.DocumentPDF("FV/2026/0003")
	if err != nil || name != "FV-2026-0003.pdf" || !bytes.HasPrefix(pdf, []byte("%PDF")) {
		t.Errorf("DocumentPDF: %q, %.8q, %v", name, pdf, err)
	}
	if _, _, err := f.env.DocumentPDF("FV/2026/0004"); !errors.Is(err, backoffice.ErrNeedsRate) {
		t.Errorf("a EUR invoice without its rate: %v, want ErrNeedsRate", err)
	}
	if _, _, err := f.env.DocumentPDF("FV/2026/0099"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("no such document: %v", err)
	}
}

// In the daemon (an order service with the bank's rates), a document that
// waits for its rate asks the fake bank and is rendered with its złoty
// amounts, which are kept.
func TestDocumentPDFAsksTheBank(t *testing.T) {
	f := newDocumentsFixture(t)
	bank := httptest.NewServer(&nbpfake.Fake{})
	defer bank.Close()
	env := f.env
	env.Orders = f.orders(&nbp.Client{BaseURL: bank.URL})
	name, pdf, err := env.DocumentPDF(f.pending.Number)
	if err != nil || name != invoice.FileName(f.pending) || !bytes.HasPrefix(pdf, []byte("%PDF")) {
		t.Fatalf("DocumentPDF: %q %.8q %v", name, pdf, err)
	}
	docs, err := env.Documents("2026-11")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range docs {
		if d.Number == f.pending.Number && (d.Exchange == nil || d.Exchange.Date != "2026-11-20") {
			t.Errorf("%s kept %+v, want the rate of Friday 20 November (sold Saturday the 21st)", d.Number, d.Exchange)
		}
	}
}

func TestInvoicesCommands(t *testing.T) {
	f := newDocumentsFixture(t)
	out := f.ok("invoices", "list", "-month", "2026-11")
	for _, want := range []string{"FV/2026/0002", "2026-11-01", "FK/2026/0001", "-10.00 EUR", "(rate pending)",
		decimal(f.eur.Exchange.Total.Gross) + " PLN", "@SUM(A1)"} {
		if !strings.Contains(out, want) {
			t.Errorf("invoices list lacks %q:\n%s", want, out)
		}
	}
	if strings.ContainsRune(out, '\u202e') {
		t.Errorf("invoices list shows a bidi override:\n%q", out)
	}
	if out := f.ok("invoices", "list", "-month", "2025-01"); !strings.Contains(out, "no documents issued in 2025-01") {
		t.Errorf("an empty month: %q", out)
	}
	if out := f.ok("invoices", "list"); !strings.Contains(out, "FK/2026/0001") {
		t.Errorf("this month: %q", out)
	}
	if out := f.ok("invoices", "csv", "--month", "2026-10"); !strings.Contains(out, `"FV/2026/0001"`) || strings.Contains(out, "FV/2026/0002") {
		t.Errorf("invoices csv:\n%s", out)
	}
	if out := f.ok("invoices", "pdf", "FV/2026/0001"); !strings.HasPrefix(out, "%PDF") {
		t.Errorf("invoices pdf: %.20q", out)
	}
	f.usage("the month must be YYYY-MM", "invoices", "list", "-month", "2026-13")
	f.usage("takes only -month", "invoices", "csv", "2026-11")
	f.usage("give one document number", "invoices", "pdf")
	f.usage(`unknown command "invoices send"`, "invoices", "send")
	f.fails("waits for its exchange rate", "invoices", "pdf", "FV/2026/0004")
	f.fails("no document FV/2026/0099", "invoices", "pdf", "FV/2026/0099")
}

// decimal is minor units in major ones, as the CSV writes them.
func decimal(minor int64) string {
	sign := ""
	if minor < 0 {
		sign, minor = "-", -minor
	}
	return fmt.Sprintf("%s%d.%02d", sign, minor/100, minor%100)
}
