package api

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/gorilla/mux"

	"sabershop/internal/order"
	"sabershop/internal/payment"
	"sabershop/internal/store"
)

// getPaymentReturn is GET /v1/payments/{provider}/return?order=HASH&...:
// where a provider that must act on the shopper's return (PayPal captures
// the approved order) sends the browser back. The order changes only by
// what the provider's API says server-side; the browser then lands on the
// order's status page either way.
func (s *Server) getPaymentReturn(w http.ResponseWriter, r *http.Request) {
	hash := r.URL.Query().Get("order")
	if !order.ValidHash(hash) {
		s.fail(w, http.StatusNotFound, s.requestLocale(r, ""), "order_not_found")
		return
	}
	var o *order.Order
	err := s.cfg.Store.View(func(tx *store.Tx) error {
		var err error
		o, err = tx.Order(hash)
		return err
	})
	if errors.Is(err, store.ErrNotFound) {
		s.fail(w, http.StatusNotFound, s.requestLocale(r, ""), "order_not_found")
		return
	} else if err != nil {
		s.internal(w, r, s.requestLocale(r, ""), err)
		return
	}
	p, ok := s.cfg.Payments.Named(mux.Vars(r)["provider"])
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
			if err := s.applyPayment(n); err != nil {
				s.log.Warn("payment return not applied", "provider", p.Name(), "order", o.ID, "err", err)
			}
		}
	}
	w.Header().Set("Referrer-Policy", "no-referrer")
	http.Redirect(w, r, statusPath(o), http.StatusSeeOther)
}
