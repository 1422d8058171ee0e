package api

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/gorilla/mux"

	"sabershop/internal/mail"
	"sabershop/internal/order"
	"sabershop/internal/payment"
	"sabershop/internal/store"
)

// maxWebhookBody bounds what a provider may post.
const maxWebhookBody = 64 << 10

// errNotApplicable marks a verified notification that does not fit the
// order (another amount or currency, unknown order): nothing changes and
// the provider is told so.
var errNotApplicable = errors.New("notification does not match the order")

// postWebhook is POST /v1/webhooks/{provider}: the provider's notification,
// verified by the adapter, applied to the order's state machine. Repeated
// and out-of-order notifications change nothing twice.
func (s *Server) postWebhook(w http.ResponseWriter, r *http.Request) {
	p, ok := s.cfg.Payments.Named(mux.Vars(r)["provider"])
	if !ok {
		s.fail(w, http.StatusNotFound, "en", "not_found")
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, maxWebhookBody+1))
	if err != nil || len(body) > maxWebhookBody {
		s.fail(w, http.StatusRequestEntityTooLarge, "en", "too_large")
		return
	}
	// Some adapters call their provider back (PayPal captures an approved
	// order): bound that.
	ctx, cancel := context.WithTimeout(r.Context(), 30*time.Second)
	defer cancel()
	n, ack, err := p.Notification(ctx, r, body)
	if err != nil {
		// Never echo what was sent: it is someone else's data or an attack.
		s.cfg.Observer.Webhook(p.Name(), "rejected")
		s.log.Warn("webhook rejected", "provider", p.Name(), "err", err)
		s.fail(w, http.StatusBadRequest, "en", "malformed_json")
		return
	}
	n.Provider = p.Name()
	if err := s.applyPayment(n); err != nil {
		if errors.Is(err, errNotApplicable) {
			s.cfg.Observer.Webhook(p.Name(), "not_applicable")
			s.log.Warn("webhook not applied", "provider", p.Name(), "event", n.EventID, "err", err)
			s.fail(w, http.StatusUnprocessableEntity, "en", "invalid_fields")
			return
		}
		s.cfg.Observer.Webhook(p.Name(), "error")
		s.internal(w, r, "en", err)
		return
	}
	result := string(n.Status)
	if n.Status == payment.StatusNone {
		result = "ignored"
	}
	s.cfg.Observer.Webhook(p.Name(), result)
	if ack.Status == 0 {
		ack.Status = http.StatusOK
	}
	if ack.ContentType != "" {
		w.Header().Set("Content-Type", ack.ContentType)
	}
	w.WriteHeader(ack.Status)
	_, _ = io.WriteString(w, ack.Body)
}

