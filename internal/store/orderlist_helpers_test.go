package store_test

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"sabershop/internal/order"
	"sabershop/internal/order/ordertest"
	"sabershop/internal/store"
)

// The shop's customers in the list tests and benchmarks: names with the
// letters search must fold (Polish, German, Danish, Czech, Spanish) and
// names of two words or with an apostrophe.
var (
	firstNames = []string{"Anna", "Łukasz", "Żaneta", "Jürgen", "Søren", "José", "Zoë", "Piotr", "Małgorzata", "Ole", "Adam", "Agnieszka"}
	lastNames  = []string{"Nowak", "Müller", "Wiśniewski", "Öztürk", "Nowak-Kowalska", "O'Brien", "Dvořák", "Smith", "Łęcki", "Kowalski", "Schröder"}
	countries  = []string{"pl", "de", "cz", "fr", "gb", "Pl"} // one written as an old order might have it
	currencies = []string{"PLN", "EUR", "USD", "eur"}
	statuses   = []order.Status{order.Placed, order.PaymentPending, order.Paid, order.Sent, order.Cancelled}
)

// listEpoch is when the first test order was placed.
var listEpoch = time.Date(2024, 1, 1, 9, 0, 0, 0, time.UTC)

// variedOrder is the ordertest sample order changed by seed: another
// customer, country, currency, status and time, and on one order in four
// a creator design, so the stored orders have the size of real ones.
// Orders come roughly in time order, as a shop's do, but not strictly:
// some share an instant and some are placed earlier than the one before.
func variedOrder(t testing.TB, rng *rand.Rand, seq int) *order.Order {
	t.Helper()
	hash, err := order.NewHash()
	if err != nil {
		t.Fatal(err)
	}
	req := ordertest.Request("pl")
	c := req.Customer
	c.FirstName = firstNames[rng.IntN(len(firstNames))]
	c.LastName = lastNames[rng.IntN(len(lastNames))]
	c.Email = fmt.Sprintf("Klient%d@Example.com", rng.IntN(max(seq/3, 1)+1))
	c.Country = countries[rng.IntN(len(countries))]
	created := listEpoch.Add(time.Duration(seq)*7*time.Minute - time.Duration(rng.IntN(3))*5*time.Minute)
	if seq%10 == 0 {
		created = listEpoch.Add(time.Duration(seq-1) * 7 * time.Minute) // the previous order's minute
	}
	status := statuses[rng.IntN(len(statuses))]
	line := order.Line{Product: "arc", Variant: "crystal", Name: "Rękojeść Arc", Quantity: 1 + rng.IntN(3), UnitPrice: 159900, BuildDays: 10}
	if seq%4 == 0 {
		line.Product, line.Name = order.CreatorSlug, "Własny miecz"
		line.Creator = &order.CreatorConfig{
			Parts:     map[string]string{"emitter": "crown", "switch": "ring", "grip": "ribbed", "pommel": "spike"},
			Generator: "crystal", Button: "two",
		}
		for range 4 {
			line.Creator.Presets = append(line.Creator.Presets, order.Preset{Color: "#3366ff", White: 20, Effect: "unstable",
				Ignition: "scroll", Retraction: "scroll", Sound: "kyber", Clash: "#ffffff"})
		}
	}
	line.Total = line.UnitPrice * int64(line.Quantity)
	o := &order.Order{
		Hash: hash, Locale: req.Locale, Currency: currencies[rng.IntN(len(currencies))], CatalogVersion: "test",
		Customer: c, Lines: []order.Line{line},
		Totals:    order.Totals{Subtotal: line.Total, Shipping: 2000, Total: line.Total + 2000},
		Status:    status,
		Timeline:  []order.Event{{Status: order.Placed, At: created, Cause: "order placed"}},
		CreatedAt: created, DeliveryDays: [2]int{2, 4}, BuildDays: 10,
	}
	if status != order.Placed {
		o.Timeline = append(o.Timeline, order.Event{Status: status, At: created.Add(time.Hour), Cause: "test"})
	}
	return o
}

// storeVaried stores the varied orders from sequence number from (the
// number of orders already stored) to from+n-1, each with ID seq+1: half
// through PutOrder (the store numbers them) and half through InsertOrder
// (the daemon's reserved IDs), in transactions of at most 2000.
func storeVaried(t testing.TB, db *store.DB, rng *rand.Rand, from, n int) {
	t.Helper()
	for done := 0; done < n; {
		batch := min(n-done, 2000)
		must(t, db.UpdateNow(func(tx *store.Tx) error {
			for i := range batch {
				seq := from + done + i
				o := variedOrder(t, rng, seq)
				if seq%2 == 1 {
					if err := tx.PutOrder(o); err != nil {
						return err
					}
				} else {
					o.ID = uint64(seq + 1)
					if err := tx.InsertOrder(o); err != nil {
						return err
					}
				}
				if o.ID != uint64(seq+1) {
					return fmt.Errorf("order %d got ID %d", seq, o.ID)
				}
			}
			return nil
		}))
		done += batch
	}
}

