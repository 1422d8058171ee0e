package api

import (
	"errors"
	"net/http"

	"sabershop/internal/catalog"
	"sabershop/internal/order"
	"sabershop/internal/shipping"
	"sabershop/internal/store"
)

// quoteRequest is a cart as the basket holds it: no customer but the
// delivery country, which may still be empty.
type quoteRequest struct {
	Locale  string              `json:"locale"`
	Country string              `json:"country"`
	Code    string              `json:"code"`
	Items   []order.ItemRequest `json:"items"`
	// Method is the delivery method chosen ("" the country's default).
	Method shipping.Method `json:"method"`
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
	// Method is the delivery method priced: the one asked for, or the
	// default when the basket does not fit the one asked for (Methods
	// says why). Methods are the country's methods for this basket.
	Method  shipping.Method `json:"method,omitempty"`
	Methods []methodOption  `json:"methods"`
}

// methodOption is a delivery method for the basket, with the reason in
// the shopper's language when the basket does not fit it.
type methodOption struct {
	order.DeliveryOption
	Reason string `json:"reason,omitempty"`
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
	req := order.Request{Locale: q.Locale, Code: q.Code, Items: q.Items, Customer: order.Customer{Country: q.Country},
		Delivery: order.DeliveryRequest{Method: q.Method}}
	order.Normalize(&req)
	cat := s.cfg.Catalogs.Current()
	errs := order.FieldErrors{}
	if req.Locale == "" || !cat.HasLocale(req.Locale) {
		errs["locale"] = order.KeyLocaleUnknown
	}
	if len(errs) == 0 {
		var priced order.Priced
		priced, errs = order.Quote(cat, req, s.cfg.Now().UTC())
		if len(errs) == 1 && errs["delivery.method"] != "" {
			// The basket does not fit the method asked for (or the
			// country lacks it): priced by the default, Methods say why.
			req.Delivery.Method = ""
			priced, errs = order.Quote(cat, req, s.cfg.Now().UTC())
		}
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
				BuildDays: priced.BuildDays, Returnable: priced.Returnable, OrdersOpen: open,
				Method: priced.Delivery.Method, Methods: s.methodOptions(cat, locale, req.Customer.Country, priced)})
			return
		}
	}
	s.failFields(w, locale, errs, s.couponParams(cat, locale))
}

// methodOptions are the country's delivery methods for the priced basket,
// each not fitting one with its reason in locale.
func (s *Server) methodOptions(cat *catalog.Catalog, locale, country string, p order.Priced) []methodOption {
	out := []methodOption{}
	if country == "" {
		return out
	}
	for _, o := range order.DeliveryOptions(cat, country, p.Currency, p.Lines) {
		m := methodOption{DeliveryOption: o}
		if !o.Fits {
			m.Reason = s.msg.T(locale, order.KeyLockerTooBig, nil)
		}
		out = append(out, m)
	}
	return out
}
