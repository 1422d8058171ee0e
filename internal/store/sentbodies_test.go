package store_test

import (
	"errors"
	"path/filepath"
	"testing"

	"sabershop/internal/mail/outbox"
	"sabershop/internal/store"
)

// A delivered e-mail's body is kept as it went out (a job as the worker
// rendered it), survives a reopen of the file, and bulk mail is not kept.
func TestSentMessageKeepsWhatWentOut(t *testing.T) {
	path := filepath.Join(t.TempDir(), "orderd.db")
	db, err := store.Open(path, store.Options{})
	must(t, err)
	// A job: queued with no subject or body, rendered when sent.
	job := &outbox.Message{Kind: "order_placed", Locale: "de", To: "anna@example.com", Ref: "hash-a", Job: true}
	bulk := newMessage("token-1", "sale_start")
	bulk.ListUnsubscribe = "https://shop.example/unsubscribe?t=token-1"
	must(t, db.Update(func(tx *store.Tx) error { return tx.Enqueue(job, bulk) }))

	rendered := *job
	rendered.Job = false
	rendered.Subject, rendered.Text, rendered.HTML, rendered.ReplyTo = "Bestellung #7", "Danke, Anna.", "<p>Danke, <b>Anna</b>.</p>", "shop@example.com"
	sentBulk := *bulk
	must(t, db.DeliveredAll([]*outbox.Message{&rendered, &sentBulk}))
	if err := db.DeliveredAll([]*outbox.Message{&rendered}); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("delivered twice: err = %v, want ErrNotFound", err)
	}
	closeChecked(t, db)

	db, err = store.Open(path, store.Options{})
	must(t, err)
	t.Cleanup(func() { closeChecked(t, db) })

	recs, err := db.Sent("hash-a")
	must(t, err)
	if len(recs) != 1 || recs[0].Subject != "Bestellung #7" || recs[0].Locale != "de" || !recs[0].Kept {
		t.Fatalf("Sent(hash-a) = %+v, want the rendered subject, locale de, kept", recs)
	}
	rec, body, err := db.SentMessage("hash-a", recs[0].ID)
	must(t, err)
	if rec.ID != job.ID || body.Text != "Danke, Anna." || body.HTML != "<p>Danke, <b>Anna</b>.</p>" || body.ReplyTo != "shop@example.com" {
		t.Errorf("SentMessage = %+v %+v", rec, body)
	}
	if _, _, err := db.SentMessage("hash-b", recs[0].ID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("another order's e-mail: err = %v, want ErrNotFound", err)
	}
	if _, _, err := db.SentMessage("token-1", bulk.ID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("bulk e-mail's body: err = %v, want ErrNotFound (not kept)", err)
	}
	if c := counts(t, db); c[store.BucketSent] != 2 || c[store.BucketSentBodies] != 1 || c[store.BucketOutbox] != 0 {
		t.Errorf("counts %v", c)
	}
}

// OutboxOf finds one order's pending messages among many others, not a
// message whose ref only starts with it, nor one that mentions the ref in
// its text.
func TestOutboxOf(t *testing.T) {
	db := openTest(t, store.Options{})
	mine := newMessage("hash-a", "order_placed")
	longer := newMessage("hash-ab", "order_placed")
	quoting := newMessage("hash-b", "contact")
	quoting.Text = `"ref":"hash-a"`
	var bulk []*outbox.Message
	for range 50 {
		bulk = append(bulk, newMessage("token", "sale_start"))
	}
	must(t, db.Update(func(tx *store.Tx) error {
		return tx.Enqueue(append([]*outbox.Message{mine, longer, quoting}, bulk...)...)
	}))
	got, err := db.OutboxOf("hash-a")
	must(t, err)
	if len(got) != 1 || got[0].ID != mine.ID {
		t.Errorf("OutboxOf(hash-a) = %d messages (%+v), want only #%d", len(got), got, mine.ID)
	}
}
