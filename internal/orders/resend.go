package orders

import (
	"errors"
	"fmt"

	"sabershop/internal/mail/outbox"
	"sabershop/internal/order"
	"sabershop/internal/store"
)

// ErrNotKept is returned by Resend for an e-mail whose body was not kept:
// one sent before bodies were kept, or bulk mail.
var ErrNotKept = errors.New("this e-mail's text was not kept, so it cannot be sent again")

// Resend queues again, word for word, e-mail mailID of order id (the
// shopper lost it, or it went to spam), for the owner by: the copy goes
// through the outbox like any e-mail and the audit log says who resent
// it. It returns the queued copy.
func (s *Service) Resend(id, mailID uint64, by Actor) (*outbox.Message, error) {
	var o *order.Order
	if err := s.cfg.Store.View(func(tx *store.Tx) (err error) {
		o, err = byID(tx, id)
		return err
	}); err != nil {
		return nil, err
	}
	rec, body, err := s.cfg.Store.SentMessage(o.Hash, mailID)
	if errors.Is(err, store.ErrNotFound) {
		recs, lerr := s.cfg.Store.Sent(o.Hash)
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
		Text: body.Text, HTML: body.HTML, Ref: rec.Ref, About: rec.About}
	err = s.cfg.Store.UpdateNow(func(tx *store.Tx) error {
		now := s.now()
		m.ID, m.Created, m.NextTry = 0, now, now
		if err := tx.Enqueue(m); err != nil {
			return err
		}
		return s.audit(tx, by, "mail.resend", o, rec.Kind)
	})
	if err != nil {
		return nil, err
	}
	s.cfg.Kick()
	s.cfg.Log.Info("mail resent", "order", o.ID, "kind", rec.Kind, "by", by.Name)
	return m, nil
}
