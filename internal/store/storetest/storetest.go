// Package storetest opens a real data file for a test: a bbolt file in
// the test's temporary folder, checked for consistency and closed when
// the test ends.
package storetest

import (
	"path/filepath"
	"testing"

	"sabershop/internal/mail/outbox"
	"sabershop/internal/order"
	"sabershop/internal/store"
)

// Open is a fresh data file with opts, checked (store.DB.Check) and
// closed at the test's end.
func Open(t testing.TB, opts store.Options) *store.DB {
	t.Helper()
	db, err := store.Open(filepath.Join(t.TempDir(), "orderd.db"), opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := db.Check(); err != nil {
			t.Errorf("store check: %v", err)
		}
		db.Close()
	})
	return db
}

// Order is the stored order hash; the test fails when there is none.
func Order(t testing.TB, db *store.DB, hash string) *order.Order {
	t.Helper()
	var o *order.Order
	if err := db.View(func(tx *store.Tx) (err error) {
		o, err = tx.Order(hash)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	return o
}

// Queued is the outbox's messages that keep says to keep, oldest first.
func Queued(t testing.TB, db *store.DB, keep func(*outbox.Message) bool) []*outbox.Message {
	t.Helper()
	all, err := db.Outbox()
	if err != nil {
		t.Fatal(err)
	}
	var out []*outbox.Message
	for _, m := range all {
		if keep(m) {
			out = append(out, m)
		}
	}
	return out
}
