package mail_test

import (
	"context"
	"log/slog"
	"path/filepath"
	"testing"

	"sabershop/internal/mail"

	"sabershop/internal/mail/outbox"
	"sabershop/internal/store"
)

// A job (queued without its body, rendered by Prepare when sent) is
// recorded as it went out: the subject and the body the owner opens and
// resends from the desk, not the empty job the outbox held.
func TestWorkerRecordsTheRenderedJob(t *testing.T) {
	db, err := store.Open(filepath.Join(t.TempDir(), "orderd.db"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	job := &outbox.Message{Kind: "order_placed", Locale: "pl", To: "anna@example.com", Ref: "hash-a", Job: true}
	if err := db.Update(func(tx *store.Tx) error { return tx.Enqueue(job) }); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	w := &mail.Worker{Outbox: db, Sender: mail.FileSender{Dir: dir}, Log: slog.New(slog.DiscardHandler),
		Prepare: func(_ context.Context, m *outbox.Message) error {
			m.Subject, m.Text, m.HTML, m.Job = "Zamówienie #1", "Dziękujemy.", "<p>Dziękujemy.</p>", false
			return nil
		}}
	if sent, failed, err := w.DrainOnce(context.Background()); sent != 1 || failed != 0 || err != nil {
		t.Fatalf("DrainOnce: sent %d failed %d err %v", sent, failed, err)
	}
	recs, err := db.Sent("hash-a")
	if err != nil || len(recs) != 1 || recs[0].Subject != "Zamówienie #1" {
		t.Fatalf("Sent = %+v, %v; want the rendered subject", recs, err)
	}
	_, body, err := db.SentMessage("hash-a", recs[0].ID)
	if err != nil || body.Text != "Dziękujemy." || body.HTML != "<p>Dziękujemy.</p>" {
		t.Errorf("SentMessage = %+v, %v", body, err)
	}
}
