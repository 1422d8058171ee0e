package api_test

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"sabershop/internal/mail"
	"sabershop/internal/order"
	"sabershop/internal/orders"
	"sabershop/internal/store"
)

const day = 24 * time.Hour

// sweep runs the unpaid-order sweep at testNow+after and wants it to
// have done want.
func (e *env) sweep(after time.Duration, want orders.Swept) {
	e.t.Helper()
	e.clock.Set(testNow.Add(after))
	got, err := e.orders.SweepUnpaid(context.Background())
	if err != nil || got != want {
		e.t.Fatalf("sweep at +%v: %+v, %v; want %+v", after, got, err, want)
	}
}

// An unpaid order gets one reminder after 3 days, in its language, with
// the pay link and the day it will be cancelled; after 14 days it is
// cancelled with the reason in its language, the shopper and the owner
// are told, and both steps are in the timeline. A paid order is left
// alone throughout.
func TestUnpaidReminderThenExpiry(t *testing.T) {
	e := newEnv(t)
	p := e.placeIn("de")
	paid := e.placeIn("pl")
	e.setPaid(paid.Hash)
	e.drain() // the order e-mails

	e.sweep(3*day-time.Minute, orders.Swept{})
	e.sweep(3*day, orders.Swept{Reminded: 1})
	e.sweep(3*day+time.Hour, orders.Swept{}) // once only

	o := e.storedOrder(p.Hash)
	if o.Status != order.Placed || !o.Reminded() {
		t.Fatalf("after the reminder: %s, timeline %+v", o.Status, o.Timeline)
	}
	got := e.drain()
	if len(got) != 1 || got[0].RcptTo[0] != "anna@example.com" {
		t.Fatalf("reminder e-mails %+v", got)
	}
	r := got[0]
	if r.Subject != "Bestellung #"+itoa(o.ID)+" wartet auf deine Zahlung" {
		t.Errorf("reminder subject %q", r.Subject)
	}
	// Placed 1 March 2026 12:00 UTC + 14 days.
	contains(t, "reminder", r.Text, baseURL+"/de/status/"+p.Hash, "15. März 2026")

	e.sweep(14*day-time.Minute, orders.Swept{})
	e.sweep(14*day, orders.Swept{Expired: 1})
	e.sweep(15*day, orders.Swept{})

	o = e.storedOrder(p.Hash)
	last := o.Timeline[len(o.Timeline)-1]
	if o.Status != order.Cancelled || last.Status != order.Cancelled || last.Cause != "expired: unpaid for 14 days" {
		t.Fatalf("after expiry: %s, timeline %+v", o.Status, o.Timeline)
	}
	const reason = "Die Zahlung ist nicht innerhalb von 14 Tagen nach der Bestellung eingegangen."
	if o.CancelReason != reason {
		t.Errorf("cancel reason %q", o.CancelReason)
	}
	got = e.drain()
	if len(got) != 2 {
		t.Fatalf("%d e-mails on expiry", len(got))
	}
	shopper, owner := got[0], got[1]
	if shopper.RcptTo[0] != "anna@example.com" || !strings.Contains(shopper.Subject, "storniert") {
		t.Errorf("shopper's e-mail to %v: %q", shopper.RcptTo, shopper.Subject)
	}
	contains(t, "cancellation", shopper.Text, reason)
	if owner.RcptTo[0] != ownerEmail || owner.Subject != "Anulowane, nieopłacone: zamówienie #"+itoa(o.ID) {
		t.Errorf("owner's e-mail to %v: %q", owner.RcptTo, owner.Subject)
	}
	contains(t, "owner's e-mail", owner.Text, reason, "Anna")

	// The status page says why.
	var v struct {
		Status       order.Status `json:"status"`
		CancelReason string       `json:"cancel_reason"`
		Timeline     []order.Event
	}
	g := e.get("/v1/orders/" + p.Hash)
	wantStatus(t, g, http.StatusOK)
	g.Decode(t, &v)
	if v.Status != order.Cancelled || v.CancelReason != reason || len(v.Timeline) != 3 || v.Timeline[1].Note != order.NoteReminder {
		t.Errorf("status page data %+v", v)
	}
	if s := e.storedOrder(paid.Hash).Status; s != order.Paid {
		t.Errorf("the paid order is %s", s)
	}
	contains(t, "log", e.logs.String(), "payment reminder sent", "order cancelled: unpaid")
}

// The rule can be switched off step by step, and a sweep without a rule
// does nothing.
func TestUnpaidOff(t *testing.T) {
	e := newEnv(t, func(c *config) { c.Unpaid = order.Unpaid{CancelAfter: 10 * day} })
	p := e.placeIn("en")
	e.sweep(5*day, orders.Swept{})
	e.sweep(10*day, orders.Swept{Expired: 1})
	if o := e.storedOrder(p.Hash); o.Reminded() || o.Status != order.Cancelled {
		t.Errorf("%s, timeline %+v", o.Status, o.Timeline)
	}

	e = newEnv(t, func(c *config) { c.Unpaid = order.Unpaid{} })
	p = e.placeIn("en")
	e.sweep(100*day, orders.Swept{})
	if o := e.storedOrder(p.Hash); o.Status != order.Placed {
		t.Errorf("with no rule: %s", o.Status)
	}
}

// A payment that comes after the order was cancelled for being unpaid
// leaves it cancelled and tells the owner, once, to refund it.
func TestPaidAfterExpiry(t *testing.T) {
	e, fake := newTpayEnv(t)
	p := e.placeIn("pl")
	started := 13*day + 12*time.Hour
	e.clock.Set(testNow.Add(started))
	e.payOK(p.Hash, map[string]string{"method": "bank"})
	e.sweep(14*day, orders.Swept{}) // a payment started within the day may still come
	e.sweep(started+order.AbandonAfter+time.Minute, orders.Swept{Expired: 1})
	for range 2 {
		if r := e.tpayNotify(fake, p.Hash, "TRUE"); r.Status != http.StatusOK {
			t.Fatalf("webhook: %d %s", r.Status, r.Body)
		}
	}
	o := e.wantOrderStatus(p.Hash, order.Cancelled)
	if a := o.Attempts[len(o.Attempts)-1]; a.State != order.AttemptPaid {
		t.Errorf("attempt %+v", a)
	}
	e.wantNoPaymentMail(p.Hash)
	e.wantMails(p.Hash, mail.KindOwnerPaymentReceived, 1)
	var warned bool
	for _, m := range e.drain() {
		warned = warned || (m.RcptTo[0] == ownerEmail && strings.Contains(m.Text, "zwróć płatność klientowi"))
	}
	if !warned {
		t.Error("the owner was not told to refund the payment")
	}
}

// setPaid marks an order paid in the store, as a provider's confirmation
// would.
func (e *env) setPaid(hash string) {
	e.t.Helper()
	o := e.storedOrder(hash)
	if _, err := o.Transition(order.Paid, e.clock.Now(), "test: paid"); err != nil {
		e.t.Fatal(err)
	}
	e.putOrder(o)
}

func (e *env) putOrder(o *order.Order) {
	e.t.Helper()
	if err := e.db.Update(func(tx *store.Tx) error { return tx.PutOrder(o) }); err != nil {
		e.t.Fatal(err)
	}
}

func itoa(n uint64) string { return strconv.FormatUint(n, 10) }
