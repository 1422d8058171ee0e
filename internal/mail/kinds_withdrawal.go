package mail

import (
	"fmt"
	"net/url"
	"strings"

	"sabershop/internal/catalog"
	"sabershop/internal/i18n"
	"sabershop/internal/inert"
	"sabershop/internal/mail/outbox"
	"sabershop/internal/order"
)

// The contract on a durable medium and the withdrawal from it
// (docs/legal.md#confirmation-on-a-durable-medium, docs/legal.md#withdrawal).
// The order e-mail confirms the contract: besides the items, totals and
// delivery it always had, it names the seller, the payment, the right of
// withdrawal (or its exclusion for designs made to the buyer's specification)
// and carries the full text of the terms the shopper accepted. The text is in
// the body, not an attachment: every mail client shows it, it cannot be lost
// apart from the e-mail, and the e-mail needs no attachment machinery of its
// own (docs/decisions/legal.md#terms-are-sent-as-the-e-mails-text).

// contractData is the contract section of the order e-mail.
type contractData struct {
	Seller        []string // name, address, tax ID, e-mail, phone
	Returnable    bool     // some line may be returned within the period
	WithdrawalURL string   // the page on the right of withdrawal
	TermsURL      string
	TermsVersion  string
	// Terms is the full text (Markdown, readable as plain text);
	// TermsParagraphs the same split at blank lines for the HTML part.
	Terms           string
	TermsParagraphs []string
}

// withdrawalData is what the acknowledgement of a withdrawal shows.
type withdrawalData struct {
	Received string   // date and time of receipt in the workshop's zone
	Name     string   // who withdrew, as they typed it
	To       string   // the address of this acknowledgement
	Covers   []string // the lines withdrawn from
	Excluded []string // designs made to the buyer's specification
	Sent     bool     // the parcel is out: the goods come back
	Return   string   // the address to send them to
}

// contract is the contract section of order o's e-mail. The terms are the
// catalogue's; they are the version o records unless the owner published
// new terms in the moment between the order and its e-mail.
func contract(cat *catalog.Catalog, o *order.Order, statusURL string) *contractData {
	co := cat.Shop.Company
	c := &contractData{Returnable: len(o.WithdrawalCovers()) > 0, TermsVersion: o.TermsVersion}
	if c.TermsVersion == "" {
		c.TermsVersion = cat.Terms.Version
	}
	for _, s := range []string{co.Name, co.Street + ", " + co.Zip + " " + co.City + ", " + co.Country,
		trOrEmpty(o.Locale, "common.footer_tax_id", co.TaxID), co.Email, co.Phone} {
		if s = oneLine(s); s != "" && s != "," {
			c.Seller = append(c.Seller, s)
		}
	}
	if site, err := url.Parse(statusURL); err == nil {
		c.WithdrawalURL = site.ResolveReference(&url.URL{Path: order.LocalePath(o.Locale, "/legal-withdrawal")}).String()
		c.TermsURL = site.ResolveReference(&url.URL{Path: order.LocalePath(o.Locale, "/legal-terms")}).String()
	}
	c.Terms = strings.TrimSpace(cat.Terms.Text[o.Locale])
	for _, p := range strings.Split(c.Terms, "\n\n") {
		if p = strings.TrimSpace(p); p != "" {
			c.TermsParagraphs = append(c.TermsParagraphs, p)
		}
	}
	return c
}

// trOrEmpty is the tax ID line, or "" without a tax ID.
func trOrEmpty(loc, key, taxID string) string {
	if strings.TrimSpace(taxID) == "" {
		return ""
	}
	s, _ := tr(loc, key, "tax_id", taxID)
	return s
}

// WithdrawalReceived acknowledges the shopper's withdrawal from the
// contract of order o (o.Withdrawal), with the date and time it was
// received: the acknowledgement on a durable medium the law asks for.
func WithdrawalReceived(cat *catalog.Catalog, o *order.Order, statusURL string) (*outbox.Message, error) {
	var err error
	m, err2 := orderMessageWith(KindWithdrawalReceived, cat, o, statusURL, func(d *orderData, f i18n.Format) {
		w := &withdrawalData{Sent: o.Status == order.Sent}
		if o.Withdrawal != nil {
			at := o.Withdrawal.At.In(i18n.Workshop)
			w.Received = f.FormatDateTime(at) + " " + at.Format("MST")
			w.Name, w.To = oneLine(o.Withdrawal.Name), oneLine(o.Withdrawal.Email)
		}
		for _, l := range o.Lines {
			name := trOr(&err, o.Locale, "withdrawal_received.line", "count", l.Quantity, "name", oneLine(l.Name))
			if l.Returnable {
				w.Covers = append(w.Covers, name)
			} else {
				w.Excluded = append(w.Excluded, name)
			}
		}
		co := cat.Shop.Company
		w.Return = oneLine(co.Name + ", " + co.Street + ", " + co.Zip + " " + co.City + ", " + co.Country)
		d.Withdrawal = w
	})
	if err2 != nil {
		return nil, err2
	}
	if err != nil {
		return nil, err
	}
	// The acknowledgement goes where the shopper asked for it, which may
	// not be the order's address.
	if w := o.Withdrawal; w != nil {
		if m.To, err = address(w.Name, w.Email); err != nil {
			return nil, fmt.Errorf("mail: %s for order %d: %w", KindWithdrawalReceived, o.ID, err)
		}
	}
	return m, nil
}

// ownerWithdrawalIntro is the first paragraph of the owner's e-mail about
// a withdrawal: when it came, from whom, and where it was acknowledged.
func ownerWithdrawalIntro(err *error, format i18n.Format, loc, number string, o *order.Order) string {
	if o.Withdrawal == nil {
		return trOr(err, loc, KindOwnerWithdrawal+".intro", "number", number, "date", "", "name", "", "email", "")
	}
	at := o.Withdrawal.At.In(i18n.Workshop)
	return trOr(err, loc, KindOwnerWithdrawal+".intro", "number", number,
		"date", format.FormatDateTime(at)+" "+at.Format("MST"),
		"name", oneLine(inert.String(o.Withdrawal.Name)), "email", oneLine(inert.String(o.Withdrawal.Email)))
}
