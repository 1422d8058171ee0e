package orders_test

import (
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"

	"sabershop/internal/order"
	"sabershop/internal/orders"
	"sabershop/internal/store"
)

// Order numbers: a refusal never uses one up, so the owner's orders are
// numbered without gaps.

// storedIDs are the numbers of every stored order, smallest first.
func (f *fixture) storedIDs() []uint64 {
	f.t.Helper()
	var ids []uint64
	err := f.db.View(func(tx *store.Tx) error {
		all, err := tx.Orders(nil)
		for _, o := range all {
			ids = append(ids, o.ID)
		}
		return err
	})
	if err != nil {
		f.t.Fatal(err)
	}
	slices.Sort(ids)
	return ids
}

// wantNumbered fails unless the stored orders are numbered 1..n.
func (f *fixture) wantNumbered(n int) {
	f.t.Helper()
	ids := f.storedIDs()
	want := make([]uint64, n)
	for i := range want {
		want[i] = uint64(i + 1)
	}
	if !slices.Equal(ids, want) {
		f.t.Errorf("stored order numbers %v, want %v", ids, want)
	}
}

func TestPlaceNumbersSkipNothing(t *testing.T) {
	f := newFixture(t)
	svc, req := f.placer()
	place := func(r order.Request, answer func(*order.Order) (int, []byte, error)) (orders.Placed, error) {
		pl := f.placement(r)
		pl.Key = ""
		if answer != nil {
			pl.Answer = answer
		}
		return svc.Place(pl)
	}
	stale := req
	stale.ExpectedTotal++
	var changed *orders.PricesChangedError
	if _, err := place(stale, nil); !errors.As(err, &changed) {
		t.Fatalf("stale total: %v, want prices changed", err)
	}
	first, err := place(req, nil)
	if err != nil || first.Order.ID != 1 {
		t.Fatalf("after a 409: order %v, %v; want number 1", first.Order, err)
	}
	// Refused by the write's own check: the shop was paused between the
	// read-only check and the write (the answer renders in between).
	pauseMeanwhile := func(o *order.Order) (int, []byte, error) {
		f.setOpen(false)
		return 201, nil, nil
	}
	if _, err := place(req, pauseMeanwhile); !errors.Is(err, orders.ErrPaused) {
		t.Fatalf("paused meanwhile: %v, want ErrPaused", err)
	}
	f.setOpen(true)
	if _, err := place(req, func(*order.Order) (int, []byte, error) { return 0, nil, errors.New("render failed") }); err == nil {
		t.Fatal("a failed answer placed the order")
	}
	second, err := place(req, nil)
	if err != nil || second.Order.ID != 2 {
		t.Fatalf("after three refusals: order %v, %v; want number 2", second.Order, err)
	}
	f.wantNumbered(2)
}

// Many shoppers at once, a quarter of them refused in the read-only check
// (a stale total), a quarter after taking a number (the answer fails to
// render), some of a quarter in the write (a coupon used up in between):
// the numbers missing when the burst is over were given back, and the next
// orders take exactly them, smallest first, so the orders end up numbered
// 1..n.
func TestPlaceNumbersConcurrent(t *testing.T) {
	f := newFixture(t)
	const n = 80
	svc, _ := f.placer()
	if err := f.db.UpdateNow(func(tx *store.Tx) error {
		return tx.PutCoupon(&order.Coupon{Code: "FEW", Percent: 10, Limit: 5, Created: priceDay})
	}); err != nil {
		t.Fatal(err)
	}
	var changed *orders.PricesChangedError
	probe := f.sample()
	probe.Code = "FEW"
	pl := f.placement(probe)
	pl.Key = ""
	if _, err := svc.Place(pl); !errors.As(err, &changed) {
		t.Fatalf("coupon priced: %v", err)
	}
	discounted := changed.Order.Totals.Total
	// Each shopper's own request: Place normalizes it in place.
	requests := make([]order.Request, n)
	for i := range requests {
		requests[i] = f.sample()
		switch i % 4 {
		case 1:
			requests[i].ExpectedTotal++
		case 2:
			requests[i].Code, requests[i].ExpectedTotal = "FEW", discounted
		}
	}
	failed := errors.New("render failed")
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			pl := f.placement(requests[i])
			pl.Key = fmt.Sprintf("key-%d", i)
			if i%4 == 3 {
				pl.Answer = func(*order.Order) (int, []byte, error) { return 0, nil, failed }
			}
			_, errs[i] = svc.Place(pl)
		}()
	}
	wg.Wait()
	placed := 0
	for i, err := range errs {
		var fields *orders.FieldsError
		switch {
		case err == nil:
			placed++
		case i%4 == 1 && errors.As(err, &changed), i%4 == 2 && errors.As(err, &fields), i%4 == 3 && errors.Is(err, failed):
		default:
			t.Errorf("shopper %d: %v", i, err)
		}
	}
	if want := n/4 + 5; placed != want {
		t.Errorf("%d placed, want %d (every plain order and the coupon's 5 uses)", placed, want)
	}
	ids := f.storedIDs()
	var missing []uint64
	for id, i := uint64(1), 0; i < len(ids); id++ {
		if ids[i] == id {
			i++
		} else {
			missing = append(missing, id)
		}
	}
	for k, want := range missing {
		pl := f.placement(f.sample())
		pl.Key = fmt.Sprintf("after-%d", k)
		next, err := svc.Place(pl)
		if err != nil || next.Order.ID != want {
			t.Fatalf("order after the burst: %v, %v; want number %d", next.Order, err, want)
		}
	}
	f.wantNumbered(placed + len(missing))
	pl = f.placement(f.sample())
	pl.Key = "last"
	if next, err := svc.Place(pl); err != nil || next.Order.ID != uint64(placed+len(missing)+1) {
		t.Errorf("next order: %v, %v; want number %d", next.Order, err, placed+len(missing)+1)
	}
}
