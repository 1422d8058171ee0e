package store_test

import (
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"sabershop/internal/order"
	"sabershop/internal/store"
)

func TestCountOrdersAndOrdersSince(t *testing.T) {
	db, err := store.Open(filepath.Join(t.TempDir(), "orderd.db"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	start := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	for i := range 6 {
		o := &order.Order{ID: uint64(i + 1), Hash: fmt.Sprintf("hash-%d-xxxxxxxxxxxxxxxx", i), Status: order.Placed, Currency: "PLN",
			CreatedAt: start.Add(time.Duration(i) * 24 * time.Hour), Totals: order.Totals{Total: 1000}}
		if i%2 == 1 {
			o.Status = order.Paid
		}
		if err := db.Update(func(tx *store.Tx) error { return tx.InsertOrder(o) }); err != nil {
			t.Fatal(err)
		}
	}
	err = db.View(func(tx *store.Tx) error {
		if n := tx.CountOrders(store.FieldStatus, "paid"); n != 3 {
			t.Errorf("paid: %d", n)
		}
		if n := tx.CountOrders(store.FieldStatus, "sent"); n != 0 {
			t.Errorf("sent: %d", n)
		}
		got, err := tx.OrdersSince(start.Add(3 * 24 * time.Hour))
		if err != nil {
			return err
		}
		if len(got) != 3 || got[0].ID != 4 || got[2].ID != 6 {
			t.Errorf("since day 3: %+v", got)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
