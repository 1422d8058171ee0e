package order

import (
	"errors"
	"fmt"
	"strings"
	"time"
)

// Refunds (docs/decisions/refunds.md): the owner pays money of a paid order
// back through the provider that took it. Each refund is recorded on the
// order before the provider is asked (so a second click, or a second refund
// at the same moment, sees it), then finished with the provider's answer. The
// rules, in one place:
//   - an order is refunded when it is paid, sent, or cancelled after it
//     was paid (money that came for a cancelled order, or a paid order the
//     owner cancelled): whatever of a paid attempt is not refunded yet can
//     go back; an order that was never paid has nothing to refund;
//   - a refund is against one paid attempt (one provider's payment): the
//     newest paid attempt with money left; it is at most what is left of
//     that attempt, counting refunds done and refunds still being asked;
//   - a refused refund (the provider said no) and a failed one (the
//     provider did not answer) change no money and no status; they stay
//     in the list for the owner to see;
//   - when a refund leaves nothing of a paid order, the money is back and
//     the order is cancelled with the refund as its cause (CancelPaid); a
//     sent order stays sent (the parcel is out: this is a return) and a
//     cancelled one stays cancelled; a partial refund keeps the status.

// RefundState is where a refund stands.
type RefundState string

const (
	// RefundRequested: recorded, the provider is being asked.
	RefundRequested RefundState = "requested"
	// RefundDone: the provider accepted it; the money is (on its way)
	// back.
	RefundDone RefundState = "done"
	// RefundRefused: the provider said no; nothing was paid back.
	RefundRefused RefundState = "refused"
	// RefundFailed: the provider did not answer (or answered nonsense),
	// or the daemon stopped while asking; nothing is known to have been
	// paid back. The owner checks the provider's panel before asking again.
	RefundFailed RefundState = "failed"
)

// NoteRefund is the Note of the timeline entry of a refund done.
const NoteRefund = "refund"

// Refund is one refund of an order.
type Refund struct {
	ID        string      `json:"id"`  // ours, made before the provider is asked
	Key       string      `json:"key"` // the owner's idempotency key: one key, one refund
	Attempt   string      `json:"attempt"`
	Provider  string      `json:"provider"`
	Amount    int64       `json:"amount"`
	Currency  string      `json:"currency"`
	Reason    string      `json:"reason,omitempty"`
	Reference string      `json:"reference,omitempty"` // the provider's id of the refund
	State     RefundState `json:"state"`
	At        time.Time   `json:"at"`                // asked
	Finished  time.Time   `json:"finished,omitzero"` // answered
	// Note is the provider's refusal or the error, for the owner.
	Note string `json:"note,omitempty"`
}

var (
	// ErrRefundNotAllowed is returned by StartRefund for an order that was
	// never paid (placed, payment pending) or has no payment through a
	// provider to refund (paid with nothing to pay, or before attempts
	// were recorded: refund those by hand and cancel with a refund note).
	ErrRefundNotAllowed = errors.New("order: nothing to refund through a provider")
	// ErrRefundTooMuch is returned by StartRefund when the amount is above
	// what is left of the payment.
	ErrRefundTooMuch = errors.New("order: refund above what is left of the payment")
	// ErrRefundAmount is returned by StartRefund for a negative amount.
	ErrRefundAmount = errors.New("order: refund amount must be positive")
)

// holds tells whether r counts against what is left at now: done, or
// still being asked (not stale: see StaleStart).
func (r *Refund) holds(now time.Time) bool {
	return r.State == RefundDone || (r.State == RefundRequested && now.Sub(r.At) < StaleStart)
}

// attemptLeft is what is left of a paid attempt at now.
func (o *Order) attemptLeft(a *Attempt, now time.Time) int64 {
	left := a.Amount
	for i := range o.Refunds {
		if r := &o.Refunds[i]; r.Attempt == a.ID && r.holds(now) {
			left -= r.Amount
		}
	}
	return left
}

// RefundLeft is what is left to refund of every paid attempt at now.
func (o *Order) RefundLeft(now time.Time) int64 {
	var left int64
	for i := range o.Attempts {
		if a := &o.Attempts[i]; a.State == AttemptPaid {
			left += o.attemptLeft(a, now)
		}
	}
	return left
}

// Refunded is what the providers accepted to pay back.
func (o *Order) Refunded() int64 {
	var sum int64
	for _, r := range o.Refunds {
		if r.State == RefundDone {
			sum += r.Amount
		}
	}
	return sum
}

// refundable is the attempt the next refund goes against: the newest
// paid attempt with money left at now, with what is left of it.
func (o *Order) refundable(now time.Time) (*Attempt, int64) {
	for i := len(o.Attempts) - 1; i >= 0; i-- {
		if a := &o.Attempts[i]; a.State == AttemptPaid {
			if left := o.attemptLeft(a, now); left > 0 {
				return a, left
			}
		}
	}
	return nil, 0
}

