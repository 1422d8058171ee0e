package order

import (
	"errors"
	"testing"
	"time"
)

// withdrawalOrder is a paid order of one returnable saber to a country
// of 2 to 5 delivery days, placed on Monday 2 March 2026.
func withdrawalOrder(t *testing.T, lines ...Line) *Order {
	t.Helper()
	if len(lines) == 0 {
		lines = []Line{{Product: "arc", Quantity: 1, Returnable: true}}
	}
	o := paidForStages(t)
	o.Lines, o.DeliveryDays = lines, [2]int{2, 5}
	return o
}

func TestWithdrawalBeforeSending(t *testing.T) {
	o := withdrawalOrder(t)
	now := time.Date(2026, 9, 1, 10, 0, 0, 0, time.UTC) // months later, still not sent
	if d, why := o.WithdrawalState(now, 7); why != "" || !d.IsZero() {
		t.Fatalf("an order not sent: deadline %v, reason %q; want open without a deadline", d, why)
	}
	name, email, errs := WithdrawalForm("  Ada   Lovelace ", "Ada@Example.COM ")
	if len(errs) != 0 || name != "Ada Lovelace" || email != "Ada@example.com" {
		t.Fatalf("form: %q %q %v", name, email, errs)
	}
	n := len(o.Timeline)
	changed, err := o.Withdraw(now, 7, name, email)
	if err != nil || !changed {
		t.Fatalf("Withdraw = %v, %v", changed, err)
	}
	if o.Status != Paid || len(o.Timeline) != n+1 || o.Timeline[n].Note != NoteWithdrawal || o.Timeline[n].Status != Paid {
		t.Fatalf("want a timeline note and the status kept: %s %+v", o.Status, o.Timeline)
	}
	if o.Withdrawal == nil || !o.Withdrawal.At.Equal(now) || o.Withdrawal.Name != "Ada Lovelace" {
		t.Fatalf("withdrawal recorded as %+v", o.Withdrawal)
	}
	// Twice: the first stands, nothing added, even once the period would be over.
	changed, err = o.Withdraw(now.AddDate(1, 0, 0), 7, "Someone Else", "x@example.com")
	if err != nil || changed || o.Withdrawal.Name != "Ada Lovelace" || len(o.Timeline) != n+1 {
		t.Fatalf("second Withdraw = %v, %v; withdrawal %+v", changed, err, o.Withdrawal)
	}
}

func TestWithdrawalPeriodAfterSending(t *testing.T) {
	o := withdrawalOrder(t)
	// Sent on Tuesday 10 March 2026 at 17:00 in Kraków (16:00 UTC).
	if _, err := o.MarkSent(time.Date(2026, 3, 10, 16, 0, 0, 0, time.UTC), "", ""); err != nil {
		t.Fatal(err)
	}
	// 14 days + 5 delivery days + 2 days' grace = 21 days: open until the
	// end of 31 March in Kraków (21:59:59 UTC: summer time, UTC+2, from 29 March).
	deadline, why := o.WithdrawalState(time.Date(2026, 3, 31, 21, 59, 0, 0, time.UTC), 2)
	if why != "" {
		t.Fatalf("on the last day: reason %q", why)
	}
	if want := time.Date(2026, 3, 31, 21, 59, 59, 0, time.UTC); !deadline.Equal(want) {
		t.Fatalf("deadline %v, want %v", deadline.UTC(), want)
	}
	late := time.Date(2026, 3, 31, 22, 0, 0, 0, time.UTC)
	if _, why := o.WithdrawalState(late, 2); why != WithdrawalPeriodOver {
		t.Fatalf("the day after: reason %q, want %q", why, WithdrawalPeriodOver)
	}
	_, err := o.Withdraw(late, 2, "Ada", "ada@example.com")
	var refusal *WithdrawalRefusal
	if !errors.Is(err, ErrWithdrawalRefused) || !errors.As(err, &refusal) || refusal.Reason != WithdrawalPeriodOver || o.Withdrawal != nil {
		t.Fatalf("late Withdraw: %v, withdrawal %+v", err, o.Withdrawal)
	}
	// A longer grace keeps it open.
	if _, why := o.WithdrawalState(late, 3); why != "" {
		t.Fatalf("with 3 days' grace: reason %q", why)
	}
}

func TestWithdrawalNotOffered(t *testing.T) {
	design := Line{Product: CreatorSlug, Quantity: 1, Creator: &CreatorConfig{}}
	now := time.Date(2026, 3, 3, 10, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		name  string
		order *Order
		want  string
	}{
		{"a creator design", withdrawalOrder(t, design), WithdrawalCustom},
		{"only products not returnable", withdrawalOrder(t, Line{Product: "kit", Quantity: 1}), WithdrawalNotReturnable},
		{"a design and a returnable saber", withdrawalOrder(t, design, Line{Product: "arc", Quantity: 1, Returnable: true}), ""},
	} {
		if _, why := c.order.WithdrawalState(now, 7); why != c.want {
			t.Errorf("%s: reason %q, want %q", c.name, why, c.want)
		}
		_, err := c.order.Withdraw(now, 7, "Ada", "ada@example.com")
		if (err == nil) != (c.want == "") {
			t.Errorf("%s: Withdraw error %v", c.name, err)
		}
	}
	o := withdrawalOrder(t)
	if _, err := o.CancelPaid(now, "bank transfer"); err != nil {
		t.Fatal(err)
	}
	if _, why := o.WithdrawalState(now, 7); why != WithdrawalCancelled {
		t.Errorf("cancelled: reason %q", why)
	}
}

// A design recorded returnable (priced while [legal] creator_returnable
// was on) is offered the withdrawal, which covers it; one recorded
// without keeps its exclusion whatever the catalogue says now: the order
// holds what it was priced with.
func TestWithdrawalOfARecordedReturnableDesign(t *testing.T) {
	now := time.Date(2026, 3, 3, 10, 0, 0, 0, time.UTC)
	o := withdrawalOrder(t, Line{Product: CreatorSlug, Quantity: 1, Creator: &CreatorConfig{}, Returnable: true})
	if _, why := o.WithdrawalState(now, 7); why != "" {
		t.Fatalf("a returnable design: reason %q", why)
	}
	if ok, err := o.Withdraw(now, 7, "Ada", "ada@example.com"); !ok || err != nil {
		t.Fatalf("Withdraw: %v %v", ok, err)
	}
	if c := o.WithdrawalCovers(); len(c) != 1 || c[0].Creator == nil {
		t.Errorf("covers %+v, want the design", c)
	}
}

func TestWithdrawalForm(t *testing.T) {
	_, _, errs := WithdrawalForm(" ", "not an address")
	if errs["name"] != KeyRequired || errs["email"] == "" {
		t.Fatalf("errors %v", errs)
	}
}
