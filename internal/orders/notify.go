package orders

import (
	"errors"
	"fmt"
	"time"

	"sabershop/internal/mail"
	"sabershop/internal/order"
	"sabershop/internal/payment"
	"sabershop/internal/store"
)

// ErrNotApplicable is returned by ApplyNotification for a verified
// statement that does not fit the order (another amount or currency, an
// unknown order): nothing changes and the provider is told so.
var ErrNotApplicable = errors.New("orders: the provider's statement does not match the order")

// ApplyNotification moves the order by a verified provider statement (a
// webhook, a query's answer, a return's capture), in one transaction with
// its e-mails:
//   - paid: placed or payment_pending -> paid, through the paid path
//     (paid.go), once: a repeat finds the order paid and changes nothing;
//     on a cancelled order the attempt is marked paid and the owner told,
//     once, to refund it;
//   - pending: placed -> payment_pending;
//   - failed: payment_pending -> placed once no attempt is in flight (an
//     old attempt's failure cannot undo a newer one), so the shopper can
//     pay again; a paid order is never moved back; the owner is told;
//   - none (payment.StatusNone): acknowledged, nothing changes.
//
// The amount and currency must be those of the statement's own attempt
// (order.AttemptFor), which the order's total cannot have left while the
// attempt was in flight; a paid attempt's totals become the order's.
func (s *Service) ApplyNotification(n payment.Notification) error {
	if n.Status == payment.StatusNone {
		// Says nothing about the money (a refund notice, a dispute; often
		// without any order reference): acknowledged, nothing changes, so
		// the provider stops resending it.
		return nil
	}
	if !order.ValidHash(n.OrderHash) {
		return fmt.Errorf("%w: no order reference", ErrNotApplicable)
	}
	now := s.now()
	var (
		o    *order.Order
		told string // the event, as the log line says it (once: repeats change nothing)
	)
	err := s.cfg.Store.Update(func(tx *store.Tx) error {
		var err error
		o, err = tx.Order(n.OrderHash)
		if errors.Is(err, store.ErrNotFound) {
			return fmt.Errorf("%w: unknown order", ErrNotApplicable)
		} else if err != nil {
			return err
		}
		told, err = s.apply(tx, o, n, now)
		return err
	})
	if err == nil && told != "" {
		// Once per event: a repeated statement changes nothing and tells
		// nobody again.
		s.cfg.Kick()
		s.cfg.Log.Info(told, "order", o.ID, "provider", n.Provider, "event", n.EventID,
			"amount", n.Amount, "currency", n.Currency)
	}
	return err
}

// apply applies n to o in tx and says what happened for the log ("" when
// nothing changed).
func (s *Service) apply(tx *store.Tx, o *order.Order, n payment.Notification, now time.Time) (string, error) {
	a, err := matchAttempt(o, n)
	if err != nil {
		return "", err
	}
	cause := n.Provider + ": " + string(n.Status)
	var changed bool
	switch n.Status {
	case payment.StatusPaid:
		if o.Status == order.Paid || o.Status == order.Sent {
			return "", nil
		}
		if changed, err = o.Transition(order.Paid, now, cause); err != nil {
			return s.paidAfterCancel(tx, o, a, now)
		}
		if a != nil {
			o.PaidBy(a) // what was paid decides the totals
		}
	case payment.StatusPending:
		changed = pending(o, a, now, cause)
	case payment.StatusFailed:
		changed = failed(o, a, n.Reference, now, cause)
	default:
		return "", nil // an event that says nothing about the money
	}
	if !changed {
		return "", nil
	}
	recordPayment(o, a, n)
	if err := tx.PutOrder(o); err != nil {
		return "", err
	}
	switch n.Status {
	case payment.StatusPaid:
		return "order paid", s.paid(tx, o, now)
	case payment.StatusFailed:
		if a == nil {
			return "", nil
		}
		return "payment failed", s.enqueueOwnerFailed(tx, o, now)
	}
	return "payment pending", nil // logged; nobody is e-mailed
}

