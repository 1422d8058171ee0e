package api

import (
	"context"
	"errors"
	"io"
	"net/http"
	"time"

	"github.com/gorilla/mux"

	"sabershop/internal/orders"
	"sabershop/internal/payment"
)

// maxWebhookBody bounds what a provider may post.
const maxWebhookBody = 64 << 10

// postWebhook is POST /v1/webhooks/{provider}: the provider's notification,
// verified by the adapter, applied to the order (orders.Service.ApplyNotification). Repeated
// and out-of-order notifications change nothing twice.
func (s *Server) postWebhook(w http.ResponseWriter, r *http.Request) {
	p, ok := s.orders.Payments().Named(mux.Vars(r)["provider"])
	if !ok {
		s.fail(w, http.StatusNotFound, "en", "not_found")
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, maxWebhookBody+1))
	if err != nil || len(body) > maxWebhookBody {
		s.fail(w, http.StatusRequestEntityTooLarge, "en", "too_large")
		return
	}
	// Some adapters call their provider back (PayPal captures an approved
	// order): bound that.
	ctx, cancel := context.WithTimeout(r.Context(), 30*time.Second)
	defer cancel()
	n, ack, err := p.Notification(ctx, r, body)
	if err != nil {
		// Never echo what was sent: it is someone else's data or an attack.
		s.cfg.Observer.Webhook(p.Name(), "rejected")
		s.log.Warn("webhook rejected", "provider", p.Name(), "err", err)
		s.fail(w, http.StatusBadRequest, "en", "malformed_json")
		return
	}
	n.Provider = p.Name()
	if err := s.orders.ApplyNotification(n); err != nil {
		if errors.Is(err, orders.ErrNotApplicable) {
			s.cfg.Observer.Webhook(p.Name(), "not_applicable")
			s.log.Warn("webhook not applied", "provider", p.Name(), "event", n.EventID, "err", err)
			s.fail(w, http.StatusUnprocessableEntity, "en", "invalid_fields")
			return
		}
		s.cfg.Observer.Webhook(p.Name(), "error")
		s.internal(w, r, "en", err)
		return
	}
	result := string(n.Status)
	if n.Status == payment.StatusNone {
		result = "ignored"
	}
	s.cfg.Observer.Webhook(p.Name(), result)
	if ack.Status == 0 {
		ack.Status = http.StatusOK
	}
	if ack.ContentType != "" {
		w.Header().Set("Content-Type", ack.ContentType)
	}
	w.WriteHeader(ack.Status)
	_, _ = io.WriteString(w, ack.Body)
}
