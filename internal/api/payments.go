package api

import (
	"errors"
	"net/http"
	"strings"

	"github.com/gorilla/mux"

	"sabershop/internal/order"
	"sabershop/internal/orders"
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

// postPayment starts a payment for an unpaid order (orders.Service.Pay):
// the order becomes payment_pending when the provider has accepted the
// start; only a verified notification (or a server-side query) makes it
// paid. The card blob is forwarded and dropped, never stored or logged.
func (s *Server) postPayment(w http.ResponseWriter, r *http.Request) {
	var req paymentRequest
	if err := order.DecodeJSON(r.Body, &req, 16<<10); err != nil {
		s.decodeFailed(w, r, err)
		return
	}
	locale := s.requestLocale(r, req.Locale)
	hash := mux.Vars(r)["hash"]
	method := payment.Method(req.Method)
	if _, ok := s.orders.Payments().For(method); !ok {
		s.failFields(w, locale, order.FieldErrors{"method": "method_unknown"}, nil)
		return
	}
	pay := orders.PayRequest{Method: method, ClientIP: clientIP(r, s.cfg.TrustProxy),
		IdempotencyKey: strings.TrimSpace(r.Header.Get("Idempotency-Key"))}
	if method == payment.Card {
		if errs := cardFields(req); len(errs) > 0 {
			s.failFields(w, locale, errs, nil)
			return
		}
		pay.Card = &payment.CardData{Encrypted: req.Encrypted, Name: strings.TrimSpace(req.Name)}
		req.Encrypted = "" // dropped: nothing below may see it
	}
	if !order.ValidHash(hash) {
		s.fail(w, http.StatusNotFound, locale, "order_not_found")
		return
	}
	res, err := s.orders.Pay(r.Context(), hash, pay)
	pay.Card = nil
	switch {
	case errors.Is(err, store.ErrNotFound):
		s.fail(w, http.StatusNotFound, locale, "order_not_found")
	case errors.Is(err, orders.ErrPaymentNotAllowed):
		s.fail(w, http.StatusConflict, locale, "payment_not_allowed")
	case errors.Is(err, payment.ErrDeclined):
		s.cfg.Observer.PaymentStart(string(method), "declined")
		s.fail(w, http.StatusPaymentRequired, locale, "payment_failed")
	case errors.Is(err, payment.ErrCurrency):
		s.fail(w, http.StatusUnprocessableEntity, locale, "payment_currency")
	case errors.Is(err, orders.ErrProviderUnavailable):
		s.cfg.Observer.PaymentStart(string(method), "unavailable")
		s.fail(w, http.StatusBadGateway, locale, "payment_unavailable")
	case err != nil:
		s.internal(w, r, locale, err)
	case res.Paid:
		writeJSON(w, http.StatusOK, paymentAnswer{Status: paymentPaid, Order: s.view(res.Order)})
	default:
		s.cfg.Observer.PaymentStart(string(method), "started")
		writeJSON(w, http.StatusOK, paymentAnswer{Status: outcomeStatus[res.Outcome], URL: res.URL, Order: s.view(res.Order)})
	}
}

// cardFields are the card form's field errors: the blob the browser
// encrypted and the name on the card.
func cardFields(req paymentRequest) order.FieldErrors {
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
	return errs
}
