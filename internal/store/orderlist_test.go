package store_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"sabershop/internal/order"
	"sabershop/internal/store"
)

// listFilters are the filters the list tests compare against a brute
// force: each field alone, combinations, date ranges, and filters that
// match nothing.
func listFilters() []store.OrderFilter {
	month := listEpoch.AddDate(0, 0, 5)
	return []store.OrderFilter{
		{},
		{Status: order.Paid},
		{Status: order.Cancelled},
		{Country: "pl"},
		{Country: "DE"},
		{Currency: "eur"},
		{Currency: "USD"},
		{From: month},
		{To: month},
		{From: month, To: month.AddDate(0, 0, 1)},
		{From: month, To: month}, // empty range
		{Status: order.Paid, Country: "pl"},
		{Status: order.Sent, Currency: "EUR", Country: "de"},
		{Status: order.Placed, From: month, To: month.AddDate(0, 0, 2)},
		{Status: order.Cancelled, Country: "gb", Currency: "USD", From: month},
		{Status: "lost"},
		{Country: "xx", Currency: "PLN"},
		{Stage: "tested"}, // no order has a stage until the hook is wired
		{Queue: order.QueueWaiting},
		{Queue: order.QueueToBuild, Country: "pl"},
		{Queue: order.QueueWaiting, Status: order.Paid}, // nothing is both
	}
}

