package sandbox

import (
	"context"
	"fmt"

	"sabershop/internal/payment"
)

// Refund pays back part or all of a paid sandbox payment, as a real
// provider does: it keeps its own record of what was refunded and
// refuses (payment.ErrRefundRefused) an unknown or unpaid payment,
// another currency, or more than is left. Like the payments themselves,
// the record lives in memory: after a restart (or keepFor) the sandbox
// no longer knows the payment and refuses. A repeated idempotency key
// gets the first answer again. The refund is completed at once.
func (p *Provider) Refund(ctx context.Context, req payment.RefundRequest) (payment.RefundResult, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	pay, ok := p.payments[req.Reference]
	if !ok {
		return payment.RefundResult{}, fmt.Errorf("%w: the sandbox does not know payment %q (it keeps payments in memory only)",
			payment.ErrRefundRefused, req.Reference)
	}
	if req.IdempotencyKey != "" {
		for _, rf := range pay.refunds {
			if rf.key == req.IdempotencyKey {
				return payment.RefundResult{Reference: rf.ref, Status: payment.RefundCompleted}, nil
			}
		}
	}
	left := pay.order.Amount
	for _, rf := range pay.refunds {
		left -= rf.amount
	}
	switch {
	case pay.Status != payment.StatusPaid:
		return payment.RefundResult{}, fmt.Errorf("%w: payment %s is %s, not paid", payment.ErrRefundRefused, pay.ref, pay.Status)
	case req.Currency != pay.order.Currency:
		return payment.RefundResult{}, fmt.Errorf("%w: payment %s is in %s, not %s", payment.ErrRefundRefused, pay.ref, pay.order.Currency, req.Currency)
	case req.Amount <= 0 || req.Amount > left:
		return payment.RefundResult{}, fmt.Errorf("%w: %d asked, %d left of payment %s", payment.ErrRefundRefused, req.Amount, left, pay.ref)
	}
	rf := refund{ref: "sbx_rf_" + randomHex(12), key: req.IdempotencyKey, amount: req.Amount}
	pay.refunds = append(pay.refunds, rf)
	p.log.Info("sandbox: refund", "ref", pay.ref, "refund", rf.ref, "amount", rf.amount, "currency", req.Currency)
	return payment.RefundResult{Reference: rf.ref, Status: payment.RefundCompleted}, nil
}

// refund is one refund of a sandbox payment.
type refund struct {
	ref, key string
	amount   int64
}
