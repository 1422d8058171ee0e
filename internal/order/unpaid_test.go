package order

import (
	"errors"
	"testing"
	"time"
)

func TestUnpaidDue(t *testing.T) {
	placed := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	const day = 24 * time.Hour
	u := DefaultUnpaid
	fresh := func(s Status) *Order {
		return &Order{Status: s, CreatedAt: placed, Timeline: []Event{{Status: Placed, At: placed, Cause: "order placed"}}}
	}
	for _, c := range []struct {
		name  string
		o     *Order
		after time.Duration
		want  UnpaidStep
	}{
		{"young", fresh(Placed), 3*day - time.Second, StepNone},
		{"three days", fresh(Placed), 3 * day, StepRemind},
		{"pending three days", fresh(PaymentPending), 3 * day, StepRemind},
		{"reminded", func() *Order { o := fresh(Placed); o.Remind(placed.Add(3*day), "r"); return o }(), 5 * day, StepNone},
		{"fourteen days", fresh(Placed), 14 * day, StepExpire},
		{"fourteen days, never reminded", fresh(PaymentPending), 20 * day, StepExpire},
		{"paid", fresh(Paid), 30 * day, StepNone},
		{"sent", fresh(Sent), 30 * day, StepNone},
		{"cancelled", fresh(Cancelled), 30 * day, StepNone},
		{"payment started an hour ago", func() *Order {
			o := fresh(PaymentPending)
			o.StartAttempt("a", "tpay", "bank", placed.Add(14*day-time.Hour)).State = AttemptPending
			return o
		}(), 14 * day, StepNone},
		{"payment abandoned a day ago", func() *Order {
			o := fresh(PaymentPending)
			o.StartAttempt("a", "tpay", "bank", placed.Add(13*day-time.Hour)).State = AttemptPending
			return o
		}(), 14 * day, StepExpire},
		{"failed payment an hour ago", func() *Order {
			o := fresh(Placed)
			o.StartAttempt("a", "tpay", "card", placed.Add(14*day-time.Hour)).State = AttemptFailed
			return o
		}(), 14 * day, StepExpire},
	} {
		if got := u.Due(c.o, placed.Add(c.after)); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
	if got := (Unpaid{}).Due(fresh(Placed), placed.Add(365*day)); got != StepNone {
		t.Errorf("no rule: %v", got)
	}
}

func TestUnpaidRemindOnce(t *testing.T) {
	at := time.Date(2026, 3, 4, 12, 0, 0, 0, time.UTC)
	o := &Order{Status: Placed, CreatedAt: at.Add(-72 * time.Hour), Timeline: []Event{{Status: Placed, At: at.Add(-72 * time.Hour)}}}
	if !o.Remind(at, "reminder") || o.Remind(at.Add(time.Hour), "again") {
		t.Fatal("Remind: want true once, then false")
	}
	if len(o.Timeline) != 2 || o.Timeline[1].Note != NoteReminder || o.Timeline[1].Status != Placed {
		t.Errorf("timeline %+v", o.Timeline)
	}
	// A note is not a transition.
	if !o.LastTransition().Equal(at.Add(-72 * time.Hour)) {
		t.Errorf("LastTransition %v", o.LastTransition())
	}
}

func TestUnpaidCheck(t *testing.T) {
	if err := DefaultUnpaid.Check(); err != nil {
		t.Error(err)
	}
	for _, u := range []Unpaid{{RemindAfter: 14 * 24 * time.Hour, CancelAfter: 14 * 24 * time.Hour}, {RemindAfter: 5 * time.Hour, CancelAfter: time.Hour}} {
		if err := u.Check(); !errors.Is(err, ErrRemindAfterCancel) {
			t.Errorf("%+v: %v", u, err)
		}
	}
	for _, u := range []Unpaid{{RemindAfter: time.Hour}, {CancelAfter: time.Hour}, {}} {
		if err := u.Check(); err != nil {
			t.Errorf("%+v: %v", u, err)
		}
	}
}
