package api

import (
	"net/http"
	"strings"

	"sabershop/internal/mail"
	"sabershop/internal/order"
	"sabershop/internal/store"
)

type orderLinksRequest struct {
	Email  string `json:"email"`
	Locale string `json:"locale"`
}

// maxOrderLinks is how many of an address's orders the e-mail lists (the
// newest): enough for any shopper, and a bound on the work one request
// causes.
const maxOrderLinks = 20

// postOrderLinks is POST /v1/orders/links: a shopper who lost the order
// e-mail asks for the status links of the orders placed with an address.
// They go only to that address (a link is the only key to an order), in
// the language of the request, newest first. The answer is the same
// whether or not the address has orders and whether or not the
// per-address cap let a mail go, so the form tells nobody who ordered.
func (s *Server) postOrderLinks(w http.ResponseWriter, r *http.Request) {
	var req orderLinksRequest
	if err := order.DecodeJSON(r.Body, &req, 4<<10); err != nil {
		s.decodeFailed(w, r, err)
		return
	}
	locale := s.requestLocale(r, req.Locale)
	email := strings.TrimSpace(req.Email)
	if key := order.CheckEmail(email); key != "" {
		s.failFields(w, locale, order.FieldErrors{"email": key}, nil)
		return
	}
	var orders []*order.Order
	err := s.cfg.Store.View(func(tx *store.Tx) error {
		var err error
		orders, err = tx.RecentOrdersByEmail(email, maxOrderLinks)
		return err
	})
	if err != nil {
		s.internal(w, r, locale, err)
		return
	}
	if len(orders) > 0 {
		// Rendered outside the batched write, which only checks the cap
		// and queues the message.
		links := make([]mail.OrderLink, len(orders))
		for i, o := range orders {
			links[i] = mail.LinkOf(o, s.link(o.StatusPath()))
		}
		msg, err := mail.OrderLinks(s.cfg.Catalogs.Current(), locale, orders[0].Customer.Email, links)
		if err != nil {
			s.internal(w, r, locale, err)
			return
		}
		now := s.cfg.Now().UTC()
		queued := false
		err = s.cfg.Store.Update(func(tx *store.Tx) error {
			queued = false
			ok, err := tx.MayMail(store.QuotaOrderLinks, email, now)
			if !ok {
				return err
			}
			m := *msg // Enqueue sets the ID: a retried run starts afresh
			queued = true
			return tx.Enqueue(&m)
		})
		if err != nil {
			s.internal(w, r, locale, err)
			return
		}
		if queued {
			s.cfg.Kick()
			if s.cfg.LogLinks {
				for _, l := range links {
					s.log.Info("order links queued", "status_url", l.StatusURL)
				}
			}
		}
	}
	writeJSON(w, http.StatusAccepted, messageAnswer{Message: s.msg.T(locale, "order_links_sent", nil)})
}
