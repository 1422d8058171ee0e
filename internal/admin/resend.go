package admin

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"sabershop/internal/inert"
	"sabershop/internal/mail/outbox"
	"sabershop/internal/order"
	"sabershop/internal/owners"
	"sabershop/internal/store"
)

// ErrNotKept is returned by Env.Resend for an e-mail whose body was not
// kept: one sent before bodies were kept, or bulk mail.
var ErrNotKept = errors.New("this e-mail's text was not kept, so it cannot be sent again")

// Resend queues again, word for word, e-mail mailID of order ref (the
// shopper lost it, or it went to spam), for the owner by: the copy goes
// through the outbox like any e-mail and the audit log says who resent
// it. The CLI (orders resend) and the desk call it. It returns the
// queued copy.
func (env Env) Resend(ref string, mailID uint64, by string) (*outbox.Message, error) {
	var o *order.Order
	if err := env.DB.View(func(tx *store.Tx) (err error) {
		o, err = findOrder(tx, ref)
		return err
	}); err != nil {
		return nil, err
	}
	rec, body, err := env.DB.SentMessage(o.Hash, mailID)
	if errors.Is(err, store.ErrNotFound) {
		recs, lerr := env.DB.Sent(o.Hash)
		if lerr != nil {
			return nil, lerr
		}
		for _, r := range recs {
			if r.ID == mailID {
				return nil, ErrNotKept
			}
		}
		return nil, fmt.Errorf("order #%d has no e-mail %d: %w", o.ID, mailID, store.ErrNotFound)
	}
	if err != nil {
		return nil, err
	}
	m := &outbox.Message{Kind: rec.Kind, Locale: rec.Locale, To: rec.To, ReplyTo: body.ReplyTo, Subject: rec.Subject,
		Text: body.Text, HTML: body.HTML, Ref: rec.Ref}
	err = env.DB.UpdateNow(func(tx *store.Tx) error {
		m.ID, m.Created, m.NextTry = 0, env.now().UTC(), env.now().UTC()
		if err := tx.Enqueue(m); err != nil {
			return err
		}
		return tx.Audit(&owners.Entry{At: env.now().UTC(), Owner: by, IP: env.IP, What: "mail.resend",
			Target: fmt.Sprintf("#%d", o.ID), Detail: rec.Kind})
	})
	if err != nil {
		return nil, err
	}
	if env.Kick != nil {
		env.Kick()
	}
	if env.Log != nil {
		env.Log.Info("mail resent", "order", o.ID, "kind", rec.Kind, "by", by)
	}
	return m, nil
}

func (c *cmd) ordersResend(args []string) error {
	pos, err := parse(flags("orders resend"), args)
	if err != nil {
		return err
	}
	if len(pos) != 2 {
		return usagef("usage: orderd orders resend ID MAIL (MAIL: the e-mail's number in orders show)")
	}
	id, err := strconv.ParseUint(strings.TrimPrefix(pos[1], "#"), 10, 64)
	if err != nil {
		return usagef("orderd orders resend: %q is not an e-mail number (orders show lists them)", pos[1])
	}
	m, err := c.env.Resend(pos[0], id, Terminal)
	if err != nil {
		return err
	}
	c.printf("queued again: %s to %s\n", m.Kind, inert.String(m.To))
	return nil
}
