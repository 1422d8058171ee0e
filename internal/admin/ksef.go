package admin

import (
	"errors"
	"fmt"
	"strings"
	"text/tabwriter"

	"sabershop/internal/accounting"
	"sabershop/internal/i18n"
	"sabershop/internal/inert"
	"sabershop/internal/orders"
)

// Documents and KSeF (docs/decisions/ksef.md): what waits for KSeF or was
// refused, sending a refused document again, its UPO. The desk calls the
// same backoffice.Office functions.

// ksef runs orderd ksef status|retry|upo.
func (c *cmd) ksef(sub string, rest []string) error {
	switch sub {
	case "status", "":
		return noArgs("ksef status", rest, c.ksefStatus)
	case "retry", "upo":
		pos, err := parse(flags("ksef "+sub), rest)
		if err != nil {
			return err
		}
		if len(pos) != 1 {
			return usagef("orderd ksef %s: give one document number, e.g. orderd ksef %s FV/2027/0001", sub, sub)
		}
		if sub == "retry" {
			return c.ksefRetry(pos[0])
		}
		_, upo, err := c.office.KSeFUPO(pos[0])
		if errors.Is(err, orders.ErrKSeFPending) {
			return fmt.Errorf("%s has no UPO: KSeF has not accepted it (orderd ksef status says where it stands)", inert.String(strings.TrimSpace(pos[0])))
		}
		if err != nil {
			return err
		}
		_, err = c.out.Write(upo)
		return err
	}
	return usagef("unknown command \"ksef %s\"\n\n%s", sub, Usage)
}

// ksefStatus prints the documents waiting for KSeF and those KSeF
// refused: number, order, state, since when; under each, the last failed
// try of a waiting one, or a refusal explained in the owner's language
// with KSeF's own words (inert).
func (c *cmd) ksefStatus() error {
	open, err := c.office.KSeFOpen(c.office.OwnerLocale())
	if err != nil {
		return err
	}
	if len(open) == 0 {
		c.printf("nothing waits for KSeF and KSeF refused nothing\n")
		return nil
	}
	tw := tabwriter.NewWriter(c.out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "DOCUMENT\tORDER\tSTATE\tSINCE")
	for _, s := range open {
		since := "-"
		if !s.Since.IsZero() {
			since = s.Since.In(i18n.Workshop).Format("2006-01-02 15:04")
		}
		fmt.Fprintf(tw, "%s\t#%d\t%s\t%s\n", s.Document, s.OrderID, s.State, since)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, s := range open {
		switch {
		case s.State == accounting.KSeFRefused:
			c.printf("\n%s refused by KSeF (code %d):\n  %s\n  KSeF: %s\n  send it again once the cause is fixed: orderd ksef retry %s\n",
				s.Document, s.Code, s.Explained, s.Reason, s.Document)
		case s.LastError != "":
			c.printf("\n%s: the last try failed: %s\n", s.Document, s.LastError)
		}
	}
	return nil
}

// ksefRetry sends document number, which KSeF refused, again.
func (c *cmd) ksefRetry(number string) error {
	err := c.office.RetryKSeF(number, Terminal)
	if errors.Is(err, orders.ErrNotRefused) {
		return fmt.Errorf("%s: KSeF did not refuse it, nothing to send again (orderd ksef status says where it stands)", inert.String(strings.TrimSpace(number)))
	}
	if err != nil {
		return err
	}
	c.printf("%s queued for KSeF again: the running shop sends it at once (else when it starts); orderd ksef status shows KSeF's answer\n", strings.TrimSpace(number))
	return nil
}
