package tpay

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"sabershop/internal/payment"
)

var _ payment.Refunder = (*Provider)(nil)

// refundRequest is the body of POST /transactions/{transactionId}/refunds.
// Tpay's guide (https://docs-api.tpay.com/refunds) documents an empty body
// for a full refund and {"amount": 100.15} (in PLN) for a partial one;
// Tpay's PHP library (tpay-com/tpay-openapi-php, Transactions/
// TransactionsApi.php createRefundByTransactionId, RequestBody/Refund.php)
// sends the same single amount field. The adapter always names the
// amount: the shop decides how much, and a full refund is then simply the
// whole amount.
type refundRequest struct {
	Amount amount `json:"amount"`
}

// Refund implements payment.Refunder: POST /transactions/{transactionId}/
// refunds with the amount. Tpay takes the money from the merchant's
// balance when the request is accepted and pays it out to the payer;
// a refused request (a 4xx answer: unknown transaction, amount above what
// is left, balance too low) is payment.ErrRefundRefused with Tpay's error
// code. Tpay's answer is the transaction (status "refund" after a full
// refund, unchanged after a partial one, per the guide); its requestId
// is kept as the refund's reference for Tpay's support.
func (p *Provider) Refund(ctx context.Context, req payment.RefundRequest) (payment.RefundResult, error) {
	if req.Reference == "" {
		return payment.RefundResult{}, fmt.Errorf("%w: no tpay transaction id", payment.ErrRefundRefused)
	}
	if !strings.EqualFold(req.Currency, "PLN") {
		return payment.RefundResult{}, fmt.Errorf("%w: tpay refunds PLN, not %s", payment.ErrRefundRefused, req.Currency)
	}
	if req.Amount <= 0 {
		return payment.RefundResult{}, fmt.Errorf("%w: amount must be positive", payment.ErrRefundRefused)
	}
	var ans struct {
		Result    string `json:"result"`
		RequestID string `json:"requestId"`
		Status    string `json:"status"`
	}
	path := "/transactions/" + url.PathEscape(req.Reference) + "/refunds"
	err := p.call(ctx, http.MethodPost, path, refundRequest{Amount: amount(req.Amount)}, &ans)
	var ae *apiError
	if errors.As(err, &ae) && payment.Refusal(ae.Status) {
		p.cfg.Log.Info("tpay: refund refused", "transaction", req.Reference, "http", ae.Status, "code", ae.Code)
		return payment.RefundResult{}, fmt.Errorf("%w: %v", payment.ErrRefundRefused, err)
	}
	if err != nil {
		return payment.RefundResult{}, err
	}
	if ans.Result == "failure" {
		return payment.RefundResult{}, fmt.Errorf("%w: tpay answered result failure for transaction %s", payment.ErrRefundRefused, req.Reference)
	}
	p.cfg.Log.Info("tpay: refund accepted", "transaction", req.Reference, "amount", amount(req.Amount).String(), "status", ans.Status)
	return payment.RefundResult{Reference: ans.RequestID, Status: payment.RefundPending}, nil
}
