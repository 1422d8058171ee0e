package api_test

import (
	"context"
	"net/http"
	"testing"

	"sabershop/internal/order"
	"sabershop/internal/orders"
	"sabershop/internal/payment/sandbox"
)

// The status page tells the shopper what was paid back and when: a part
// refund of a paid order, then the rest, which cancels it; the provider's
// references and the owner's notes stay out of the answer.
func TestStatusPageShowsRefunds(t *testing.T) {
	e, _ := newSandboxEnv(t, 0)
	key := e.shopKey()
	p := e.placeIn("pl")
	wantStatus(t, e.payCard(p.Hash, key, sandbox.CardSuccess), http.StatusOK)
	o := e.waitStatus(p.Hash, order.Paid)

	type view struct {
		Status  order.Status     `json:"status"`
		Refunds []map[string]any `json:"refunds"`
	}
	var v view
	e.get("/v1/orders/"+p.Hash).Decode(t, &v)
	if v.Refunds == nil || len(v.Refunds) != 0 {
		t.Fatalf("a paid order's refunds: %#v, want []", v.Refunds)
	}

	ctx := context.Background()
	if _, err := e.orders.Refund(ctx, orders.RefundRequest{OrderID: o.ID, Amount: 5000, Reason: "Rysa", Key: "r1"}); err != nil {
		t.Fatal(err)
	}
	e.get("/v1/orders/"+p.Hash).Decode(t, &v)
	if v.Status != order.Paid || len(v.Refunds) != 1 || v.Refunds[0]["amount"] != 5000.0 || v.Refunds[0]["currency"] != "PLN" ||
		v.Refunds[0]["state"] != "done" || v.Refunds[0]["at"] == "" {
		t.Fatalf("after a part refund: %+v", v)
	}
	for _, k := range []string{"reference", "reason", "note", "provider", "key", "id"} {
		if _, ok := v.Refunds[0][k]; ok {
			t.Errorf("the shopper's view of a refund has %q: %v", k, v.Refunds[0])
		}
	}

	left := o.Totals.Total - 5000
	if _, err := e.orders.Refund(ctx, orders.RefundRequest{OrderID: o.ID, Amount: left, Key: "r2"}); err != nil {
		t.Fatal(err)
	}
	e.get("/v1/orders/"+p.Hash).Decode(t, &v)
	if v.Status != order.Cancelled || len(v.Refunds) != 2 || v.Refunds[1]["amount"] != float64(left) {
		t.Fatalf("after the rest: %+v", v)
	}
}
