package desk_test

import (
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"sabershop/internal/backoffice"
	"sabershop/internal/catalog"
	"sabershop/internal/desk"
	"sabershop/internal/order"
	"sabershop/internal/orders"
	"sabershop/internal/payment"
	"sabershop/internal/store"
)

// stagesCatalog has two production stages and one creator slot.
func stagesCatalog() *catalog.Catalog {
	c := &catalog.Catalog{OrdersOpen: true}
	c.Shop.BaseURL = "https://shop.example"
	c.Production.Stages = []catalog.Stage{
		{ID: "parts-ordered", Names: map[string]string{"en": "Parts ordered", "pl": "Części zamówione"}, Progress: 10},
		{ID: "ready", Names: map[string]string{"en": "Ready", "pl": "Gotowe"}, Progress: 100},
	}
	c.Creator.Slots = []catalog.Slot{{ID: "emitter", Names: map[string]string{"pl": "Emiter"},
		Options: []catalog.Part{{ID: "talon", Names: map[string]string{"pl": "Szpon"}, Image: "/images/creator/emitter-talon.svg"}}}}
	// For the printed sheet and slip (order_print_test.go).
	c.Shop.Name = "Saber Forge"
	c.Shop.Company = catalog.Company{Name: "Saber Forge Marek", Street: "ul. Rzemieślnicza 14/3", Zip: "30-363", City: "Kraków", Country: "Poland"}
	c.Creator.Generators = []catalog.Part{{ID: "crystal", Names: map[string]string{"pl": "Kryształ"}}}
	c.Creator.Options = map[string][]catalog.Option{
		"buttons": {{ID: "single", Names: map[string]string{"pl": "Jeden przycisk"}}},
		"colors":  {{ID: "red", Names: map[string]string{"pl": "Czerwony"}, Hex: "#ff0000"}},
		"effects": {{ID: "stable", Names: map[string]string{"pl": "Stabilne"}}},
		"sounds":  {{ID: "hum", Names: map[string]string{"pl": "Szum"}}},
	}
	return c
}

// withOrders is a desk over a catalogue with stages and three orders:
// #1 placed, #2 paid (a creator design, a name with a bidi override),
// #3 paid, in EUR.
func withOrders(t *testing.T) (*env, string, string) {
	return withOrdersPaidBy(t, nil)
}

// withOrdersPaidBy is withOrders with payments as the desk's providers
// (refunds go through them).
func withOrdersPaidBy(t *testing.T, payments *payment.Registry) (*env, string, string) {
	t.Helper()
	e := newEnv(t)
	cat := stagesCatalog()
	ords, err := orders.New(orders.Config{Store: e.db, Catalog: func() *catalog.Catalog { return cat }, Now: e.clock.Now, Payments: payments})
	if err != nil {
		t.Fatal(err)
	}
	d, err := desk.New(desk.Config{Store: e.db, Now: e.clock.Now, Catalog: func() *catalog.Catalog { return cat },
		Office: backoffice.Office{DB: e.db, Catalog: func() *catalog.Catalog { return cat }, Now: e.clock.Now, Orders: ords}})
	if err != nil {
		t.Fatal(err)
	}
	e.srv = httptest.NewServer(d.Handler())
	t.Cleanup(e.srv.Close)
	for i, c := range []struct {
		status   order.Status
		name     string
		currency string
	}{{order.Placed, "Anna", "PLN"}, {order.Paid, "Łukasz\u202Eevil", "PLN"}, {order.Paid, "Jürgen", "EUR"}} {
		at := start.Add(time.Duration(i) * time.Hour)
		o := &order.Order{ID: uint64(i + 1), Hash: fmt.Sprintf("hash-%d-0123456789abcdef", i+1), Locale: "pl", Currency: c.currency,
			Customer: order.Customer{FirstName: c.name, LastName: "Nowak", Email: fmt.Sprintf("o%d@example.com", i+1), Country: "pl"},
			Lines:    []order.Line{{Product: "arc", Name: "Arc", Quantity: 1, UnitPrice: 100000, Total: 100000}},
			Totals:   order.Totals{Subtotal: 100000, Total: 100000}, Status: order.Placed, CreatedAt: at, BuildDays: 10,
			Timeline: []order.Event{{Status: order.Placed, At: at}}}
		if i == 1 {
			o.Lines = append(o.Lines, order.Line{Product: order.CreatorSlug, Name: "Custom saber", Quantity: 1,
				Creator: &order.CreatorConfig{Parts: map[string]string{"emitter": "talon"}, Presets: []order.Preset{{Color: "#ff0000"}}}})
		}
		if c.status == order.Paid {
			if _, err := o.Transition(order.Paid, at.Add(time.Minute), "test"); err != nil {
				t.Fatal(err)
			}
		}
		if err := e.db.Update(func(tx *store.Tx) error { return tx.InsertOrder(o) }); err != nil {
			t.Fatal(err)
		}
	}
	cookie, csrf := e.signedIn("marek")
	return e, cookie, csrf
}

