package admin

import (
	"fmt"
	"strings"
	"text/tabwriter"
	"time"

	"sabershop/internal/backoffice"
	"sabershop/internal/inert"
)

// The accountant's list (docs/legal.md#the-accountants-list):
// the documents issued in a month, as the owner reads them (orderd
// invoices list, the desk's Documents page) and as the accountant's CSV;
// and one document's PDF. The CLI and the desk call these.

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
		if _, err := backoffice.ParseMonth(*month, c.office.Clock()); err != nil {
			return usagef("orderd invoices %s: %v", sub, err)
		}
		if sub == "csv" {
			return c.office.DocumentsCSV(c.out, *month)
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
		_, pdf, err := c.office.DocumentPDF(pos[0])
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
	docs, err := c.office.Documents(month)
	if err != nil {
		return err
	}
	if len(docs) == 0 {
		c.printf("no documents issued in %s\n", monthOf(month, c.office.Clock()))
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
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", d.Number, backoffice.WorkshopDay(d.Issued), inert.String(buyer), amount(d.Total.Gross, d.Currency), pln)
	}
	return tw.Flush()
}

// monthOf is month as backoffice.ParseMonth reads it, "2026-11".
func monthOf(month string, now time.Time) string {
	m, _ := backoffice.ParseMonth(month, now)
	return m.Format("2006-01")
}
