package api

import (
	"sabershop/internal/catalog"
	"sabershop/internal/mail"
	"sabershop/internal/order"
	"sabershop/internal/store"
)

// The e-mails the API queues, rendered at once so the order and its
// message are written in the same transaction.

func (s *Server) orderPlacedMail(cat *catalog.Catalog, o *order.Order) (*mail.Message, error) {
	return mail.OrderPlaced(cat, o, s.link(statusPath(o)))
}

// ownerLocale is the language of e-mails to the owner: the shop's default.
const ownerLocale = "en"

func (s *Server) contactMail(cat *catalog.Catalog, c *store.Contact, to string) (*mail.Message, error) {
	m, err := mail.ContactMessage(cat, ownerLocale, mail.Contact{Name: c.Name, Email: c.Email, Locale: c.Locale,
		Message: c.Message, Received: c.Created})
	if err != nil {
		return nil, err
	}
	m.To = to
	return m, nil
}

func (s *Server) confirmMail(cat *catalog.Catalog, sub *store.Subscriber, confirmURL string) (*mail.Message, error) {
	return mail.SubscribeConfirm(cat, mail.Subscriber{Email: sub.Email, Locale: sub.Locale, Token: sub.Token}, confirmURL)
}