// The list: newest first, the CLI's filters, search by name without
// accents, names inert; nothing without a session.
func TestOrdersList(t *testing.T) {
	e, cookie, _ := withOrders(t)
	ids := func(q string) string {
		t.Helper()
		a := e.call("GET", "/admin/api/orders"+q, nil, "Cookie", cookie)
		e.want(a, 200, "")
		var p store.OrderPage
		if err := json.Unmarshal([]byte(a.raw), &p); err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, o := range p.Orders {
			out = append(out, fmt.Sprint(o.ID))
		}
		if strings.Contains(a.raw, "\u202e") {
			t.Errorf("%s: a bidi override reached the desk", q)
		}
		return strings.Join(out, " ")
	}
	for q, want := range map[string]string{
		"":                          "3 2 1",
		"?status=paid":              "3 2",
		"?status=paid&currency=eur": "3",
		"?q=lukasz":                 "2",
		"?q=%232":                   "2",
		"?q=o3@example.com":         "3",
	} {
		if got := ids(q); got != want {
			t.Errorf("%q: %q, want %q", q, got, want)
		}
	}
	e.want(e.call("GET", "/admin/api/orders?status=lost", nil, "Cookie", cookie), 422, "invalid_filter")
	e.want(e.call("GET", "/admin/api/orders?from=yesterday", nil, "Cookie", cookie), 422, "invalid_filter")
	e.want(e.call("GET", "/admin/api/orders", nil), 401, "unauthorized")
	e.want(e.call("GET", "/admin/api/orders/2", nil), 401, "unauthorized")
}

// An order's page: the build sheet named in the owner's language with
// the ids, the stages; setting a stage goes through the order service
// (and its audit line); an unpaid order takes none.
func TestOrderDetailAndStage(t *testing.T) {
	e, cookie, csrf := withOrders(t)
	a := e.call("GET", "/admin/api/orders/2", nil, "Cookie", cookie)
	e.want(a, 200, "")
	for _, want := range []string{`{"key":"part","label":"Emiter","name":"Szpon","id":"talon"}`, `"Części zamówione"`, `"status":"paid"`, `"status_url":"/pl/status/hash-2-`} {
		if !strings.Contains(a.raw, want) {
			t.Errorf("order 2 lacks %s: %s", want, a.raw)
		}
	}
	if strings.Contains(a.raw, "\u202e") {
		t.Error("a bidi override reached the desk")
	}
	e.want(e.call("GET", "/admin/api/orders/99", nil, "Cookie", cookie), 404, "not_found")

	e.want(e.call("POST", "/admin/api/orders/2/stage", map[string]string{"stage": "parts-ordered"}, "Cookie", cookie), 403, "csrf")
	a = e.call("POST", "/admin/api/orders/2/stage", map[string]string{"stage": "parts-ordered"}, "Cookie", cookie, desk.CSRFHeader, csrf)
	e.want(a, 200, "")
	if !strings.Contains(a.raw, `"stage":"parts-ordered"`) {
		t.Errorf("after the stage: %s", a.raw)
	}
	e.want(e.call("POST", "/admin/api/orders/1/stage", map[string]string{"stage": "ready"}, "Cookie", cookie, desk.CSRFHeader, csrf), 409, "stage_refused")
	e.want(e.call("POST", "/admin/api/orders/2/stage", map[string]string{"stage": "nope"}, "Cookie", cookie, desk.CSRFHeader, csrf), 409, "stage_refused")
	// The list filters by stage, and the audit log names who set it.
	if a := e.call("GET", "/admin/api/orders?stage=parts-ordered", nil, "Cookie", cookie); !strings.Contains(a.raw, `"id":2`) || strings.Contains(a.raw, `"id":3`) {
		t.Errorf("stage filter: %s", a.raw)
	}
	if a := e.call("GET", "/admin/api/audit", nil, "Cookie", cookie); !strings.Contains(a.raw, `"owner":"marek","ip":"127.0.0.1","what":"order.stage","target":"#2","detail":"parts-ordered"`) {
		t.Errorf("audit: %s", a.raw)
	}
}

