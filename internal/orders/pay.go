package orders

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"sabershop/internal/order"
	"sabershop/internal/payment"
	"sabershop/internal/store"
)

// Payment keys on Order.Payment (opaque to the order package): the
// attempt in force, as the status page and the provider query read it.
const (
	payProvider  = "provider"
	payMethod    = "method"
	payReference = "reference"
	payNotifyRef = "notify_ref" // the reference notifications carry, when another
	payStatus    = "status"
)

var (
	// ErrMethodUnknown is returned by Pay when no configured provider
	// takes the method.
	ErrMethodUnknown = errors.New("orders: no provider takes this payment method")
	// ErrPaymentNotAllowed is returned by Pay for an order that can no
	// longer be paid (cancelled).
	ErrPaymentNotAllowed = errors.New("orders: this order cannot be paid")
	// ErrProviderUnavailable is returned by Pay (wrapping the provider's
	// error) when the provider did not start the payment for a reason of
	// its own: unreachable, refusing the shop's keys.
	ErrProviderUnavailable = errors.New("orders: the payment provider did not start the payment")
)

// PayRequest is a shopper's start of a payment of an order.
type PayRequest struct {
	Method payment.Method
	// Card is the card blob the browser encrypted with the provider's
	// key, and the name on the card: forwarded to the provider and
	// dropped, never stored or logged.
	Card *payment.CardData
	// ClientIP is the shopper's address, for the provider's fraud checks.
	ClientIP string
	// IdempotencyKey is the request's Idempotency-Key; "": one per
	// attempt.
	IdempotencyKey string
}

// PayResult is where a payment stands after Pay.
type PayResult struct {
	Order *order.Order // as stored afterwards
	// Paid: the order is paid, before this request or now because
	// nothing was left to pay; nothing was started.
	Paid bool
	// Outcome and URL are the provider's answer to the start: pending (a
	// confirmation follows), 3ds or redirect (send the shopper to URL).
	Outcome payment.Outcome
	URL     string
}

// Pay starts a payment of order hash. The attempt is recorded with its
// amount before the provider is asked, in the transaction that reads the
// order: from then on a discount code is refused (order.ApplyCoupon), so
// the amount asked stays the order's total. The order becomes
// payment_pending once the provider has accepted the start; only a
// verified statement (ApplyNotification) makes it paid. Errors:
// store.ErrNotFound, ErrMethodUnknown, ErrPaymentNotAllowed,
// payment.ErrDeclined, payment.ErrCurrency, ErrProviderUnavailable.
func (s *Service) Pay(ctx context.Context, hash string, req PayRequest) (PayResult, error) {
	provider, ok := s.cfg.Payments.For(req.Method)
	if !ok {
		return PayResult{}, ErrMethodUnknown
	}
	attemptID, err := newToken()
	if err != nil {
		return PayResult{}, err
	}
	res, attempt, err := s.startAttempt(hash, attemptID, provider.Name(), req.Method)
	if err != nil || res.Paid {
		return res, err
	}
	o := res.Order
	start := s.startRequest(o, attempt, provider, req)
	if req.Card != nil {
		start.Card = req.Card
		start.Order.Name = strings.TrimSpace(req.Card.Name) // the name on the card travels as the payer's name
	}
	pctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	started, err := provider.Start(pctx, start)
	start.Card, req.Card = nil, nil // dropped: nothing below may see it
	if err != nil {
		// Not started: the attempt no longer holds the total.
		s.endAttempt(hash, attemptID, provider.Name(), req.Method)
		switch {
		case errors.Is(err, payment.ErrDeclined):
			s.cfg.Log.Info("payment declined", "order", o.ID, "provider", provider.Name(), "method", req.Method)
			return PayResult{}, err
		case errors.Is(err, payment.ErrCurrency):
			return PayResult{}, err
		}
		s.cfg.Log.Error("payment start failed", "order", o.ID, "provider", provider.Name(), "method", req.Method, "err", err)
		return PayResult{}, fmt.Errorf("%w: %w", ErrProviderUnavailable, err)
	}
	if o, err = s.attemptStarted(hash, attemptID, provider.Name(), req.Method, started); err != nil {
		return PayResult{}, err
	}
	s.cfg.Log.Info("payment started", "order", o.ID, "provider", provider.Name(), "method", req.Method, "attempt", attemptID,
		"amount", attempt.Amount, "currency", attempt.Currency)
	return PayResult{Order: o, Outcome: started.Outcome, URL: started.URL}, nil
}

