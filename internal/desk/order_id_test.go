package desk_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"sabershop/internal/accounting"
	"sabershop/internal/catalog"
	"sabershop/internal/desk"
	"sabershop/internal/invoice"
	"sabershop/internal/order"
	"sabershop/internal/payment"
	"sabershop/internal/payment/sandbox"
	"sabershop/internal/store"
	"sabershop/internal/testutil"
)

// withRefundable is withOrders with the sandbox as the payment provider,
// order #2 paid through it (so a refund really goes back through the
// provider) and invoiced (so a refund issues a correcting invoice).
func withRefundable(t *testing.T) (e *env, cookie, csrf string) {
	t.Helper()
	sbx, err := sandbox.New(sandbox.Config{DataDir: t.TempDir(), Delay: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(sbx.Stop)
	reg, err := payment.NewRegistry(sbx)
	if err != nil {
		t.Fatal(err)
	}
	e, cookie, csrf = withOrdersPaidBy(t, reg)

	// Pay #2's total on the sandbox's bank page and wait for the
	// sandbox to book it.
	var o *order.Order
	if err := e.db.View(func(tx *store.Tx) (err error) { o, err = tx.OrderByID(2); return err }); err != nil {
		t.Fatal(err)
	}
	shop := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}))
	t.Cleanup(shop.Close)
	res, err := sbx.Start(context.Background(), payment.StartRequest{Method: payment.Bank,
		Order:     payment.Order{Hash: o.Hash, ID: o.ID, Amount: o.Totals.Total, Currency: o.Currency, Locale: "pl", Email: o.Customer.Email},
		ReturnURL: shop.URL + "/back", CancelURL: shop.URL + "/", NotifyURL: shop.URL + "/v1/webhooks/sandbox"})
	if err != nil {
		t.Fatal(err)
	}
	page := httptest.NewRequest(http.MethodPost, res.URL, strings.NewReader("decision=pay"))
	page.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	sbx.Pages().ServeHTTP(httptest.NewRecorder(), page)
	testutil.Eventually(t, "the sandbox to book the payment", func() error {
		n, err := sbx.Query(context.Background(), res.Reference)
		if err == nil && n.Status != payment.StatusPaid {
			err = fmt.Errorf("%+v", n)
		}
		return err
	})
	inv, err := invoice.For(o, &catalog.Catalog{Deliveries: []catalog.Delivery{{Code: "pl", VAT: 23}}, VAT: catalog.VAT{Home: "pl"}},
		e.clock.Now(), e.clock.Now())
	if err != nil {
		t.Fatal(err)
	}
	err = e.db.Update(func(tx *store.Tx) error {
		a := o.StartAttempt("att-1", sandbox.Name, string(payment.Bank), e.clock.Now())
		a.Reference = res.Reference
		o.PaidBy(a)
		if err := tx.PutOrder(o); err != nil {
			return err
		}
		return tx.IssueDocument(inv, 2026)
	})
	if err != nil {
		t.Fatal(err)
	}
	return e, cookie, csrf
}

// snapshot is everything a desk route on an order can change: the
// orders, their documents, the audit log and the outbox, as JSON.
func (e *env) snapshot() string {
	e.t.Helper()
	var parts []any
	err := e.db.View(func(tx *store.Tx) error {
		for id := uint64(1); id <= 3; id++ {
			o, err := tx.OrderByID(id)
			if err != nil {
				return err
			}
			docs, err := tx.DocumentsOf(id)
			if err != nil {
				return err
			}
			parts = append(parts, o, docs)
		}
		audit, err := tx.AuditLog(0, 10000)
		parts = append(parts, audit)
		return err
	})
	if err != nil {
		e.t.Fatal(err)
	}
	out, err := e.db.Outbox()
	if err != nil {
		e.t.Fatal(err)
	}
	parts = append(parts, out)
	b, err := json.Marshal(parts)
	if err != nil {
		e.t.Fatal(err)
	}
	return string(b)
}

// Every desk route with an order's {id} (read from desk.go, so a route
// added later is checked too) refuses an id that is not an order number
// with 404 and changes nothing: not the order, not its documents, not
// the audit log, not the outbox. Order #2 is paid through the provider
// and invoiced, so a refund that slipped through would move money and
// issue a correcting invoice; the same requests with "2" do (the test
// can see a change).
func TestOrderRoutesTakeOnlyAnOrderNumber(t *testing.T) {
	e, cookie, csrf := withRefundable(t)
	bodies := map[string]any{
		"stage":  map[string]string{"stage": "ready"},
		"send":   map[string]string{"tracking": "6204 1234", "url": ""},
		"cancel": map[string]string{"reason": "no", "refund_note": "by transfer"},
		"refund": map[string]any{"amount": 1, "reason": "test", "key": "k"},
		"notes":  map[string]string{"text": "a note"},
		"resend": map[string]string{},
	}
	bad := []string{"2abc", "0x2", "2.9", "%202", "2%20", "hash-2-0123456789abcdef", "-2", "02", "+2", "%232", "2e0", "1%2F..%2F2"}
	var routes [][2]string
	for _, rt := range sessionRouteTemplates(t) {
		if strings.Contains(rt[1], "{id}") {
			routes = append(routes, rt)
		}
	}
	if len(routes) < 9 {
		t.Fatalf("%d order routes in desk.go", len(routes))
	}
	before := e.snapshot()
	for _, rt := range routes {
		last := rt[1][strings.LastIndex(rt[1], "/")+1:]
		for _, id := range bad {
			path := strings.NewReplacer("{id}", id, "{mail}", "1").Replace(rt[1])
			a := e.call(rt[0], path, bodies[last], "Cookie", cookie, desk.CSRFHeader, csrf)
			if a.status != 404 || a.body["code"] != "not_found" {
				t.Errorf("%s %s: %d %s", rt[0], path, a.status, a.raw)
			}
		}
	}
	if after := e.snapshot(); after != before {
		t.Fatalf("a route changed something for an id that is not an order number:\nbefore %s\nafter  %s", before, after)
	}

	// The same with the order's number acts: the test would see it.
	e.want(e.call("POST", "/admin/api/orders/2/refund", bodies["refund"], "Cookie", cookie, desk.CSRFHeader, csrf), 200, "")
	e.want(e.call("POST", "/admin/api/orders/2/notes", bodies["notes"], "Cookie", cookie, desk.CSRFHeader, csrf), 200, "")
	var (
		o    *order.Order
		docs []*accounting.Document
	)
	err := e.db.View(func(tx *store.Tx) (err error) {
		if o, err = tx.OrderByID(2); err != nil {
			return err
		}
		docs, err = tx.DocumentsOf(2)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(o.Refunds) != 1 || o.Refunded() != 1 || len(docs) != 2 || docs[0].Kind != accounting.KindCorrection {
		t.Errorf("order #2 after a refund of 1: refunds %+v, %d documents", o.Refunds, len(docs))
	}
}

// A negative refund amount is refused as a bad field, not as a missing
// order, and refunds nothing.
func TestRefundNegativeAmount(t *testing.T) {
	e, cookie, csrf := withRefundable(t)
	before := e.snapshot()
	a := e.call("POST", "/admin/api/orders/2/refund", map[string]any{"amount": -1, "reason": "x", "key": "n"}, "Cookie", cookie, desk.CSRFHeader, csrf)
	e.want(a, 422, "fields_required")
	if e.snapshot() != before {
		t.Error("a negative refund changed something")
	}
}
