package api

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gorilla/mux"

	"sabershop/internal/mail"
	"sabershop/internal/order"
	"sabershop/internal/payment"
	"sabershop/internal/store"
)

// paymentRequest is POST /v1/orders/{hash}/payments. Encrypted is the card
// blob the browser made with the provider's public key; it is forwarded
// and dropped, never stored or logged.
type paymentRequest struct {
	Method    string `json:"method"`
	Encrypted string `json:"encrypted"`
	Name      string `json:"name"`
	Locale    string `json:"locale"`
}

// paymentAnswer is the answer of POST /v1/orders/{hash}/payments.
type paymentAnswer struct {
	Status paymentStatus `json:"status"`
	URL    string        `json:"url,omitempty"`
	Order  orderView     `json:"order"`
}

// paymentStatus is where a started payment stands: paid, or
// payment.Outcome's pending, 3ds and redirect.
type paymentStatus string

const (
	paymentPaid     paymentStatus = "paid"
	paymentPending  paymentStatus = "pending"  // a confirmation follows
	payment3DS      paymentStatus = "3ds"      // send the shopper to url
	paymentRedirect paymentStatus = "redirect" // continue at url
)

// outcomeStatus is the answer's status for each outcome of a start (the
// constants above are what tools/tsgen lists as the status's values).
var outcomeStatus = map[payment.Outcome]paymentStatus{
	payment.OutcomePending: paymentPending, payment.Outcome3DS: payment3DS, payment.OutcomeRedirect: paymentRedirect,
}

// Payment keys on Order.Payment (opaque to the order package).
const (
	payProvider  = "provider"
	payMethod    = "method"
	payReference = "reference"
	payNotifyRef = "notify_ref" // the reference notifications carry, when another

	payStatus = "status"
)

// postPayment starts a payment for an unpaid order. The order becomes
// payment_pending when the provider has accepted the start; only a
// verified notification (or a server-side query) makes it paid.
func (s *Server) postPayment(w http.ResponseWriter, r *http.Request) {
	var req paymentRequest
	if err := order.DecodeJSON(r.Body, &req, 16<<10); err != nil {
		s.decodeFailed(w, r, err)
		return
	}
	locale := s.requestLocale(r, req.Locale)
	hash := mux.Vars(r)["hash"]
	method := payment.Method(req.Method)
	provider, ok := s.cfg.Payments.For(method)
	if !ok {
		s.failFields(w, locale, order.FieldErrors{"method": "method_unknown"}, nil)
		return
	}
	if method == payment.Card {
		errs := order.FieldErrors{}
		if strings.TrimSpace(req.Encrypted) == "" || len(req.Encrypted) > 4096 {
			errs["encrypted"] = order.KeyRequired
		}
		if strings.TrimSpace(req.Name) == "" {
			errs["name"] = order.KeyRequired
		} else if len([]rune(req.Name)) > 100 {
			errs["name"] = order.KeyTooLong
		} else if key := order.CheckChars(req.Name); key != "" {
			errs["name"] = key
		}
		if len(errs) > 0 {
			s.failFields(w, locale, errs, nil)
			return
		}
	}
	if !order.ValidHash(hash) {
		s.fail(w, http.StatusNotFound, locale, "order_not_found")
		return
	}
	attemptID, err := newToken()
	if err != nil {
		s.internal(w, r, locale, err)
		return
	}
	// The attempt is recorded with the amount before the provider is
	// asked, in the transaction that reads the order: from here on a
	// discount code is refused (order.ApplyCoupon), so the amount the
	// provider is asked for stays the order's total.
	var (
		o       *order.Order
		attempt order.Attempt
		verdict string // set: answer without starting anything
	)
	err = s.cfg.Store.Update(func(tx *store.Tx) error {
		verdict = ""
		var err error
		if o, err = tx.Order(hash); err != nil {
			return err
		}
		switch {
		case o.Status == order.Paid || o.Status == order.Sent:
			verdict = "paid"
			return errRollback
		case o.Status != order.Placed && o.Status != order.PaymentPending:
			verdict = "not_allowed"
			return errRollback
		case o.Totals.Total == 0:
			verdict = "free"
			return errRollback
		}
		attempt = *o.StartAttempt(attemptID, provider.Name(), string(method), s.cfg.Now().UTC())
		return tx.PutOrder(o)
	})
	switch {
	case errors.Is(err, store.ErrNotFound):
		s.fail(w, http.StatusNotFound, locale, "order_not_found")
		return
	case err != nil && !errors.Is(err, errRollback):
		s.internal(w, r, locale, err)
		return
	case verdict == "paid":
		writeJSON(w, http.StatusOK, paymentAnswer{Status: paymentPaid, Order: s.view(o)})
		return
	case verdict == "not_allowed":
		s.fail(w, http.StatusConflict, locale, "payment_not_allowed")
		return
	case verdict == "free":
		s.paidWithoutPayment(w, r, locale, hash)
		return
	}

	cat := s.cfg.Catalogs.Current()
	start := payment.StartRequest{
		Order: payment.Order{Hash: o.Hash, ID: o.ID, Amount: attempt.Amount, Currency: attempt.Currency, Locale: o.Locale,
			Email: o.Customer.Email, Name: strings.TrimSpace(o.Customer.FirstName + " " + o.Customer.LastName),
			Description: cat.Shop.Name + " #" + strconv.FormatUint(o.ID, 10),
			AmountText:  cat.Format(o.Locale).FormatMoney(attempt.Amount, attempt.Currency)},
		Method:         method,
		ReturnURL:      s.link(o.StatusPath()),
		CancelURL:      s.link(o.StatusPath()),
		NotifyURL:      s.link("/v1/webhooks/" + provider.Name()),
		ClientIP:       clientIP(r, s.cfg.TrustProxy),
		IdempotencyKey: strings.TrimSpace(r.Header.Get("Idempotency-Key")),
	}
	if start.IdempotencyKey == "" {
		// Each attempt is its own: a retry after a declined payment must
		// not get the provider's answer to the finished attempt back.
		start.IdempotencyKey = o.Hash + "-" + attemptID
	}
	if _, ok := provider.(payment.Returner); ok {
		start.ReturnURL = s.link("/v1/payments/" + provider.Name() + "/return?order=" + o.Hash)
	}
	if method == payment.Card {
		start.Card = &payment.CardData{Encrypted: req.Encrypted, Name: strings.TrimSpace(req.Name)}
		start.Order.Name = start.Card.Name // the name on the card travels as the payer's name
	}
	ctx, cancel := context.WithTimeout(r.Context(), 30*time.Second)
	defer cancel()
	res, err := provider.Start(ctx, start)
	req.Encrypted, start.Card = "", nil // dropped: nothing below may see it
	if err != nil {
		// Not started: the attempt no longer holds the total.
		s.endAttempt(hash, attemptID, provider.Name(), method)
	}
	switch {
	case errors.Is(err, payment.ErrDeclined):
		s.cfg.Observer.PaymentStart(string(method), "declined")
		s.log.Info("payment declined", "order", o.ID, "provider", provider.Name(), "method", method)
		s.fail(w, http.StatusPaymentRequired, locale, "payment_failed")
		return
	case errors.Is(err, payment.ErrCurrency):
		s.fail(w, http.StatusUnprocessableEntity, locale, "payment_currency")
		return
	case err != nil:
		s.cfg.Observer.PaymentStart(string(method), "unavailable")
		s.log.Error("payment start failed", "order", o.ID, "provider", provider.Name(), "method", method, "err", err)
		s.fail(w, http.StatusBadGateway, locale, "payment_unavailable")
		return
	}
	now := s.cfg.Now().UTC()
	err = s.cfg.Store.Update(func(tx *store.Tx) error {
		cur, err := tx.Order(hash)
		if err != nil {
			return err
		}
		o = cur
		a := cur.AttemptByID(attemptID)
		if a == nil {
			return fmt.Errorf("payment attempt %s of order %d is gone", attemptID, cur.ID)
		}
		a.Reference, a.NotifyRef = res.Reference, res.NotifyRef
		if a.State == order.AttemptStarting {
			a.State = order.AttemptPending
		}
		if _, err := cur.Transition(order.PaymentPending, now, "payment started: "+string(method)); err == nil {
			cur.Payment = map[string]string{payProvider: provider.Name(), payMethod: string(method), payReference: res.Reference,
				payStatus: string(res.Outcome)}
			if res.NotifyRef != "" {
				cur.Payment[payNotifyRef] = res.NotifyRef
			}
		} // else paid meanwhile (a fast notification): the order stays as it is
		return tx.PutOrder(cur)
	})
	if err != nil {
		s.internal(w, r, locale, err)
		return
	}
	s.cfg.Observer.PaymentStart(string(method), "started")
	s.log.Info("payment started", "order", o.ID, "provider", provider.Name(), "method", method, "attempt", attemptID,
		"amount", attempt.Amount, "currency", attempt.Currency)
	writeJSON(w, http.StatusOK, paymentAnswer{Status: outcomeStatus[res.Outcome], URL: res.URL, Order: s.view(o)})
}

