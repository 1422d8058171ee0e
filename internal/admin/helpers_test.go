package admin_test

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"sabershop/internal/admin"
	"sabershop/internal/backoffice"
	"sabershop/internal/catalog"
	"sabershop/internal/catalog/catalogtest"
	"sabershop/internal/mail"
	"sabershop/internal/mail/outbox"
	"sabershop/internal/order"
	"sabershop/internal/order/ordertest"
	"sabershop/internal/orders"
	"sabershop/internal/rates"
	"sabershop/internal/store"
	"sabershop/internal/store/storetest"
)

// testNow is the commands' clock: a day on which the real catalogue's
// prices are in force.
var testNow = time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)

const testBaseURL = "https://shop.test"

// fixture is a data file with the real catalogue and a fixed clock.
type fixture struct {
	t     *testing.T
	db    *store.DB
	cat   *catalog.Catalog
	kicks atomic.Int32
	env   backoffice.Office
	// nextHash, when set, is the status hash of the next placed order.
	nextHash string
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	db := storetest.Open(t, store.Options{})
	f := &fixture{t: t, db: db, cat: catalogtest.Shop(t)}
	f.env = backoffice.Office{
		DB:      db,
		Catalog: func() *catalog.Catalog { return f.cat },
		BaseURL: testBaseURL,
		Now:     func() time.Time { return testNow },
		Kick:    func() { f.kicks.Add(1) },
	}
	f.env.Orders = f.orders(nil)
	return f
}

// withoutCatalogue is the fixture as without a built site: no
// catalogue for the commands nor for the order service.
func (f *fixture) withoutCatalogue() {
	f.env.Catalog = nil
	svc, err := orders.New(orders.Config{Store: f.db, Catalog: func() *catalog.Catalog { return nil }, Now: f.env.Now})
	if err != nil {
		f.t.Fatal(err)
	}
	f.env.Orders = svc
}

// orders is the order service over the fixture's file, with rates as
// the bank (nil: none, as without the daemon).
func (f *fixture) orders(rates rates.Source) *orders.Service {
	f.t.Helper()
	svc, err := orders.New(orders.Config{Store: f.db, Catalog: f.env.Catalog, BaseURL: testBaseURL, Rates: rates,
		Now: f.env.Now, Kick: f.env.Kick})
	if err != nil {
		f.t.Fatal(err)
	}
	return svc
}

// run runs a command and returns its output and error.
func (f *fixture) run(args ...string) (string, error) {
	f.t.Helper()
	var out bytes.Buffer
	err := admin.Run(context.Background(), f.env, args, &out)
	return out.String(), err
}

// ok runs a command that must succeed.
func (f *fixture) ok(args ...string) string {
	f.t.Helper()
	out, err := f.run(args...)
	if err != nil {
		f.t.Fatalf("orderd %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return out
}

// usage runs a command that must fail with a UsageError containing want.
func (f *fixture) usage(want string, args ...string) {
	f.t.Helper()
	out, err := f.run(args...)
	var u *admin.UsageError
	if !errors.As(err, &u) {
		f.t.Errorf("orderd %s: want a UsageError, got %v (output %q)", strings.Join(args, " "), err, out)
		return
	}
	if !strings.Contains(u.Msg, want) {
		f.t.Errorf("orderd %s: usage message %q lacks %q", strings.Join(args, " "), u.Msg, want)
	}
}

// fails runs a command that must fail with an error that is not a usage
// mistake, containing want.
func (f *fixture) fails(want string, args ...string) {
	f.t.Helper()
	out, err := f.run(args...)
	var u *admin.UsageError
	switch {
	case err == nil:
		f.t.Errorf("orderd %s: no error (output %q)", strings.Join(args, " "), out)
	case errors.As(err, &u):
		f.t.Errorf("orderd %s: a UsageError %q, want a plain error", strings.Join(args, " "), u.Msg)
	case !strings.Contains(err.Error(), want):
		f.t.Errorf("orderd %s: error %q lacks %q", strings.Join(args, " "), err, want)
	}
}

// customer is the sample order's customer (ordertest) with another first
// name, e-mail and country.
func customer(first, email, country string) order.Customer {
	c := ordertest.Customer()
	c.FirstName, c.Email, c.Country = first, email, country
	if country == "de" {
		c.Zip, c.City = "10115", "Berlin"
	}
	return c
}

// place prices and stores a placed order with its order_placed e-mail, as
// POST /v1/orders does.
func (f *fixture) place(locale string, c order.Customer, items ...order.ItemRequest) *order.Order {
	f.t.Helper()
	req := order.Request{Locale: locale, TermsAccepted: true, Customer: c, Items: items}
	order.Normalize(&req)
	if errs := order.Validate(req, f.cat); len(errs) > 0 {
		f.t.Fatalf("invalid test order: %v", errs)
	}
	p, errs := order.Price(f.cat, req, testNow)
	if len(errs) > 0 {
		f.t.Fatalf("pricing the test order: %v", errs)
	}
	hash, err := order.NewHash()
	if err != nil {
		f.t.Fatal(err)
	}
	if f.nextHash != "" {
		hash, f.nextHash = f.nextHash, ""
	}
	o := order.New(req, p, hash, f.cat.Version, testNow.Add(-time.Hour))
	err = f.db.UpdateNow(func(tx *store.Tx) error {
		if err := tx.PutOrder(o); err != nil {
			return err
		}
		msg, err := mail.OrderPlaced(f.cat, o, testBaseURL+"/status/"+o.Hash)
		if err != nil {
			return err
		}
		return tx.Enqueue(msg)
	})
	if err != nil {
		f.t.Fatal(err)
	}
	return o
}

func arc(qty int) order.ItemRequest {
	return order.ItemRequest{Product: "arc", Variant: "crystal", Quantity: qty}
}

// setStatus moves a stored order along the state machine (a payment
// provider would in the daemon).
func (f *fixture) setStatus(o *order.Order, to ...order.Status) *order.Order {
	f.t.Helper()
	var got *order.Order
	err := f.db.UpdateNow(func(tx *store.Tx) error {
		cur, err := tx.Order(o.Hash)
		if err != nil {
			return err
		}
		for _, s := range to {
			if _, err := cur.Transition(s, testNow.Add(-30*time.Minute), "test"); err != nil {
				return err
			}
		}
		got = cur
		return tx.PutOrder(cur)
	})
	if err != nil {
		f.t.Fatal(err)
	}
	return got
}

func (f *fixture) order(hash string) *order.Order {
	f.t.Helper()
	return storetest.Order(f.t, f.db, hash)
}

// outbox is the queued messages of kind.
func (f *fixture) outbox(kind string) []*outbox.Message {
	f.t.Helper()
	return storetest.Queued(f.t, f.db, func(m *outbox.Message) bool { return m.Kind == kind })
}

func (f *fixture) subscribe(email, locale string, confirmed, unsubscribed bool) *store.Subscriber {
	f.t.Helper()
	s := &store.Subscriber{Email: email, Locale: locale, Confirmed: confirmed, Unsubscribed: unsubscribed,
		Created: testNow.Add(-48 * time.Hour)}
	if confirmed {
		s.ConfirmedAt = testNow.Add(-47 * time.Hour)
	}
	if err := f.db.UpdateNow(func(tx *store.Tx) error { return tx.PutSubscriber(s) }); err != nil {
		f.t.Fatal(err)
	}
	return s
}

// lines splits output into non-empty lines.
func lines(s string) []string {
	var out []string
	for l := range strings.SplitSeq(s, "\n") {
		if strings.TrimSpace(l) != "" {
			out = append(out, l)
		}
	}
	return out
}
