package mail

import (
	"fmt"
	"slices"
	"time"

	"sabershop/internal/catalog"
	"sabershop/internal/i18n"
	"sabershop/internal/mail/outbox"
	"sabershop/internal/order"
)

// The owner's choice, per kind of owner e-mail, of how the news reaches
// them (docs/decisions/e-mail.md#the-owner-chooses-each-digest-or-none-per-kind):
// an e-mail each time, one hourly digest listing everything of the kinds
// set to it, or no e-mail (the desk's Today and order list show it all
// anyway).
const (
	OwnerMailEach   = "each"
	OwnerMailDigest = "digest"
	OwnerMailNone   = "none"
)

// KindOwnerDigest is the owner's hourly digest (OwnerDigest).
const KindOwnerDigest = "owner_digest"

// OwnerMailModes are the modes the owner may choose for kind, the default
// first; nil for a kind that is not a choice (KindOwnerKSeFRefused always
// comes at once: the owner must act within KSeF's deadlines, and such
// e-mails are rare). A withdrawal is the shopper's legal act with a
// 14-day clock on the refund (docs/legal.md#withdrawal): it may wait for
// the digest, never go without an e-mail.
func OwnerMailModes(kind string) []string {
	switch {
	case kind == KindOwnerWithdrawal:
		return []string{OwnerMailEach, OwnerMailDigest}
	case IsOwnerKind(kind):
		return []string{OwnerMailEach, OwnerMailDigest, OwnerMailNone}
	}
	return nil
}

// OwnerMailMode is how e-mails of kind reach the owner under the stored
// choices (kind -> mode): the choice when it is one kind allows, else the
// default (each). Every place that queues an owner's e-mail asks here.
func OwnerMailMode(choices map[string]string, kind string) string {
	modes := OwnerMailModes(kind)
	if len(modes) == 0 {
		return OwnerMailEach
	}
	if m := choices[kind]; slices.Contains(modes, m) {
		return m
	}
	return modes[0]
}

// DigestEntry is one piece of news in the owner's digest: an e-mail of
// Kind (one of OwnerKinds) about Order, at At; OrderURL is the order on
// the desk.
type DigestEntry struct {
	Kind     string
	Order    *order.Order
	At       time.Time
	OrderURL string
}

type digestData struct {
	Heading, Intro string
	Groups         []digestGroup
}

type digestGroup struct {
	Title string
	Rows  []digestRow
}

type digestRow struct {
	Number, Name, Total, When string
	URL                       string
}

// OwnerDigest writes the owner's digest of entries, in locale loc, to the
// address to: one section per kind (in OwnerKinds' order), each order with
// its number, the customer (inert: a stranger typed it), the total and
// the time, and a link to it on the desk. now dates the message.
func OwnerDigest(cat *catalog.Catalog, loc, to string, entries []DigestEntry, now time.Time) (*outbox.Message, error) {
	kind := KindOwnerDigest
	if cat == nil || len(entries) == 0 {
		return nil, fmt.Errorf("mail: %s: no catalogue or nothing to tell", kind)
	}
	if !knownLocale(loc) {
		return nil, fmt.Errorf("%w: %q", ErrLocale, loc)
	}
	rcpt, err := address(cat.Shop.Name, to)
	if err != nil {
		return nil, fmt.Errorf("mail: %s: the owner's address: %w", kind, err)
	}
	format := cat.Format(loc)
	var d digestData
	for _, k := range OwnerKinds {
		var g digestGroup
		for _, e := range entries {
			if e.Kind != k || e.Order == nil {
				continue
			}
			link, lerr := absURL(e.OrderURL)
			if lerr != nil {
				return nil, fmt.Errorf("mail: %s for order %d: %w", kind, e.Order.ID, lerr)
			}
			c := e.Order.Customer.Inert()
			g.Rows = append(g.Rows, digestRow{
				Number: "#" + fmt.Sprint(e.Order.ID),
				Name:   oneLine(c.FirstName + " " + c.LastName),
				Total:  format.FormatMoney(e.Order.Totals.Total, e.Order.Currency),
				When:   format.FormatDateTime(e.At.In(i18n.Workshop)),
				URL:    link,
			})
		}
		if len(g.Rows) > 0 {
			g.Title = trOr(&err, loc, kind+".group."+k, "count", len(g.Rows))
			d.Groups = append(d.Groups, g)
		}
	}
	n := len(entries)
	d.Heading = trOr(&err, loc, kind+".heading", "count", n)
	d.Intro = trOr(&err, loc, kind+".intro")
	subject := oneLine(trOr(&err, loc, kind+".subject", "count", n))
	pre := trOr(&err, loc, kind+".preheader")
	if err != nil {
		return nil, err
	}
	// No Ref: the body names several customers, so the shop keeps no copy
	// of it once sent (store.keepsBody), and erasing one of them has
	// nothing to look for here; its subject names nobody.
	m := &outbox.Message{Kind: kind, Locale: loc, To: rcpt, Subject: subject, Created: now.UTC()}
	m.HTML, m.Text, err = render(kind, view{Locale: loc, Subject: subject, Preheader: pre, Shop: cat.Shop, Data: d})
	if err != nil {
		return nil, err
	}
	return m, nil
}
