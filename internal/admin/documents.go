package admin

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"sabershop/internal/accounting"
	"sabershop/internal/i18n"
	"sabershop/internal/inert"
	"sabershop/internal/invoice"
	"sabershop/internal/store"
)

// The accountant's list (issue 16, docs/legal.md#the-accountants-list):
// the documents issued in a month, as the owner reads them (orderd
// invoices list, the desk's Documents page) and as the accountant's CSV;
// and one document's PDF. The CLI and the desk call these.

// ErrBadMonth is returned by Documents and DocumentsCSV when the month is
// not YYYY-MM.
var ErrBadMonth = errors.New("admin: the month must be YYYY-MM, e.g. 2026-11")

// ErrNeedsRate is returned by DocumentPDF for a foreign-currency document
// whose exchange rate to złoty is not known yet: a Polish invoice in
// euros must show its VAT in złoty, so it is not rendered without.
var ErrNeedsRate = errors.New("admin: the document waits for its exchange rate to złoty")

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
func (env Env) Documents(month string) ([]*accounting.Document, error) {
	start, err := ParseMonth(month, env.now())
	if err != nil {
		return nil, err
	}
	end := start.AddDate(0, 1, 0)
	var out []*accounting.Document
	err = env.DB.View(func(tx *store.Tx) error {
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
	"gross_pln", "corrects"}

// DocumentsCSV writes month's documents as the accountant's CSV: one row
// per document and VAT rate, amounts in major units with a dot (negative
// for corrections), a foreign-currency document's amounts in złoty beside
// its own (empty while it waits for its rate, and for a złoty document).
// The buyer's words are a stranger's: csvWriter keeps them inert and
// keeps a spreadsheet from running them as formulas.
func (env Env) DocumentsCSV(out io.Writer, month string) error {
	docs, err := env.Documents(month)
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
					net, vat, gross = decimal(p.Net), decimal(p.VAT), decimal(p.Gross)
				}
			}
			w.Write(d.Number, string(d.Kind), workshopDay(d.Issued), workshopDay(d.SaleDate), strconv.FormatUint(d.OrderID, 10), d.Buyer.Name,
				d.Buyer.Company, d.Buyer.VATID, strings.ToUpper(d.Buyer.Country), d.Currency, strconv.Itoa(t.Rate), decimal(t.Net),
				decimal(t.VAT), decimal(t.Gross), src, table, date, mid, net, vat, gross, d.Corrects)
		}
	}
	return w.Flush()
}

// document is the document numbered number; store.ErrNotFound, saying
// which, when there is none.
func (env Env) document(number string) (d *accounting.Document, err error) {
	err = env.DB.View(func(tx *store.Tx) error {
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
func (env Env) DocumentPDF(number string) (name string, pdf []byte, err error) {
	d, err := env.document(number)
	if err != nil {
		return "", nil, err
	}
	if d.NeedsRate() && env.FillRates != nil {
		// In the daemon: ask the bank now rather than wait for the
		// rates loop's next round.
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		_, ferr := env.FillRates(ctx)
		cancel()
		if ferr != nil && env.Log != nil {
			env.Log.Warn("exchange rate for a document", "document", d.Number, "err", ferr)
		}
		if d, err = env.document(number); err != nil {
			return "", nil, err
		}
	}
	if d.NeedsRate() {
		return "", nil, fmt.Errorf("%w: %s", ErrNeedsRate, d.Number)
	}
	pdf, err = invoice.PDF(d)
	return invoice.FileName(d), pdf, err
}

// decimal is minor units in major ones with a dot: "1234.56", "-5.00".
func decimal(minor int64) string {
	sign := ""
	if minor < 0 {
		sign, minor = "-", -minor
	}
	return fmt.Sprintf("%s%d.%02d", sign, minor/100, minor%100)
}

// workshopDay is t's day in the workshop: "2026-11-24".
func workshopDay(t time.Time) string { return t.In(i18n.Workshop).Format(time.DateOnly) }

// invoices runs orderd invoices list|csv|pdf.
func (c *cmd) invoices(sub string, rest []string) error {
	switch sub {
	case "list", "csv":
		fs := flags("invoices " + sub)
		month := fs.String("month", "", "the month, YYYY-MM (default: this month)")
		pos, err := parse(fs, rest)
		if err != nil {
			return err
		}
		if len(pos) > 0 {
			return usagef("orderd invoices %s takes only -month YYYY-MM, got %q\n\n%s", sub, strings.Join(pos, " "), Usage)
		}
		if _, err := ParseMonth(*month, c.env.now()); err != nil {
			return usagef("orderd invoices %s: %v", sub, err)
		}
		if sub == "csv" {
			return c.env.DocumentsCSV(c.out, *month)
		}
		return c.invoicesList(*month)
	case "pdf":
		pos, err := parse(flags("invoices pdf"), rest)
		if err != nil {
			return err
		}
		if len(pos) != 1 {
			return usagef("orderd invoices pdf: give one document number, e.g. orderd invoices pdf FV/2026/0001")
		}
		_, pdf, err := c.env.DocumentPDF(pos[0])
		if err != nil {
			return err
		}
		_, err = c.out.Write(pdf)
		return err
	}
	return usagef("unknown command \"invoices %s\"\n\n%s", sub, Usage)
}

// invoicesList prints month's documents: number, day, buyer, gross, and
// the gross in złoty of a foreign-currency one.
func (c *cmd) invoicesList(month string) error {
	docs, err := c.env.Documents(month)
	if err != nil {
		return err
	}
	if len(docs) == 0 {
		c.printf("no documents issued in %s\n", monthOf(month, c.env.now()))
		return nil
	}
	tw := tabwriter.NewWriter(c.out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "NUMBER\tDATE\tBUYER\tGROSS\tPLN")
	for _, d := range docs {
		buyer := d.Buyer.Name
		if d.Buyer.Company != "" {
			buyer = d.Buyer.Company
		}
		pln := ""
		switch {
		case d.Exchange != nil:
			pln = amount(d.Exchange.Total.Gross, "PLN")
		case d.NeedsRate():
			pln = "(rate pending)"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", d.Number, workshopDay(d.Issued), inert.String(buyer), amount(d.Total.Gross, d.Currency), pln)
	}
	return tw.Flush()
}

// monthOf is month as ParseMonth reads it, "2026-11".
func monthOf(month string, now time.Time) string {
	m, _ := ParseMonth(month, now)
	return m.Format("2006-01")
}
