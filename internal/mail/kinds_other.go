package mail

import (
	"fmt"
	"strings"
	"time"

	"sabershop/internal/catalog"
	"sabershop/internal/i18n"
	"sabershop/internal/inert"
	"sabershop/internal/mail/outbox"
)

// Contact is a message from the contact form (POST /v1/contact). Name is
// optional: the form (docs/product-rules.md#contact-form) asks only for the
// e-mail and the message.
type Contact struct {
	Name     string
	Email    string
	Locale   string // the site version it was sent from
	Message  string
	Received time.Time
}

// Subscriber is a notify-me signup. Token identifies it in the confirm and
// unsubscribe links and becomes the message's Ref.
type Subscriber struct {
	Email  string
	Locale string
	Token  string
}

type contactData struct {
	Name, Email, LocaleName, Received, Message string
}

type subscriberData struct {
	Email, ShopName                     string
	ConfirmURL, ShopURL, UnsubscribeURL string
}

// ContactMessage forwards a contact-form message to the shop's company
// e-mail, written in ownerLocale, with Reply-To set to the sender so the
// owner answers with one click.
func ContactMessage(cat *catalog.Catalog, ownerLocale string, c Contact) (*outbox.Message, error) {
	if cat == nil {
		return nil, fmt.Errorf("mail: %s: nil catalogue", KindContactMessage)
	}
	loc := ownerLocale
	if !knownLocale(loc) {
		return nil, fmt.Errorf("%w: %q", ErrLocale, loc)
	}
	to, err := address(cat.Shop.Name, cat.Shop.Company.Email)
	if err != nil {
		return nil, fmt.Errorf("mail: %s: the shop's company e-mail: %w", KindContactMessage, err)
	}
	// Everything the sender typed is shown inert (inert.String, inert.Text):
	// the API refuses or removes hidden characters, and a message kept
	// before that rule must not act on the owner's mail client either.
	replyTo, err := address(inert.String(oneLine(c.Name)), c.Email)
	if err != nil {
		return nil, fmt.Errorf("mail: %s: sender: %w", KindContactMessage, err)
	}
	received := c.Received
	if received.IsZero() {
		received = time.Now()
	}
	// On the workshop's clock, named ("CET"/"CEST"): the owner reads it there.
	received = received.In(i18n.Workshop)
	d := contactData{
		Name:     inert.String(oneLine(c.Name)),
		Email:    inert.String(strings.TrimSpace(c.Email)),
		Received: cat.Format(loc).FormatDateTime(received) + " " + received.Format("MST"),
		Message:  inert.Text(strings.TrimSpace(strings.ReplaceAll(c.Message, "\r\n", "\n"))),
	}
	if name, ok := Strings().Lookup(loc, "locale."+c.Locale, nil); ok {
		d.LocaleName = name + " (" + c.Locale + ")"
	} else {
		// A locale added later than the [locale] names of the owner's
		// language (or not one of the shop's) shows as its code.
		d.LocaleName = inert.String(oneLine(c.Locale))
	}
	from := d.Name
	if from == "" {
		from = d.Email
	}
	subject := oneLine(trOr(&err, loc, "contact_message.subject", "from", from))
	pre := trOr(&err, loc, "contact_message.preheader")
	m := &outbox.Message{Kind: KindContactMessage, Locale: loc, To: to, ReplyTo: replyTo, Subject: subject, Created: time.Now().UTC()}
	return finish(m, err, cat, pre, d)
}

// SubscribeConfirm is the double opt-in e-mail: nothing is sent to the
// address again unless confirmURL is opened.
func SubscribeConfirm(cat *catalog.Catalog, s Subscriber, confirmURL string) (*outbox.Message, error) {
	return subscriberMessage(KindSubscribeConfirm, cat, s, subscriberData{ConfirmURL: confirmURL})
}

// SaleStart tells a confirmed subscriber that orders are open, with a link
// to the shop and the unsubscribe link, in the body and as the one-click
// List-Unsubscribe header (RFC 8058) that bulk mail must carry.
func SaleStart(cat *catalog.Catalog, s Subscriber, shopURL, unsubscribeURL string) (*outbox.Message, error) {
	m, err := subscriberMessage(KindSaleStart, cat, s, subscriberData{ShopURL: shopURL, UnsubscribeURL: unsubscribeURL})
	if err != nil {
		return nil, err
	}
	m.ListUnsubscribe = unsubscribeURL
	return m, nil
}

func subscriberMessage(kind string, cat *catalog.Catalog, s Subscriber, d subscriberData) (*outbox.Message, error) {
	if cat == nil {
		return nil, fmt.Errorf("mail: %s: nil catalogue", kind)
	}
	loc := s.Locale
	if !knownLocale(loc) {
		return nil, fmt.Errorf("%w: %q", ErrLocale, loc)
	}
	to, err := address("", s.Email)
	if err != nil {
		return nil, fmt.Errorf("mail: %s: %w", kind, err)
	}
	urls := []string{d.ConfirmURL}
	if kind == KindSaleStart {
		urls = []string{d.ShopURL, d.UnsubscribeURL}
	}
	for _, u := range urls {
		if _, err := absURL(u); err != nil {
			return nil, fmt.Errorf("mail: %s: %w", kind, err)
		}
	}
	d.Email, d.ShopName = strings.TrimSpace(s.Email), cat.Shop.Name
	subject := oneLine(trOr(&err, loc, kind+".subject", "shop", cat.Shop.Name))
	pre := trOr(&err, loc, kind+".preheader")
	m := &outbox.Message{Kind: kind, Locale: loc, To: to, Subject: subject, Ref: s.Token, Created: time.Now().UTC()}
	if rt, e := address(cat.Shop.Name, cat.Shop.Company.Email); e == nil {
		m.ReplyTo = rt
	}
	return finish(m, err, cat, pre, d)
}

// finish renders m's bodies unless building it already failed.
func finish(m *outbox.Message, err error, cat *catalog.Catalog, preheader string, data any) (*outbox.Message, error) {
	if err != nil {
		return nil, err
	}
	m.HTML, m.Text, err = render(m.Kind, view{Locale: m.Locale, Subject: m.Subject, Preheader: preheader, Shop: cat.Shop, Data: data})
	if err != nil {
		return nil, err
	}
	return m, nil
}
