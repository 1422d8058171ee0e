package orders

import (
	"context"
	"fmt"
	"time"

	"sabershop/internal/catalog"
	"sabershop/internal/mail"
	"sabershop/internal/mail/outbox"
	"sabershop/internal/order"
	"sabershop/internal/owners"
	"sabershop/internal/store"
)

// The e-mails about orders are queued in the transaction that changes the
// order, so no change is ever without its e-mail and no e-mail without
// its change.

// placedMail is the order e-mail as a job: rendering it costs more than
// the rest of placing an order, so the worker renders it (PrepareMail)
// when it sends it. The job is still written in the order's transaction.
func placedMail(o *order.Order, now time.Time) *outbox.Message {
	return &outbox.Message{Kind: mail.KindOrderPlaced, Locale: o.Locale, To: o.Customer.Email, Ref: o.Hash,
		Created: now, Job: true}
}

// ownerMail is the owner's e-mail of kind about o as a job (rendered by
// PrepareMail when it is sent, from the order as it is then), or nil when
// the shop has no address for the owner.
func (s *Service) ownerMail(kind string, o *order.Order, now time.Time) *outbox.Message {
	cat := s.cfg.Catalog()
	to := s.ownerAddress(cat)
	if to == "" {
		return nil
	}
	return &outbox.Message{Kind: kind, Locale: s.OwnerLocale(cat), To: to, Ref: o.Hash, Created: now, Job: true}
}

// enqueueOwner queues the owner's e-mail of kind about o in tx, as the
// owner chose (queueOwner).
func (s *Service) enqueueOwner(tx *store.Tx, kind string, o *order.Order, now time.Time) error {
	return queueOwner(tx, s.ownerMail(kind, o, now))
}

// enqueueOwnerFailed queues the owner's "payment failed" e-mail about o in
// tx, within the per-order cap (store.QuotaOwnerFailed): a shopper who
// retries a declined card ten times, or a card tester, must not fill the
// owner's inbox.
func (s *Service) enqueueOwnerFailed(tx *store.Tx, o *order.Order, now time.Time) error {
	ok, err := tx.MayMail(store.QuotaOwnerFailed, o.Hash, now)
	if err != nil || !ok {
		return err
	}
	return s.enqueueOwner(tx, mail.KindOwnerPaymentFailed, o, now)
}

// ownerAddress is where the owner's e-mails go: Config.OwnerEmail, else
// the company e-mail of the catalogue.
func (s *Service) ownerAddress(cat *catalog.Catalog) string {
	if s.cfg.OwnerEmail != "" || cat == nil {
		return s.cfg.OwnerEmail
	}
	return cat.Shop.Company.Email
}

// OwnerAddress is where the owner's e-mails go (contact messages too).
func (s *Service) OwnerAddress() string { return s.ownerAddress(s.cfg.Catalog()) }

// OwnerLocale is the language of e-mails to the owner: the owner's
// language (owners.Locale: Config.OwnerLocale, else the desk's default,
// Polish) when the catalogue speaks it, else the site's default (its
// first), whose names the e-mail can show.
func (s *Service) OwnerLocale(cat *catalog.Catalog) string {
	want := owners.Locale(s.cfg.OwnerLocale)
	if cat == nil {
		return want
	}
	for _, l := range cat.Locales {
		if l.Code == want {
			return l.Code
		}
	}
	if len(cat.Locales) > 0 {
		return cat.Locales[0].Code
	}
	return want
}

// PrepareMail renders a queued job (mail.Worker.Prepare): the order
// e-mail and the owner's e-mails, from the order as stored and the
// catalogue in force.
func (s *Service) PrepareMail(_ context.Context, m *outbox.Message) error {
	if m.Kind != mail.KindOrderPlaced && !mail.IsOwnerKind(m.Kind) {
		return fmt.Errorf("mail: no renderer for a %s job", m.Kind)
	}
	var o *order.Order
	err := s.cfg.Store.View(func(tx *store.Tx) error {
		var err error
		o, err = tx.Order(m.Ref)
		return err
	})
	if err != nil {
		return err
	}
	var r *outbox.Message
	if m.Kind == mail.KindOrderPlaced {
		r, err = mail.OrderPlaced(s.cfg.Catalog(), o, s.Link(o.StatusPath()))
	} else {
		r, err = mail.OwnerOrder(m.Kind, s.cfg.Catalog(), m.Locale, m.To, o, s.Link(o.StatusPath()), m.Created)
	}
	if err != nil {
		return err
	}
	m.To, m.ReplyTo, m.Subject, m.Text, m.HTML, m.Job = r.To, r.ReplyTo, r.Subject, r.Text, r.HTML, false
	return nil
}

// OwnerLocaleSetting is Config.OwnerLocale as set (ORDERD_OWNER_LOCALE),
// for the owner's commands run without a catalogue.
func (s *Service) OwnerLocaleSetting() string { return s.cfg.OwnerLocale }
