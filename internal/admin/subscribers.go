package admin

import (
	"time"

	"sabershop/internal/mail"
	"sabershop/internal/order"
	"sabershop/internal/store"
)

// subscribersExport writes the confirmed, still subscribed addresses as CSV.
func (c *cmd) subscribersExport() error {
	var list []*store.Subscriber
	if err := c.env.DB.View(func(tx *store.Tx) error {
		var err error
		list, err = tx.Subscribers()
		return err
	}); err != nil {
		return err
	}
	// The cells are a stranger's words: csvWriter keeps a spreadsheet from
	// running them as formulas (issue 12).
	w := newCSVWriter(c.out)
	w.Write("email", "locale", "confirmed_at", "signed_up_at")
	for _, s := range list {
		if s.Confirmed && !s.Unsubscribed {
			w.Write(s.Email, s.Locale, s.ConfirmedAt.UTC().Format(time.RFC3339), s.Created.UTC().Format(time.RFC3339))
		}
	}
	return w.Flush()
}

// notifySaleStart queues the sale-start notice for every confirmed
// subscriber, each in their language with their unsubscribe link, in one
// transaction: all are queued or none.
func (c *cmd) notifySaleStart() error {
	cat, err := c.catalog()
	if err != nil {
		return err
	}
	n := 0
	err = c.env.DB.UpdateNow(func(tx *store.Tx) error {
		n = 0
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
				c.link(cat, home), c.link(cat, "/v1/subscribers/unsubscribe/"+s.Token))
			if err != nil {
				return err
			}
			if err := tx.Enqueue(msg); err != nil {
				return err
			}
			n++
		}
		return nil
	})
	if err != nil {
		return err
	}
	c.env.Kick()
	c.printf("sale-start notice queued for %d confirmed subscribers\n", n)
	return nil
}
