package backoffice

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"sabershop/internal/accounting"
	"sabershop/internal/i18n"
	"sabershop/internal/inert"
	"sabershop/internal/invoice"
	"sabershop/internal/store"
)

// ErrBadMonth is returned by Documents and DocumentsCSV when the month is
// not YYYY-MM.
var ErrBadMonth = errors.New("the month must be YYYY-MM, e.g. 2026-11")

// ErrNeedsRate is returned by DocumentPDF for a foreign-currency document
// whose exchange rate to złoty is not known yet: a Polish invoice in
// euros must show its VAT in złoty, so it is not rendered without.
var ErrNeedsRate = errors.New("the document waits for its exchange rate to złoty")

// ParseMonth is month ("YYYY-MM") as its first instant in the workshop's
// time zone; "" is the month of now.
func ParseMonth(month string, now time.Time) (time.Time, error) {
	if strings.TrimSpace(month) == "" {
		n := now.In(i18n.Workshop)
		return time.Date(n.Year(), n.Month(), 1, 0, 0, 0, 0, i18n.Workshop), nil
	}
	m, err := time.ParseInLocation("2006-01", strings.TrimSpace(month), i18n.Workshop)
	if err != nil || m.Year() < 2000 || m.Year() > 9999 {
		return time.Time{}, fmt.Errorf("%w (got %q)", ErrBadMonth, month)
	}
	return m, nil
}

// Documents is the documents issued in month ("YYYY-MM", the workshop's
// calendar; "" is this month), series by series (FV, FK, R, RK), each in
// number order.
func (b Office) Documents(month string) ([]*accounting.Document, error) {
	start, err := ParseMonth(month, b.now())
	if err != nil {
		return nil, err
	}
	end := start.AddDate(0, 1, 0)
	var out []*accounting.Document
	err = b.DB.View(func(tx *store.Tx) error {
		for _, s := range accounting.SeriesAll {
			// A document's year is the workshop's year it was issued in
			// (its number's), so the month's are all in start's year.
			list, err := tx.Documents(s, start.Year())
			if err != nil {
				return err
			}
			for _, d := range list {
				if !d.Issued.Before(start) && d.Issued.Before(end) {
					out = append(out, d)
				}
			}
		}
		return nil
	})
	return out, err
}

// DocumentsCSVHeader is the accountant's CSV's first row.
var DocumentsCSVHeader = []string{"number", "kind", "issue_date", "sale_date", "order", "buyer", "company", "vat_id", "country",
	"currency", "vat_rate", "net", "vat", "gross", "rate_source", "rate_table", "rate_date", "rate", "net_pln", "vat_pln",
	"gross_pln", "corrects", "ksef_number"}

// DocumentsCSV writes month's documents as the accountant's CSV: one row
// per document and VAT rate, amounts in major units with a dot (negative
// for corrections), a foreign-currency document's amounts in złoty beside
// its own (empty while it waits for its rate, and for a złoty document),
// and its KSeF number once KSeF accepted it (empty outside KSeF, and
// while KSeF has not accepted it).
// The buyer's words are a stranger's: csvWriter keeps them inert and
// keeps a spreadsheet from running them as formulas.
func (b Office) DocumentsCSV(out io.Writer, month string) error {
	docs, err := b.Documents(month)
	if err != nil {
		return err
	}
	w := newCSVWriter(out)
	w.Write(DocumentsCSVHeader...)
	for _, d := range docs {
		for i, t := range d.Totals {
			var src, table, date, mid, net, vat, gross string
			if x := d.Exchange; x != nil {
				src, table, date, mid = x.Source, x.Table, x.Date, x.Mid
				if i < len(x.Totals) {
					p := x.Totals[i]
					net, vat, gross = Decimal(p.Net), Decimal(p.VAT), Decimal(p.Gross)
				}
			}
			w.Write(d.Number, string(d.Kind), WorkshopDay(d.Issued), WorkshopDay(d.SaleDate), strconv.FormatUint(d.OrderID, 10), d.Buyer.Name,
				d.Buyer.Company, d.Buyer.VATID, strings.ToUpper(d.Buyer.Country), d.Currency, strconv.Itoa(t.Rate), Decimal(t.Net),
				Decimal(t.VAT), Decimal(t.Gross), src, table, date, mid, net, vat, gross, d.Corrects, ksefNumber(d))
		}
	}
	return w.Flush()
}

// document is the document numbered number; store.ErrNotFound, saying
// which, when there is none.
func (b Office) document(number string) (d *accounting.Document, err error) {
	err = b.DB.View(func(tx *store.Tx) error {
		d, err = tx.DocumentByNumber(strings.TrimSpace(number))
		return err
	})
	if errors.Is(err, store.ErrNotFound) {
		return nil, fmt.Errorf("%w: no document %s", err, inert.String(number))
	}
	return d, err
}

// DocumentPDF is the PDF of the document numbered number ("FV/2026/0001")
// and its file name; store.ErrNotFound when there is none, ErrNeedsRate
// for a foreign-currency one that has no rate to złoty yet.
func (b Office) DocumentPDF(number string) (name string, pdf []byte, err error) {
	d, err := b.document(number)
	if err != nil {
		return "", nil, err
	}
	// In the daemon the bank is asked now rather than at the rates
	// loop's next round; without one a waiting document stays waiting.
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	pdf, err = b.Orders.DocumentPDF(ctx, d)
	if errors.Is(err, accounting.ErrRatePending) {
		return "", nil, fmt.Errorf("%w: %s", ErrNeedsRate, d.Number)
	}
	return invoice.FileName(d), pdf, err
}

// Decimal is minor units in major ones with a dot: "1234.56", "-5.00".
func Decimal(minor int64) string {
	sign := ""
	if minor < 0 {
		sign, minor = "-", -minor
	}
	return fmt.Sprintf("%s%d.%02d", sign, minor/100, minor%100)
}

// workshopDay is t's day in the workshop: "2026-11-24".
func WorkshopDay(t time.Time) string { return t.In(i18n.Workshop).Format(time.DateOnly) }

// ksefNumber is the KSeF number of d once KSeF accepted it, else "".
func ksefNumber(d *accounting.Document) string {
	if d.KSeF == nil || d.KSeF.State != accounting.KSeFAccepted {
		return ""
	}
	return d.KSeF.Number
}
