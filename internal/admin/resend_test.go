package admin_test

import (
	"fmt"
	"strings"
	"testing"

	"sabershop/internal/admin"
	"sabershop/internal/mail"
	"sabershop/internal/owners"
	"sabershop/internal/store"
)

// orders resend queues a delivered e-mail again, word for word, and the
// audit log says the terminal did it; an unknown e-mail or one whose
// text was not kept changes nothing.
func TestOrdersResend(t *testing.T) {
	f := newFixture(t)
	o := f.place("pl", customer("Anna", "anna@example.com", "pl"), arc(1))
	m := f.outbox(mail.KindOrderPlaced)[0]
	if err := f.db.Delivered(m.ID); err != nil {
		t.Fatal(err)
	}
	show := f.ok("orders", "show", fmt.Sprint(o.ID))
	if !strings.Contains(show, fmt.Sprintf("(e-mail %d)", m.ID)) {
		t.Fatalf("orders show does not number the e-mail:\n%s", show)
	}
	out := f.ok("orders", "resend", fmt.Sprint(o.ID), fmt.Sprint(m.ID))
	if !strings.HasPrefix(out, "queued again: order_placed to") || !strings.Contains(out, "<anna@example.com>") {
		t.Errorf("resend said %q", out)
	}
	again := f.outbox(mail.KindOrderPlaced)
	if len(again) != 1 || again[0].ID == m.ID || again[0].Subject != m.Subject || again[0].Text != m.Text ||
		again[0].HTML != m.HTML || again[0].To != m.To || again[0].Ref != o.Hash {
		t.Fatalf("queued copy %+v, want %+v with a new ID", again, m)
	}
	var log []*owners.Entry
	if err := f.db.View(func(tx *store.Tx) (err error) { log, err = tx.AuditLog(0, 10); return err }); err != nil {
		t.Fatal(err)
	}
	if len(log) == 0 || log[0].What != "mail.resend" || log[0].Owner != admin.Terminal || log[0].Target != fmt.Sprintf("#%d", o.ID) ||
		log[0].Detail != "order_placed" {
		t.Errorf("audit %+v", log)
	}

	f.fails("has no e-mail 999", "orders", "resend", fmt.Sprint(o.ID), "999")
	f.usage("usage: orderd orders resend ID MAIL", "orders", "resend", fmt.Sprint(o.ID))
	f.usage("is not an e-mail number", "orders", "resend", fmt.Sprint(o.ID), "x")
	if n := len(f.outbox(mail.KindOrderPlaced)); n != 1 {
		t.Errorf("mistakes queued e-mails: %d in the outbox", n)
	}
}
