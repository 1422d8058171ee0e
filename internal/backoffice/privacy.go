package backoffice

import (
	"errors"
	"fmt"
	"net/mail"
	"strings"
	"time"

	"sabershop/internal/catalog"
	"sabershop/internal/order"
	"sabershop/internal/owners"
	"sabershop/internal/store"
)

// ErrNoEmail is returned by PrivacyExport and PrivacyErase when the
// address is empty or not an e-mail address.
var ErrNoEmail = errors.New("not an e-mail address")

// PrivacyData is everything the data file holds about one address, as the
// owner hands it to the person who asked: JSON, one document.
type PrivacyData struct {
	Email    string         `json:"email"`
	Exported time.Time      `json:"exported"`
	Orders   []PrivacyOrder `json:"orders"`
	// Subscription is the notify-me sign-up, if any.
	Subscription *PrivacySubscription `json:"subscription"`
	Messages     []*store.Contact     `json:"messages"`
}

// PrivacyOrder is one order with everything filed under it: its
// timeline, payments and refunds (in the order), the owner's notes and
// the e-mails sent about it, and the day it will be anonymised.
type PrivacyOrder struct {
	Order        *order.Order       `json:"order"`
	Notes        []*store.Note      `json:"notes"`
	Mails        []store.SentRecord `json:"mails"`
	AnonymisedOn string             `json:"anonymised_on"` // YYYY-MM-DD, the workshop's day
}

// PrivacySubscription is a notify-me sign-up without its token (the key
// of its confirm and unsubscribe links, which the export must not leak),
// with the e-mails it was sent.
type PrivacySubscription struct {
	Email        string             `json:"email"`
	Locale       string             `json:"locale"`
	Confirmed    bool               `json:"confirmed"`
	Unsubscribed bool               `json:"unsubscribed"`
	Created      time.Time          `json:"created"`
	ConfirmedAt  time.Time          `json:"confirmed_at,omitzero"`
	Mails        []store.SentRecord `json:"mails"`
}

// privacyEmail is email trimmed, or ErrNoEmail.
func privacyEmail(email string) (string, error) {
	email = strings.TrimSpace(email)
	if a, err := mail.ParseAddress(email); err != nil || a.Address != email {
		return "", fmt.Errorf("%w: %q", ErrNoEmail, email)
	}
	return email, nil
}

// retention is the catalogue's retention periods, or the defaults when no
// catalogue is at hand (a command run without the built site).
func (b Office) retention() catalog.Retention {
	if b.Catalog != nil {
		if cat := b.Catalog(); cat != nil {
			return cat.Retention.OrDefaults()
		}
	}
	return catalog.Retention{}.OrDefaults()
}

