package paypal_test

import (
	"context"
	"errors"
	"testing"

	"sabershop/internal/payment"
)

// captured creates, approves and captures an order of 364.00 EUR through
// the adapter and returns the notification of the capture.
func (e *env) captured(t *testing.T, h string) payment.Notification {
	t.Helper()
	id := e.start(t, h)
	if err := e.fake.Approve(id); err != nil {
		t.Fatal(err)
	}
	n, err := e.p.Return(context.Background(), returnReq(h, id))
	if err != nil || n.Status != payment.StatusPaid {
		t.Fatalf("capture: %+v, %v", n, err)
	}
	return n
}

// The capture id comes with the paid notification; a part and then the
// rest are refunded against it; more than is left, a refunded capture
// and an unknown one are refusals; a repeated request id is one refund.
func TestRefund(t *testing.T) {
	e := newEnv(t)
	n := e.captured(t, hash)
	o, _ := e.fake.Order(n.Reference)
	if n.Capture == "" || n.Capture != o.CaptureID {
		t.Fatalf("notification capture %q, fake's %q", n.Capture, o.CaptureID)
	}
	refund := func(capture string, amount int64, key string) (payment.RefundResult, error) {
		return e.p.Refund(context.Background(), payment.RefundRequest{Reference: n.Reference, Capture: capture, Amount: amount,
			Currency: "EUR", Reason: "Damaged in transit", IdempotencyKey: key})
	}
	res, err := refund(n.Capture, 5000, "k1")
	if err != nil || res.Reference == "" || res.Status != payment.RefundCompleted {
		t.Fatalf("partial: %+v, %v", res, err)
	}
	again, err := refund(n.Capture, 5000, "k1")
	if err != nil || again.Reference != res.Reference {
		t.Fatalf("repeat of k1: %+v, %v, want %s", again, err, res.Reference)
	}
	if _, err := refund(n.Capture, 31401, "k2"); !errors.Is(err, payment.ErrRefundRefused) {
		t.Fatalf("more than is left: %v, want a refusal", err)
	}
	if _, err := refund(n.Capture, 31400, "k3"); err != nil {
		t.Fatalf("the rest: %v", err)
	}
	got := e.fake.Refunds(n.Capture)
	if len(got) != 2 || got[0].Value != "50.00" || got[1].Value != "314.00" || got[0].NoteToPayer != "Damaged in transit" {
		t.Errorf("fake's refunds: %+v", got)
	}
	if _, err := refund(n.Capture, 100, "k4"); !errors.Is(err, payment.ErrRefundRefused) {
		t.Errorf("refunded capture: %v, want a refusal", err)
	}
	if _, err := refund("UNKNOWNCAPTURE1", 100, "k5"); !errors.Is(err, payment.ErrRefundRefused) {
		t.Errorf("unknown capture: %v, want a refusal", err)
	}
}

// An order paid before capture ids were kept: the adapter reads the
// order for its capture.
func TestRefundFindsTheCapture(t *testing.T) {
	e := newEnv(t)
	n := e.captured(t, hash)
	res, err := e.p.Refund(context.Background(), payment.RefundRequest{Reference: n.Reference, Amount: 36400, Currency: "EUR", IdempotencyKey: "k"})
	if err != nil || res.Status != payment.RefundCompleted {
		t.Fatalf("%+v, %v", res, err)
	}
	if got := e.fake.Refunds(n.Capture); len(got) != 1 || got[0].Value != "364.00" {
		t.Errorf("fake's refunds: %+v", got)
	}
	if _, err := e.p.Refund(context.Background(), payment.RefundRequest{Reference: e.start(t, "another0rderHash00000x"), Amount: 100, Currency: "EUR"}); !errors.Is(err, payment.ErrRefundRefused) {
		t.Errorf("order never captured: %v, want a refusal", err)
	}
}

// PayPal not answering is an error, but not a refusal.
func TestRefundUnreachable(t *testing.T) {
	e := newEnv(t)
	n := e.captured(t, hash)
	e.fake.Close()
	_, err := e.p.Refund(context.Background(), payment.RefundRequest{Reference: n.Reference, Capture: n.Capture, Amount: 100, Currency: "EUR"})
	if err == nil || errors.Is(err, payment.ErrRefundRefused) {
		t.Fatalf("closed fake: %v, want an error that is no refusal", err)
	}
}
