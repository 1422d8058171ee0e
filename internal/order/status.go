package order

import (
	"errors"
	"fmt"
	"strings"
	"time"
)

var (
	// ErrIllegalTransition is returned when the state machine of
	// docs/product-rules.md#order-states has no edge from the order's status to the requested one.
	ErrIllegalTransition = errors.New("illegal status transition")

	// ErrRefundNoteRequired is returned when a paid order is cancelled
	// without a refund note; it is also an ErrIllegalTransition.
	ErrRefundNoteRequired = fmt.Errorf("%w: a paid order is cancelled only with a refund note", ErrIllegalTransition)
)

// transitions are the edges of the state machine. payment_pending ->
// placed is a failed or abandoned payment: the shopper may try again.
// paid -> cancelled is guarded (see CancelPaid).
var transitions = map[Status][]Status{
	Placed:         {PaymentPending, Paid, Cancelled},
	PaymentPending: {Paid, Placed, Cancelled},
	Paid:           {Sent, Cancelled},
}

// refundPrefix starts the cause of every cancellation of a paid order.
const refundPrefix = "refund"

// Transition moves the order to status to, recording an event with the
// instant (UTC) and the cause. Moving to the status the order already has
// changes nothing and is no error (a repeated webhook or click); an edge
// the state machine lacks is ErrIllegalTransition. Cancelling records the
// cause as CancelReason. A paid order is cancelled only with a cause that
// starts with "refund"; CancelPaid builds one.
func (o *Order) Transition(to Status, at time.Time, cause string) (changed bool, err error) {
	if o.Status == to {
		return false, nil
	}
	if !legal(o.Status, to) {
		return false, fmt.Errorf("%w: %s -> %s", ErrIllegalTransition, o.Status, to)
	}
	if o.Status == Paid && to == Cancelled && !strings.HasPrefix(strings.ToLower(strings.TrimSpace(cause)), refundPrefix) {
		return false, ErrRefundNoteRequired
	}
	o.Status = to
	o.Timeline = append(o.Timeline, Event{Status: to, At: at.UTC(), Cause: cause})
	if to == Cancelled {
		o.CancelReason = cause
	}
	return true, nil
}

func legal(from, to Status) bool {
	for _, s := range transitions[from] {
		if s == to {
			return true
		}
	}
	return false
}

// CancelPaid cancels a paid order whose money is (being) refunded; the note
// says how ("bank transfer 2026-05-02"). It is Transition with the cause
// "refund: " + note. An empty note is ErrRefundNoteRequired.
func (o *Order) CancelPaid(at time.Time, refundNote string) (changed bool, err error) {
	refundNote = strings.TrimSpace(refundNote)
	if o.Status == Cancelled {
		return false, nil
	}
	if o.Status != Paid {
		return false, fmt.Errorf("%w: %s -> %s via refund", ErrIllegalTransition, o.Status, Cancelled)
	}
	if refundNote == "" {
		return false, ErrRefundNoteRequired
	}
	return o.Transition(Cancelled, at, refundPrefix+": "+refundNote)
}

// MarkSent moves a paid order to sent with the parcel's tracking number
// and link (both may be empty: a letter has none). Repeating it changes
// nothing, not even the tracking.
func (o *Order) MarkSent(at time.Time, tracking, trackingURL string) (changed bool, err error) {
	cause := "sent"
	if tracking != "" {
		cause = "sent, tracking " + tracking
	}
	changed, err = o.Transition(Sent, at, cause)
	if changed {
		o.Tracking, o.TrackingURL = tracking, trackingURL
	}
	return changed, err
}

// Actions say what can be done next with the order, as stable codes for
// the status page: "pay" and "add_coupon" (placed, without a coupon yet),
// "wait_payment", "wait_shipping", "track" (sent with a tracking number).
// A cancelled order has none. Never nil, so it encodes as [].
func (o Order) Actions() []string {
	switch o.Status {
	case Placed:
		if o.Coupon == "" {
			return []string{"pay", "add_coupon"}
		}
		return []string{"pay"}
	case PaymentPending:
		return []string{"wait_payment"}
	case Paid:
		return []string{"wait_shipping"}
	case Sent:
		if o.Tracking != "" {
			return []string{"track"}
		}
	}
	return []string{}
}
