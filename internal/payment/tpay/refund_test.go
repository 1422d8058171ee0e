package tpay_test

import (
	"errors"
	"testing"

	"sabershop/internal/payment"
	"sabershop/internal/payment/tpay/tpaytest"
)

// paidTransaction starts a bank transfer of amount and pays it on the
// fake, as the payer would on Tpay's page.
func paidTransaction(t *testing.T, e *env, amount int64) string {
	t.Helper()
	res, err := e.p.Start(bg, bankReq(amount))
	if err != nil {
		t.Fatal(err)
	}
	if err := e.fake.Pay(res.Reference); err != nil {
		t.Fatal(err)
	}
	return res.Reference
}

// A part, then the rest; more than is left, an unknown transaction and an
// unpaid one are refusals; the fake records exactly the refunds accepted.
func TestRefund(t *testing.T) {
	e := newEnv(t, tpaytest.Options{})
	ref := paidTransaction(t, e, 36400)
	refund := func(ref string, amount int64) (payment.RefundResult, error) {
		return e.p.Refund(bg, payment.RefundRequest{Reference: ref, Amount: amount, Currency: "PLN", IdempotencyKey: "k"})
	}
	res, err := refund(ref, 5000)
	if err != nil || res.Reference == "" || res.Status != payment.RefundPending {
		t.Fatalf("partial refund: %+v, %v", res, err)
	}
	if _, err := refund(ref, 31401); !errors.Is(err, payment.ErrRefundRefused) {
		t.Fatalf("more than is left: %v, want a refusal", err)
	}
	if _, err := refund(ref, 31400); err != nil {
		t.Fatalf("the rest: %v", err)
	}
	got := e.fake.Refunds(ref)
	if len(got) != 2 || got[0].Amount != "50.00" || got[1].Amount != "314.00" || got[0].RequestID != res.Reference {
		t.Errorf("fake's refunds: %+v", got)
	}
	if _, err := refund(ref, 1); !errors.Is(err, payment.ErrRefundRefused) {
		t.Errorf("after everything was refunded: %v, want a refusal", err)
	}
	if _, err := refund("ta_unknown", 100); !errors.Is(err, payment.ErrRefundRefused) {
		t.Errorf("unknown transaction: %v, want a refusal", err)
	}
	unpaid, err := e.p.Start(bg, bankReq(1000))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := refund(unpaid.Reference, 1000); !errors.Is(err, payment.ErrRefundRefused) {
		t.Errorf("unpaid transaction: %v, want a refusal", err)
	}
	if _, err := e.p.Refund(bg, payment.RefundRequest{Reference: ref, Amount: 100, Currency: "EUR"}); !errors.Is(err, payment.ErrRefundRefused) {
		t.Errorf("EUR: %v, want a refusal", err)
	}
}

// Tpay not answering is an error, but not a refusal: nothing is known.
func TestRefundUnreachable(t *testing.T) {
	e := newEnv(t, tpaytest.Options{})
	ref := paidTransaction(t, e, 36400)
	e.fake.Close()
	_, err := e.p.Refund(bg, payment.RefundRequest{Reference: ref, Amount: 100, Currency: "PLN"})
	if err == nil || errors.Is(err, payment.ErrRefundRefused) {
		t.Fatalf("closed fake: %v, want an error that is no refusal", err)
	}
}
