package store_test

import (
	"fmt"
	"path/filepath"
	"sync"
	"testing"

	"sabershop/internal/accounting"
	"sabershop/internal/store"
)

// Numbers stay gapless and unique when many payments are booked at once,
// count on after the daemon restarts, and start again at 1 each year and
// in each series.
func TestDocumentNumbersGapless(t *testing.T) {
	path := filepath.Join(t.TempDir(), "orderd.db")
	db, err := store.Open(path, store.Options{})
	must(t, err)
	const n = 60
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			d := &accounting.Document{Kind: accounting.KindInvoice, Series: accounting.SeriesInvoice, OrderID: uint64(i + 1)}
			if err := db.Update(func(tx *store.Tx) error { return tx.IssueDocument(d, 2026) }); err != nil {
				t.Error(err)
			}
		}()
	}
	// One payment whose transaction fails takes no number with it.
	failed := &accounting.Document{Kind: accounting.KindInvoice, Series: accounting.SeriesInvoice, OrderID: 999}
	if err := db.Update(func(tx *store.Tx) error {
		if err := tx.IssueDocument(failed, 2026); err != nil {
			return err
		}
		return fmt.Errorf("the payment could not be booked")
	}); err == nil {
		t.Fatal("the failing transaction committed")
	}
	wg.Wait()
	numbers := func(db *store.DB) []string {
		var docs []*accounting.Document
		must(t, db.View(func(tx *store.Tx) (err error) { docs, err = tx.Documents(accounting.SeriesInvoice, 2026); return err }))
		var out []string
		for _, d := range docs {
			out = append(out, d.Number)
		}
		return out
	}
	got := numbers(db)
	if len(got) != n {
		t.Fatalf("%d documents, want %d", len(got), n)
	}
	for i, num := range got {
		if want := fmt.Sprintf("FV/2026/%04d", i+1); num != want {
			t.Fatalf("document %d is %s, want %s: %v", i, num, want, got)
		}
	}
	closeChecked(t, db)

	db, err = store.Open(path, store.Options{})
	must(t, err)
	t.Cleanup(func() { closeChecked(t, db) })
	next := &accounting.Document{Kind: accounting.KindInvoice, Series: accounting.SeriesInvoice, OrderID: 5}
	newYear := &accounting.Document{Kind: accounting.KindInvoice, Series: accounting.SeriesInvoice, OrderID: 6}
	corr := &accounting.Document{Kind: accounting.KindCorrection, Series: accounting.SeriesCorrection, OrderID: 5}
	must(t, db.Update(func(tx *store.Tx) error {
		if err := tx.IssueDocument(next, 2026); err != nil {
			return err
		}
		if err := tx.IssueDocument(newYear, 2027); err != nil {
			return err
		}
		return tx.IssueDocument(corr, 2026)
	}))
	if next.Number != fmt.Sprintf("FV/2026/%04d", n+1) || newYear.Number != "FV/2027/0001" || corr.Number != "FK/2026/0001" {
		t.Errorf("after a restart: %s, %s, %s", next.Number, newYear.Number, corr.Number)
	}
	var of5 []*accounting.Document
	must(t, db.View(func(tx *store.Tx) (err error) { of5, err = tx.DocumentsOf(5); return err }))
	if len(of5) != 3 || of5[0].Number != "FK/2026/0001" || of5[1].OrderID != 5 || of5[1].Series != accounting.SeriesInvoice || of5[2].Number != next.Number {
		t.Errorf("order 5's documents: %d", len(of5))
	}
}