// Sending and cancelling from the desk go through the order service:
// the fields they need, the state machine, the audit line with the
// owner's name.
func TestOrderSendAndCancel(t *testing.T) {
	e, cookie, csrf := withOrders(t)
	post := func(path string, body any) answer {
		t.Helper()
		return e.call("POST", path, body, "Cookie", cookie, desk.CSRFHeader, csrf)
	}
	e.want(post("/admin/api/orders/3/send", map[string]string{}), 422, "fields_required")
	e.want(post("/admin/api/orders/1/send", map[string]string{"tracking": "PL1"}), 409, "not_now") // not paid
	a := post("/admin/api/orders/3/send", map[string]string{"tracking": "PL123", "url": "https://track.example/PL123"})
	e.want(a, 200, "")
	if !strings.Contains(a.raw, `"status":"sent"`) || !strings.Contains(a.raw, `"tracking":"PL123"`) {
		t.Errorf("sent: %s", a.raw)
	}
	e.want(post("/admin/api/orders/2/cancel", map[string]string{"reason": "out of stock"}), 409, "refund_note_required")
	e.want(post("/admin/api/orders/1/cancel", map[string]string{}), 422, "fields_required")
	a = post("/admin/api/orders/1/cancel", map[string]string{"reason": "asked by the customer"})
	e.want(a, 200, "")
	if !strings.Contains(a.raw, `"status":"cancelled"`) || !strings.Contains(a.raw, `"cancel_reason":"asked by the customer"`) {
		t.Errorf("cancelled: %s", a.raw)
	}
	log := e.call("GET", "/admin/api/audit", nil, "Cookie", cookie).raw
	for _, want := range []string{`"owner":"marek","ip":"127.0.0.1","what":"order.sent","target":"#3"`, `"owner":"marek","ip":"127.0.0.1","what":"order.cancelled","target":"#1"`} {
		if !strings.Contains(log, want) {
			t.Errorf("audit lacks %s: %s", want, log)
		}
	}
}

