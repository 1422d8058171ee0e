package orders_test

import (
	"errors"
	"testing"
	"time"

	"sabershop/internal/catalog"
	"sabershop/internal/order"
	"sabershop/internal/order/ordertest"
	"sabershop/internal/orders"
	"sabershop/internal/store"
)

// The place step, against a real bbolt file: one test per outcome.

// placer is the fixture's file with a service whose clock stands at
// priceDay, and the sample order priced then.
func (f *fixture) placer() (*orders.Service, order.Request) {
	f.t.Helper()
	svc, err := orders.New(orders.Config{Store: f.db, Catalog: func() *catalog.Catalog { return f.cat },
		Now: func() time.Time { return priceDay }})
	if err != nil {
		f.t.Fatal(err)
	}
	return svc, f.sample()
}

// sample is the sample order priced on priceDay: a fresh one on every
// call (Place normalizes its request in place).
func (f *fixture) sample() order.Request {
	f.t.Helper()
	design := order.DefaultCreator(f.cat)
	req := ordertest.Request("pl")
	req.Items = append(req.Items, order.ItemRequest{Creator: &design, Quantity: 1})
	return ordertest.Priced(f.t, f.cat, req, priceDay)
}

// placement is req with the fixture's catalogue, a key and an answer.
func (f *fixture) placement(req order.Request) orders.Placement {
	return orders.Placement{Request: req, Catalog: f.cat, Key: "key-1", BodyHash: "body-1",
		Answer: func(o *order.Order) (int, []byte, error) { return 201, []byte(`{"hash":"` + o.Hash + `"}`), nil }}
}

// wantNothingStored fails when anything of an order was written.
func (f *fixture) wantNothingStored() {
	f.t.Helper()
	c, err := f.db.Counts()
	if err != nil {
		f.t.Fatal(err)
	}
	for _, b := range []string{store.BucketOrders, store.BucketOutbox, store.BucketIdempotency} {
		if c[b] != 0 {
			f.t.Errorf("bucket %s has %d keys, want none", b, c[b])
		}
	}
}

func (f *fixture) setOpen(open bool) {
	f.t.Helper()
	if err := f.db.UpdateNow(func(tx *store.Tx) error { return tx.SetOrdersOpen(open) }); err != nil {
		f.t.Fatal(err)
	}
}

func TestPlaceCreates(t *testing.T) {
	f := newFixture(t)
	svc, req := f.placer()
	res, err := svc.Place(f.placement(req))
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != 201 || string(res.Body) != `{"hash":"`+res.Order.Hash+`"}` || res.Order.Totals.Total != req.ExpectedTotal {
		t.Errorf("placed %d %s, total %d", res.Status, res.Body, res.Order.Totals.Total)
	}
	stored := f.order(res.Order.Hash)
	if stored.ID != res.Order.ID || stored.Status != order.Placed || stored.Totals != res.Order.Totals {
		t.Errorf("stored %+v, placed %+v", stored, res.Order)
	}
	c, err := f.db.Counts()
	if err != nil {
		t.Fatal(err)
	}
	// The order, the shopper's e-mail job, the owner's (the catalogue's
	// company e-mail) and the key.
	if c[store.BucketOrders] != 1 || c[store.BucketOutbox] != 2 || c[store.BucketIdempotency] != 1 {
		t.Errorf("counts %v: want the order, its two e-mail jobs and the key", c)
	}
}

func TestPlaceReplays(t *testing.T) {
	f := newFixture(t)
	svc, req := f.placer()
	first, err := svc.Place(f.placement(req))
	if err != nil {
		t.Fatal(err)
	}
	f.setOpen(false) // a replay comes before every other check
	_, err = svc.Place(f.placement(req))
	var replayed *orders.ReplayedError
	if !errors.As(err, &replayed) {
		t.Fatalf("second place: %v, want a replay", err)
	}
	if rec := replayed.Record; rec.Status != 201 || string(rec.Body) != string(first.Body) || rec.BodyHash != "body-1" {
		t.Errorf("replayed %d %s (body %s), want the first answer", rec.Status, rec.Body, rec.BodyHash)
	}
	if c, _ := f.db.Counts(); c[store.BucketOrders] != 1 {
		t.Errorf("%d orders, want 1", c[store.BucketOrders])
	}
}

func TestPlacePaused(t *testing.T) {
	f := newFixture(t)
	svc, req := f.placer()
	f.setOpen(false)
	if _, err := svc.Place(f.placement(req)); !errors.Is(err, orders.ErrPaused) {
		t.Fatalf("place: %v, want ErrPaused", err)
	}
	f.wantNothingStored()
}

func TestPlaceFields(t *testing.T) {
	for name, c := range map[string]struct {
		edit  func(*order.Request)
		field string
		key   string
	}{
		"invalid":      {func(r *order.Request) { r.TermsAccepted = false }, "terms_accepted", order.KeyTermsRequired},
		"unknown code": {func(r *order.Request) { r.Code = "NOSUCH" }, "code", order.KeyCodeUnknown},
	} {
		t.Run(name, func(t *testing.T) {
			f := newFixture(t)
			svc, req := f.placer()
			c.edit(&req)
			_, err := svc.Place(f.placement(req))
			var fields *orders.FieldsError
			if !errors.As(err, &fields) || fields.Fields[c.field] != c.key || len(fields.Fields) != 1 {
				t.Fatalf("place: %v, want only %s: %s", err, c.field, c.key)
			}
			f.wantNothingStored()
		})
	}
}

func TestPlacePricesChanged(t *testing.T) {
	f := newFixture(t)
	svc, req := f.placer()
	want := req.ExpectedTotal
	req.ExpectedTotal++
	_, err := svc.Place(f.placement(req))
	var changed *orders.PricesChangedError
	if !errors.As(err, &changed) {
		t.Fatalf("place: %v, want prices changed", err)
	}
	if changed.Order.Totals.Total != want || len(changed.Order.Lines) != len(req.Items) {
		t.Errorf("priced now: total %d, %d lines; want %d, %d", changed.Order.Totals.Total, len(changed.Order.Lines), want, len(req.Items))
	}
	f.wantNothingStored()
}
