package store_test

import (
	"testing"

	"sabershop/internal/store"
	"sabershop/internal/store/storetest"
)

// Numbers given back are taken again, smallest first; the newest ones
// given back fold into the counter, so nothing is handed out twice.
func TestOrderIDsGivenBack(t *testing.T) {
	ids, err := storetest.Open(t, store.Options{}).ReserveOrderIDs()
	if err != nil {
		t.Fatal(err)
	}
	next := func(want uint64) {
		t.Helper()
		if got := ids.Next(); got != want {
			t.Fatalf("Next = %d, want %d", got, want)
		}
	}
	for want := uint64(1); want <= 5; want++ {
		next(want)
	}
	ids.Release(4)
	ids.Release(2)
	next(2)
	next(4)
	next(6)
	ids.Release(3)
	ids.Release(5)
	ids.Release(6) // the newest: 6, then 5, fold back; 3 stays given back
	next(3)
	next(5)
	next(6)
	next(7)
}
