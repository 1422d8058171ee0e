package api

import (
	"errors"
	"net/http"

	"sabershop/internal/order"
	"sabershop/internal/orders"
	"sabershop/internal/store"
)

type couponRequest struct {
	Code   string `json:"code"`
	Locale string `json:"locale"`
}

// postCoupon is POST /v1/orders/{hash}/coupon: a discount code added on the
// status page after ordering (docs/product-rules.md#discount-codes), under
// the minimum-order rule. Field problems answer 422 on "code", like the order
// form.
func (s *Server) postCoupon(w http.ResponseWriter, r *http.Request) {
	var req couponRequest
	hash, locale, ok := s.decodeOrderWrite(w, r, &req, &req.Locale, 4<<10)
	if !ok {
		return
	}
	code := order.NormalizeCode(req.Code)
	if code == "" {
		s.failFields(w, locale, order.FieldErrors{"code": order.KeyRequired}, nil)
		return
	}
	cat := s.cfg.Catalogs.Current()
	o, err := s.orders.ApplyCoupon(hash, code)
	var fields *orders.FieldsError
	switch {
	case errors.Is(err, store.ErrNotFound):
		s.fail(w, http.StatusNotFound, locale, "order_not_found")
	case errors.As(err, &fields):
		params := s.couponParams(cat, locale)
		if o != nil { // the minimum of the order's own currency, in the reader's format
			params = map[string]any{"minimum": cat.Format(locale).FormatMoney(cat.Coupons.Minimum[o.Currency], o.Currency)}
		}
		s.failFields(w, locale, fields.Fields, params)
	case err != nil:
		s.internal(w, r, locale, err)
	default:
		writeJSON(w, http.StatusOK, orderAnswer{Message: s.msg.T(locale, "coupon_applied", nil), Order: s.view(o)})
	}
}
