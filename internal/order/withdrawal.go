package order

import (
	"errors"
	"strings"
	"time"

	"sabershop/internal/i18n"
)

// Withdrawal from the contract (docs/legal.md#withdrawal): a
// consumer may withdraw within 14 days from delivery without a reason,
// and the shop offers a function for it on the status page. The rules, in
// one place:
//   - it is a note in the timeline, not a status: the order keeps its
//     status and the owner settles it (cancels an unpaid order, refunds a
//     paid one when the goods are back) with the tools that exist;
//   - it is not offered when no line of the order is returnable, for a
//     cancelled order, nor after the period; a mixed order's withdrawal
//     covers its returnable lines. Whether a line is returnable was
//     recorded when it was priced: a creator design is excluded as made to
//     the buyer's specification unless the owner's [legal]
//     creator_returnable was on (docs/legal.md#withdrawal), and an order
//     keeps what it recorded whatever the setting says later;
//   - the period counts from delivery: when the carrier reported the
//     parcel delivered (shipment.go), 14 days from that day; otherwise the
//     shop knows the day it sent the parcel, not the day it arrived, and
//     the period ends 14 days after sending plus the method's longest
//     delivery time plus a grace the owner sets (docs/decisions/legal.md#the-withdrawal-period-errs-for-the-consumer), so
//     it never ends before the law's; an order not sent yet may always
//     be withdrawn from;
//   - once made, it stays: a second withdrawal answers the first.

// NoteWithdrawal is the Note of the timeline entry of a withdrawal.
const NoteWithdrawal = "withdrawal"

// WithdrawalDays is the period of withdrawal after delivery
// (Directive 2011/83/EU art. 9(1); Polish consumer rights act art. 27).
const WithdrawalDays = 14

// Withdrawal is a shopper's statement of withdrawal from the contract, as
// received on the status page: who made it, where the acknowledgement
// goes and when it was received.
type Withdrawal struct {
	At    time.Time `json:"at"`
	Name  string    `json:"name"`
	Email string    `json:"email"`
}

// Why a withdrawal is not offered: stable codes the status page words.
const (
	WithdrawalCustom        = "custom_design"  // every line a creator design recorded not returnable
	WithdrawalNotReturnable = "not_returnable" // no returnable line (not only designs)
	WithdrawalCancelled     = "cancelled"
	WithdrawalPeriodOver    = "period_over"
)

// ErrWithdrawalRefused is returned when a withdrawal is asked of an order
// that does not offer it (WithdrawalState); the error names the reason.
var ErrWithdrawalRefused = errors.New("withdrawal not offered")

// WithdrawalRefusal is an ErrWithdrawalRefused with its reason code.
type WithdrawalRefusal struct{ Reason string }

func (e *WithdrawalRefusal) Error() string { return ErrWithdrawalRefused.Error() + ": " + e.Reason }
func (e *WithdrawalRefusal) Unwrap() error { return ErrWithdrawalRefused }

// WithdrawalState says whether a withdrawal is offered at now, and if
// not, why (one of the Withdrawal* codes). deadline is the last instant
// it is offered (the end of the workshop's day), zero while the order is
// not sent (the period has not started). graceDays is the owner's
// allowance for a parcel slower than the country's longest delivery time.
// An order already withdrawn from reports what it would have without it.
func (o *Order) WithdrawalState(now time.Time, graceDays int) (deadline time.Time, reason string) {
	switch {
	case !o.anyReturnable():
		if o.allCreator() {
			return time.Time{}, WithdrawalCustom
		}
		return time.Time{}, WithdrawalNotReturnable
	case o.Status == Cancelled:
		return time.Time{}, WithdrawalCancelled
	}
	from, ok := o.sentAt()
	days := WithdrawalDays + max(o.DeliveryDays[1], 0) + max(graceDays, 0)
	if at, delivered := o.DeliveredAt(); delivered {
		from, ok, days = at, true, WithdrawalDays
	}
	if !ok {
		return time.Time{}, ""
	}
	deadline = day(from.In(i18n.Workshop)).AddDate(0, 0, days+1).Add(-time.Second)
	if now.After(deadline) {
		return deadline, WithdrawalPeriodOver
	}
	return deadline, ""
}

// WithdrawalForm normalizes and checks what the shopper typed into the
// withdrawal form: their name and the address of the acknowledgement.
// An empty map means valid.
func WithdrawalForm(name, email string) (string, string, FieldErrors) {
	name, email = strings.Join(strings.Fields(name), " "), normalizeEmail(email)
	errs := FieldErrors{}
	if k := checkText(name, maxText, true); k != "" {
		errs["name"] = k
	}
	if k := checkEmail(email); k != "" {
		errs["email"] = k
	}
	return name, email, errs
}

// Withdraw records the shopper's withdrawal received at at: name as they
// gave it and email, the address of the acknowledgement (both through
// WithdrawalForm). It adds the timeline note and reports true; an order
// withdrawn from already changes nothing (false, nil), whatever the
// period says now. An order that does not offer it is a
// *WithdrawalRefusal.
func (o *Order) Withdraw(at time.Time, graceDays int, name, email string) (bool, error) {
	if o.Withdrawal != nil {
		return false, nil
	}
	if _, why := o.WithdrawalState(at, graceDays); why != "" {
		return false, &WithdrawalRefusal{Reason: why}
	}
	at = at.UTC()
	o.Withdrawal = &Withdrawal{At: at, Name: name, Email: email}
	o.Timeline = append(o.Timeline, Event{Status: o.Status, At: at, Note: NoteWithdrawal,
		Cause: "withdrawal from the contract on the status page, acknowledgement to " + email})
	return true, nil
}

// WithdrawalCovers are the lines a withdrawal covers: the returnable ones.
func (o *Order) WithdrawalCovers() []Line {
	var out []Line
	for _, l := range o.Lines {
		if l.Returnable {
			out = append(out, l)
		}
	}
	return out
}

func (o *Order) anyReturnable() bool { return len(o.WithdrawalCovers()) > 0 }

func (o *Order) allCreator() bool {
	for _, l := range o.Lines {
		if l.Creator == nil {
			return false
		}
	}
	return len(o.Lines) > 0
}

// sentAt is when the order was last marked sent.
func (o *Order) sentAt() (time.Time, bool) {
	for i := len(o.Timeline) - 1; i >= 0; i-- {
		if e := o.Timeline[i]; e.Note == "" && e.Status == Sent {
			return e.At, true
		}
	}
	return time.Time{}, false
}
