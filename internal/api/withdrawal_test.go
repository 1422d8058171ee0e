package api_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"sabershop/internal/catalog"
	"sabershop/internal/catalog/catalogtest"
	"sabershop/internal/order"
	"sabershop/internal/order/ordertest"
)

// withdrawalAnswer is what the status page reads of the withdrawal.
type withdrawalAnswer struct {
	Offered  bool      `json:"offered"`
	Reason   string    `json:"reason"`
	Deadline time.Time `json:"deadline"`
	Excluded bool      `json:"excluded"`
	Received *struct {
		At    time.Time `json:"at"`
		Name  string    `json:"name"`
		Email string    `json:"email"`
	} `json:"received"`
}

type withWithdrawal struct {
	Status       order.Status     `json:"status"`
	TermsVersion string           `json:"terms_version"`
	Timeline     []order.Event    `json:"timeline"`
	Withdrawal   withdrawalAnswer `json:"withdrawal"`
}

func (e *env) withdrawalOf(hash string) withWithdrawal {
	e.t.Helper()
	r := e.get("/v1/orders/" + hash)
	wantStatus(e.t, r, http.StatusOK)
	var v withWithdrawal
	r.Decode(e.t, &v)
	return v
}

// placeStock places the sample order (an arc, returnable) and drains its
// e-mails.
func (e *env) placeStock() placed {
	e.t.Helper()
	p := e.place(e.priced(ordertest.Request("pl")))
	e.drain()
	return p
}

// POST /v1/orders/{hash}/withdrawal on a paid order of a ready hilt: the
// order records the terms version it was placed under; the withdrawal is
// a timeline note (the status stays), acknowledged to the address the
// shopper gave with the date and time of receipt, told to the owner; a
// second one answers the first and sends nothing.
func TestWithdrawalOfAPaidOrder(t *testing.T) {
	// site.Catalog leaves the terms to the build (site.assembler.terms).
	cat := catalogtest.Shop(t)
	cat.Terms = catalog.Terms{Version: "0a1b2c3d4e5f", Text: map[string]string{"pl": "# Regulamin\n\nTreść.\n"}}
	e := newEnv(t, withCatalog(cat), func(c *config) { c.WithdrawalGrace = 7 })
	p := e.placeStock()
	v := e.withdrawalOf(p.Hash)
	if v.TermsVersion != "0a1b2c3d4e5f" {
		t.Errorf("terms version %q, want the catalogue's %q", v.TermsVersion, e.cat.Terms.Version)
	}
	if !v.Withdrawal.Offered || v.Withdrawal.Reason != "" || !v.Withdrawal.Deadline.IsZero() || v.Withdrawal.Excluded {
		t.Fatalf("placed: withdrawal %+v", v.Withdrawal)
	}
	e.change(p.Hash, func(o *order.Order) error { _, err := o.Transition(order.Paid, testNow, "test"); return err })

	url := "/v1/orders/" + p.Hash + "/withdrawal"
	r := e.post(url, map[string]any{"name": " ", "email": "nope", "locale": "en"})
	wantStatus(t, r, http.StatusUnprocessableEntity)
	if b := r.Err(t); b.Errors["name"] == "" || b.Errors["email"] == "" {
		t.Errorf("empty form: %+v", b)
	}

	at := testNow.Add(time.Hour)
	e.clock.Set(at)
	r = e.post(url, map[string]any{"name": "Anna Nowak", "email": "anna.returns@example.com", "locale": "en"})
	wantStatus(t, r, http.StatusOK)
	var a struct {
		Message string         `json:"message"`
		Order   withWithdrawal `json:"order"`
	}
	r.Decode(t, &a)
	w := a.Order.Withdrawal
	if a.Message == "" || w.Offered || w.Received == nil || !w.Received.At.Equal(at) || w.Received.Email != "anna.returns@example.com" {
		t.Fatalf("answer %q %+v", a.Message, w)
	}
	last := a.Order.Timeline[len(a.Order.Timeline)-1]
	if a.Order.Status != order.Paid || last.Note != order.NoteWithdrawal || !last.At.Equal(at) {
		t.Errorf("status %s, last timeline entry %+v", a.Order.Status, last)
	}
	mails := e.drain()
	if len(mails) != 2 {
		t.Fatalf("%d e-mails, want the acknowledgement and the owner's", len(mails))
	}
	byTo := map[string]received{}
	for _, m := range mails {
		byTo[m.RcptTo[0]] = m
	}
	ack, owner := byTo["anna.returns@example.com"], byTo[ownerEmail]
	// 14:00 in Kraków (CET) on 1 March 2026, in the order's language.
	contains(t, "acknowledgement", ack.Text, "1 marca 2026", "14:00 CET", "Anna Nowak", "1 × ")
	contains(t, "owner's e-mail", owner.Text, "anna.returns@example.com", "Anna Nowak")

	// Twice: the first withdrawal stands, no e-mail again.
	e.clock.Set(at.Add(time.Hour))
	r = e.post(url, map[string]any{"name": "Someone Else", "email": "other@example.com", "locale": "en"})
	wantStatus(t, r, http.StatusOK)
	r.Decode(t, &a)
	if a.Order.Withdrawal.Received == nil || a.Order.Withdrawal.Received.Name != "Anna Nowak" || !a.Order.Withdrawal.Received.At.Equal(at) {
		t.Errorf("second withdrawal: %+v", a.Order.Withdrawal.Received)
	}
	if got := e.drain(); len(got) != 0 {
		t.Errorf("second withdrawal sent %d e-mails", len(got))
	}
	wantStatus(t, e.post("/v1/orders/AAAAAAAAAAAAAAAAAAAAAAAA/withdrawal", map[string]any{"name": "A", "email": "a@example.com"}), http.StatusNotFound)
}

