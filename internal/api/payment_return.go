package api

import (
	"context"
	"net/http"
	"time"

	"github.com/gorilla/mux"

	"sabershop/internal/payment"
)

// getPaymentReturn is GET /v1/payments/{provider}/return?order=HASH&...:
// where a provider that must act on the shopper's return (PayPal captures
// the approved order) sends the browser back. The order changes only by
// what the provider's API says server-side; the browser then lands on the
// order's status page either way.
func (s *Server) getPaymentReturn(w http.ResponseWriter, r *http.Request) {
	hash := r.URL.Query().Get("order")
	o, ok := s.orderByHash(w, r, s.requestLocale(r, ""), hash)
	if !ok {
		return
	}
	p, ok := s.orders.Payments().Named(mux.Vars(r)["provider"])
	if ret, isReturner := p.(payment.Returner); ok && isReturner {
		ctx, cancel := context.WithTimeout(r.Context(), 30*time.Second)
		defer cancel()
		n, err := ret.Return(ctx, r)
		switch {
		case err != nil:
			s.log.Warn("payment return not confirmed", "provider", p.Name(), "order", o.ID, "err", err)
		case n.OrderHash != hash:
			s.log.Warn("payment return for another order", "provider", p.Name(), "order", o.ID)
		default:
			n.Provider = p.Name()
			if err := s.orders.ApplyNotification(n); err != nil {
				s.log.Warn("payment return not applied", "provider", p.Name(), "order", o.ID, "err", err)
			}
		}
	}
	w.Header().Set("Referrer-Policy", "no-referrer")
	http.Redirect(w, r, o.StatusPath(), http.StatusSeeOther)
}
