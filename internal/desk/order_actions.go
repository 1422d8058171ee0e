package desk

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	"sabershop/internal/order"
	"sabershop/internal/orders"
	"sabershop/internal/payment"
	"sabershop/internal/store"
)

type sendRequest struct {
	Tracking string `json:"tracking"`
	URL      string `json:"url"`
}

type cancelRequest struct {
	Reason     string `json:"reason"`
	RefundNote string `json:"refund_note"`
}

type refundRequest struct {
	Amount int64  `json:"amount"` // minor units; 0: everything left
	Reason string `json:"reason"`
	Key    string `json:"key"` // the form's, so a double tap is one refund
}

// postOrderSend is POST /admin/api/orders/{id}/send: the parcel left
// (orders.Service.Send: the shopper's e-mail, the audit line).
func (d *Desk) postOrderSend(w http.ResponseWriter, r *http.Request) {
	var req sendRequest
	if !d.readJSON(w, r, &req) {
		return
	}
	_, _, err := d.orders().Send(orderID(r), req.Tracking, req.URL, d.actor(r))
	d.afterChange(w, r, err)
}

// postOrderCancel is POST /admin/api/orders/{id}/cancel, through
// orders.Service.Cancel: a paid order needs a note saying how the money goes
// back (or a refund through the provider first).
func (d *Desk) postOrderCancel(w http.ResponseWriter, r *http.Request) {
	var req cancelRequest
	if !d.readJSON(w, r, &req) {
		return
	}
	_, _, err := d.orders().Cancel(orderID(r), req.Reason, req.RefundNote, d.actor(r))
	d.afterChange(w, r, err)
}

// afterChange answers a send or a cancel: the order as it is now, or why
// nothing changed.
func (d *Desk) afterChange(w http.ResponseWriter, r *http.Request, err error) {
	switch {
	case errors.Is(err, orders.ErrTrackingRequired), errors.Is(err, orders.ErrTrackingLink), errors.Is(err, orders.ErrReasonRequired):
		d.fail(w, r, http.StatusUnprocessableEntity, "fields_required", nil)
	case errors.Is(err, order.ErrRefundNoteRequired):
		d.fail(w, r, http.StatusConflict, "refund_note_required", nil)
	case errors.Is(err, order.ErrIllegalTransition):
		d.fail(w, r, http.StatusConflict, "not_now", nil)
	default:
		d.then(w, r, err, d.getOrder)
	}
}

// postOrderRefund is POST /admin/api/orders/{id}/refund: money back
// through the payment provider (orders.Service.Refund, as the CLI's
// `orders refund`). A refusal by the provider changes nothing and says so.
func (d *Desk) postOrderRefund(w http.ResponseWriter, r *http.Request) {
	var req refundRequest
	if !d.readJSON(w, r, &req) {
		return
	}
	if req.Amount < 0 {
		d.fail(w, r, http.StatusUnprocessableEntity, "fields_required", nil)
		return
	}
	// The provider's answer must not be cut short by a phone that went
	// to sleep: the refund is asked to the end, and the page reloads it.
	ctx, cancel := context.WithTimeout(context.WithoutCancel(r.Context()), 45*time.Second)
	defer cancel()
	_, err := d.orders().Refund(ctx, orders.RefundRequest{OrderID: orderID(r), Amount: req.Amount, Reason: strings.TrimSpace(req.Reason),
		Key: "desk-" + req.Key, By: d.actor(r)})
	switch {
	case errors.Is(err, payment.ErrRefundRefused):
		d.fail(w, r, http.StatusConflict, "refund_refused", nil)
	case errors.Is(err, orders.ErrUnreachable):
		d.fail(w, r, http.StatusBadGateway, "refund_unreachable", nil)
	case errors.Is(err, order.ErrRefundTooMuch), errors.Is(err, order.ErrRefundNotAllowed), errors.Is(err, order.ErrRefundAmount),
		errors.Is(err, orders.ErrNoProvider), errors.Is(err, orders.ErrInProgress):
		d.fail(w, r, http.StatusConflict, "refund_not_allowed", nil)
	case errors.Is(err, store.ErrNotFound):
		d.fail(w, r, http.StatusNotFound, "not_found", nil)
	case err != nil:
		d.internal(w, r, err)
	default:
		d.getOrder(w, r)
	}
}
