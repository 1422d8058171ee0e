package order

import (
	"errors"
	"slices"
	"testing"
	"time"

	"sabershop/internal/catalog"
	"sabershop/internal/i18n"
)

var testStages = []catalog.Stage{
	{ID: "parts", Progress: 10}, {ID: "machined", Progress: 50}, {ID: "electronics", Progress: 80}, {ID: "ready", Progress: 100},
}

// paidOrder is a paid order of 10 build days, paid on Monday 2 March 2026.
func paidForStages(t *testing.T) *Order {
	t.Helper()
	o := &Order{ID: 7, Status: Placed, BuildDays: 10, CreatedAt: time.Date(2026, 3, 2, 8, 0, 0, 0, time.UTC),
		Timeline: []Event{{Status: Placed, At: time.Date(2026, 3, 2, 8, 0, 0, 0, time.UTC)}}}
	if _, err := o.Transition(Paid, time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC), "paid"); err != nil {
		t.Fatal(err)
	}
	return o
}

func reached(o *Order) []string {
	var out []string
	for _, s := range o.Progress(testStages) {
		if !s.At.IsZero() {
			out = append(out, s.ID+"@"+s.At.Format("02"))
		}
	}
	return out
}

func TestSetStage(t *testing.T) {
	o := paidForStages(t)
	at := func(d int) time.Time { return time.Date(2026, 3, d, 10, 0, 0, 0, time.UTC) }
	steps := []struct {
		id          string
		day         int
		changed     bool
		first       bool
		want        []string
		description string
	}{
		{"parts", 3, true, true, []string{"parts@03"}, "the first stage"},
		{"parts", 4, false, false, []string{"parts@03"}, "the same again changes nothing"},
		{"electronics", 5, true, true, []string{"parts@03", "machined@05", "electronics@05"}, "a skipped stage is reached with the next"},
		{"machined", 6, true, false, []string{"parts@03", "machined@05"}, "a correction backward: no e-mail, later stages pending again"},
		{"electronics", 9, true, false, []string{"parts@03", "machined@05", "electronics@09"}, "forward again to a stage set before: no second e-mail"},
		{"ready", 10, true, true, []string{"parts@03", "machined@05", "electronics@09", "ready@10"}, "the last stage"},
	}
	for _, s := range steps {
		n := len(o.Timeline)
		got, err := o.SetStage(testStages, s.id, at(s.day), "owner")
		if err != nil {
			t.Fatalf("%s: %v", s.description, err)
		}
		if got.Changed != s.changed || got.First != s.first {
			t.Errorf("%s: %+v, want changed %v first %v", s.description, got, s.changed, s.first)
		}
		if o.Status != Paid || o.Stage() != s.id {
			t.Errorf("%s: status %s, stage %q", s.description, o.Status, o.Stage())
		}
		if added := len(o.Timeline) - n; (added == 1) != s.changed {
			t.Errorf("%s: %d timeline entries added", s.description, added)
		}
		if r := reached(o); !slices.Equal(r, s.want) {
			t.Errorf("%s: reached %v, want %v", s.description, r, s.want)
		}
	}
	last := o.Timeline[len(o.Timeline)-1]
	if last.Note != NoteStage || last.Stage != "ready" || last.Status != Paid || last.Cause != "owner" {
		t.Errorf("the stage's entry: %+v", last)
	}
	if !o.LastTransition().Equal(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)) {
		t.Errorf("a stage counted as a status change: %v", o.LastTransition())
	}
}

func TestSetStageRefused(t *testing.T) {
	o := paidForStages(t)
	if _, err := o.SetStage(testStages, "painted", time.Now(), "owner"); !errors.Is(err, ErrUnknownStage) {
		t.Errorf("unknown stage: %v", err)
	}
	if _, err := o.SetStage(nil, "parts", time.Now(), "owner"); !errors.Is(err, ErrUnknownStage) {
		t.Errorf("no stages at all: %v", err)
	}
	for _, st := range []Status{Placed, PaymentPending, Sent, Cancelled} {
		o := paidForStages(t)
		o.Status = st
		if _, err := o.SetStage(testStages, "parts", time.Now(), "owner"); !errors.Is(err, ErrStageNotPaid) {
			t.Errorf("%s order: %v", st, err)
		}
		if _, err := o.SetStageEmails(true); !errors.Is(err, ErrStageNotPaid) {
			t.Errorf("%s order, e-mails: %v", st, err)
		}
		if len(o.Timeline) != 2 || o.StageEmails {
			t.Errorf("%s order changed: %+v", st, o)
		}
	}
}

func TestSetStageEmails(t *testing.T) {
	o := paidForStages(t)
	for _, step := range []struct{ on, changed bool }{{true, true}, {true, false}, {false, true}, {false, false}} {
		changed, err := o.SetStageEmails(step.on)
		if err != nil || changed != step.changed || o.StageEmails != step.on {
			t.Errorf("on=%v: changed %v, %v; now %v", step.on, changed, err, o.StageEmails)
		}
	}
}

// The ship estimate counts the build days left after the stage in force
// as working days from its date, in the workshop's days.
func TestShipEstimate(t *testing.T) {
	o := paidForStages(t) // 10 build days, paid Monday 2 March
	now := time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC)
	date := func(t time.Time) string { return t.Format(time.DateOnly) }
	if left, ready := o.ShipEstimate(testStages, now); left != 10 || date(ready) != "2026-03-16" || ready.Location() != i18n.Workshop {
		t.Errorf("before any stage: %d days, %s (%v)", left, date(ready), ready.Location())
	}
	// "machined" is half the build: 5 days left from Wednesday 4 March.
	if _, err := o.SetStage(testStages, "machined", time.Date(2026, 3, 4, 15, 0, 0, 0, time.UTC), "owner"); err != nil {
		t.Fatal(err)
	}
	if left, ready := o.ShipEstimate(testStages, now); left != 5 || date(ready) != "2026-03-11" {
		t.Errorf("at machined: %d days, %s", left, date(ready))
	}
	// 10% done leaves 9 days: rounded up, never promised early.
	if _, err := o.SetStage(testStages, "parts", time.Date(2026, 3, 5, 15, 0, 0, 0, time.UTC), "owner"); err != nil {
		t.Fatal(err)
	}
	if left, ready := o.ShipEstimate(testStages, now); left != 9 || date(ready) != "2026-03-18" {
		t.Errorf("corrected back to parts: %d days, %s", left, date(ready))
	}
	// Late: the estimate was Wednesday 18 March; on Saturday 21 March it
	// is the next working day, Monday 23.
	late := time.Date(2026, 3, 21, 12, 0, 0, 0, time.UTC)
	if _, ready := o.ShipEstimate(testStages, late); date(ready) != "2026-03-23" {
		t.Errorf("late: %s", date(ready))
	}
	// Ready: nothing left, ready the day it was set.
	if _, err := o.SetStage(testStages, "ready", time.Date(2026, 3, 6, 23, 30, 0, 0, time.UTC), "owner"); err != nil {
		t.Fatal(err)
	}
	if left, ready := o.ShipEstimate(testStages, now); left != 0 || date(ready) != "2026-03-07" {
		t.Errorf("ready (at 00:30 on 7 March in Kraków): %d days, %s", left, date(ready))
	}
}
