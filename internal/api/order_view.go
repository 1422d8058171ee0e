package api

import (
	"time"

	"sabershop/internal/order"
)

// orderView is what GET /v1/orders/{hash} and POST /v1/orders answer:
// everything the status page shows, and nothing internal (the payment
// provider's references stay in the store).
type orderView struct {
	ID            uint64         `json:"id"`
	Hash          string         `json:"hash"`
	StatusURL     string         `json:"status_url"`
	Status        order.Status   `json:"status"`
	Timeline      []order.Event  `json:"timeline"`
	Locale        string         `json:"locale"`
	Currency      string         `json:"currency"`
	Customer      order.Customer `json:"customer"`
	Lines         []order.Line   `json:"lines"`
	Totals        order.Totals   `json:"totals"`
	Coupon        string         `json:"coupon,omitempty"`
	CouponMinimum int64          `json:"coupon_minimum"`
	CreatedAt     time.Time      `json:"created_at"`
	DeliveryDays  [2]int         `json:"delivery_days"`
	BuildDays     int            `json:"build_days"`
	Tracking      string         `json:"tracking,omitempty"`
	TrackingURL   string         `json:"tracking_url,omitempty"`
	CancelReason  string         `json:"cancel_reason,omitempty"`
	// PayBy is when an unpaid order is cancelled if still unpaid
	// (Config.Unpaid); absent once paid or when the shop never cancels.
	PayBy   time.Time `json:"pay_by,omitzero"`
	Actions []string  `json:"actions"`
}

func (s *Server) view(o *order.Order) orderView {
	minimum := s.cfg.Catalogs.Current().Coupons.Minimum[o.Currency]
	actions := o.Actions()
	if actions == nil {
		actions = []string{}
	}
	return orderView{ID: o.ID, Hash: o.Hash, StatusURL: o.StatusPath(), Status: o.Status, Timeline: o.Timeline,
		Locale: o.Locale, Currency: o.Currency, Customer: o.Customer, Lines: o.Lines, Totals: o.Totals,
		Coupon: o.Coupon, CouponMinimum: minimum, CreatedAt: o.CreatedAt, DeliveryDays: o.DeliveryDays,
		BuildDays: o.BuildDays, Tracking: o.Tracking, TrackingURL: o.TrackingURL, CancelReason: o.CancelReason,
		Actions: actions, PayBy: s.payBy(o)}
}

func (s *Server) payBy(o *order.Order) time.Time {
	if o.Status != order.Placed && o.Status != order.PaymentPending {
		return time.Time{}
	}
	return s.cfg.Unpaid.Deadline(o)
}
