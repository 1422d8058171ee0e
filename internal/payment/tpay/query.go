package tpay

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"

	"sabershop/internal/payment"
)

// Query implements payment.Provider: GET /transactions/{transactionId}.
func (p *Provider) Query(ctx context.Context, ref string) (payment.Notification, error) {
	if ref == "" {
		return payment.Notification{}, payment.ErrUnknown
	}
	var tx transaction
	err := p.call(ctx, http.MethodGet, "/transactions/"+url.PathEscape(ref), nil, &tx)
	var ae *apiError
	if errors.As(err, &ae) && (ae.Status == http.StatusNotFound || ae.Status == http.StatusBadRequest) {
		return payment.Notification{}, fmt.Errorf("%w: %s", payment.ErrUnknown, ref)
	}
	if err != nil {
		return payment.Notification{}, err
	}
	cur := tx.Currency
	if cur == "" {
		cur = "PLN"
	}
	return payment.Notification{
		Provider:  Name,
		EventID:   "query:" + ref + ":" + tx.Status,
		OrderHash: tx.HiddenDescription,
		Reference: ref,
		Status:    queryStatus(tx.Status),
		Amount:    int64(tx.Amount),
		Currency:  cur,
	}, nil
}

// queryStatus maps a transaction's status (see the package comment for
// what is assumed).
func queryStatus(s string) payment.Status {
	switch s {
	case "correct", "paid":
		return payment.StatusPaid
	case "pending", "":
		return payment.StatusPending
	}
	return payment.StatusFailed
}
