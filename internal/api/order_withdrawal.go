package api

import (
	"errors"
	"net/http"

	"sabershop/internal/order"
	"sabershop/internal/orders"
	"sabershop/internal/store"
)

// withdrawalRequest is the status page's withdrawal form: only what the
// law lets the shop ask (the order is known by its hash): the name and
// the address for the acknowledgement. No reason.
type withdrawalRequest struct {
	Name   string `json:"name"`
	Email  string `json:"email"`
	Locale string `json:"locale"`
}

// postWithdrawal is POST /v1/orders/{hash}/withdrawal: the shopper
// withdraws from the contract (docs/legal.md#withdrawal, orders.Service.Withdraw). The
// withdrawal is recorded in the order's timeline, acknowledged by e-mail
// with the date and time of receipt, and told to the owner, all in one
// transaction. 409 withdrawal_<reason> when the order does not offer it
// (a design, cancelled, the period over); a second withdrawal answers the
// first and sends nothing again.
func (s *Server) postWithdrawal(w http.ResponseWriter, r *http.Request) {
	var req withdrawalRequest
	hash, locale, ok := s.decodeOrderWrite(w, r, &req, &req.Locale, 1<<10)
	if !ok {
		return
	}
	o, err := s.orders.Withdraw(hash, req.Name, req.Email)
	var (
		fields  *orders.FieldsError
		refusal *order.WithdrawalRefusal
	)
	switch {
	case errors.Is(err, store.ErrNotFound):
		s.fail(w, http.StatusNotFound, locale, "order_not_found")
	case errors.As(err, &fields):
		s.failFields(w, locale, fields.Fields, nil)
	case errors.As(err, &refusal):
		s.fail(w, http.StatusConflict, locale, withdrawalCode(refusal.Reason))
	case err != nil:
		s.internal(w, r, locale, err)
	default:
		writeJSON(w, http.StatusOK, orderAnswer{Message: s.msg.T(locale, "withdrawal_received", nil), Order: s.view(o)})
	}
}

// withdrawalCode is the answer's code for a refusal's reason: one text per
// order.Withdrawal* code in messages/*.toml (withdrawal_test.go).
func withdrawalCode(reason string) string { return "withdrawal_" + reason }
