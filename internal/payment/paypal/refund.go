package paypal

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"

	"sabershop/internal/payment"
)

var _ payment.Refunder = (*Provider)(nil)

// Payments v2 refund shapes (https://developer.paypal.com/docs/api/payments/v2/,
// "Refund captured payment"; https://developer.paypal.com/checkout/manage-payment):
// POST /v2/payments/captures/{capture_id}/refund with an empty body for a
// full refund or {"amount": {"value", "currency_code"}} for a part,
// optionally note_to_payer; PayPal-Request-Id makes it idempotent. The
// answer is the refund: id and status COMPLETED, PENDING, FAILED or
// CANCELLED. Refusals are 422 UNPROCESSABLE_ENTITY with details[].issue,
// e.g. REFUND_AMOUNT_EXCEEDED, CAPTURE_FULLY_REFUNDED,
// REFUND_FAILED_INSUFFICIENT_FUNDS, MAX_NUMBER_OF_REFUNDS_EXCEEDED
// (https://developer.paypal.com/api/payments/v2/errors/...); an unknown
// capture is 404 RESOURCE_NOT_FOUND.
type (
	refundRequest struct {
		Amount      money  `json:"amount"`
		NoteToPayer string `json:"note_to_payer,omitempty"`
	}
	refundAnswer struct {
		ID     string `json:"id"`
		Status string `json:"status"`
	}
)

// PayPal's limit on note_to_payer.
const maxNote = 255

// Refund implements payment.Refunder: the capture of the paid order is
// refunded by the amount (always named: the shop decides how much). The
// capture id is req.Capture, kept when the payment was captured; for an
// order paid before that was kept, the order is read and its completed
// capture taken.
func (p *Provider) Refund(ctx context.Context, req payment.RefundRequest) (payment.RefundResult, error) {
	capture := req.Capture
	if capture == "" {
		var err error
		if capture, err = p.captureOf(ctx, req.Reference); err != nil {
			return payment.RefundResult{}, err
		}
	}
	if !orderIDPattern.MatchString(capture) {
		return payment.RefundResult{}, fmt.Errorf("%w: capture id %q", payment.ErrRefundRefused, capture)
	}
	value, err := formatAmount(req.Amount, req.Currency)
	if err != nil {
		return payment.RefundResult{}, fmt.Errorf("%w: %v", payment.ErrRefundRefused, err)
	}
	body := refundRequest{Amount: money{CurrencyCode: req.Currency, Value: value}, NoteToPayer: truncate(req.Reason, maxNote)}
	var ans refundAnswer
	err = p.call(ctx, http.MethodPost, "/v2/payments/captures/"+capture+"/refund", refundRequestID(req, capture), body, &ans)
	var ae *APIError
	if errors.As(err, &ae) && payment.Refusal(ae.Status) {
		p.cfg.Log.Info("paypal: refund refused", "capture", capture, "http", ae.Status, "issue", ae.Issue)
		return payment.RefundResult{}, fmt.Errorf("%w: %v", payment.ErrRefundRefused, err)
	}
	if err != nil {
		return payment.RefundResult{}, fmt.Errorf("paypal: refund of capture %s: %w", capture, err)
	}
	res := payment.RefundResult{Reference: ans.ID}
	switch ans.Status {
	case "COMPLETED":
		res.Status = payment.RefundCompleted
	case "PENDING":
		res.Status = payment.RefundPending
	case "FAILED", "CANCELLED":
		return payment.RefundResult{}, fmt.Errorf("%w: PayPal refund %s of capture %s is %s", payment.ErrRefundRefused, ans.ID, capture, ans.Status)
	default:
		return payment.RefundResult{}, fmt.Errorf("paypal: refund of capture %s: unexpected status %q", capture, ans.Status)
	}
	p.cfg.Log.Info("paypal: refund accepted", "capture", capture, "refund", ans.ID, "amount", value, "currency", req.Currency,
		"status", ans.Status)
	return res, nil
}

// captureOf reads PayPal order id's completed (or partly refunded)
// capture.
func (p *Provider) captureOf(ctx context.Context, id string) (string, error) {
	if !orderIDPattern.MatchString(id) {
		return "", fmt.Errorf("%w: PayPal order id %q", payment.ErrRefundRefused, id)
	}
	var o order
	err := p.call(ctx, http.MethodGet, "/v2/checkout/orders/"+id, "", nil, &o)
	var ae *APIError
	if errors.As(err, &ae) && ae.Status == http.StatusNotFound {
		return "", fmt.Errorf("%w: PayPal knows no order %s", payment.ErrRefundRefused, id)
	}
	if err != nil {
		return "", fmt.Errorf("paypal: get order %s: %w", id, err)
	}
	for _, pu := range o.PurchaseUnits {
		for i := len(pu.Payments.Captures) - 1; i >= 0; i-- {
			if c := pu.Payments.Captures[i]; c.Status == "COMPLETED" || c.Status == "PARTIALLY_REFUNDED" {
				return c.ID, nil
			}
		}
	}
	return "", fmt.Errorf("%w: PayPal order %s has no completed capture", payment.ErrRefundRefused, id)
}

// refundRequestID is PayPal-Request-Id: the shop's idempotency key, tied
// to the capture, so one key is one refund (PayPal keeps keys 45 days).
// Without a key none is sent: two equal refunds asked on purpose are two.
func refundRequestID(req payment.RefundRequest, capture string) string {
	if req.IdempotencyKey == "" {
		return ""
	}
	id := "refund-" + capture + "-" + req.IdempotencyKey
	if len(id) > 100 { // PayPal's limit is around 108; stay clear of it
		sum := sha256.Sum256([]byte(id))
		id = "refund-" + hex.EncodeToString(sum[:20])
	}
	return id
}