// Today: what waits (for the money, to be built, at each stage), the
// week's and month's paid totals per currency, the outbox, the switch.
func TestToday(t *testing.T) {
	e, cookie, csrf := withOrders(t)
	e.call("POST", "/admin/api/orders/2/stage", map[string]string{"stage": "parts-ordered"}, "Cookie", cookie, desk.CSRFHeader, csrf)
	a := e.call("GET", "/admin/api/today", nil, "Cookie", cookie)
	e.want(a, 200, "")
	for _, want := range []string{`"waiting":{"count":1,"query":"status=waiting"}`, `"to_build":{"count":1,"query":"status=to_build"}`,
		`{"id":"parts-ordered","name":"Części zamówione","count":1,"query":"status=paid\u0026stage=parts-ordered"}`,
		`{"currency":"EUR","week":100000,"month":100000}`, `{"currency":"PLN","week":100000,"month":100000}`, `"open":true`} {
		if !strings.Contains(a.raw, want) {
			t.Errorf("today lacks %s: %s", want, a.raw)
		}
	}
	e.want(e.call("POST", "/admin/api/shop", map[string]bool{"open": false}, "Cookie", cookie), 403, "csrf")
	a = e.call("POST", "/admin/api/shop", map[string]bool{"open": false}, "Cookie", cookie, desk.CSRFHeader, csrf)
	e.want(a, 200, "")
	if !strings.Contains(a.raw, `"open":false`) {
		t.Errorf("after pausing: %s", a.raw)
	}
	if log := e.call("GET", "/admin/api/audit", nil, "Cookie", cookie).raw; !strings.Contains(log, `"owner":"marek","ip":"127.0.0.1","what":"shop.pause"`) {
		t.Errorf("audit: %s", log)
	}

	// A pause that names the day orders open again (the desk's clock is
	// 2026-11-24): shown on Today, in the audit line; a past day refused.
	shop := func(body map[string]any) answer {
		t.Helper()
		return e.call("POST", "/admin/api/shop", body, "Cookie", cookie, desk.CSRFHeader, csrf)
	}
	e.want(shop(map[string]any{"open": false, "reopens": "2026-11-23"}), 422, "reopen_date")
	a = shop(map[string]any{"open": false, "reopens": "2027-01-04"})
	e.want(a, 200, "")
	if !strings.Contains(a.raw, `"open":false,"reopens":"2027-01-04"`) {
		t.Errorf("paused until: %s", a.raw)
	}
	if log := e.call("GET", "/admin/api/audit", nil, "Cookie", cookie).raw; !strings.Contains(log, `"what":"shop.pause","detail":"2027-01-04"`) {
		t.Errorf("audit: %s", log)
	}
	if a = shop(map[string]any{"open": true}); strings.Contains(a.raw, "reopens") {
		t.Errorf("open again, a day still named: %s", a.raw)
	}
}

// Discount codes from the desk: checked like the CLI's, stored through
// the same function, listed with their use, disabled.
func TestCoupons(t *testing.T) {
	e, cookie, csrf := withOrders(t)
	post := func(path string, body any) answer {
		t.Helper()
		return e.call("POST", path, body, "Cookie", cookie, desk.CSRFHeader, csrf)
	}
	for _, bad := range []map[string]any{
		{"code": "WINTER", "percent": 0},
		{"code": "WIN TER", "percent": 10},
		{"code": "WINTER", "percent": 10, "amount": 5000, "currency": "PLN"},
		{"code": "WINTER", "percent": 101},
		{"code": "WINTER", "amount": 5000, "currency": "USD"},
		{"code": "WINTER", "percent": 10, "expires": "2020-01-01"},
	} {
		e.want(post("/admin/api/coupons", bad), 422, "coupon_invalid")
	}
	a := post("/admin/api/coupons", map[string]any{"code": "winter10", "percent": 10, "expires": "2027-01-31", "limit": 100})
	e.want(a, 200, "")
	if !strings.Contains(a.raw, `"code":"WINTER10","percent":10`) || !strings.Contains(a.raw, `"limit":100`) {
		t.Errorf("after adding: %s", a.raw)
	}
	e.want(post("/admin/api/coupons", map[string]any{"code": "WINTER10", "percent": 5}), 409, "coupon_exists")
	// A code without a last day has no expires member: the page shows
	// "until" whenever there is one (a zero time was "0001-01-01").
	a = post("/admin/api/coupons", map[string]any{"code": "always", "percent": 5})
	e.want(a, 200, "")
	var list struct{ Coupons []map[string]any }
	if err := json.Unmarshal([]byte(a.raw), &list); err != nil {
		t.Fatal(err)
	}
	for _, c := range list.Coupons {
		if _, ok := c["expires"]; ok != (c["code"] == "WINTER10") {
			t.Errorf("coupon %v: expires %v", c["code"], c["expires"])
		}
	}
	a = post("/admin/api/coupons/winter10/disable", nil)
	e.want(a, 200, "")
	if !strings.Contains(a.raw, `"disabled":true`) {
		t.Errorf("after disabling: %s", a.raw)
	}
	e.want(post("/admin/api/coupons/NOPE/disable", nil), 404, "not_found")
	if log := e.call("GET", "/admin/api/audit", nil, "Cookie", cookie).raw; !strings.Contains(log, `"what":"coupon.disable","target":"WINTER10"`) {
		t.Errorf("audit: %s", log)
	}
}

