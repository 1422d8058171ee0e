package store_test

import (
	"errors"
	"path/filepath"
	"testing"
	"time"

	"sabershop/internal/accounting"
	"sabershop/internal/store"
)

// A document queued for KSeF in the transaction that issues it keeps its
// job across a reopening of the file (what a restarted sender finds),
// leaves the queue when accepted, and when refused is listed until it is
// queued again; its XML and UPO are kept apart from the queue.
func TestKSeFQueueCourse(t *testing.T) {
	path := filepath.Join(t.TempDir(), "orderd.db")
	db, err := store.Open(path, store.Options{})
	must(t, err)
	now := time.Date(2027, 1, 4, 10, 0, 0, 0, time.UTC)
	issue := func(order uint64) *accounting.Document {
		d := &accounting.Document{Kind: accounting.KindInvoice, Series: accounting.SeriesInvoice, OrderID: order, Currency: "PLN",
			KSeF: &accounting.KSeF{State: accounting.KSeFWaiting}}
		must(t, db.Update(func(tx *store.Tx) error {
			if err := tx.IssueDocument(d, 2027); err != nil {
				return err
			}
			return tx.QueueKSeF(d.Number, now)
		}))
		return d
	}
	a, b := issue(1), issue(2)

	// The sender writes the session before sending and the reference
	// after; a reopened file has both.
	must(t, db.Update(func(tx *store.Tx) error {
		return tx.PutKSeFJob(&store.KSeFJob{Document: a.Number, Queued: now, NextTry: now, Session: "S1", Invoice: "I1"})
	}))
	must(t, db.Close())
	db, err = store.Open(path, store.Options{})
	must(t, err)
	defer db.Close()
	due, err := db.KSeFDue(now)
	must(t, err)
	if len(due) != 2 || due[0].Document != a.Number || due[0].Session != "S1" || due[0].Invoice != "I1" || due[1].Document != b.Number {
		t.Fatalf("due after reopening: %+v", due)
	}
	if due, _ := db.KSeFDue(now.Add(-time.Second)); len(due) != 0 {
		t.Fatalf("due before their time: %+v", due)
	}

	must(t, db.Update(func(tx *store.Tx) error {
		if err := tx.PutKSeFFile(a.Number, store.KSeFFileXML, []byte("<Faktura/>")); err != nil {
			return err
		}
		a.KSeF = &accounting.KSeF{State: accounting.KSeFAccepted, Number: "6762451891-20270104-0123456789AB-CD"}
		if err := tx.SetDocumentKSeF(a); err != nil {
			return err
		}
		b.KSeF = &accounting.KSeF{State: accounting.KSeFRefused, Code: 450, Reason: "Błąd weryfikacji semantyki dokumentu faktury"}
		return tx.SetDocumentKSeF(b)
	}))
	waiting, _, refused, err := db.KSeFStats()
	must(t, err)
	if waiting != 0 || refused != 1 {
		t.Fatalf("after one accepted and one refused: %d waiting, %d refused", waiting, refused)
	}
	must(t, db.View(func(tx *store.Tx) error {
		kept, err := tx.DocumentByNumber(a.Number)
		if err != nil || kept.KSeF.Number != "6762451891-20270104-0123456789AB-CD" {
			t.Errorf("accepted document as kept: %+v %v", kept.KSeF, err)
		}
		if x, err := tx.KSeFFile(a.Number, store.KSeFFileXML); string(x) != "<Faktura/>" || err != nil {
			t.Errorf("the XML as sent: %q %v", x, err)
		}
		if _, err := tx.KSeFFile(a.Number, store.KSeFFileUPO); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("an UPO never stored: %v", err)
		}
		if err := tx.PutKSeFJob(&store.KSeFJob{Document: a.Number}); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("a job for a document no longer queued: %v", err)
		}
		r, err := tx.KSeFRefused()
		if err != nil || len(r) != 1 || r[0].Number != b.Number || r[0].KSeF.Reason == "" {
			t.Errorf("refused: %+v %v", r, err)
		}
		return nil
	}))

	// A retry queues the refused document again: it is no longer listed
	// as refused.
	must(t, db.Update(func(tx *store.Tx) error { return tx.QueueKSeF(b.Number, now.Add(time.Hour)) }))
	waiting, oldest, refused, err := db.KSeFStats()
	must(t, err)
	if waiting != 1 || refused != 0 || !oldest.Equal(now.Add(time.Hour)) {
		t.Fatalf("after the retry: %d waiting since %v, %d refused", waiting, oldest, refused)
	}
}
