package store_test

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"sabershop/internal/order"
	"sabershop/internal/store"
)

// benchOrders is the size of the shop the lists stay fast for
// (docs/benchmarks.md#the-owners-order-list).
const benchOrders = 100_000

var (
	benchOnce sync.Once
	benchDir  string
	benchPath string
	benchErr  error
)

// TestMain removes the benchmarks' data file, made once per run.
func TestMain(m *testing.M) {
	code := m.Run()
	if benchDir != "" {
		os.RemoveAll(benchDir)
	}
	os.Exit(code)
}

// benchDB opens the data file of 100,000 varied orders, written at the
// first call of the run (about half a minute).
func benchDB(b *testing.B) *store.DB {
	b.Helper()
	benchOnce.Do(func() {
		if benchDir, benchErr = os.MkdirTemp("", "orderlist-bench"); benchErr != nil {
			return
		}
		benchPath = filepath.Join(benchDir, "orderd.db")
		db, err := store.Open(benchPath, store.Options{})
		if err != nil {
			benchErr = err
			return
		}
		start := time.Now()
		storeVaried(b, db, rand.New(rand.NewPCG(100, 15)), 0, benchOrders)
		b.Logf("%d orders written in %v", benchOrders, time.Since(start))
		benchErr = db.Close()
	})
	if benchErr != nil {
		b.Fatal(benchErr)
	}
	db, err := store.Open(benchPath, store.Options{})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	return db
}

// BenchmarkListOrders is the first page (50) of each filter and of
// combined filters over 100,000 orders (docs/benchmarks.md).
//
//	go test -run '^$' -bench 'ListOrders|SearchOrders' -benchtime 200x ./internal/store/
func BenchmarkListOrders(b *testing.B) {
	month := listEpoch.AddDate(0, 3, 0)
	for _, bc := range []struct {
		name string
		f    store.OrderFilter
	}{
		{"all", store.OrderFilter{}},
		{"status", store.OrderFilter{Status: order.Paid}},
		{"stage", store.OrderFilter{Stage: "tested"}},
		{"country", store.OrderFilter{Country: "de"}},
		{"currency", store.OrderFilter{Currency: "USD"}},
		{"month", store.OrderFilter{From: month, To: month.AddDate(0, 1, 0)}},
		{"status+country", store.OrderFilter{Status: order.Paid, Country: "pl"}},
		{"status+country+currency", store.OrderFilter{Status: order.Sent, Country: "gb", Currency: "USD"}},
		{"status+month", store.OrderFilter{Status: order.Cancelled, From: month, To: month.AddDate(0, 1, 0)}},
		{"all-fields+month", store.OrderFilter{Status: order.Cancelled, Country: "cz", Currency: "EUR", From: month, To: month.AddDate(0, 1, 0)}},
		{"none-match", store.OrderFilter{Status: order.Paid, Country: "xx"}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			db := benchDB(b)
			benchPage(b, db, func(tx *store.Tx) (*store.OrderPage, error) { return tx.ListOrders(bc.f, "", 50) })
		})
	}
}

// BenchmarkSearchOrders is the first page (50) of a search by number,
// name and e-mail over 100,000 orders; "a" is the worst case, a prefix of
// a word of most orders.
func BenchmarkSearchOrders(b *testing.B) {
	for _, bc := range []struct{ name, q string }{
		{"number", "#51234"},
		{"name", "łukasz"},
		{"name-folded", "lukasz"},
		{"first+last", "anna nowak"},
		{"prefix-a", "a"},
		{"email", "klient1234@example.com"},
		{"email-prefix", "klient123"},
	} {
		b.Run(bc.name, func(b *testing.B) {
			db := benchDB(b)
			benchPage(b, db, func(tx *store.Tx) (*store.OrderPage, error) { return tx.SearchOrders(bc.q, "", 50) })
		})
	}
}

func benchPage(b *testing.B, db *store.DB, read func(tx *store.Tx) (*store.OrderPage, error)) {
	n := 0
	b.ResetTimer()
	for b.Loop() {
		if err := db.View(func(tx *store.Tx) error {
			p, err := read(tx)
			if p != nil {
				n = len(p.Orders)
			}
			return err
		}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N)/1000, "ms/page")
	b.ReportMetric(float64(n), "orders")
}