// Subscribers: the list (addresses inert), the CSV, one removed on
// request, the announcement previewed and queued for the confirmed ones.
func TestSubscribersAndAnnouncement(t *testing.T) {
	e, cookie, csrf := withOrders(t)
	now := e.clock.Now()
	for _, s := range []*store.Subscriber{
		{Email: "fan@example.com", Locale: "pl", Confirmed: true, Created: now},
		{Email: "=2+5@example.com", Locale: "en", Confirmed: true, Created: now},
		{Email: "later@example.com", Locale: "de", Created: now},
	} {
		if err := e.db.Update(func(tx *store.Tx) error { return tx.PutSubscriber(s) }); err != nil {
			t.Fatal(err)
		}
	}
	a := e.call("GET", "/admin/api/subscribers", nil, "Cookie", cookie)
	e.want(a, 200, "")
	if !strings.Contains(a.raw, `"confirmed":2`) || !strings.Contains(a.raw, `"announcing":0`) {
		t.Errorf("subscribers: %s", a.raw)
	}
	csv := e.call("GET", "/admin/api/subscribers.csv", nil, "Cookie", cookie)
	if csv.status != 200 || !strings.Contains(csv.raw, "fan@example.com") || strings.Contains(csv.raw, "\n=2+5") || strings.Contains(csv.raw, "later@") {
		t.Errorf("csv %d:\n%s", csv.status, csv.raw)
	}
	e.want(e.call("POST", "/admin/api/subscribers/remove", map[string]string{"email": "FAN@example.com"}, "Cookie", cookie, desk.CSRFHeader, csrf), 200, "")
	if a := e.call("GET", "/admin/api/subscribers", nil, "Cookie", cookie); strings.Contains(a.raw, "fan@example.com") {
		t.Errorf("still listed: %s", a.raw)
	}
	p := e.call("GET", "/admin/api/sale-start/preview?locale=pl", nil, "Cookie", cookie)
	e.want(p, 200, "")
	if !strings.Contains(p.raw, "https://shop.example/pl/") {
		t.Errorf("preview: %s", p.raw)
	}
	a = e.call("POST", "/admin/api/sale-start", nil, "Cookie", cookie, desk.CSRFHeader, csrf)
	e.want(a, 200, "")
	if !strings.Contains(a.raw, `"queued":1`) {
		t.Errorf("announce: %s", a.raw)
	}
	if a := e.call("GET", "/admin/api/subscribers", nil, "Cookie", cookie); !strings.Contains(a.raw, `"announcing":1`) {
		t.Errorf("progress: %s", a.raw)
	}
}