// A creator design is never offered the withdrawal, and the page is told
// why; a mixed order is, with the design excluded.
func TestWithdrawalRefusedForADesign(t *testing.T) {
	e := newEnv(t)
	req := ordertest.Request("en")
	design := order.DefaultCreator(e.cat)
	req.Items = []order.ItemRequest{{Creator: &design, Quantity: 1}}
	p := e.place(e.priced(req))
	v := e.withdrawalOf(p.Hash)
	if v.Withdrawal.Offered || v.Withdrawal.Reason != order.WithdrawalCustom {
		t.Fatalf("design: %+v", v.Withdrawal)
	}
	r := e.post("/v1/orders/"+p.Hash+"/withdrawal", map[string]any{"name": "Anna", "email": "anna@example.com", "locale": "en"})
	wantStatus(t, r, http.StatusConflict)
	if b := r.Err(t); b.Code != "withdrawal_custom_design" || !strings.Contains(b.Message, "design") {
		t.Errorf("design: %+v", b)
	}
	if e.storedOrder(p.Hash).Withdrawal != nil {
		t.Error("a design's withdrawal was recorded")
	}
	mixed := e.place(e.priced(e.orderRequest()))
	if w := e.withdrawalOf(mixed.Hash).Withdrawal; !w.Offered || !w.Excluded {
		t.Errorf("an arc and a design: %+v", w)
	}
}

// After sending, the period ends 14 days plus the country's longest
// delivery time plus the owner's grace after the day of sending.
func TestWithdrawalPeriodOver(t *testing.T) {
	e := newEnv(t, func(c *config) { c.WithdrawalGrace = 3 })
	p := e.placeStock()
	sent := testNow.Add(24 * time.Hour)
	e.change(p.Hash, func(o *order.Order) error {
		if _, err := o.Transition(order.Paid, testNow, "test"); err != nil {
			return err
		}
		_, err := o.MarkSent(sent, "", "")
		return err
	})
	v := e.withdrawalOf(p.Hash)
	o := e.storedOrder(p.Hash)
	days := order.WithdrawalDays + o.DeliveryDays[1] + 3
	if !v.Withdrawal.Offered || v.Withdrawal.Deadline.Before(sent.AddDate(0, 0, days)) || v.Withdrawal.Deadline.After(sent.AddDate(0, 0, days+1)) {
		t.Fatalf("sent: %+v (want a deadline %d days after sending)", v.Withdrawal, days)
	}
	e.clock.Set(v.Withdrawal.Deadline.Add(time.Second))
	if w := e.withdrawalOf(p.Hash).Withdrawal; w.Offered || w.Reason != order.WithdrawalPeriodOver {
		t.Errorf("after the deadline: %+v", w)
	}
	r := e.post("/v1/orders/"+p.Hash+"/withdrawal", map[string]any{"name": "Anna", "email": "anna@example.com", "locale": "pl"})
	wantStatus(t, r, http.StatusConflict)
	if b := r.Err(t); b.Code != "withdrawal_period_over" {
		t.Errorf("period over: %+v", b)
	}
}
