package api

import (
	"sabershop/internal/catalog"
	"sabershop/internal/mail"
	"sabershop/internal/mail/outbox"
	"sabershop/internal/store"
)

// Busy says write requests are being answered (Worker.Busy): e-mail waits
// for a quiet moment instead of taking CPU from a checkout.
func (s *Server) Busy() bool { return s.inFlight.Load() > 0 }

func (s *Server) contactMail(cat *catalog.Catalog, c *store.Contact, to string) (*outbox.Message, error) {
	m, err := mail.ContactMessage(cat, s.orders.OwnerLocale(cat), mail.Contact{Name: c.Name, Email: c.Email, Locale: c.Locale,
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
