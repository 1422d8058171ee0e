package order

import "time"

// A payment attempt is one start of a payment with a provider
// (docs/decisions/orders-and-payments.md#a-payment-attempt-is-recorded-before-the-provider-is-asked).
// It records the amount and currency it was started for, before the
// provider is asked, so that:
//   - while an attempt is in flight the order's total cannot change (a
//     discount code is refused: ErrCouponNotAllowed);
//   - a provider's notification is matched against its own attempt's
//     amount, not against whatever the total is when it arrives.

// AttemptState is where a payment attempt stands.
type AttemptState string

const (
	// AttemptStarting: recorded, the provider is being asked.
	AttemptStarting AttemptState = "starting"
	// AttemptPending: the provider accepted the start; its confirmation
	// (or a 3-D Secure page, a bank's page) is awaited.
	AttemptPending AttemptState = "pending"
	// AttemptPaid: the provider confirmed the money.
	AttemptPaid AttemptState = "paid"
	// AttemptFailed: declined, refused or not started.
	AttemptFailed AttemptState = "failed"
	// AttemptSuperseded: a newer attempt was started; this one can still
	// be paid (a shopper finishing an old 3-D Secure tab) but no longer
	// holds the total.
	AttemptSuperseded AttemptState = "superseded"
)

// StaleStart is how long an attempt may stay starting: the provider is
// asked with a 30-second bound, so an older one was cut short (the daemon
// stopped) and holds nothing any more.
const StaleStart = 5 * time.Minute

// Attempt is one payment attempt of an order.
type Attempt struct {
	ID        string       `json:"id"` // ours, made before the provider is asked
	Provider  string       `json:"provider"`
	Method    string       `json:"method"`
	Reference string       `json:"reference,omitempty"`  // the provider's id, once it answered
	NotifyRef string       `json:"notify_ref,omitempty"` // the id its notifications carry, when another
	Capture   string       `json:"capture,omitempty"`    // the provider's id of the money taken, when refunds need it (PayPal)
	Amount    int64        `json:"amount"`
	Currency  string       `json:"currency"`
	Totals    Totals       `json:"totals"`           // the order's totals it was started for
	Coupon    string       `json:"coupon,omitempty"` // and the code in force then
	State     AttemptState `json:"state"`
	Started   time.Time    `json:"started"`
}

// inFlight tells whether the attempt holds the order's total at now.
func (a *Attempt) inFlight(now time.Time) bool {
	switch a.State {
	case AttemptPending:
		return true
	case AttemptStarting:
		return now.Sub(a.Started) < StaleStart
	}
	return false
}

// PaymentInFlight tells whether an attempt holds the order's total.
func (o *Order) PaymentInFlight(now time.Time) bool {
	for i := range o.Attempts {
		if o.Attempts[i].inFlight(now) {
			return true
		}
	}
	return false
}

// StartAttempt records a new attempt for the order's current total and
// returns it; earlier attempts still pending become superseded (the
// shopper is paying again, so their outcome no longer decides the order's
// state, though a late confirmation of one is still taken).
func (o *Order) StartAttempt(id, provider, method string, at time.Time) *Attempt {
	for i := range o.Attempts {
		if a := &o.Attempts[i]; a.State == AttemptPending || a.State == AttemptStarting {
			a.State = AttemptSuperseded
		}
	}
	o.Attempts = append(o.Attempts, Attempt{ID: id, Provider: provider, Method: method, Amount: o.Totals.Total,
		Currency: o.Currency, Totals: o.Totals, Coupon: o.Coupon, State: AttemptStarting, Started: at})
	return &o.Attempts[len(o.Attempts)-1]
}

// AttemptByID is the attempt with our id, or nil.
func (o *Order) AttemptByID(id string) *Attempt {
	for i := range o.Attempts {
		if o.Attempts[i].ID == id {
			return &o.Attempts[i]
		}
	}
	return nil
}

// AttemptFor is the attempt a provider's notification is about: by its
// reference (the provider's id or the one its notifications carry). When
// none carries the reference — the notification outran the recording of
// the provider's answer, or the daemon stopped in between — the newest
// attempt of that provider still starting is taken if its amount and
// currency are the notification's. Nil when no attempt fits: an order
// from before attempts were recorded.
func (o *Order) AttemptFor(provider, ref string, amount int64, currency string) *Attempt {
	if ref != "" {
		for i := range o.Attempts {
			if a := &o.Attempts[i]; a.Provider == provider && (a.Reference == ref || (a.NotifyRef != "" && a.NotifyRef == ref)) {
				return a
			}
		}
	}
	for i := len(o.Attempts) - 1; i >= 0; i-- {
		a := &o.Attempts[i]
		if a.Provider == provider && a.State == AttemptStarting && a.Reference == "" &&
			a.Amount == amount && a.Currency == currency {
			return a
		}
	}
	return nil
}

// PaidBy settles the order's money by a confirmed attempt: the totals are
// the ones the attempt was started for. They differ from the order's only
// when the attempt no longer held the total (superseded or stale, and a
// code was added meanwhile); what was paid then decides, so that no
// order's total differs from what the shopper paid.
func (o *Order) PaidBy(a *Attempt) {
	a.State = AttemptPaid
	o.Totals, o.Coupon = a.Totals, a.Coupon
}
