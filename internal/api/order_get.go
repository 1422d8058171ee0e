package api

import (
	"errors"
	"net/http"

	"github.com/gorilla/mux"

	"sabershop/internal/order"
	"sabershop/internal/store"
)

// getOrder is GET /v1/orders/{hash}: the status page's data. The hash is
// the only key to an order, so an unknown or malformed one is the same 404.
func (s *Server) getOrder(w http.ResponseWriter, r *http.Request) {
	locale := s.requestLocale(r, "")
	o, ok := s.orderByHash(w, r, locale, mux.Vars(r)["hash"])
	if !ok {
		return
	}
	if fresh := s.orders.QueryStalePayment(r.Context(), o); fresh != nil {
		o = fresh
	}
	w.Header().Set("Referrer-Policy", "no-referrer")
	writeJSON(w, http.StatusOK, s.view(o))
}

// decodeOrderWrite decodes the body of a write on order {hash} from its
// status page into req (at most limit bytes; reqLocale is req's locale
// field) and returns the hash and the reader's locale. When ok is false it
// has answered: 400 for a body it cannot decode, 404 for a malformed hash
// (an unknown one is the handler's to find in its transaction).
func (s *Server) decodeOrderWrite(w http.ResponseWriter, r *http.Request, req any, reqLocale *string, limit int64) (hash, locale string, ok bool) {
	if err := order.DecodeJSON(r.Body, req, limit); err != nil {
		s.decodeFailed(w, r, err)
		return "", "", false
	}
	locale = s.requestLocale(r, *reqLocale)
	hash = mux.Vars(r)["hash"]
	if !order.ValidHash(hash) {
		s.fail(w, http.StatusNotFound, locale, "order_not_found")
		return "", "", false
	}
	return hash, locale, true
}

// orderByHash reads the order of a status hash. When it returns false it
// has answered already: 404 for an unknown or malformed hash (the same
// answer for both: the hash is the only key), 500 for a store failure.
func (s *Server) orderByHash(w http.ResponseWriter, r *http.Request, locale, hash string) (*order.Order, bool) {
	if !order.ValidHash(hash) {
		s.fail(w, http.StatusNotFound, locale, "order_not_found")
		return nil, false
	}
	var o *order.Order
	err := s.cfg.Store.View(func(tx *store.Tx) error {
		var err error
		o, err = tx.Order(hash)
		return err
	})
	switch {
	case errors.Is(err, store.ErrNotFound):
		s.fail(w, http.StatusNotFound, locale, "order_not_found")
		return nil, false
	case err != nil:
		s.internal(w, r, locale, err)
		return nil, false
	}
	return o, true
}
