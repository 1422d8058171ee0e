package order

import (
	"errors"
	"fmt"
	"time"

	"sabershop/internal/catalog"
	"sabershop/internal/i18n"
)

// Production stages: the owner marks how far the build of a paid order is
// ("parts ordered", "hilt machined", ...; the catalogue's
// Production.Stages). A stage is a note
// in the timeline, not a status: the order stays paid until it is sent. The
// stage in force is the one set last, so the owner may move forward, skip
// stages, and correct a mistake by setting an earlier stage again
// (docs/decisions/orders-and-payments.md#a-stage-is-a-timeline-note-not-a-status).

// NoteStage is the Note of a production stage's timeline entry; its
// Event.Stage is the stage's id.
const NoteStage = "stage"

var (
	// ErrUnknownStage is returned when a stage id is not in the
	// catalogue's list of production stages.
	ErrUnknownStage = errors.New("unknown production stage")

	// ErrStageNotPaid is returned when a stage or the stage e-mails are
	// set on an order that is not paid: one waiting for its payment is not
	// built yet, a sent or cancelled one no more.
	ErrStageNotPaid = errors.New("production stages are set on paid orders only")
)

// Stage is the id of the production stage in force ("" before the first).
func (o *Order) Stage() string {
	for i := len(o.Timeline) - 1; i >= 0; i-- {
		if o.Timeline[i].Note == NoteStage {
			return o.Timeline[i].Stage
		}
	}
	return ""
}

// StageSet says what SetStage did.
type StageSet struct {
	// Changed: a timeline entry was added (setting the stage in force
	// again adds none).
	Changed bool
	// First: the build reached this stage for the first time, moving
	// forward; only then is the shopper e-mailed (a correction backward,
	// or the same stage reached again after one, is not news to them).
	First bool
}

// SetStage makes stage id, one of stages (the catalogue's list), the
// order's stage in force, recording a timeline entry at at with cause
// (who set it). The order must be paid (ErrStageNotPaid) and id known
// (ErrUnknownStage); the stage already in force changes nothing.
func (o *Order) SetStage(stages []catalog.Stage, id string, at time.Time, cause string) (StageSet, error) {
	to := stageIndex(stages, id)
	if to < 0 {
		return StageSet{}, fmt.Errorf("%w: %q", ErrUnknownStage, id)
	}
	if o.Status != Paid {
		return StageSet{}, fmt.Errorf("%w (order #%d is %s)", ErrStageNotPaid, o.ID, o.Status)
	}
	cur := o.Stage()
	if cur == id {
		return StageSet{}, nil
	}
	first := to > stageIndex(stages, cur)
	for _, e := range o.Timeline {
		if e.Note == NoteStage && e.Stage == id {
			first = false
		}
	}
	o.Timeline = append(o.Timeline, Event{Status: o.Status, At: at.UTC(), Cause: cause, Note: NoteStage, Stage: id})
	return StageSet{Changed: true, First: first}, nil
}

// SetStageEmails turns the shopper's e-mail per stage on or off; only a
// paid order takes it (ErrStageNotPaid). It reports whether it changed.
func (o *Order) SetStageEmails(on bool) (bool, error) {
	if o.Status != Paid {
		return false, fmt.Errorf("%w (order #%d is %s)", ErrStageNotPaid, o.ID, o.Status)
	}
	if o.StageEmails == on {
		return false, nil
	}
	o.StageEmails = on
	return true, nil
}

func stageIndex(stages []catalog.Stage, id string) int {
	for i, s := range stages {
		if s.ID == id {
			return i
		}
	}
	return -1
}

// StageReached is one stage of the list with when the build reached it
// (zero: not yet).
type StageReached struct {
	catalog.Stage
	At time.Time
}

// Progress is the list of stages with when each was reached. A stage the
// owner skipped counts as reached with the stage set after it; a stage
// after one set by a correction backward is not reached (any more). A
// stage the list no longer has is left out: the timeline keeps it.
func (o *Order) Progress(stages []catalog.Stage) []StageReached {
	out := make([]StageReached, len(stages))
	for i, s := range stages {
		out[i].Stage = s
	}
	for _, e := range o.Timeline {
		k := stageIndex(stages, e.Stage)
		if e.Note != NoteStage || k < 0 {
			continue
		}
		for i := range out {
			switch {
			case i <= k && out[i].At.IsZero():
				out[i].At = e.At
			case i > k:
				out[i].At = time.Time{}
			}
		}
	}
	return out
}

// ShipEstimate is how many working days of the build are left and the
// workshop's day on which the order should be ready to ship, counted from
// the stage in force (its Progress of the order's BuildDays done) or,
// before the first stage, from the payment. A day already past (the
// workshop is late) becomes the next working day from now: an estimate
// in the past tells the shopper nothing.
func (o *Order) ShipEstimate(stages []catalog.Stage, now time.Time) (daysLeft int, ready time.Time) {
	base, done := o.paidAt(), 0
	if k := stageIndex(stages, o.Stage()); k >= 0 {
		for i := len(o.Timeline) - 1; i >= 0; i-- {
			if o.Timeline[i].Note == NoteStage {
				base = o.Timeline[i].At
				break
			}
		}
		done = stages[k].Progress
	}
	daysLeft = (o.BuildDays*(100-done) + 99) / 100
	ready = day(AddWorkingDays(base, daysLeft))
	if today := day(now.In(i18n.Workshop)); ready.Before(today) {
		ready = today
		for weekend(ready) {
			ready = ready.AddDate(0, 0, 1)
		}
	}
	return daysLeft, ready
}

// paidAt is when the order was last paid (its placing if the timeline
// lacks it).
func (o *Order) paidAt() time.Time {
	for i := len(o.Timeline) - 1; i >= 0; i-- {
		if e := o.Timeline[i]; e.Note == "" && e.Status == Paid {
			return e.At
		}
	}
	return o.CreatedAt
}

// AddWorkingDays is n working days (Monday to Friday) after from, in the
// workshop's time zone (i18n.Workshop): an order paid at 00:30 on a Monday
// in Kraków is a Monday order, though it is still Sunday in UTC.
func AddWorkingDays(from time.Time, n int) time.Time {
	t := from.In(i18n.Workshop)
	for n > 0 {
		t = t.AddDate(0, 0, 1)
		if !weekend(t) {
			n--
		}
	}
	return t
}

func weekend(t time.Time) bool { return t.Weekday() == time.Saturday || t.Weekday() == time.Sunday }

// day is the start of t's calendar day in t's zone.
func day(t time.Time) time.Time {
	y, m, d := t.Date()
	return time.Date(y, m, d, 0, 0, 0, 0, t.Location())
}
