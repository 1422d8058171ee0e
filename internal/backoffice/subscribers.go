package backoffice

import (
	"errors"
	"io"
	"strconv"
	"time"

	"sabershop/internal/mail"
	"sabershop/internal/order"
	"sabershop/internal/owners"
	"sabershop/internal/store"
)

// SubscribersCSV writes the confirmed, still subscribed addresses as CSV
// (the CLI's export and the desk's download).
func (b Office) SubscribersCSV(out io.Writer) error {
	var list []*store.Subscriber
	if err := b.DB.View(func(tx *store.Tx) error {
		var err error
		list, err = tx.Subscribers()
		return err
	}); err != nil {
		return err
	}
	// The cells are a stranger's words: csvWriter keeps a spreadsheet from
	// running them as formulas
	// (docs/decisions/desk.md#csv-exports-are-formula-safe).
	w := newCSVWriter(out)
	w.Write("email", "locale", "confirmed_at", "signed_up_at")
	for _, s := range list {
		if s.Confirmed && !s.Unsubscribed {
			w.Write(s.Email, s.Locale, s.ConfirmedAt.UTC().Format(time.RFC3339), s.Created.UTC().Format(time.RFC3339))
		}
	}
	return w.Flush()
}

// RemoveSubscriber forgets the subscriber of email (a request to be
// removed), with an audit line that does not keep the address.
func (b Office) RemoveSubscriber(email, by string) error {
	return b.DB.UpdateNow(func(tx *store.Tx) error {
		if err := tx.DeleteSubscriber(email); err != nil {
			return err
		}
		return tx.Audit(&owners.Entry{At: b.now().UTC(), Owner: by, IP: b.IP, What: "subscriber.remove"})
	})
}

// NotifySaleStart queues the sale-start notice for every confirmed
// subscriber, each in their language with their unsubscribe link, in one
// transaction with its audit line: all are queued or none. The outbox
// sends them at its own pace. A subscriber whose e-mail cannot be
// written (an address stored before the sign-up checked it as mail does)
// is skipped and counted rather than stopping everyone's. The CLI and the
// desk call it.
func (b Office) NotifySaleStart(by string) (queued, skipped int, err error) {
	cat, err := b.catalog()
	if err != nil {
		return 0, 0, err
	}
	n := 0
	err = b.DB.UpdateNow(func(tx *store.Tx) error {
		n, skipped = 0, 0
		list, err := tx.Subscribers()
		if err != nil {
			return err
		}
		for _, s := range list {
			if !s.Confirmed || s.Unsubscribed {
				continue
			}
			home := order.LocalePath(s.Locale, "/")
			msg, err := mail.SaleStart(cat, mail.Subscriber{Email: s.Email, Locale: s.Locale, Token: s.Token},
				b.link(cat, home), b.link(cat, "/v1/subscribers/unsubscribe/"+s.Token))
			if errors.Is(err, mail.ErrAddress) || errors.Is(err, mail.ErrLocale) {
				skipped++
				continue
			}
			if err != nil {
				return err
			}
			if err := tx.Enqueue(msg); err != nil {
				return err
			}
			n++
		}
		return tx.Audit(&owners.Entry{At: b.now().UTC(), Owner: by, IP: b.IP, What: "sale.announce", Detail: strconv.Itoa(n)})
	})
	if err != nil {
		return 0, 0, err
	}
	b.kick()
	return n, skipped, nil
}
