package store_test

import (
	"errors"
	"path/filepath"
	"testing"
	"time"

	"sabershop/internal/store"
)

// An order's notes come back oldest first, only its own (order 1's
// prefix is not order 256's), after the file is closed and opened again.
func TestOrderNotes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "orderd.db")
	db, err := store.Open(path, store.Options{})
	must(t, err)
	at := time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC)
	for i, n := range []store.Note{
		{Order: 1, Owner: "marek", Text: "called, wants it before the 12th"},
		{Order: 256, Owner: "ola", Text: "other order"},
		{Order: 1, Owner: "ola", Text: "second\nline"},
	} {
		n.At = at.Add(time.Duration(i) * time.Minute)
		must(t, db.Update(func(tx *store.Tx) error { return tx.AddNote(&n) }))
	}
	err = db.Update(func(tx *store.Tx) error { return tx.AddNote(&store.Note{Text: "no order"}) })
	if !errors.Is(err, store.ErrInvalid) {
		t.Errorf("a note without an order: %v, want ErrInvalid", err)
	}
	closeChecked(t, db)

	db, err = store.Open(path, store.Options{})
	must(t, err)
	t.Cleanup(func() { closeChecked(t, db) })
	notes := func(id uint64) []*store.Note {
		t.Helper()
		var out []*store.Note
		must(t, db.View(func(tx *store.Tx) (err error) { out, err = tx.Notes(id); return err }))
		return out
	}
	one := notes(1)
	if len(one) != 2 || one[0].Text != "called, wants it before the 12th" || one[0].Owner != "marek" || !one[0].At.Equal(at) ||
		one[1].Text != "second\nline" || one[1].ID <= one[0].ID || one[1].Order != 1 {
		t.Errorf("order 1's notes: %+v", one)
	}
	if other := notes(256); len(other) != 1 || other[0].Text != "other order" {
		t.Errorf("order 256's notes: %+v", other)
	}
	if none := notes(2); none == nil || len(none) != 0 {
		t.Errorf("order 2's notes: %#v, want an empty list", none)
	}
}
