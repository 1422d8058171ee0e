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
//     (once: a repeat finds the order paid and changes nothing);
//   - pending: placed -> payment_pending;
//   - failed: payment_pending -> placed once no attempt is in flight (an
//     old attempt's failure cannot undo a newer one), so the shopper can
//     pay again; a paid order is never moved back;
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
	changedToPaid := false
	err := s.cfg.Store.Update(func(tx *store.Tx) error {
		changedToPaid = false
		o, err := tx.Order(n.OrderHash)
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
		cause := n.Provider + ": " + string(n.Status)
		var changed bool
		switch n.Status {
		case payment.StatusPaid:
			if o.Status == order.Paid || o.Status == order.Sent {
				return nil
			}
			if changed, err = o.Transition(order.Paid, now, cause); err != nil {
				return nil // e.g. cancelled: recorded in the log, nothing to change
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
		if !changedToPaid {
			return nil
		}
		msg, err := mail.PaymentReceived(s.cfg.Catalogs.Current(), o, s.link(o.StatusPath()))
		if err != nil {
			return err
		}
		return tx.Enqueue(msg)
	})
	if err == nil && changedToPaid {
		s.cfg.Kick()
		s.log.Info("order paid", "provider", n.Provider, "event", n.EventID)
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
