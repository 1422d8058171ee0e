// Package storetest opens a real data file for a test: a bbolt file in
// the test's temporary folder, checked for consistency and closed when
// the test ends.
package storetest

import (
	"path/filepath"
	"testing"

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
