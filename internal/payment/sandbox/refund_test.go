package sandbox

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"sabershop/internal/payment"
	"sabershop/internal/testutil"
)

// paidPayment pays order("en") with the frictionless test card and waits
// until the sandbox has confirmed it (its notification goes to a server
// that takes it).
func paidPayment(t *testing.T, p *Provider) string {
	t.Helper()
	shop := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	t.Cleanup(shop.Close)
	req := cardRequest(encrypt(t, p.PublicKey(), strings.Join([]string{"4242424242424242", futureExpiry(), "123", shopOrigin}, "|")))
	req.NotifyURL = shop.URL + "/v1/webhooks/sandbox"
	res, err := p.Start(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	testutil.Eventually(t, "the payment confirmed", func() error {
		n, err := p.Query(context.Background(), res.Reference)
		if err == nil && n.Status != payment.StatusPaid {
			err = fmt.Errorf("%+v", n)
		}
		return err
	})
	return res.Reference
}

func TestRefund(t *testing.T) {
	p, _ := newTest(t, Config{Delay: time.Millisecond})
	ref := paidPayment(t, p)
	refund := func(ref string, amount int64, currency, key string) (payment.RefundResult, error) {
		return p.Refund(context.Background(), payment.RefundRequest{Reference: ref, Amount: amount, Currency: currency, IdempotencyKey: key})
	}
	first, err := refund(ref, 5000, "EUR", "k1")
	if err != nil || first.Status != payment.RefundCompleted || !strings.HasPrefix(first.Reference, "sbx_rf_") {
		t.Fatalf("partial: %+v, %v", first, err)
	}
	if again, err := refund(ref, 5000, "EUR", "k1"); err != nil || again != first {
		t.Fatalf("repeated key: %+v, %v, want %+v", again, err, first)
	}
	for name, c := range map[string]struct {
		ref      string
		amount   int64
		currency string
	}{
		"more than is left": {ref, 31401, "EUR"},
		"another currency":  {ref, 100, "PLN"},
		"nothing":           {ref, 0, "EUR"},
		"unknown payment":   {"sbx_unknown", 100, "EUR"},
	} {
		if _, err := refund(c.ref, c.amount, c.currency, "k-"+name); !errors.Is(err, payment.ErrRefundRefused) {
			t.Errorf("%s: %v, want a refusal", name, err)
		}
	}
	if _, err := refund(ref, 31400, "EUR", "k2"); err != nil {
		t.Fatalf("the rest: %v", err)
	}
	if _, err := refund(ref, 1, "EUR", "k3"); !errors.Is(err, payment.ErrRefundRefused) {
		t.Errorf("after everything: %v, want a refusal", err)
	}

	// A payment not (yet) paid is refused.
	pending, err := p.Start(context.Background(), payment.StartRequest{Order: order("en"), Method: payment.Bank,
		ReturnURL: shopOrigin + "/en/order/h4sh", NotifyURL: "https://api.shop.example/v1/webhooks/sandbox"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := refund(pending.Reference, 100, "EUR", "k4"); !errors.Is(err, payment.ErrRefundRefused) {
		t.Errorf("unpaid: %v, want a refusal", err)
	}
}