// Each of Today's figures is the list's query for exactly the orders it
// counts: waiting (placed or paying), paid with no stage, each stage's
// paid orders; a sent order at a stage, a cancelled one, are in none.
// The list at the figure's query, every page of it, holds exactly the
// orders the figure counts.
func TestTodayFiguresAreTheirLists(t *testing.T) {
	e, cookie, csrf := withOrders(t) // #1 placed, #2 and #3 paid
	cat := stagesCatalog()
	more := []struct {
		to    []order.Status
		stage string
	}{
		{[]order.Status{order.PaymentPending}, ""},               // #4 waiting
		{[]order.Status{order.Paid}, "ready"},                    // #5 at "ready"
		{[]order.Status{order.Paid, order.Sent}, "ready"},        // #6 sent: done
		{[]order.Status{order.Cancelled}, ""},                    // #7 cancelled: done
		{[]order.Status{order.PaymentPending, order.Paid}, ""},   // #8 to build
		{[]order.Status{order.Paid}, "parts-ordered"},            // #9 at "parts-ordered"
		{[]order.Status{order.PaymentPending, order.Placed}, ""}, // #10 waiting again
	}
	for i, m := range more {
		id := uint64(4 + i)
		at := start.Add(time.Duration(id) * time.Hour)
		o := &order.Order{ID: id, Hash: fmt.Sprintf("hash-%d-0123456789abcdef", id), Locale: "pl", Currency: "PLN",
			Customer: order.Customer{FirstName: "Ola", LastName: "Nowak", Email: fmt.Sprintf("o%d@example.com", id), Country: "pl"},
			Lines:    []order.Line{{Product: "arc", Name: "Arc", Quantity: 1, UnitPrice: 100000, Total: 100000}},
			Totals:   order.Totals{Subtotal: 100000, Total: 100000}, Status: order.Placed, CreatedAt: at, BuildDays: 10,
			Timeline: []order.Event{{Status: order.Placed, At: at}}}
		for j, to := range m.to {
			if to == order.Sent && m.stage != "" {
				if _, err := o.SetStage(cat.Production.Stages, m.stage, at.Add(time.Duration(j)*time.Minute), "test"); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := o.Transition(to, at.Add(time.Duration(j+1)*time.Minute), "test"); err != nil {
				t.Fatal(err)
			}
		}
		if o.Status == order.Paid && m.stage != "" {
			if _, err := o.SetStage(cat.Production.Stages, m.stage, at.Add(time.Hour), "test"); err != nil {
				t.Fatal(err)
			}
		}
		if err := e.db.Update(func(tx *store.Tx) error { return tx.InsertOrder(o) }); err != nil {
			t.Fatal(err)
		}
	}
	// #2 moves on to its first stage through the desk: out of "to build".
	e.want(e.call("POST", "/admin/api/orders/2/stage", map[string]string{"stage": "parts-ordered"}, "Cookie", cookie, desk.CSRFHeader, csrf), 200, "")

	a := e.call("GET", "/admin/api/today", nil, "Cookie", cookie)
	e.want(a, 200, "")
	type figure struct {
		ID    string `json:"id"`
		Count int    `json:"count"`
		Query string `json:"query"`
	}
	var today struct {
		Waiting figure   `json:"waiting"`
		ToBuild figure   `json:"to_build"`
		Stages  []figure `json:"stages"`
	}
	if err := json.Unmarshal([]byte(a.raw), &today); err != nil {
		t.Fatal(err)
	}
	// rows is the ids the list shows at query, page after page.
	rows := func(query string) []uint64 {
		t.Helper()
		var ids []uint64
		cursor := ""
		for {
			a := e.call("GET", "/admin/api/orders?"+query+cursor, nil, "Cookie", cookie)
			e.want(a, 200, "")
			var p store.OrderPage
			if err := json.Unmarshal([]byte(a.raw), &p); err != nil {
				t.Fatal(err)
			}
			for _, o := range p.Orders {
				ids = append(ids, o.ID)
			}
			if p.Next == "" {
				return ids
			}
			cursor = "&cursor=" + p.Next
		}
	}
	want := map[string]struct {
		query string
		ids   []uint64
	}{
		"waiting":       {"status=waiting", []uint64{10, 4, 1}},
		"to_build":      {"status=to_build", []uint64{8, 3}},
		"parts-ordered": {"status=paid&stage=parts-ordered", []uint64{9, 2}},
		"ready":         {"status=paid&stage=ready", []uint64{5}},
	}
	figures := append([]figure{{ID: "waiting", Count: today.Waiting.Count, Query: today.Waiting.Query},
		{ID: "to_build", Count: today.ToBuild.Count, Query: today.ToBuild.Query}}, today.Stages...)
	if len(figures) != len(want) {
		t.Fatalf("today's figures: %s", a.raw)
	}
	for _, f := range figures {
		w := want[f.ID]
		got := rows(f.Query)
		if f.Query != w.query || f.Count != len(got) || fmt.Sprint(got) != fmt.Sprint(w.ids) {
			t.Errorf("%s: figure %d at %q, the list there %v; want %q, %v", f.ID, f.Count, f.Query, got, w.query, w.ids)
		}
	}
}
