package api

import (
	"context"
	"fmt"
	"time"

	"sabershop/internal/catalog"
	"sabershop/internal/mail"
	"sabershop/internal/mail/outbox"
	"sabershop/internal/order"
	"sabershop/internal/store"
)

// The e-mails the API queues, rendered at once so the order and its
// message are written in the same transaction.

// orderPlacedMail queues the order e-mail as a job: rendering it costs
// more than the rest of placing an order, so the worker renders it (with
// PrepareMail) when it sends it. The job is still written in the order's
// transaction, so no order is ever without its e-mail.
func orderPlacedMail(o *order.Order, now time.Time) *outbox.Message {
	return &outbox.Message{Kind: mail.KindOrderPlaced, Locale: o.Locale, To: o.Customer.Email, Ref: o.Hash,
		Created: now, Job: true}
}

// ownerMail is the owner's e-mail of kind about o as a job (rendered by
// PrepareMail when it is sent, from the order as it is then), or nil when
// the shop has no address for the owner.
func (s *Server) ownerMail(kind string, o *order.Order, now time.Time) *outbox.Message {
	cat := s.cfg.Catalogs.Current()
	to := s.ownerAddress(cat)
	if to == "" {
		return nil
	}
	return &outbox.Message{Kind: kind, Locale: s.ownerLocale(cat), To: to, Ref: o.Hash, Created: now, Job: true}
}

// enqueueOwner queues the owner's e-mail of kind about o in tx.
func (s *Server) enqueueOwner(tx *store.Tx, kind string, o *order.Order, now time.Time) error {
	if m := s.ownerMail(kind, o, now); m != nil {
		return tx.Enqueue(m)
	}
	return nil
}

// enqueueOwnerFailed queues the owner's "payment failed" e-mail about o in
// tx, at most once in mailGap and mailPerDay times a day per order
// (quotaOwnerFailed); it reports whether it did.
func (s *Server) enqueueOwnerFailed(tx *store.Tx, o *order.Order, now time.Time) (bool, error) {
	ok, err := mayMail(tx, quotaOwnerFailed, o.Hash, now)
	if err != nil || !ok {
		return false, err
	}
	return true, s.enqueueOwner(tx, mail.KindOwnerPaymentFailed, o, now)
}

// ownerAddress is where the owner's e-mails go: Config.OwnerEmail, else
// the company e-mail of the catalogue.
func (s *Server) ownerAddress(cat *catalog.Catalog) string {
	if s.cfg.OwnerEmail != "" {
		return s.cfg.OwnerEmail
	}
	return cat.Shop.Company.Email
}

// PrepareMail renders a queued job (Worker.Prepare): the order e-mail and
// the owner's e-mails from the order as stored and the catalogue in force.
func (s *Server) PrepareMail(_ context.Context, m *outbox.Message) error {
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
		r, err = mail.OrderPlaced(s.cfg.Catalogs.Current(), o, s.link(o.StatusPath()))
	} else {
		r, err = mail.OwnerOrder(m.Kind, s.cfg.Catalogs.Current(), m.Locale, m.To, o, s.link(o.StatusPath()), m.Created)
	}
	if err != nil {
		return err
	}
	m.To, m.ReplyTo, m.Subject, m.Text, m.HTML, m.Job = r.To, r.ReplyTo, r.Subject, r.Text, r.HTML, false
	return nil
}

// Busy says write requests are being answered (Worker.Busy): e-mail waits
// for a quiet moment instead of taking CPU from a checkout.
func (s *Server) Busy() bool { return s.inFlight.Load() > 0 }

// ownerLocale is the language of e-mails to the owner: Config.OwnerLocale
// when it is one of the catalogue's, else the site's default (its first).
func (s *Server) ownerLocale(cat *catalog.Catalog) string {
	for _, l := range cat.Locales {
		if l.Code == s.cfg.OwnerLocale {
			return l.Code
		}
	}
	if len(cat.Locales) > 0 {
		return cat.Locales[0].Code
	}
	return order.DefaultLocale
}

func (s *Server) contactMail(cat *catalog.Catalog, c *store.Contact, to string) (*outbox.Message, error) {
	m, err := mail.ContactMessage(cat, s.ownerLocale(cat), mail.Contact{Name: c.Name, Email: c.Email, Locale: c.Locale,
		Message: c.Message, Received: c.Created})
	if err != nil {
		return nil, err
	}
	m.To = to
	// Filed under the message, so its record goes when the message does
	// (erasure, retention: store.DeleteContactsOf, PurgeContacts).
	m.Ref = store.ContactRef(c.ID)
	return m, nil
}

func (s *Server) confirmMail(cat *catalog.Catalog, sub *store.Subscriber, confirmURL string) (*outbox.Message, error) {
	return mail.SubscribeConfirm(cat, mail.Subscriber{Email: sub.Email, Locale: sub.Locale, Token: sub.Token}, confirmURL)
}