// allOrders is every stored order.
func allOrders(t testing.TB, db *store.DB) []*order.Order {
	t.Helper()
	var all []*order.Order
	must(t, db.View(func(tx *store.Tx) (err error) {
		all, err = tx.Orders(nil)
		return err
	}))
	return all
}

// newestFirst sorts orders as the list shows them: by creation
// (microseconds), then ID, newest first.
func newestFirst(orders []*order.Order) {
	slices.SortFunc(orders, func(a, b *order.Order) int {
		return cmp.Or(cmp.Compare(b.CreatedAt.UnixMicro(), a.CreatedAt.UnixMicro()), cmp.Compare(b.ID, a.ID))
	})
}

// bruteList is what ListOrders must answer for f, computed the slow way.
func bruteList(all []*order.Order, f store.OrderFilter) []uint64 {
	var out []*order.Order
	for _, o := range all {
		if (f.Status == "" || o.Status == f.Status) &&
			(f.Country == "" || strings.EqualFold(o.Customer.Country, f.Country)) &&
			(f.Currency == "" || strings.EqualFold(o.Currency, f.Currency)) &&
			(f.From.IsZero() || !o.CreatedAt.Before(f.From)) &&
			(f.To.IsZero() || o.CreatedAt.Before(f.To)) &&
			(f.Queue == "" || bruteQueue(o) == f.Queue) &&
			f.Stage == "" {
			out = append(out, o)
		}
	}
	newestFirst(out)
	return ids(out)
}

// bruteQueue is the queue of one of the test's orders, written out (they
// carry no stage): placed or paying waits, paid is to build.
func bruteQueue(o *order.Order) order.Queue {
	switch o.Status {
	case order.Placed, order.PaymentPending:
		return "waiting"
	case order.Paid:
		return "to_build"
	}
	return ""
}

// testFold is accent folding for the letters of the test names, written
// out rather than computed so the test does not repeat the store's code.
var testFold = strings.NewReplacer("ł", "l", "ż", "z", "ü", "u", "ø", "o", "é", "e", "ë", "e", "ś", "s", "ö", "o", "ř", "r", "á", "a", "ę", "e")

// bruteSearch is what SearchOrders must answer for a query of words,
// computed the slow way: every word starts a word of the name or the
// e-mail address (the test's queries have no "-" or "'" in an address).
func bruteSearch(all []*order.Order, query string) []uint64 {
	var out []*order.Order
	for _, o := range all {
		split := func(s string) []string {
			return strings.FieldsFunc(testFold.Replace(strings.ToLower(s)), func(r rune) bool { return r == ' ' || r == '-' || r == '\'' })
		}
		toks := append(split(o.Customer.FirstName+" "+o.Customer.LastName), strings.ToLower(o.Customer.Email))
		ok := true
		for _, w := range split(query) {
			ok = ok && slices.ContainsFunc(toks, func(tok string) bool { return strings.HasPrefix(tok, w) })
		}
		if ok {
			out = append(out, o)
		}
	}
	newestFirst(out)
	return ids(out)
}

func ids(orders []*order.Order) []uint64 {
	out := make([]uint64, len(orders))
	for i, o := range orders {
		out[i] = o.ID
	}
	return out
}

// pageThrough reads every page of a list or search with pages of size
// limit, failing on an order seen twice.
func pageThrough(t testing.TB, db *store.DB, limit int, read func(tx *store.Tx, cursor string) (*store.OrderPage, error)) []uint64 {
	t.Helper()
	var out []uint64
	seen := make(map[uint64]bool)
	cursor := ""
	for {
		var p *store.OrderPage
		must(t, db.View(func(tx *store.Tx) (err error) {
			p, err = read(tx, cursor)
			return err
		}))
		if len(p.Orders) > limit || (p.Next != "" && len(p.Orders) != limit) {
			t.Fatalf("page of %d orders (limit %d) with next %q", len(p.Orders), limit, p.Next)
		}
		for _, s := range p.Orders {
			if seen[s.ID] {
				t.Fatalf("order %d on two pages", s.ID)
			}
			seen[s.ID] = true
			out = append(out, s.ID)
		}
		if p.Next == "" {
			return out
		}
		cursor = p.Next
	}
}