// NextRefund is what a refund asked at now without an amount would pay
// back (StartRefund takes what is left of one payment): the provider
// that took that payment, the amount and its currency; ok is false when
// nothing is left to refund or the order's status allows none. The desk
// names it before the owner confirms.
func (o *Order) NextRefund(now time.Time) (provider string, amount int64, currency string, ok bool) {
	switch o.Status {
	case Paid, Sent, Cancelled:
	default:
		return "", 0, "", false
	}
	a, left := o.refundable(now)
	if a == nil {
		return "", 0, "", false
	}
	return a.Provider, left, a.Currency, true
}

// RefundByKey is the refund recorded with the owner's key, or nil.
func (o *Order) RefundByKey(key string) *Refund {
	for i := range o.Refunds {
		if o.Refunds[i].Key == key {
			return &o.Refunds[i]
		}
	}
	return nil
}

// RefundByID is the refund with our id, or nil.
func (o *Order) RefundByID(id string) *Refund {
	for i := range o.Refunds {
		if o.Refunds[i].ID == id {
			return &o.Refunds[i]
		}
	}
	return nil
}

// StartRefund records a refund of amount (minor units of the order's
// currency; 0 is everything left of the payment refunded) as requested,
// before the provider is asked, and returns it with the attempt it goes
// against. It refuses what the rules above refuse. A refund still
// requested after StaleStart was cut short by a stop of the daemon: it
// is marked failed here, so it no longer holds its amount.
func (o *Order) StartRefund(id, key string, amount int64, reason string, at time.Time) (*Refund, *Attempt, error) {
	for i := range o.Refunds {
		if r := &o.Refunds[i]; r.State == RefundRequested && !r.holds(at) {
			r.State, r.Finished = RefundFailed, at.UTC()
			r.Note = "interrupted while the provider was asked: check the provider's panel"
		}
	}
	switch o.Status {
	case Paid, Sent, Cancelled:
	default:
		return nil, nil, fmt.Errorf("%w: order #%d is %s", ErrRefundNotAllowed, o.ID, o.Status)
	}
	if amount < 0 {
		return nil, nil, ErrRefundAmount
	}
	a, left := o.refundable(at)
	if a == nil {
		return nil, nil, fmt.Errorf("%w: order #%d has no paid payment with money left", ErrRefundNotAllowed, o.ID)
	}
	if amount == 0 {
		amount = left
	}
	if amount > left {
		return nil, nil, fmt.Errorf("%w: %s asked, %s left of the %s payment of order #%d", ErrRefundTooMuch,
			money(amount, a.Currency), money(left, a.Currency), a.Provider, o.ID)
	}
	o.Refunds = append(o.Refunds, Refund{ID: id, Key: key, Attempt: a.ID, Provider: a.Provider, Amount: amount,
		Currency: a.Currency, Reason: strings.TrimSpace(reason), State: RefundRequested, At: at.UTC()})
	return &o.Refunds[len(o.Refunds)-1], a, nil
}

// FinishRefund records the provider's answer to refund id: done (with the
// provider's reference), refused or failed (with note). A refund done is
// a timeline entry; when it leaves nothing of a paid order, the order is
// cancelled with the refund as its cause (cancelled reports it). An
// answer to a refund no longer requested changes nothing.
func (o *Order) FinishRefund(id string, state RefundState, reference, note string, at time.Time) (cancelled bool, err error) {
	r := o.RefundByID(id)
	if r == nil {
		return false, fmt.Errorf("order #%d has no refund %s", o.ID, id)
	}
	if r.State != RefundRequested {
		return false, nil
	}
	r.State, r.Reference, r.Note, r.Finished = state, reference, note, at.UTC()
	if state != RefundDone {
		return false, nil
	}
	how := fmt.Sprintf("%s through %s", money(r.Amount, r.Currency), r.Provider)
	if reference != "" {
		how += " (" + reference + ")"
	}
	o.Timeline = append(o.Timeline, Event{Status: o.Status, At: at.UTC(), Cause: refundPrefix + " " + how, Note: NoteRefund})
	if o.Status != Paid || o.RefundLeft(at) > 0 {
		return false, nil
	}
	if cancelled, err = o.CancelPaid(at, "refunded in full, "+how); cancelled && r.Reason != "" {
		o.CancelReason = r.Reason // the owner's words: the shopper reads them
	}
	return cancelled, err
}

// money is how the order package writes an amount in errors and causes:
// "364.00 PLN" (the shopper-facing formats are the catalogue's).
func money(minor int64, currency string) string {
	sign := ""
	if minor < 0 {
		sign, minor = "-", -minor
	}
	return fmt.Sprintf("%s%d.%02d %s", sign, minor/100, minor%100, currency)
}
