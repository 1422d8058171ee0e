package order

import (
	"errors"
	"strings"
	"testing"
	"time"
)

// paidOrder is order 12, paid 364.00 PLN through tpay.
func paidOrder() *Order {
	at := time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)
	o := &Order{ID: 12, Hash: "h", Currency: "PLN", Status: Placed, Totals: Totals{Total: 36400}}
	a := o.StartAttempt("att-1", "tpay", "bank", at)
	a.Reference = "ta_1"
	o.PaidBy(a)
	o.Transition(Paid, at, "tpay: paid")
	return o
}

func TestRefundRules(t *testing.T) {
	now := time.Date(2026, 3, 5, 10, 0, 0, 0, time.UTC)
	o := paidOrder()
	if _, _, err := o.StartRefund("r0", "k0", 36401, "", now); !errors.Is(err, ErrRefundTooMuch) {
		t.Fatalf("above the payment: %v", err)
	}
	if _, _, err := o.StartRefund("r0", "k0", -1, "", now); !errors.Is(err, ErrRefundAmount) {
		t.Fatalf("negative: %v", err)
	}
	r, a, err := o.StartRefund("r1", "k1", 5000, " damaged ", now)
	if err != nil || a.ID != "att-1" || r.State != RefundRequested || r.Reason != "damaged" || r.Provider != "tpay" {
		t.Fatalf("partial: %+v %+v %v", r, a, err)
	}
	// Being asked, it holds its amount.
	if left := o.RefundLeft(now); left != 31400 {
		t.Fatalf("left while asked: %d", left)
	}
	if _, _, err := o.StartRefund("r2", "k2", 31401, "", now); !errors.Is(err, ErrRefundTooMuch) {
		t.Fatalf("above what is left: %v", err)
	}
	cancelled, err := o.FinishRefund("r1", RefundDone, "req-1", "", now)
	if err != nil || cancelled || o.Status != Paid || o.Refunded() != 5000 {
		t.Fatalf("partial done: cancelled %v, %v, status %s", cancelled, err, o.Status)
	}
	if e := o.Timeline[len(o.Timeline)-1]; e.Note != NoteRefund || e.Status != Paid || !strings.Contains(e.Cause, "50.00 PLN through tpay (req-1)") {
		t.Errorf("timeline entry %+v", e)
	}
	// A refusal changes nothing.
	o.StartRefund("r2", "k2", 1000, "", now)
	if c, _ := o.FinishRefund("r2", RefundRefused, "", "amount_exceeded", now); c || o.RefundLeft(now) != 31400 || o.Status != Paid {
		t.Fatalf("refused: left %d, status %s", o.RefundLeft(now), o.Status)
	}
	// The rest (0 = everything left) cancels the paid order.
	r, _, err = o.StartRefund("r3", "k3", 0, "Out of stock", now)
	if err != nil || r.Amount != 31400 {
		t.Fatalf("the rest: %+v, %v", r, err)
	}
	cancelled, err = o.FinishRefund("r3", RefundDone, "req-3", "", now)
	if err != nil || !cancelled || o.Status != Cancelled || o.CancelReason != "Out of stock" || o.Refunded() != 36400 {
		t.Fatalf("full: cancelled %v, %v, status %s, reason %q", cancelled, err, o.Status, o.CancelReason)
	}
	if e := o.Timeline[len(o.Timeline)-1]; !strings.HasPrefix(e.Cause, "refund: refunded in full") || e.Note != "" {
		t.Errorf("cancellation %+v", e)
	}
	if _, _, err := o.StartRefund("r4", "k4", 0, "", now); !errors.Is(err, ErrRefundNotAllowed) {
		t.Errorf("nothing left: %v", err)
	}
	if r := o.RefundByKey("k2"); r == nil || r.State != RefundRefused {
		t.Errorf("by key: %+v", r)
	}
}

// NextRefund names what a refund without an amount pays back (what is
// left of the payment, through its provider), and nothing once all of it
// is back or before anything was paid.
func TestNextRefund(t *testing.T) {
	now := time.Date(2026, 3, 5, 10, 0, 0, 0, time.UTC)
	unpaid := &Order{ID: 13, Currency: "PLN", Status: Placed}
	if p, amount, cur, ok := unpaid.NextRefund(now); ok {
		t.Errorf("unpaid: %s %d %s", p, amount, cur)
	}
	o := paidOrder()
	if p, amount, cur, ok := o.NextRefund(now); !ok || p != "tpay" || amount != 36400 || cur != "PLN" {
		t.Fatalf("paid: %s %d %s %v", p, amount, cur, ok)
	}
	o.StartRefund("r1", "k1", 6400, "", now)
	o.FinishRefund("r1", RefundDone, "req-1", "", now)
	if _, amount, _, ok := o.NextRefund(now); !ok || amount != 30000 {
		t.Fatalf("after 64 zł back: %d %v", amount, ok)
	}
	// It is what StartRefund takes for 0.
	r, _, err := o.StartRefund("r2", "k2", 0, "", now)
	if err != nil || r.Amount != 30000 {
		t.Fatalf("the rest: %+v %v", r, err)
	}
	o.FinishRefund("r2", RefundDone, "req-2", "", now)
	if p, amount, cur, ok := o.NextRefund(now); ok {
		t.Errorf("all back: %s %d %s", p, amount, cur)
	}
}

// A sent order refunded in full stays sent; an unpaid one has nothing to
// refund; a refund cut short by a stop stops holding its amount.
func TestRefundStatuses(t *testing.T) {
	now := time.Date(2026, 3, 5, 10, 0, 0, 0, time.UTC)
	o := paidOrder()
	o.MarkSent(now, "PL1", "")
	o.StartRefund("r1", "k1", 0, "", now)
	if c, err := o.FinishRefund("r1", RefundDone, "x", "", now); c || err != nil || o.Status != Sent {
		t.Errorf("sent: cancelled %v, %v, status %s", c, err, o.Status)
	}

	unpaid := &Order{ID: 13, Currency: "PLN", Status: Placed, Totals: Totals{Total: 100}}
	if _, _, err := unpaid.StartRefund("r", "k", 0, "", now); !errors.Is(err, ErrRefundNotAllowed) {
		t.Errorf("unpaid: %v", err)
	}
	free := &Order{ID: 14, Currency: "PLN", Status: Paid}
	if _, _, err := free.StartRefund("r", "k", 0, "", now); !errors.Is(err, ErrRefundNotAllowed) {
		t.Errorf("paid without a provider: %v", err)
	}

	o = paidOrder()
	o.StartRefund("r1", "k1", 0, "", now)
	later := now.Add(StaleStart)
	r, _, err := o.StartRefund("r2", "k2", 0, "", later)
	if err != nil || r.Amount != 36400 || o.RefundByID("r1").State != RefundFailed {
		t.Errorf("after a stale request: %+v, %v, first %+v", r, err, o.RefundByID("r1"))
	}

	// Money that came for a cancelled order can go back.
	c := paidOrder()
	c.CancelPaid(now, "bank transfer")
	if _, _, err := c.StartRefund("r", "k", 100, "", now); err != nil {
		t.Errorf("cancelled after payment: %v", err)
	}
}
