package api

import (
	"time"

	"sabershop/internal/order"
	"sabershop/internal/shipping"
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
	// Production is the build of a paid order; absent before
	// the payment, and after it when the order reached no stage.
	Production *productionView `json:"production,omitempty"`
	// TermsVersion is the version of the terms the shopper accepted;
	// absent for an order placed before versions.
	TermsVersion string `json:"terms_version,omitempty"`
	// Withdrawal is whether the shopper may withdraw from the contract on
	// this page, and if not why; or the withdrawal made.
	Withdrawal withdrawalView `json:"withdrawal"`
	// Documents are the order's accounting documents, in the order they
	// were issued; empty before the payment.
	Documents []documentView `json:"documents"`
	// Delivery is the method chosen, with the locker as it was then;
	// Parcel the parcel once the owner created it with the carrier (its
	// statuses are the timeline's parcel notes).
	Delivery order.Delivery `json:"delivery"`
	Parcel   *parcelView    `json:"parcel,omitempty"`
	// Refunds are the money paid back through the payment provider,
	// oldest first: done (with the day the provider accepted it) and
	// still being asked. Refused and failed ones moved no money and are
	// the owner's to see.
	Refunds []refundView `json:"refunds"`
}

// refundView is a refund as the shopper may see it: how much and when,
// not the provider's references or the owner's notes.
type refundView struct {
	Amount   int64             `json:"amount"`
	Currency string            `json:"currency"`
	State    order.RefundState `json:"state"` // "done" or "requested"
	At       time.Time         `json:"at"`    // done: accepted; requested: asked
}

func refundsOf(o *order.Order) []refundView {
	v := []refundView{}
	for _, r := range o.Refunds {
		switch r.State {
		case order.RefundDone:
			v = append(v, refundView{Amount: r.Amount, Currency: r.Currency, State: r.State, At: r.Finished})
		case order.RefundRequested:
			v = append(v, refundView{Amount: r.Amount, Currency: r.Currency, State: r.State, At: r.At})
		}
	}
	return v
}

// parcelView is the parcel as the shopper may see it: where it is and
// its tracking number, not the carrier's internal ids.
type parcelView struct {
	Status      shipping.Status `json:"status"`
	Tracking    string          `json:"tracking,omitempty"`
	TrackingURL string          `json:"tracking_url,omitempty"`
}

func parcelOf(o *order.Order) *parcelView {
	if !o.Shipment.Alive() || o.Shipment.Status == shipping.StatusCreated {
		return nil
	}
	return &parcelView{Status: o.Shipment.Status, Tracking: o.Shipment.Tracking, TrackingURL: o.Shipment.TrackingURL}
}

// withdrawalView is the status page's withdrawal function
// (docs/legal.md#withdrawal).
type withdrawalView struct {
	// Offered: the page shows the function. Reason says why not
	// (order.Withdrawal* codes) while neither offered nor made.
	Offered bool   `json:"offered"`
	Reason  string `json:"reason,omitempty"`
	// Deadline is the last instant it is offered; absent before the
	// order is sent (the period has not begun).
	Deadline time.Time `json:"deadline,omitzero"`
	// Excluded: some lines (designs made to the buyer's specification)
	// are not covered.
	Excluded bool `json:"excluded,omitempty"`
	// Received is the withdrawal made: when it was received and where
	// its acknowledgement went.
	Received *order.Withdrawal `json:"received,omitempty"`
}

// withdrawal is o's withdrawalView as of now.
func (s *Server) withdrawal(o *order.Order) withdrawalView {
	deadline, why := s.orders.WithdrawalState(o)
	v := withdrawalView{Offered: why == "" && o.Withdrawal == nil, Deadline: deadline, Received: o.Withdrawal,
		Excluded: len(o.WithdrawalCovers()) < len(o.Lines)}
	if o.Withdrawal == nil {
		v.Reason = why
	}
	return v
}

// productionView is the build of an order as the status page shows it
// under "paid": the catalogue's stages in order with the instant each was
// reached (order.Progress), the stage in force, and while the order is
// paid the ship estimate and the shopper's opt-in to an e-mail per stage.
// Stage names are the page's to read from catalog.json, in the page's
// language, like the names of creator parts.
type productionView struct {
	Stages  []stageView `json:"stages"`
	Current string      `json:"current,omitempty"`
	// BuildDaysLeft and ShipBy (the workshop's day, YYYY-MM-DD) are the
	// estimate of order.ShipEstimate; zero and absent once sent or
	// cancelled.
	BuildDaysLeft int    `json:"build_days_left"`
	ShipBy        string `json:"ship_by,omitempty"`
	Emails        bool   `json:"emails"`
}

type stageView struct {
	ID        string    `json:"id"`
	ReachedAt time.Time `json:"reached_at,omitzero"`
}

// production is o's productionView, or nil when there is nothing to show.
func (s *Server) production(o *order.Order) *productionView {
	stages := s.cfg.Catalogs.Current().Production.Stages
	if len(stages) == 0 || (o.Status != order.Paid && o.Stage() == "") {
		return nil
	}
	p := &productionView{Current: o.Stage(), Emails: o.StageEmails, Stages: []stageView{}}
	for _, r := range o.Progress(stages) {
		p.Stages = append(p.Stages, stageView{ID: r.ID, ReachedAt: r.At})
	}
	if o.Status == order.Paid {
		left, ready := o.ShipEstimate(stages, s.cfg.Now())
		p.BuildDaysLeft, p.ShipBy = left, ready.Format(time.DateOnly)
	}
	return p
}

// orderAnswer is the answer of a write on an order from its status page
// (an applied code, the stage e-mails): a sentence saying what happened
// and the order as it is now.
type orderAnswer struct {
	Message string    `json:"message"`
	Order   orderView `json:"order"`
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
		Actions: actions, PayBy: s.payBy(o), Production: s.production(o), TermsVersion: o.TermsVersion,
		Withdrawal: s.withdrawal(o), Documents: s.documents(o), Delivery: o.Delivery, Parcel: parcelOf(o),
		Refunds: refundsOf(o)}
}

func (s *Server) payBy(o *order.Order) time.Time {
	if o.Status != order.Placed && o.Status != order.PaymentPending {
		return time.Time{}
	}
	return s.orders.UnpaidDeadline(o)
}