// startAttempt records a new attempt of order hash, or settles the order:
// already paid (Paid, nothing to do) or with nothing to pay (paid now,
// through the paid path).
func (s *Service) startAttempt(hash, attemptID, provider string, method payment.Method) (PayResult, order.Attempt, error) {
	var (
		res     PayResult
		attempt order.Attempt
		free    bool
	)
	now := s.now()
	err := s.cfg.Store.Update(func(tx *store.Tx) error {
		res, free = PayResult{}, false
		o, err := tx.Order(hash)
		if err != nil {
			return err
		}
		res.Order = o
		switch {
		case o.Status == order.Paid || o.Status == order.Sent:
			res.Paid = true
			return errRollback
		case o.Status != order.Placed && o.Status != order.PaymentPending:
			return ErrPaymentNotAllowed
		case o.Totals.Total == 0:
			// A code that covers everything: nothing to pay, so it is
			// paid at once (and says so by e-mail).
			changed, err := o.Transition(order.Paid, now, "nothing to pay")
			if err != nil || !changed {
				return err
			}
			res.Paid, free = true, true
			if err := tx.PutOrder(o); err != nil {
				return err
			}
			return s.paid(tx, o, now)
		}
		attempt = *o.StartAttempt(attemptID, provider, string(method), now)
		return tx.PutOrder(o)
	})
	if errors.Is(err, errRollback) {
		err = nil
	}
	if err == nil && free {
		s.cfg.Kick()
		s.cfg.Log.Info("order paid", "order", res.Order.ID, "provider", "none", "amount", res.Order.Totals.Total,
			"currency", res.Order.Currency)
	}
	return res, attempt, err
}

// startRequest is what the provider is asked to start for attempt a of o.
func (s *Service) startRequest(o *order.Order, a order.Attempt, provider payment.Provider, req PayRequest) payment.StartRequest {
	cat := s.cfg.Catalog()
	start := payment.StartRequest{
		Order: payment.Order{Hash: o.Hash, ID: o.ID, Amount: a.Amount, Currency: a.Currency, Locale: o.Locale,
			Email: o.Customer.Email, Name: strings.TrimSpace(o.Customer.FirstName + " " + o.Customer.LastName),
			Description: cat.Shop.Name + " #" + strconv.FormatUint(o.ID, 10),
			AmountText:  cat.Format(o.Locale).FormatMoney(a.Amount, a.Currency)},
		Method:         req.Method,
		ReturnURL:      s.Link(o.StatusPath()),
		CancelURL:      s.Link(o.StatusPath()),
		NotifyURL:      s.Link("/v1/webhooks/" + provider.Name()),
		ClientIP:       req.ClientIP,
		IdempotencyKey: req.IdempotencyKey,
	}
	if start.IdempotencyKey == "" {
		// Each attempt is its own: a retry after a declined payment must
		// not get the provider's answer to the finished attempt back.
		start.IdempotencyKey = o.Hash + "-" + a.ID
	}
	if _, ok := provider.(payment.Returner); ok {
		start.ReturnURL = s.Link("/v1/payments/" + provider.Name() + "/return?order=" + o.Hash)
	}
	return start
}

// attemptStarted records the provider's acceptance of attempt id: its
// reference, and the order payment_pending (unless a fast notification
// made it paid meanwhile).
func (s *Service) attemptStarted(hash, id, provider string, method payment.Method, res payment.StartResult) (*order.Order, error) {
	now := s.now()
	var o *order.Order
	err := s.cfg.Store.Update(func(tx *store.Tx) error {
		cur, err := tx.Order(hash)
		if err != nil {
			return err
		}
		o = cur
		a := cur.AttemptByID(id)
		if a == nil {
			return fmt.Errorf("payment attempt %s of order %d is gone", id, cur.ID)
		}
		a.Reference, a.NotifyRef = res.Reference, res.NotifyRef
		if a.State == order.AttemptStarting {
			a.State = order.AttemptPending
		}
		if _, err := cur.Transition(order.PaymentPending, now, "payment started: "+string(method)); err == nil {
			cur.Payment = map[string]string{payProvider: provider, payMethod: string(method), payReference: res.Reference,
				payStatus: string(res.Outcome)}
			if res.NotifyRef != "" {
				cur.Payment[payNotifyRef] = res.NotifyRef
			}
		} // else paid meanwhile (a fast notification): the order stays as it is
		return tx.PutOrder(cur)
	})
	return o, err
}

// endAttempt marks an attempt that did not start (declined, refused, the
// provider unreachable) as failed, so it no longer holds the total, and
// tells the owner in the same transaction. A failure to record it is
// logged: the attempt then goes stale by itself (order.StaleStart).
func (s *Service) endAttempt(hash, id, provider string, method payment.Method) {
	var o *order.Order
	now := s.now()
	err := s.cfg.Store.Update(func(tx *store.Tx) error {
		var err error
		if o, err = tx.Order(hash); err != nil {
			return err
		}
		a := o.AttemptByID(id)
		if a == nil || a.State != order.AttemptStarting {
			return errRollback
		}
		a.State = order.AttemptFailed
		if err := tx.PutOrder(o); err != nil {
			return err
		}
		return s.enqueueOwnerFailed(tx, o, now)
	})
	switch {
	case err == nil:
		s.cfg.Kick()
		s.cfg.Log.Info("payment failed", "order", o.ID, "provider", provider, "method", method, "attempt", id)
	case !errors.Is(err, errRollback):
		s.cfg.Log.Error("payment attempt not closed", "err", err)
	}
}
