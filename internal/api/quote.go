package api

import (
	"errors"
	"net/http"

	"sabershop/internal/order"
	"sabershop/internal/store"
)

// quoteRequest is a cart as the basket holds it: no customer but the
// delivery country, which may still be empty.
type quoteRequest struct {
	Locale  string              `json:"locale"`
	Country string              `json:"country"`
	Code    string              `json:"code"`
	Items   []order.ItemRequest `json:"items"`
}

// quoteView is the basket's and the checkout's price: the lines and totals
// POST /v1/orders would store for the same cart now. Its total is the
// expected_total the checkout sends.
type quoteView struct {
	Currency      string       `json:"currency"`
	Lines         []order.Line `json:"lines"`
	Totals        order.Totals `json:"totals"`
	Coupon        string       `json:"coupon,omitempty"`
	CouponMinimum int64        `json:"coupon_minimum"`
	DeliveryDays  [2]int       `json:"delivery_days"`
	BuildDays     int          `json:"build_days"`
	Returnable    bool         `json:"returnable"`
	OrdersOpen    bool         `json:"orders_open"`
}

// postQuote is POST /v1/quote: prices a cart from the catalogue in force
// without storing anything, so the basket shows the daemon's prices (one
// pricing, in Go) and the checkout knows the total it will be asked to
// confirm. Unknown items, options or codes answer 422 on their field, like
// the order.
func (s *Server) postQuote(w http.ResponseWriter, r *http.Request) {
	var q quoteRequest
	if err := order.DecodeJSON(r.Body, &q, order.MaxBodyBytes); err != nil {
		s.decodeFailed(w, r, err)
		return
	}
	locale := s.requestLocale(r, q.Locale)
	req := order.Request{Locale: q.Locale, Code: q.Code, Items: q.Items, Customer: order.Customer{Country: q.Country}}
	order.Normalize(&req)
	cat := s.cfg.Catalogs.Current()
	errs := order.FieldErrors{}
	if req.Locale == "" || !cat.HasLocale(req.Locale) {
		errs["locale"] = order.KeyLocaleUnknown
	}
	if len(errs) == 0 {
		var priced order.Priced
		priced, errs = order.Quote(cat, req, s.cfg.Now().UTC())
		var open, set bool
		if len(errs) == 0 {
			var c *order.Coupon
			err := s.cfg.Store.View(func(tx *store.Tx) error {
				var err error
				if open, set, err = tx.OrdersOpen(); err != nil {
					return err
				}
				if req.Code == "" {
					return nil
				}
				c, err = tx.Coupon(order.NormalizeCode(req.Code))
				if errors.Is(err, store.ErrNotFound) {
					c, err = nil, nil
				}
				return err
			})
			if err != nil {
				s.internal(w, r, locale, err)
				return
			}
			priced, errs = order.WithCoupon(cat, priced, req.Code, c, s.cfg.Now().UTC())
		}
		if len(errs) == 0 {
			if !set {
				open = cat.OrdersOpen
			}
			writeJSON(w, http.StatusOK, quoteView{Currency: priced.Currency, Lines: priced.Lines, Totals: priced.Totals,
				Coupon: priced.Coupon, CouponMinimum: cat.Coupons.Minimum[priced.Currency], DeliveryDays: priced.DeliveryDays,
				BuildDays: priced.BuildDays, Returnable: priced.Returnable, OrdersOpen: open})
			return
		}
	}
	s.failFields(w, locale, errs, s.couponParams(cat, locale))
}
