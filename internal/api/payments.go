package api

import (
	"context"
	"errors"
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

// paymentAnswer: status is "paid", "pending" (a confirmation follows),
// "3ds" (send the shopper to url) or "redirect" (continue at url).
type paymentAnswer struct {
	Status string    `json:"status"`
	URL    string    `json:"url,omitempty"`
	Order  orderView `json:"order"`
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
	o, ok := s.orderByHash(w, r, locale, hash)
	if !ok {
		return
	}
	if o.Status == order.Paid || o.Status == order.Sent {
		writeJSON(w, http.StatusOK, paymentAnswer{Status: "paid", Order: s.view(o)})
		return
	}
	if o.Status != order.Placed && o.Status != order.PaymentPending {
		s.fail(w, http.StatusConflict, locale, "payment_not_allowed")
		return
	}
	if o.Totals.Total == 0 {
		s.paidWithoutPayment(w, r, locale, hash)
		return
	}

	start := payment.StartRequest{
		Order: payment.Order{Hash: o.Hash, ID: o.ID, Amount: o.Totals.Total, Currency: o.Currency, Locale: o.Locale,
			Email: o.Customer.Email, Name: strings.TrimSpace(o.Customer.FirstName + " " + o.Customer.LastName),
			Description: s.cfg.Catalogs.Current().Shop.Name + " #" + strconv.FormatUint(o.ID, 10)},
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
		key, err := newToken()
		if err != nil {
			s.internal(w, r, locale, err)
			return
		}
		start.IdempotencyKey = o.Hash + "-" + key
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
	switch {
	case errors.Is(err, payment.ErrDeclined):
		s.log.Info("payment declined", "order", o.ID, "provider", provider.Name(), "method", method)
		s.fail(w, http.StatusPaymentRequired, locale, "payment_failed")
		return
	case errors.Is(err, payment.ErrCurrency):
		s.fail(w, http.StatusUnprocessableEntity, locale, "payment_currency")
		return
	case err != nil:
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
		if _, err := cur.Transition(order.PaymentPending, now, "payment started: "+string(method)); err != nil {
			// Paid meanwhile (a fast notification): keep it as it is.
			o = cur
			return nil
		}
		cur.Payment = map[string]string{payProvider: provider.Name(), payMethod: string(method), payReference: res.Reference,
			payStatus: string(res.Outcome)}
		if res.NotifyRef != "" {
			cur.Payment[payNotifyRef] = res.NotifyRef
		}
		o = cur
		return tx.PutOrder(cur)
	})
	if err != nil {
		s.internal(w, r, locale, err)
		return
	}
	writeJSON(w, http.StatusOK, paymentAnswer{Status: string(res.Outcome), URL: res.URL, Order: s.view(o)})
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
		msg, err := mail.PaymentReceived(s.cfg.Catalogs.Current(), o, s.link(o.StatusPath()))
		if err != nil {
			return err
		}
		return tx.Enqueue(msg)
	})
	if err != nil {
		s.internal(w, r, locale, err)
		return
	}
	s.cfg.Kick()
	writeJSON(w, http.StatusOK, paymentAnswer{Status: "paid", Order: s.view(o)})
}
