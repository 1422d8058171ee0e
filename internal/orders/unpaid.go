package orders

import (
	"context"
	"errors"
	"fmt"
	"time"

	"sabershop/internal/mail"
	"sabershop/internal/mail/outbox"
	"sabershop/internal/order"
	"sabershop/internal/store"
)

// Orders left unpaid (Config.Unpaid): after RemindAfter the
// shopper gets one reminder with the pay link; after CancelAfter the order
// is cancelled with the reason recorded, and the shopper and the owner are
// told. Both are entries in the order's timeline. The daemon calls
// SweepUnpaid hourly; an order is never reminded twice nor cancelled while
// a payment started in the last day may still arrive.

// Swept counts what one sweep did.
type Swept struct{ Reminded, Expired int }

// SweepUnpaid reminds and cancels the unpaid orders that are due at the
// clock's now. Each order changes in its own transaction, with its
// e-mails; an order that changed meanwhile (paid a moment ago) is left
// alone.
func (s *Service) SweepUnpaid(ctx context.Context) (Swept, error) {
	var done Swept
	rule := s.cfg.Unpaid
	if rule.RemindAfter <= 0 && rule.CancelAfter <= 0 {
		return done, nil
	}
	now := s.now()
	// Only orders placed before the first step's age can be due: the
	// list's status index finds them without decoding every order the
	// shop ever took (the sweep runs at start and hourly).
	first := rule.CancelAfter
	if rule.RemindAfter > 0 && (first <= 0 || rule.RemindAfter < first) {
		first = rule.RemindAfter
	}
	var due []*order.Order
	err := s.cfg.Store.View(func(tx *store.Tx) error {
		for _, st := range []order.Status{order.Placed, order.PaymentPending} {
			for cursor := ""; ; {
				page, err := tx.ListOrders(store.OrderFilter{Status: st, To: now.Add(-first).Add(time.Microsecond)}, cursor, 500)
				if err != nil {
					return err
				}
				for _, sum := range page.Orders {
					o, err := tx.Order(sum.Hash)
					if err != nil {
						return err
					}
					if rule.Due(o, now) != order.StepNone {
						due = append(due, o)
					}
				}
				if cursor = page.Next; cursor == "" {
					break
				}
			}
		}
		return nil
	})
	if err != nil {
		return done, err
	}
	var errs []error
	for _, o := range due {
		if ctx.Err() != nil {
			break
		}
		// A payment still pending with the provider: ask it once more
		// before the order is cancelled (the answer may make it paid).
		if rule.Due(o, now) == order.StepExpire && o.Status == order.PaymentPending {
			if after := s.QueryStalePayment(ctx, o); after != nil && after.Status == order.Paid {
				continue
			}
		}
		step, err := s.sweepOne(o.Hash, now)
		switch {
		case err != nil:
			errs = append(errs, fmt.Errorf("order #%d: %w", o.ID, err))
		case step == order.StepRemind:
			done.Reminded++
		case step == order.StepExpire:
			done.Expired++
		}
	}
	if done.Reminded+done.Expired > 0 {
		s.cfg.Kick()
	}
	return done, errors.Join(errs...)
}

// sweepOne reminds or cancels one order, whichever it is due for when
// read again in the transaction, and returns what it did.
func (s *Service) sweepOne(hash string, now time.Time) (order.UnpaidStep, error) {
	rule := s.cfg.Unpaid
	cat := s.cfg.Catalog()
	var (
		o    *order.Order
		step order.UnpaidStep
	)
	err := s.cfg.Store.Update(func(tx *store.Tx) error {
		var err error
		if o, err = tx.Order(hash); err != nil {
			return err
		}
		step = rule.Due(o, now)
		var msgs []*outbox.Message
		var owner *outbox.Message // after the shopper's, as the owner chose
		switch step {
		case order.StepRemind:
			o.Remind(now, fmt.Sprintf("payment reminder sent: unpaid for %d days", days(rule.RemindAfter)))
			m, err := mail.PaymentReminder(cat, o, s.Link(o.StatusPath()), rule.Deadline(o))
			if err != nil {
				return err
			}
			msgs = append(msgs, m)
		case order.StepExpire:
			n := days(rule.CancelAfter)
			if _, err := o.Transition(order.Cancelled, now, fmt.Sprintf("%s: unpaid for %d days", order.CauseExpired, n)); err != nil {
				return err
			}
			// The reason the shopper reads, in the order's language; the
			// timeline keeps the cause above.
			reason, err := mail.ExpiredReason(o.Locale, n)
			if err != nil {
				return err
			}
			o.CancelReason = reason
			m, err := mail.OrderCancelled(cat, o, s.Link(o.StatusPath()))
			if err != nil {
				return err
			}
			msgs = append(msgs, m)
			owner = s.ownerMail(mail.KindOwnerOrderExpired, o, now)
		default:
			return errRollback // paid or reminded meanwhile
		}
		if err := tx.PutOrder(o); err != nil {
			return err
		}
		if err := tx.Enqueue(msgs...); err != nil {
			return err
		}
		return queueOwner(tx, owner)
	})
	if errors.Is(err, errRollback) {
		return order.StepNone, nil
	}
	if err != nil {
		return order.StepNone, err
	}
	if step == order.StepRemind {
		s.cfg.Log.Info("payment reminder sent", "order", o.ID, "days", days(rule.RemindAfter))
	} else {
		s.cfg.Log.Info("order cancelled: unpaid", "order", o.ID, "days", days(rule.CancelAfter))
	}
	return step, nil
}

// days is d in whole days, for texts ("unpaid for 14 days").
func days(d time.Duration) int { return int((d + time.Hour) / (24 * time.Hour)) }
