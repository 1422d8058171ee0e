package admin_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"sabershop/internal/backoffice"
	"sabershop/internal/mail/outbox"
	"sabershop/internal/order"
	"sabershop/internal/owners"
	"sabershop/internal/store"
)

// privacyFixture is a data file where anna@example.com has an order from
// 2019 (past the tax period on testNow), one from today with a note and
// a delivered e-mail, a notify-me sign-up and a contact message; Bob has
// an order and a message of his own.
func privacyFixture(t *testing.T) (f *fixture, old, young *order.Order) {
	f = newFixture(t)
	old = f.place("pl", customer("Anna", "anna@example.com", "pl"), arc(1))
	young = f.place("pl", customer("Anna", "Anna@Example.com", "pl"), arc(2))
	f.place("de", customer("Bob", "bob@example.com", "de"), arc(1))
	f.ok("orders", "note", "#2", "Anna called")
	f.subscribe("anna@example.com", "pl", true, false)
	err := f.db.UpdateNow(func(tx *store.Tx) error {
		o, err := tx.Order(old.Hash)
		if err != nil {
			return err
		}
		o.CreatedAt = time.Date(2019, 5, 1, 10, 0, 0, 0, time.UTC)
		if err := tx.PutOrder(o); err != nil {
			return err
		}
		for _, c := range []*store.Contact{
			{Name: "Anna", Email: "ANNA@example.com", Message: "Is the Arc in stock?", Created: testNow},
			{Name: "Bob", Email: "bob@example.com", Message: "Hello", Created: testNow},
		} {
			if err := tx.PutContact(c); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	pending, err := f.db.Outbox()
	if err != nil {
		t.Fatal(err)
	}
	var rendered []*outbox.Message
	for _, m := range pending {
		r := *m
		r.Subject, r.Text, r.Job = "rendered", "Dear Anna", false
		rendered = append(rendered, &r)
	}
	if err := f.db.DeliveredAll(rendered); err != nil {
		t.Fatal(err)
	}
	return f, f.order(old.Hash), f.order(young.Hash)
}

// privacy export: every order of the address (any case) with its notes,
// e-mails and anonymisation day, the sign-up without its token, the
// messages; nothing of Bob's; an audit line without the address.
func TestPrivacyExport(t *testing.T) {
	f, old, young := privacyFixture(t)
	out := f.ok("privacy", "export", "anna@example.com")
	var d backoffice.PrivacyData
	if err := json.Unmarshal([]byte(out), &d); err != nil {
		t.Fatalf("export is not JSON: %v\n%s", err, out)
	}
	if len(d.Orders) != 2 || d.Orders[0].Order.Hash != old.Hash || d.Orders[1].Order.Hash != young.Hash {
		t.Fatalf("orders %+v", d.Orders)
	}
	yo := d.Orders[1]
	if len(yo.Notes) != 1 || yo.Notes[0].Text != "Anna called" || len(yo.Mails) != 1 || !strings.Contains(yo.Mails[0].To, "Anna@example.com") ||
		len(yo.Order.Timeline) == 0 || yo.AnonymisedOn != "2033-01-01" {
		t.Errorf("today's order: %+v", yo)
	}
	if d.Orders[0].AnonymisedOn != "2026-01-01" {
		t.Errorf("2019 order anonymised on %v, want 2026-01-01", d.Orders[0].AnonymisedOn)
	}
	if d.Subscription == nil || !d.Subscription.Confirmed || len(d.Messages) != 1 || d.Messages[0].Message != "Is the Arc in stock?" {
		t.Errorf("subscription %+v, messages %+v", d.Subscription, d.Messages)
	}
	if strings.Contains(out, "bob@") || strings.Contains(out, `"token"`) {
		t.Errorf("export leaks Bob's data or the subscription's token:\n%s", out)
	}
	f.usage("privacy export|erase EMAIL", "privacy", "export")
	f.fails("not an e-mail address", "privacy", "export", "anna")
	last := lastAudit(t, f)
	if last.What != "privacy.export" || strings.Contains(last.Detail+last.Target, "anna") {
		t.Errorf("audit %+v", last)
	}
}

// privacy erase: the sign-up and messages go at once, the orders stay
// (listed with the day each will be anonymised); Bob's data is untouched.
// Then the retention sweep anonymises the 2019 order, only it, once.
func TestPrivacyEraseAndSweep(t *testing.T) {
	f, old, young := privacyFixture(t)
	out := f.ok("privacy", "erase", " anna@example.com ")
	for _, want := range []string{"notify-me sign-up removed; 1 contact messages removed", "order #1 of 2019-05-01 kept for the tax period: anonymised on 2026-01-01",
		"order #2 of 2026-11-22 kept for the tax period: anonymised on 2033-01-01"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	last := lastAudit(t, f)
	if last.What != "privacy.erase" || strings.Contains(last.Detail+last.Target, "anna") {
		t.Errorf("audit %+v", last)
	}
	err := f.db.View(func(tx *store.Tx) error {
		if _, err := tx.Subscriber("anna@example.com"); err == nil {
			t.Error("the sign-up is still there")
		}
		list, _ := tx.Contacts()
		if len(list) != 1 || list[0].Name != "Bob" {
			t.Errorf("contacts %+v, want Bob's only", list)
		}
		orders, err := tx.OrdersByEmail("anna@example.com")
		if len(orders) != 2 {
			t.Errorf("orders %d, want both kept", len(orders))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}

	swept, err := f.env.SweepRetention()
	if err != nil || swept != (backoffice.Swept{Orders: 1}) {
		t.Fatalf("sweep = %+v, %v; want the 2019 order", swept, err)
	}
	if o := f.order(old.Hash); o.Customer.Email != "" || o.Customer.FirstName != order.Anonymised || o.Totals.Total != old.Totals.Total {
		t.Errorf("2019 order after the sweep: %+v", o)
	}
	if o := f.order(young.Hash); o.Customer.Email != "Anna@example.com" {
		t.Errorf("today's order changed: %+v", o.Customer)
	}
	if out := f.ok("orders", "search", "anna"); strings.Contains(out, "#1 ") || strings.Contains(out, old.Hash) {
		t.Errorf("search still finds the anonymised order:\n%s", out)
	}
	if last := lastAudit(t, f); last.What != "privacy.sweep" || last.Owner != backoffice.SweepOwner {
		t.Errorf("audit %+v", last)
	}
	if again, err := f.env.SweepRetention(); err != nil || again != (backoffice.Swept{}) {
		t.Errorf("second sweep = %+v, %v; want nothing", again, err)
	}
}

func lastAudit(t *testing.T, f *fixture) *owners.Entry {
	t.Helper()
	var log []*owners.Entry
	if err := f.db.View(func(tx *store.Tx) (err error) { log, err = tx.AuditLog(0, 1); return err }); err != nil {
		t.Fatal(err)
	}
	if len(log) == 0 {
		t.Fatal("no audit line")
	}
	return log[0]
}
