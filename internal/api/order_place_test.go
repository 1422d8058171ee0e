package api_test

import (
	"errors"
	"path/filepath"
	"testing"

	"sabershop/internal/api"
	"sabershop/internal/order"
	"sabershop/internal/store"
)

// The place step alone, without HTTP: one test per outcome, against a real
// bbolt file and the shop's own catalogue.

// placeEnv is a store and the placing that writes to it; its env serves
// only the request helpers (orderRequest, priced): no server runs.
type placeEnv struct {
	*env
	p api.Placing
}

func newPlaceEnv(t *testing.T) placeEnv {
	t.Helper()
	db, err := store.Open(filepath.Join(t.TempDir(), "orderd.db"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	ids, err := db.ReserveOrderIDs()
	if err != nil {
		t.Fatal(err)
	}
	e := &env{t: t, db: db, cat: realCatalog(t), clock: &clock{now: testNow}}
	return placeEnv{env: e, p: api.Placing{Store: db, Catalog: e.cat, IDs: ids, Now: testNow, Key: "key-1", BodyHash: "body-1",
		Answer: func(o *order.Order) (int, []byte, error) { return 201, []byte(`{"hash":"` + o.Hash + `"}`), nil }}}
}

// sample is the sample order, priced.
func (pe placeEnv) sample() order.Request { return pe.priced(pe.orderRequest()) }

// placeOK places req and wants it placed.
func (pe placeEnv) placeOK(req order.Request) api.Placed {
	pe.t.Helper()
	res, err := api.Place(req, pe.p)
	if err != nil {
		pe.t.Fatal(err)
	}
	return res
}

// wantNothingStored fails when anything of an order was written.
func (pe placeEnv) wantNothingStored() {
	pe.t.Helper()
	for _, b := range []string{store.BucketOrders, store.BucketOutbox, store.BucketIdempotency} {
		if n := pe.counts()[b]; n != 0 {
			pe.t.Errorf("bucket %s has %d keys, want none", b, n)
		}
	}
}

func TestPlaceCreates(t *testing.T) {
	pe := newPlaceEnv(t)
	req := pe.sample()
	res := pe.placeOK(req)
	if res.Status != 201 || string(res.Body) != `{"hash":"`+res.Order.Hash+`"}` || res.Order.Totals.Total != req.ExpectedTotal {
		t.Errorf("placed %d %s, total %d", res.Status, res.Body, res.Order.Totals.Total)
	}
	stored := pe.storedOrder(res.Order.Hash)
	if stored.ID != res.Order.ID || stored.Status != order.Placed || stored.Totals != res.Order.Totals {
		t.Errorf("stored %+v, placed %+v", stored, res.Order)
	}
	c := pe.counts()
	if c[store.BucketOrders] != 1 || c[store.BucketOutbox] != 1 || c[store.BucketIdempotency] != 1 {
		t.Errorf("counts %v: want the order, its e-mail job and the key", c)
	}
}

func TestPlaceReplays(t *testing.T) {
	pe := newPlaceEnv(t)
	req := pe.sample()
	first := pe.placeOK(req)
	pe.setOpen(false) // a replay comes before every other check
	_, err := api.Place(req, pe.p)
	var replayed *api.ReplayedError
	if !errors.As(err, &replayed) {
		t.Fatalf("second place: %v, want a replay", err)
	}
	if rec := replayed.Record; rec.Status != 201 || string(rec.Body) != string(first.Body) || rec.BodyHash != "body-1" {
		t.Errorf("replayed %d %s (body %s), want the first answer", rec.Status, rec.Body, rec.BodyHash)
	}
	if n := pe.counts()[store.BucketOrders]; n != 1 {
		t.Errorf("%d orders, want 1", n)
	}
}

func TestPlacePaused(t *testing.T) {
	pe := newPlaceEnv(t)
	pe.setOpen(false)
	if _, err := api.Place(pe.sample(), pe.p); !errors.Is(err, api.ErrPaused) {
		t.Fatalf("place: %v, want ErrPaused", err)
	}
	pe.wantNothingStored()
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
			pe := newPlaceEnv(t)
			req := pe.sample()
			c.edit(&req)
			_, err := api.Place(req, pe.p)
			var fields *api.FieldsError
			if !errors.As(err, &fields) || fields.Fields[c.field] != c.key || len(fields.Fields) != 1 {
				t.Fatalf("place: %v, want only %s: %s", err, c.field, c.key)
			}
			pe.wantNothingStored()
		})
	}
}

func TestPlacePricesChanged(t *testing.T) {
	pe := newPlaceEnv(t)
	req := pe.sample()
	want := req.ExpectedTotal
	req.ExpectedTotal++
	_, err := api.Place(req, pe.p)
	var changed *api.PricesChangedError
	if !errors.As(err, &changed) {
		t.Fatalf("place: %v, want prices changed", err)
	}
	if changed.Order.Totals.Total != want || len(changed.Order.Lines) != len(req.Items) {
		t.Errorf("priced now: total %d, %d lines; want %d, %d", changed.Order.Totals.Total, len(changed.Order.Lines), want, len(req.Items))
	}
	pe.wantNothingStored()
}
