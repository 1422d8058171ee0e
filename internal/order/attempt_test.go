package order

import (
	"errors"
	"testing"
	"time"
)

// TestAttemptsHoldTheTotal: a starting or pending attempt refuses a code; a
// failed, superseded or stale one does not; a confirmation is matched to
// its attempt by reference, or by amount while the start's answer is not
// recorded yet; a paid attempt's totals become the order's.
func TestAttemptsHoldTheTotal(t *testing.T) {
	at := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	newOrder := func() *Order {
		return &Order{Status: Placed, Currency: "PLN", Totals: Totals{Subtotal: 100000, Shipping: 1900, Total: 101900}}
	}
	coupon := func() *Coupon { return &Coupon{Code: "X10", Percent: 10} }

	o := newOrder()
	a := o.StartAttempt("a1", "sandbox", "card", at)
	if a.Amount != 101900 || a.Currency != "PLN" || a.State != AttemptStarting {
		t.Fatalf("attempt %+v", a)
	}
	if err := ApplyCoupon(o, coupon(), 0, at.Add(time.Second)); !errors.Is(err, ErrCouponNotAllowed) {
		t.Errorf("starting: %v", err)
	}
	// A start cut short (the daemon stopped) stops holding after StaleStart.
	if !o.PaymentInFlight(at.Add(StaleStart-time.Second)) || o.PaymentInFlight(at.Add(StaleStart)) {
		t.Error("stale start window")
	}
	// The notification outran the recorded answer: matched by amount.
	if got := o.AttemptFor("sandbox", "ref-1", 101900, "PLN"); got != a {
		t.Errorf("fallback match %+v", got)
	}
	if got := o.AttemptFor("sandbox", "ref-1", 91710, "PLN"); got != nil {
		t.Errorf("another amount matched %+v", got)
	}
	a.Reference, a.State = "ref-1", AttemptPending
	b := o.StartAttempt("a2", "sandbox", "bank", at)
	if o.Attempts[0].State != AttemptSuperseded || b.State != AttemptStarting {
		t.Errorf("states %v %v", o.Attempts[0].State, b.State)
	}
	b.State = AttemptFailed
	if o.PaymentInFlight(at) {
		t.Error("superseded and failed attempts hold the total")
	}
	if err := ApplyCoupon(o, coupon(), 0, at); err != nil {
		t.Fatal(err)
	}
	if got := o.AttemptFor("sandbox", "ref-1", 0, ""); got != &o.Attempts[0] {
		t.Errorf("by reference %+v", got)
	}
	o.PaidBy(&o.Attempts[0])
	if o.Totals.Total != 101900 || o.Coupon != "" || o.Attempts[0].State != AttemptPaid {
		t.Errorf("paid by the old attempt: %+v %q", o.Totals, o.Coupon)
	}
}
