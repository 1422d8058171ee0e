package order

import (
	"errors"
	"time"
)

// Orders left unpaid
// (docs/decisions/orders-and-payments.md#unpaid-orders-one-reminder-then-cancelled):
// one reminder to the shopper after a few days, then the order is cancelled
// so that it stops holding the workshop's attention and the shopper's coupon.

// NoteReminder is the Note of the timeline entry of the payment reminder.
const NoteReminder = "payment_reminder"

// CauseExpired starts the timeline cause of an order cancelled because it
// stayed unpaid.
const CauseExpired = "expired"

// AbandonAfter is how long a started payment keeps an order from being
// reminded or cancelled. A payment the provider never settles (the
// shopper closed the bank's page) stays pending on our side; after a day
// it is abandoned, and a confirmation that still comes later is shown to
// the owner as a payment for a cancelled order.
const AbandonAfter = 24 * time.Hour

// Unpaid is the rule for unpaid orders, both durations counted from the
// order's placing; a zero duration turns its step off.
type Unpaid struct {
	RemindAfter time.Duration // one reminder to the shopper (default 3 days)
	CancelAfter time.Duration // cancelled, both told (default 14 days)
}

// DefaultUnpaid is the shop's rule unless the owner sets another.
var DefaultUnpaid = Unpaid{RemindAfter: 3 * 24 * time.Hour, CancelAfter: 14 * 24 * time.Hour}

// UnpaidStep is what an unpaid order is due for.
type UnpaidStep int

const (
	StepNone   UnpaidStep = iota
	StepRemind            // send the one reminder
	StepExpire            // cancel it: unpaid for too long
)

// ErrRemindAfterCancel is returned by Unpaid.Check when the reminder
// would come when the order is already cancelled.
var ErrRemindAfterCancel = errors.New("the reminder must come before the cancellation")

// Check reports a rule that cannot work as meant.
func (u Unpaid) Check() error {
	if u.RemindAfter > 0 && u.CancelAfter > 0 && u.RemindAfter >= u.CancelAfter {
		return ErrRemindAfterCancel
	}
	return nil
}

// Due tells what order o is due for at now. Only placed and
// payment_pending orders are; one whose payment was started within
// AbandonAfter waits (the money may be on its way).
func (u Unpaid) Due(o *Order, now time.Time) UnpaidStep {
	if o.Status != Placed && o.Status != PaymentPending {
		return StepNone
	}
	if o.paymentStartedSince(now.Add(-AbandonAfter)) {
		return StepNone
	}
	age := now.Sub(o.CreatedAt)
	switch {
	case u.CancelAfter > 0 && age >= u.CancelAfter:
		return StepExpire
	case u.RemindAfter > 0 && age >= u.RemindAfter && !o.Reminded():
		return StepRemind
	}
	return StepNone
}

// Deadline is when o is cancelled if still unpaid (zero: never).
func (u Unpaid) Deadline(o *Order) time.Time {
	if u.CancelAfter <= 0 {
		return time.Time{}
	}
	return o.CreatedAt.Add(u.CancelAfter)
}

// Reminded tells whether the payment reminder went.
func (o *Order) Reminded() bool {
	for _, e := range o.Timeline {
		if e.Note == NoteReminder {
			return true
		}
	}
	return false
}

// Remind records the payment reminder in the timeline; a second call
// changes nothing.
func (o *Order) Remind(at time.Time, cause string) (changed bool) {
	if o.Reminded() {
		return false
	}
	o.Timeline = append(o.Timeline, Event{Status: o.Status, At: at.UTC(), Cause: cause, Note: NoteReminder})
	return true
}

// paymentStartedSince tells whether an attempt still in flight was
// started after since.
func (o *Order) paymentStartedSince(since time.Time) bool {
	for i := range o.Attempts {
		a := &o.Attempts[i]
		if (a.State == AttemptPending || a.State == AttemptStarting) && a.Started.After(since) {
			return true
		}
	}
	return false
}

// LastTransition is when the order's status last changed (a note such as
// the reminder is not a change).
func (o *Order) LastTransition() time.Time {
	for i := len(o.Timeline) - 1; i >= 0; i-- {
		if o.Timeline[i].Note == "" {
			return o.Timeline[i].At
		}
	}
	return o.CreatedAt
}