// checkLists compares every filter's pages with the brute force over the
// stored orders.
func checkLists(t *testing.T, db *store.DB, limit int) {
	t.Helper()
	all := allOrders(t, db)
	for _, f := range listFilters() {
		want := bruteList(all, f)
		got := pageThrough(t, db, limit, func(tx *store.Tx, cursor string) (*store.OrderPage, error) {
			return tx.ListOrders(f, cursor, limit)
		})
		if !slices.Equal(got, want) {
			t.Errorf("filter %+v: %d orders %v\nwant %d: %v", f, len(got), head(got), len(want), head(want))
		}
		// The count of a filter is its list's length, up to the limit asked.
		err := db.View(func(tx *store.Tx) error {
			for _, upTo := range []int{len(want) + 1, limit} {
				n, err := tx.CountMatching(f, upTo)
				if err != nil {
					return err
				}
				if n != min(len(want), upTo) {
					t.Errorf("filter %+v: CountMatching(%d) = %d, the list has %d", f, upTo, n, len(want))
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

func head(ids []uint64) []uint64 { return ids[:min(len(ids), 12)] }

func TestListOrdersMatchesBruteForce(t *testing.T) {
	db := openTest(t, store.Options{})
	storeVaried(t, db, rand.New(rand.NewPCG(1, 2)), 0, 700)
	for _, limit := range []int{1, 7, 50, 1000} {
		checkLists(t, db, min(limit, store.MaxPageSize))
	}
}

// The rows are the stored orders' summaries, with the customer as typed.
func TestListOrdersSummaries(t *testing.T) {
	db := openTest(t, store.Options{})
	storeVaried(t, db, rand.New(rand.NewPCG(3, 4)), 0, 40)
	all := allOrders(t, db)
	newestFirst(all)
	var p *store.OrderPage
	must(t, db.View(func(tx *store.Tx) (err error) {
		p, err = tx.ListOrders(store.OrderFilter{}, "", 0)
		return err
	}))
	if len(p.Orders) != 40 || p.Next != "" {
		t.Fatalf("%d orders, next %q; want 40 and no next page", len(p.Orders), p.Next)
	}
	for i, s := range p.Orders {
		want, _ := json.Marshal(store.Summarize(all[i]))
		got, _ := json.Marshal(s)
		if string(got) != string(want) {
			t.Errorf("row %d:\n got %s\nwant %s", i, got, want)
		}
	}
	o := all[0]
	s := p.Orders[0]
	if s.FirstName != o.Customer.FirstName || s.Email != o.Customer.Email || s.Lines != 1 || s.Items != o.Lines[0].Quantity ||
		s.Total != o.Totals.Total || !s.Created.Equal(o.CreatedAt) || s.Hash != o.Hash {
		t.Errorf("summary %+v of order %+v", s, o)
	}
}

// A cursor is a position: orders placed after page 1 was read do not
// shift page 2, nor does an order on page 1 changing status.
func TestListOrdersCursorStable(t *testing.T) {
	db := openTest(t, store.Options{})
	rng := rand.New(rand.NewPCG(5, 6))
	storeVaried(t, db, rng, 0, 120)
	want := bruteList(allOrders(t, db), store.OrderFilter{})
	var p1 *store.OrderPage
	must(t, db.View(func(tx *store.Tx) (err error) {
		p1, err = tx.ListOrders(store.OrderFilter{}, "", 20)
		return err
	}))
	storeVaried(t, db, rng, 120, 30)
	must(t, db.UpdateNow(func(tx *store.Tx) error {
		o, err := tx.OrderByID(p1.Orders[0].ID)
		if err != nil {
			return err
		}
		o.Status = order.Cancelled
		return tx.PutOrder(o)
	}))
	got := pageThrough(t, db, 20, func(tx *store.Tx, cursor string) (*store.OrderPage, error) {
		if cursor == "" {
			cursor = p1.Next
		}
		return tx.ListOrders(store.OrderFilter{}, cursor, 20)
	})
	if !slices.Equal(got, want[20:]) {
		t.Errorf("after page 1: %v\nwant %v", head(got), head(want[20:]))
	}
}

func TestListOrdersBadCursor(t *testing.T) {
	db := openTest(t, store.Options{})
	for _, c := range []string{"x", "!!", "AAAA"} {
		err := db.View(func(tx *store.Tx) error {
			_, err := tx.ListOrders(store.OrderFilter{}, c, 10)
			return err
		})
		if !errors.Is(err, store.ErrCursor) {
			t.Errorf("cursor %q: %v, want ErrCursor", c, err)
		}
	}
}

// Every order write keeps the indexes: status changes, a corrected
// e-mail and name, a whole transaction rolled back.
func TestListOrdersAfterChanges(t *testing.T) {
	db := openTest(t, store.Options{})
	rng := rand.New(rand.NewPCG(7, 8))
	storeVaried(t, db, rng, 0, 300)
	must(t, db.UpdateNow(func(tx *store.Tx) error {
		for id := uint64(1); id <= 300; id += 3 {
			o, err := tx.OrderByID(id)
			if err != nil {
				return err
			}
			o.Status = statuses[rng.IntN(len(statuses))]
			o.Currency = currencies[rng.IntN(len(currencies))]
			o.Customer.Country = countries[rng.IntN(len(countries))]
			if id%2 == 0 {
				o.Customer.FirstName, o.Customer.Email = "Zbigniew", fmt.Sprintf("zbyszek%d@example.com", id)
			}
			if err := tx.PutOrder(o); err != nil {
				return err
			}
		}
		return nil
	}))
	errRollback := errors.New("roll back")
	err := db.UpdateNow(func(tx *store.Tx) error {
		o, err := tx.OrderByID(2)
		if err != nil {
			return err
		}
		o.Status = "rolled-back"
		if err := tx.PutOrder(o); err != nil {
			return err
		}
		return errRollback
	})
	if !errors.Is(err, errRollback) {
		t.Fatal(err)
	}
	checkLists(t, db, 25)
	checkSearches(t, db, []string{"zbigniew", "Zbyszek", "zbyszek4@example.com"})
}

func checkSearches(t *testing.T, db *store.DB, queries []string) {
	t.Helper()
	all := allOrders(t, db)
	for _, q := range queries {
		want := bruteSearch(all, q)
		got := pageThrough(t, db, 9, func(tx *store.Tx, cursor string) (*store.OrderPage, error) {
			return tx.SearchOrders(q, cursor, 9)
		})
		if !slices.Equal(got, want) {
			t.Errorf("search %q: %d orders %v\nwant %d: %v", q, len(got), head(got), len(want), head(want))
		}
	}
}

// Names are found without their accents and case, by the start of any
// of their words; e-mail addresses by their start, in any case.
func TestSearchOrdersByName(t *testing.T) {
	db := openTest(t, store.Options{})
	storeVaried(t, db, rand.New(rand.NewPCG(9, 10)), 0, 500)
	checkSearches(t, db, []string{
		"lukasz", "Łukasz", "ŁUKASZ", "łuk", "zaneta", "jurgen", "JÜRGEN", "soren", "jose", "zoe", "muller", "Müller",
		"malgorzata", "lecki", "dvorak", "oztürk", "kowalska", "nowak", "nowak-kowalska", "o'brien", "brien",
		"anna nowak", "nowak anna", "a", "ł", "klient1", "KLIENT12@EXAMPLE.COM", "klient12@example.com",
		"klient12@ex", "nobody", "anna zbigniew",
	})
	if n := len(bruteSearch(allOrders(t, db), "lukasz")); n == 0 {
		t.Fatal("the test data has no Łukasz")
	}
}

// A number finds the order with that number; a status hash, its order.
func TestSearchOrdersByNumber(t *testing.T) {
	db := openTest(t, store.Options{})
	storeVaried(t, db, rand.New(rand.NewPCG(11, 12)), 0, 30)
	var hash string
	must(t, db.View(func(tx *store.Tx) error {
		o, err := tx.OrderByID(17)
		hash = o.Hash
		return err
	}))
	for q, want := range map[string][]uint64{"12": {12}, "#12": {12}, " #7 ": {7}, "31": nil, "#0": nil, hash: {17}} {
		got := pageThrough(t, db, 50, func(tx *store.Tx, cursor string) (*store.OrderPage, error) {
			return tx.SearchOrders(q, cursor, 50)
		})
		if !slices.Equal(got, want) {
			t.Errorf("search %q: %v, want %v", q, got, want)
		}
	}
	for _, q := range []string{"", "  ", "-", "#"} {
		got := pageThrough(t, db, 50, func(tx *store.Tx, cursor string) (*store.OrderPage, error) {
			return tx.SearchOrders(q, cursor, 50)
		})
		if len(got) != 0 {
			t.Errorf("search %q found %v", q, got)
		}
	}
}

// withoutOrderIndex makes the data file at path look like one written
// before the order indexes existed: no index buckets, no meta bucket.
func withoutOrderIndex(t *testing.T, path string) {
	t.Helper()
	bdb, err := bolt.Open(path, 0o600, nil)
	must(t, err)
	must(t, bdb.Update(func(tx *bolt.Tx) error {
		for _, name := range []string{store.BucketOrdersByCreated, store.BucketOrdersByField, store.BucketOrdersByToken, store.BucketMeta} {
			if err := tx.DeleteBucket([]byte(name)); err != nil {
				return err
			}
		}
		return nil
	}))
	must(t, bdb.Close())
}

// A data file written before the indexes gets them at its first Open; one
// whose indexes are of another version (stale entries included) gets them
// again.
func TestOrderIndexBuiltAtOpen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "orderd.db")
	db, err := store.Open(path, store.Options{})
	must(t, err)
	rng := rand.New(rand.NewPCG(13, 14))
	storeVaried(t, db, rng, 0, 400)
	closeChecked(t, db)
	withoutOrderIndex(t, path)

	db, err = store.Open(path, store.Options{})
	must(t, err)
	checkLists(t, db, 30)
	checkSearches(t, db, []string{"lukasz", "klient5"})
	storeVaried(t, db, rng, 400, 20) // and kept from then on
	checkLists(t, db, 30)
	closeChecked(t, db)

	// An older layout: a stale entry, another version.
	bdb, err := bolt.Open(path, 0o600, nil)
	must(t, err)
	must(t, bdb.Update(func(tx *bolt.Tx) error {
		stale := append([]byte("status\x00paid\x00"), make([]byte, 16)...)
		if err := tx.Bucket([]byte(store.BucketOrdersByField)).Put(stale, nil); err != nil {
			return err
		}
		return tx.Bucket([]byte(store.BucketMeta)).Put([]byte("orders_index_version"), []byte("0"))
	}))
	must(t, bdb.Close())
	db, err = store.Open(path, store.Options{})
	must(t, err)
	defer closeChecked(t, db)
	checkLists(t, db, 30)
}

// A backup carries the indexes; the restored file lists as the original
// did and keeps them through changes. A backup of a file from before
// the indexes is indexed when opened.
func TestOrderIndexAfterRestore(t *testing.T) {
	db := openTest(t, store.Options{})
	rng := rand.New(rand.NewPCG(15, 16))
	storeVaried(t, db, rng, 0, 250)
	dir := t.TempDir()
	for _, old := range []bool{false, true} {
		path := filepath.Join(dir, fmt.Sprintf("backup-%v.db", old))
		f, err := os.Create(path)
		must(t, err)
		_, err = db.Backup(f)
		must(t, err)
		must(t, f.Close())
		if old {
			withoutOrderIndex(t, path)
		}
		restored, err := store.Open(path, store.Options{})
		must(t, err)
		checkLists(t, restored, 40)
		storeVaried(t, restored, rng, 250, 10)
		must(t, restored.UpdateNow(func(tx *store.Tx) error {
			o, err := tx.OrderByID(5)
			if err != nil {
				return err
			}
			_, err = o.Transition(order.Cancelled, time.Now(), "test")
			if err != nil {
				o.Status = order.Cancelled
			}
			return tx.PutOrder(o)
		}))
		checkLists(t, restored, 40)
		closeChecked(t, restored)
	}
}