// applyPayment moves the order by a verified provider statement, in one
// transaction with its e-mail:
//   - paid: placed or payment_pending -> paid, "payment received" e-mail
//     to the shopper and the owner (once: a repeat finds the order paid
//     and changes nothing); on a cancelled order the attempt is marked
//     paid and the owner told, once, to refund it;
//   - pending: placed -> payment_pending;
//   - failed: payment_pending -> placed once no attempt is in flight (an
//     old attempt's failure cannot undo a newer one), so the shopper can
//     pay again; a paid order is never moved back; the owner is told;
//   - none (payment.StatusNone): acknowledged, nothing changes.
//
// The amount and currency must be those of the notification's own attempt
// (order.AttemptFor), which the order's total cannot have left while the
// attempt was in flight; a paid attempt's totals become the order's.
func (s *Server) applyPayment(n payment.Notification) error {
	if n.Status == payment.StatusNone {
		// Says nothing about the money (a refund notice, a dispute; often
		// without any order reference): acknowledged, nothing changes, so
		// the provider stops resending it.
		return nil
	}
	if !order.ValidHash(n.OrderHash) {
		return fmt.Errorf("%w: no order reference", errNotApplicable)
	}
	now := s.cfg.Now().UTC()
	var (
		o             *order.Order
		changedToPaid bool
		told          string // the event, as the log line says it (once: repeats change nothing)
	)
	err := s.cfg.Store.Update(func(tx *store.Tx) error {
		changedToPaid, told = false, ""
		var err error
		o, err = tx.Order(n.OrderHash)
		if errors.Is(err, store.ErrNotFound) {
			return fmt.Errorf("%w: unknown order", errNotApplicable)
		} else if err != nil {
			return err
		}
		// A notification is about one attempt, and is matched against the
		// amount that attempt was started for. Orders from before attempts
		// were recorded have none: their total is what was asked for.
		a := o.AttemptFor(n.Provider, n.Reference, n.Amount, n.Currency)
		amount, currency := o.Totals.Total, o.Currency
		if a != nil {
			amount, currency = a.Amount, a.Currency
		}
		if n.Status != payment.StatusFailed && (n.Amount != amount || n.Currency != currency) {
			return fmt.Errorf("%w: order #%d attempt is %d %s, notification says %d %s", errNotApplicable,
				o.ID, amount, currency, n.Amount, n.Currency)
		}
		if a != nil && a.Reference == "" {
			a.Reference = n.Reference // the notification outran the start's answer
		}
		if a != nil && n.Status == payment.StatusPaid && n.Capture != "" && a.Capture == "" {
			a.Capture = n.Capture // what a refund names (PayPal's capture)
		}
		cause := n.Provider + ": " + string(n.Status)
		var changed bool
		switch n.Status {
		case payment.StatusPaid:
			if o.Status == order.Paid || o.Status == order.Sent {
				return nil
			}
			if changed, err = o.Transition(order.Paid, now, cause); err != nil {
				// Cancelled (by the owner, or unpaid for too long) before
				// the money came: the order stays cancelled, and the owner
				// is told once, to refund it or build it after all.
				if a == nil || a.State == order.AttemptPaid {
					return nil
				}
				a.State, told = order.AttemptPaid, "payment for a cancelled order"
				if err := tx.PutOrder(o); err != nil {
					return err
				}
				return s.enqueueOwner(tx, mail.KindOwnerPaymentReceived, o, now)
			}
			if a != nil {
				o.PaidBy(a) // what was paid decides the totals
			}
			changedToPaid = changed
		case payment.StatusPending:
			if a != nil && a.State == order.AttemptStarting {
				a.State, changed = order.AttemptPending, true
			}
			if o.Status == order.Placed {
				c, _ := o.Transition(order.PaymentPending, now, cause)
				changed = changed || c
			}
			if changed {
				told = "payment pending" // logged; nobody is e-mailed
			}
		case payment.StatusFailed:
			if a != nil {
				if a.State == order.AttemptPaid || a.State == order.AttemptFailed {
					return nil
				}
				a.State, changed = order.AttemptFailed, true
			}
			// The order can be paid again once no attempt holds it (an old
			// attempt's failure cannot undo a newer one).
			if o.Status == order.PaymentPending && !o.PaymentInFlight(now) && (a != nil || currentAttempt(o, n.Reference)) {
				c, _ := o.Transition(order.Placed, now, cause)
				changed = changed || c
			}
		default:
			return nil // an event that says nothing about the money
		}
		if !changed {
			return nil
		}
		// Payment describes the attempt in force (the status page and the
		// provider query read it): an older attempt's news changes it only
		// when it paid.
		if a == nil || a == &o.Attempts[len(o.Attempts)-1] || changedToPaid {
			if o.Payment == nil {
				o.Payment = map[string]string{}
			}
			o.Payment[payProvider], o.Payment[payStatus] = n.Provider, string(n.Status)
			if n.Reference != "" {
				o.Payment[payReference] = n.Reference
			}
		}
		if err := tx.PutOrder(o); err != nil {
			return err
		}
		if n.Status == payment.StatusFailed && a != nil {
			told = "payment failed"
			_, err := s.enqueueOwnerFailed(tx, o, now)
			return err
		}
		if !changedToPaid {
			return nil
		}
		docs, err := s.issueInvoice(tx, o)
		if err != nil {
			return err
		}
		msg, err := mail.PaymentReceived(s.cfg.Catalogs.Current(), o, s.link(o.StatusPath()), docs...)
		if err != nil {
			return err
		}
		if err := tx.Enqueue(msg); err != nil {
			return err
		}
		told = "order paid"
		return s.enqueueOwner(tx, mail.KindOwnerPaymentReceived, o, now)
	})
	if err == nil && told != "" {
		// Once per event: a repeated notification changes nothing and
		// tells nobody again.
		s.cfg.Kick()
		s.log.Info(told, "order", o.ID, "provider", n.Provider, "event", n.EventID,
			"amount", n.Amount, "currency", n.Currency)
	}
	return err
}

// currentAttempt tells whether a notification's reference names the
// payment attempt in force (by the provider's id or by the reference its
// notifications use), so an old attempt's failure cannot undo a newer one.
func currentAttempt(o *order.Order, ref string) bool {
	stored, notify := o.Payment[payReference], o.Payment[payNotifyRef]
	return stored == "" || ref == stored || (notify != "" && ref == notify)
}
