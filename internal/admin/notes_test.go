package admin_test

import (
	"strings"
	"testing"

	"sabershop/internal/order"
	"sabershop/internal/owners"
	"sabershop/internal/store"
)

// orders note: the words after the order are the note, cleaned of hidden
// characters, kept with the time and "terminal", written in the audit log
// and printed by orders show (inert); empty, too long and unknown orders
// are refused without a note.
func TestOrdersNote(t *testing.T) {
	f := newFixture(t)
	o := f.place("pl", customer("Anna", "anna@example.com", "pl"), arc(1))

	out := f.ok("orders", "note", "#1", "customer called,", "wants it\u202e before the 12th")
	if !strings.Contains(out, "note added to order #1 (2026-") {
		t.Errorf("output %q", out)
	}
	f.ok("orders", "note", o.Hash, "second line one\nline two")

	notes := f.notes(o)
	var log []*owners.Entry
	if err := f.db.View(func(tx *store.Tx) (err error) { log, err = tx.AuditLog(0, 10); return err }); err != nil {
		t.Fatal(err)
	}
	if len(notes) != 2 || notes[0].Text != "customer called, wants it before the 12th" || notes[0].Owner != "terminal" ||
		!notes[0].At.Equal(testNow) || notes[1].Text != "second line one\nline two" {
		t.Errorf("notes %+v", notes)
	}
	if len(log) != 2 || log[1].What != "order.note" || log[1].Target != "#1" || log[1].Owner != "terminal" ||
		log[1].Detail != "customer called, wants it before the 12th" {
		t.Errorf("audit %+v", log)
	}

	show := f.ok("orders", "show", "1")
	if !strings.Contains(show, "Notes (private: the customer never sees them)\n  ") ||
		!strings.Contains(show, "terminal\n    customer called, wants it before the 12th\n") ||
		!strings.Contains(show, "    second line one\n    line two\n") {
		t.Errorf("orders show:\n%s", show)
	}

	f.usage("give one order ID or hash and the note", "orders", "note", "1")
	f.usage("the note is empty", "orders", "note", "1", " \u200b\u202e ")
	f.usage("longer than 2000 characters", "orders", "note", "1", strings.Repeat("ą", 2001))
	f.fails("no order with ID 99", "orders", "note", "99", "hello")
	if n := len(f.notes(o)); n != 2 {
		t.Errorf("refused notes were kept: %d notes", n)
	}
	// Exactly the limit passes.
	f.ok("orders", "note", "1", strings.Repeat("ą", 2000))
}

func (f *fixture) notes(o *order.Order) []*store.Note {
	f.t.Helper()
	var notes []*store.Note
	if err := f.db.View(func(tx *store.Tx) (err error) { notes, err = tx.Notes(o.ID); return err }); err != nil {
		f.t.Fatal(err)
	}
	return notes
}
