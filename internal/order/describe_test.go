package order

import (
	"fmt"
	"reflect"
	"slices"
	"testing"
	"time"

	"sabershop/internal/shipping"
)

// Every shape of cause the shop has stored, old ones included, reads as
// its code and parameters; a cause no reading knows is kept as text.
func TestDescribeStoredShapes(t *testing.T) {
	p := func(kv ...string) map[string]string {
		m := map[string]string{}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		return m
	}
	for _, c := range []struct {
		e    Event
		want Description
	}{
		{Event{Status: Placed, Cause: "order placed"}, Description{DescPlaced, nil}},
		{Event{Status: PaymentPending, Cause: "payment started: card"}, Description{DescPaymentStarted, p("method", "card")}},
		{Event{Status: PaymentPending, Cause: "payment started"}, Description{DescPaymentStartedPlain, nil}},
		{Event{Status: Paid, Cause: "sandbox: paid"}, Description{DescProviderPaid, p("provider", "sandbox")}},
		{Event{Status: Paid, Cause: "tpay: paid"}, Description{DescProviderPaid, p("provider", "tpay")}},
		{Event{Status: PaymentPending, Cause: "paypal: pending"}, Description{DescProviderPending, p("provider", "paypal")}},
		{Event{Status: Placed, Cause: "tpay: failed"}, Description{DescProviderFailed, p("provider", "tpay")}},
		{Event{Status: Paid, Cause: "webhook"}, Description{DescStatement, nil}},
		{Event{Status: Paid, Cause: "webhook tpay"}, Description{DescProviderStatement, p("provider", "tpay")}},
		{Event{Status: Paid, Cause: "nothing to pay"}, Description{DescNothingToPay, nil}},
		{Event{Status: Sent, Cause: "sent"}, Description{DescSent, nil}},
		{Event{Status: Sent, Cause: "sent, tracking 620400000000000000000001"}, Description{DescSentTracking, p("tracking", "620400000000000000000001")}},
		{Event{Status: Cancelled, Cause: "owner: Anna changed her mind"}, Description{DescOwnerCancelled, p("reason", "Anna changed her mind")}},
		{Event{Status: Cancelled, Cause: "owner: anonymised"}, Description{DescCancelledAnonymised, nil}},
		{Event{Status: Cancelled, Cause: "refund: bank transfer 2026-05-02"}, Description{DescRefundCancelled, p("note", "bank transfer 2026-05-02")}},
		{Event{Status: Cancelled, Cause: "refund: refunded in full, 364.00 PLN through tpay (req-3)"},
			Description{DescRefundedInFull, p("amount", "36400", "currency", "PLN", "provider", "tpay", "reference", "req-3")}},
		{Event{Status: Cancelled, Cause: "refund: refunded in full, 12.05 EUR through paypal"},
			Description{DescRefundedInFull, p("amount", "1205", "currency", "EUR", "provider", "paypal", "reference", "")}},
		{Event{Status: Paid, Note: NoteRefund, Cause: "refund 50.00 PLN through tpay (req-1)"},
			Description{DescRefund, p("amount", "5000", "currency", "PLN", "provider", "tpay", "reference", "req-1")}},
		{Event{Status: Paid, Note: NoteRefund, Cause: "refund of sorts"}, Description{DescText, p("text", "refund of sorts")}},
		{Event{Status: Cancelled, Cause: "expired: unpaid for 14 days"}, Description{DescExpiredUnpaid, p("count", "14")}},
		{Event{Status: Cancelled, Cause: "expired: unpaid for 1 day"}, Description{DescExpiredUnpaid, p("count", "1")}},
		{Event{Status: Placed, Note: NoteReminder, Cause: "payment reminder sent: unpaid for 3 days"}, Description{DescReminder, p("count", "3")}},
		{Event{Status: Placed, Note: NoteReminder, Cause: "reminder"}, Description{DescReminderPlain, nil}},
		{Event{Status: Paid, Note: NoteStage, Stage: "parts", Cause: "marek"}, Description{DescStage, p("stage", "parts", "by", "marek")}},
		{Event{Status: Paid, Note: NoteParcel, Parcel: shipping.StatusDelivered, Cause: "parcel delivered"}, Description{DescParcel, p("status", "delivered")}},
		{Event{Status: Paid, Note: NoteParcel, Cause: "parcel collected"}, Description{DescParcel, p("status", "collected")}},
		{Event{Status: Sent, Note: NoteWithdrawal, Cause: "withdrawal from the contract on the status page, acknowledgement to anna@example.com"},
			Description{DescWithdrawal, p("email", "anna@example.com")}},
		{Event{Status: Sent, Note: NoteWithdrawal, Cause: ""}, Description{DescWithdrawalPlain, nil}},
		{Event{Status: Cancelled, Note: NoteAnonymised, Cause: "retention"}, Description{DescAnonymised, nil}},
		{Event{Status: Paid, Cause: "paid"}, Description{DescText, p("text", "paid")}},
		{Event{Status: Cancelled, Cause: "customer asked"}, Description{DescText, p("text", "customer asked")}},
		{Event{Status: Paid, Cause: "<b>x</b>: paid"}, Description{DescText, p("text", "<b>x</b>: paid")}},
	} {
		got := Describe(c.e)
		if len(got.Params) == 0 {
			got.Params = nil
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q (%s): %+v, want %+v", c.e.Cause, c.e.Note, got, c.want)
		}
		if !slices.Contains(DescCodes, got.Code) {
			t.Errorf("%q: code %q is not in DescCodes", c.e.Cause, got.Code)
		}
	}
}

// The causes this package writes today read as what they are, not as
// text: written by the functions themselves, not copied here.
func TestDescribeWhatTheOrderWrites(t *testing.T) {
	at := time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)
	o := paidOrder()
	o.StartRefund("r1", "k1", 5000, "", at)
	o.FinishRefund("r1", RefundDone, "req-1", "", at)
	o.StartRefund("r2", "k2", 0, "", at)
	o.FinishRefund("r2", RefundDone, "", "", at)
	s := paidOrder()
	s.MarkSent(at, "PL1", "")
	s.noteParcel(shipping.StatusDelivered, at)
	u := &Order{Status: Placed}
	u.Remind(at, fmt.Sprintf("payment reminder sent: unpaid for %d days", 3))
	for _, e := range slices.Concat(o.Timeline, s.Timeline, u.Timeline) {
		if d := Describe(e); d.Code == DescText {
			t.Errorf("%q (%s) is not read", e.Cause, e.Note)
		}
	}
	if len(o.Timeline) < 4 {
		t.Fatalf("timeline %+v", o.Timeline)
	}
}