// matchAttempt is the attempt n is about, checked against the amount it
// was started for (orders from before attempts were recorded have none:
// their total is what was asked for), with what n adds to it: the
// provider's reference when the statement outran the start's answer, and
// the capture a refund names (PayPal's).
func matchAttempt(o *order.Order, n payment.Notification) (*order.Attempt, error) {
	a := o.AttemptFor(n.Provider, n.Reference, n.Amount, n.Currency)
	amount, currency := o.Totals.Total, o.Currency
	if a != nil {
		amount, currency = a.Amount, a.Currency
	}
	if n.Status != payment.StatusFailed && (n.Amount != amount || n.Currency != currency) {
		return nil, fmt.Errorf("%w: order #%d attempt is %d %s, notification says %d %s", ErrNotApplicable,
			o.ID, amount, currency, n.Amount, n.Currency)
	}
	if a != nil && a.Reference == "" {
		a.Reference = n.Reference
	}
	if a != nil && n.Status == payment.StatusPaid && n.Capture != "" && a.Capture == "" {
		a.Capture = n.Capture
	}
	return a, nil
}

// paidAfterCancel handles money for an order cancelled (by the owner, or
// unpaid for too long) before it came: the order stays cancelled, and the
// owner is told once, to refund it or build it after all.
func (s *Service) paidAfterCancel(tx *store.Tx, o *order.Order, a *order.Attempt, now time.Time) (string, error) {
	if a == nil || a.State == order.AttemptPaid {
		return "", nil
	}
	a.State = order.AttemptPaid
	if err := tx.PutOrder(o); err != nil {
		return "", err
	}
	return "payment for a cancelled order", s.enqueueOwner(tx, mail.KindOwnerPaymentReceived, o, now)
}

// pending records that attempt a is under way; it reports a change.
func pending(o *order.Order, a *order.Attempt, now time.Time, cause string) bool {
	changed := false
	if a != nil && a.State == order.AttemptStarting {
		a.State, changed = order.AttemptPending, true
	}
	if o.Status == order.Placed {
		c, _ := o.Transition(order.PaymentPending, now, cause)
		changed = changed || c
	}
	return changed
}

// failed records that attempt a (or the payment in force, for orders
// without attempts) failed: the order can be paid again once no attempt
// holds it. It reports a change; an attempt already paid or failed
// changes nothing.
func failed(o *order.Order, a *order.Attempt, ref string, now time.Time, cause string) bool {
	changed := false
	if a != nil {
		if a.State == order.AttemptPaid || a.State == order.AttemptFailed {
			return false
		}
		a.State, changed = order.AttemptFailed, true
	}
	if o.Status == order.PaymentPending && !o.PaymentInFlight(now) && (a != nil || currentAttempt(o, ref)) {
		c, _ := o.Transition(order.Placed, now, cause)
		changed = changed || c
	}
	return changed
}

// recordPayment makes Payment describe the attempt in force (the status
// page and the provider query read it): an older attempt's news changes
// it only when it paid.
func recordPayment(o *order.Order, a *order.Attempt, n payment.Notification) {
	if a != nil && a != &o.Attempts[len(o.Attempts)-1] && n.Status != payment.StatusPaid {
		return
	}
	if o.Payment == nil {
		o.Payment = map[string]string{}
	}
	o.Payment[payProvider], o.Payment[payStatus] = n.Provider, string(n.Status)
	if n.Reference != "" {
		o.Payment[payReference] = n.Reference
	}
}

// currentAttempt tells whether a statement's reference names the payment
// in force (by the provider's id or by the reference its notifications
// use), so an old attempt's failure cannot undo a newer one.
func currentAttempt(o *order.Order, ref string) bool {
	stored, notify := o.Payment[payReference], o.Payment[payNotifyRef]
	return stored == "" || ref == stored || (notify != "" && ref == notify)
}
