package order

import (
	"errors"
	"slices"
	"testing"
	"time"
)

var allStatuses = []Status{Placed, PaymentPending, Paid, Sent, Cancelled}

// TestTransitionEveryPair tries every from -> to pair with a plain cause.
func TestTransitionEveryPair(t *testing.T) {
	legalEdges := map[[2]Status]bool{
		{Placed, PaymentPending}: true, {Placed, Paid}: true, {Placed, Cancelled}: true,
		{PaymentPending, Paid}: true, {PaymentPending, Placed}: true, {PaymentPending, Cancelled}: true,
		{Paid, Sent}: true,
	}
	at := time.Date(2026, 3, 2, 10, 0, 0, 0, time.FixedZone("CET", 3600))
	for _, from := range allStatuses {
		for _, to := range allStatuses {
			o := &Order{Status: from, Timeline: []Event{{Status: from}}}
			changed, err := o.Transition(to, at, "webhook")
			switch {
			case from == to:
				if changed || err != nil || len(o.Timeline) != 1 {
					t.Errorf("%s -> %s (same): %v %v, timeline %d", from, to, changed, err, len(o.Timeline))
				}
			case legalEdges[[2]Status{from, to}]:
				if !changed || err != nil || o.Status != to {
					t.Errorf("%s -> %s: %v %v", from, to, changed, err)
					continue
				}
				ev := o.Timeline[len(o.Timeline)-1]
				if len(o.Timeline) != 2 || ev.Status != to || ev.Cause != "webhook" || !ev.At.Equal(at) || ev.At.Location() != time.UTC {
					t.Errorf("%s -> %s: event %+v", from, to, ev)
				}
			default:
				if changed || !errors.Is(err, ErrIllegalTransition) || o.Status != from || len(o.Timeline) != 1 {
					t.Errorf("%s -> %s: %v %v, status %s", from, to, changed, err, o.Status)
				}
			}
		}
	}
}

func TestTransitionIdempotent(t *testing.T) {
	o := &Order{Status: Placed}
	for range 3 {
		if _, err := o.Transition(Paid, testAt, "webhook tpay"); err != nil {
			t.Fatal(err)
		}
	}
	if len(o.Timeline) != 1 || o.Status != Paid {
		t.Errorf("a repeated webhook recorded %d events", len(o.Timeline))
	}
}

func TestCancelRecordsReason(t *testing.T) {
	o := &Order{Status: PaymentPending}
	if changed, err := o.Transition(Cancelled, testAt, "customer asked"); !changed || err != nil {
		t.Fatal(changed, err)
	}
	if o.CancelReason != "customer asked" {
		t.Errorf("reason %q", o.CancelReason)
	}
}

func TestCancelPaid(t *testing.T) {
	cases := []struct {
		name   string
		from   Status
		note   string
		want   error
		status Status
	}{
		{"with a note", Paid, "bank transfer 2026-03-02", nil, Cancelled},
		{"without a note", Paid, "  ", ErrRefundNoteRequired, Paid},
		{"not paid", Placed, "x", ErrIllegalTransition, Placed},
		{"sent", Sent, "x", ErrIllegalTransition, Sent},
		{"already cancelled", Cancelled, "x", nil, Cancelled},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o := &Order{Status: c.from}
			_, err := o.CancelPaid(testAt, c.note)
			if !errors.Is(err, c.want) || (c.want == nil && err != nil) || o.Status != c.status {
				t.Fatalf("err %v, status %s", err, o.Status)
			}
		})
	}
	o := &Order{Status: Paid}
	o.CancelPaid(testAt, "bank transfer")
	if o.CancelReason != "refund: bank transfer" || o.Timeline[0].Cause != "refund: bank transfer" {
		t.Errorf("reason %q, timeline %+v", o.CancelReason, o.Timeline)
	}
}

// TestTransitionPaidCancelled: Transition itself takes a refund cause and
// refuses any other, and the refusal is an illegal transition too.
func TestTransitionPaidCancelled(t *testing.T) {
	for cause, ok := range map[string]bool{"refund: card": true, "Refund by PayPal": true, "": false, "customer asked": false, "no refund": false} {
		o := &Order{Status: Paid}
		_, err := o.Transition(Cancelled, testAt, cause)
		if ok != (err == nil) {
			t.Errorf("cause %q: %v", cause, err)
		}
		if !ok && (!errors.Is(err, ErrRefundNoteRequired) || !errors.Is(err, ErrIllegalTransition)) {
			t.Errorf("cause %q: %v, want ErrRefundNoteRequired", cause, err)
		}
	}
}

func TestMarkSent(t *testing.T) {
	o := &Order{Status: Paid}
	if changed, err := o.MarkSent(testAt, "PL123", "https://track.example/PL123"); !changed || err != nil {
		t.Fatal(changed, err)
	}
	if o.Tracking != "PL123" || o.TrackingURL != "https://track.example/PL123" || o.Timeline[0].Cause != "sent, tracking PL123" {
		t.Errorf("%+v", o)
	}
	// Repeating does not overwrite the tracking.
	if changed, err := o.MarkSent(testAt, "OTHER", ""); changed || err != nil || o.Tracking != "PL123" {
		t.Errorf("repeat: %v %v %q", changed, err, o.Tracking)
	}
	unpaid := &Order{Status: Placed}
	if _, err := unpaid.MarkSent(testAt, "PL1", ""); !errors.Is(err, ErrIllegalTransition) || unpaid.Tracking != "" {
		t.Errorf("unpaid sent: %v", err)
	}
}

func TestActions(t *testing.T) {
	cases := []struct {
		o    Order
		want []string
	}{
		{Order{Status: Placed}, []string{"pay", "add_coupon"}},
		{Order{Status: Placed, Coupon: "TEN"}, []string{"pay"}},
		{Order{Status: PaymentPending}, []string{"wait_payment"}},
		{Order{Status: Paid}, []string{"wait_shipping"}},
		{Order{Status: Sent, Tracking: "PL1"}, []string{"track"}},
		{Order{Status: Sent}, []string{}},
		{Order{Status: Cancelled}, []string{}},
		{Order{Status: "bogus"}, []string{}},
	}
	for _, c := range cases {
		got := c.o.Actions()
		if got == nil || !slices.Equal(got, c.want) {
			t.Errorf("%s (coupon %q, tracking %q): %#v, want %v", c.o.Status, c.o.Coupon, c.o.Tracking, got, c.want)
		}
	}
}