// endAttempt marks an attempt that did not start (declined, refused, the
// provider unreachable) as failed, so it no longer holds the total, and
// tells the owner in the same transaction. A failure to record it is
// logged: the attempt then goes stale by itself (order.StaleStart).
func (s *Server) endAttempt(hash, id, provider string, method payment.Method) {
	var o *order.Order
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
		_, err = s.enqueueOwnerFailed(tx, o, s.cfg.Now().UTC())
		return err
	})
	switch {
	case err == nil:
		s.cfg.Kick()
		s.log.Info("payment failed", "order", o.ID, "provider", provider, "method", method, "attempt", id)
	case !errors.Is(err, errRollback):
		s.log.Error("payment attempt not closed", "err", err)
	}
}

// paidWithoutPayment settles an order whose coupon covers everything:
// there is nothing to pay, so it is paid at once (and says so by e-mail).
func (s *Server) paidWithoutPayment(w http.ResponseWriter, r *http.Request, locale, hash string) {
	var o *order.Order
	err := s.cfg.Store.Update(func(tx *store.Tx) error {
		var err error
		if o, err = tx.Order(hash); err != nil {
			return err
		}
		changed, err := o.Transition(order.Paid, s.cfg.Now().UTC(), "nothing to pay")
		if err != nil || !changed {
			return err
		}
		if err := tx.PutOrder(o); err != nil {
			return err
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
		return s.enqueueOwner(tx, mail.KindOwnerPaymentReceived, o, s.cfg.Now().UTC())
	})
	if !s.queued(w, r, locale, err) {
		return
	}
	s.log.Info("order paid", "order", o.ID, "provider", "none", "amount", o.Totals.Total, "currency", o.Currency)
	writeJSON(w, http.StatusOK, paymentAnswer{Status: paymentPaid, Order: s.view(o)})
}