// PrivacyExport collects what the shop holds about email (case ignored)
// for by (Terminal or the desk's account), with an audit line that does
// not keep the address.
func (b Office) PrivacyExport(email, by string) (*PrivacyData, error) {
	email, err := privacyEmail(email)
	if err != nil {
		return nil, err
	}
	ret := b.retention()
	d := &PrivacyData{Email: email, Exported: b.now().UTC(), Orders: []PrivacyOrder{}, Messages: []*store.Contact{}}
	var token string
	err = b.DB.View(func(tx *store.Tx) error {
		orders, err := tx.OrdersByEmail(email)
		if err != nil {
			return err
		}
		for _, o := range orders {
			notes, err := tx.Notes(o.ID)
			if err != nil {
				return err
			}
			d.Orders = append(d.Orders, PrivacyOrder{Order: o, Notes: notes, AnonymisedOn: ret.OrderAnonymisedOn(o.CreatedAt).Format(time.DateOnly)})
		}
		if d.Messages, err = tx.ContactsOf(email); err != nil {
			return err
		}
		if d.Messages == nil {
			d.Messages = []*store.Contact{}
		}
		s, err := tx.Subscriber(email)
		switch {
		case errors.Is(err, store.ErrNotFound):
		case err != nil:
			return err
		default:
			token = s.Token
			d.Subscription = &PrivacySubscription{Email: s.Email, Locale: s.Locale, Confirmed: s.Confirmed,
				Unsubscribed: s.Unsubscribed, Created: s.Created, ConfirmedAt: s.ConfirmedAt}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	// The e-mail records are read in their own transactions (DB.Sent).
	for i := range d.Orders {
		if d.Orders[i].Mails, err = b.DB.Sent(d.Orders[i].Order.Hash); err != nil {
			return nil, err
		}
	}
	if d.Subscription != nil {
		if d.Subscription.Mails, err = b.DB.Sent(token); err != nil {
			return nil, err
		}
	}
	err = b.DB.UpdateNow(func(tx *store.Tx) error {
		return tx.Audit(&owners.Entry{At: b.now().UTC(), Owner: by, IP: b.IP, What: "privacy.export",
			Detail: fmt.Sprintf("%d orders, %d messages", len(d.Orders), len(d.Messages))})
	})
	return d, err
}

// Erasure is what PrivacyErase did: the subscription and messages went,
// the orders stay until the day each is anonymised (the tax law's period;
// GDPR art. 17(3)(b)).
type Erasure struct {
	Subscription bool        `json:"subscription"` // a sign-up was removed
	Messages     int         `json:"messages"`     // contact messages removed
	Orders       []KeptOrder `json:"orders"`       // kept for the books
}

// KeptOrder is an order an erasure could not remove yet.
type KeptOrder struct {
	ID           uint64    `json:"id"`
	Created      time.Time `json:"created"`
	AnonymisedOn string    `json:"anonymised_on"` // YYYY-MM-DD, the workshop's day
}

// PrivacyErase removes what the shop may remove about email at once
// (GDPR art. 17): the notify-me sign-up and its e-mail records, the
// contact messages and the per-address e-mail counts. Orders are kept
// for the tax period and anonymised automatically after it (SweepRetention);
// the answer lists them with the day. The audit line keeps the counts,
// not the address.
func (b Office) PrivacyErase(email, by string) (*Erasure, error) {
	email, err := privacyEmail(email)
	if err != nil {
		return nil, err
	}
	ret := b.retention()
	var e Erasure
	err = b.DB.UpdateNow(func(tx *store.Tx) error {
		e = Erasure{Orders: []KeptOrder{}}
		switch err := tx.DeleteSubscriber(email); {
		case err == nil:
			e.Subscription = true
		case !errors.Is(err, store.ErrNotFound):
			return err
		}
		if e.Messages, err = tx.DeleteContactsOf(email); err != nil {
			return err
		}
		if err := tx.DeleteMailSendsOf(email); err != nil {
			return err
		}
		orders, err := tx.OrdersByEmail(email)
		if err != nil {
			return err
		}
		for _, o := range orders {
			e.Orders = append(e.Orders, KeptOrder{ID: o.ID, Created: o.CreatedAt, AnonymisedOn: ret.OrderAnonymisedOn(o.CreatedAt).Format(time.DateOnly)})
		}
		return tx.Audit(&owners.Entry{At: b.now().UTC(), Owner: by, IP: b.IP, What: "privacy.erase",
			Detail: fmt.Sprintf("subscription %t, %d messages removed, %d orders kept", e.Subscription, e.Messages, len(e.Orders))})
	})
	if err != nil {
		return nil, err
	}
	return &e, nil
}

// Swept is what one retention sweep removed.
type Swept struct {
	Orders      int // anonymised
	Messages    int // contact messages deleted
	Subscribers int // unconfirmed or unsubscribed sign-ups deleted
}

// SweepRetention applies the catalogue's retention periods at now
// (docs/legal.md#personal-data): orders past the tax period are
// anonymised, old contact messages and unconfirmed or unsubscribed
// sign-ups deleted. Running it again changes nothing. The daemon runs it
// at start and daily; an audit line (by "orderd") says what changed.
func (b Office) SweepRetention() (Swept, error) {
	var s Swept
	ret, now := b.retention(), b.now()
	due, err := b.DB.OrdersToAnonymise(ret.OrdersCutoff(now))
	if err != nil {
		return s, err
	}
	if s.Orders, err = b.DB.AnonymiseOrders(due, now); err != nil {
		return s, err
	}
	if s.Messages, err = b.DB.PurgeContacts(ret.MessagesCutoff(now)); err != nil {
		return s, err
	}
	if s.Subscribers, err = b.DB.PurgeSubscribers(ret.UnconfirmedCutoff(now)); err != nil {
		return s, err
	}
	if s == (Swept{}) {
		return s, nil
	}
	return s, b.DB.UpdateNow(func(tx *store.Tx) error {
		return tx.Audit(&owners.Entry{At: now.UTC(), Owner: SweepOwner, What: "privacy.sweep",
			Detail: fmt.Sprintf("%d orders anonymised, %d messages and %d sign-ups deleted", s.Orders, s.Messages, s.Subscribers)})
	})
}

// SweepOwner is the audit log's owner of what the daemon does by itself.
const SweepOwner = "orderd"
