package orders_test

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"sabershop/internal/catalog"
	"sabershop/internal/catalog/catalogtest"
	"sabershop/internal/mail"
	"sabershop/internal/mail/outbox"
	"sabershop/internal/order"
	"sabershop/internal/order/ordertest"
	"sabershop/internal/orders"
	"sabershop/internal/payment"
	"sabershop/internal/payment/paypal"
	"sabershop/internal/payment/paypal/paypaltest"
	"sabershop/internal/payment/sandbox"
	"sabershop/internal/payment/tpay"
	"sabershop/internal/payment/tpay/tpaytest"
	"sabershop/internal/store"
	"sabershop/internal/store/storetest"
	"sabershop/internal/testutil"
)

// priceDay is a day on which the real catalogue's prices are in force.
var priceDay = time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)

// fixture is a data file, the real catalogue, the three providers (tpay
// and PayPal against their local fakes, the sandbox) and the service.
type fixture struct {
	t        *testing.T
	db       *store.DB
	cat      *catalog.Catalog
	tpayFake *tpaytest.Server
	tpay     *tpay.Provider
	ppFake   *paypaltest.Server
	paypal   *paypal.Provider
	sandbox  *sandbox.Provider
	reg      *payment.Registry
	svc      *orders.Service
	logs     *testutil.SyncBuffer
	kicks    int
	mu       sync.Mutex
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	cat := catalogtest.Shop(t)
	db := storetest.Open(t, store.Options{})
	f := &fixture{t: t, db: db, cat: cat, logs: &testutil.SyncBuffer{}}
	log := slog.New(slog.NewTextHandler(f.logs, nil))
	var err error
	if f.tpayFake, err = tpaytest.NewServer(tpaytest.Options{}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(f.tpayFake.Close)
	tcfg := f.tpayFake.Config()
	tcfg.Log = log
	if f.tpay, err = tpay.New(tcfg); err != nil {
		t.Fatal(err)
	}
	if f.ppFake, err = paypaltest.NewServer(paypaltest.Options{}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(f.ppFake.Close)
	pcfg := f.ppFake.Config()
	pcfg.Log = log
	if f.paypal, err = paypal.New(pcfg); err != nil {
		t.Fatal(err)
	}
	if f.sandbox, err = sandbox.New(sandbox.Config{DataDir: t.TempDir(), Delay: time.Millisecond, Log: log}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(f.sandbox.Stop)
	if f.reg, err = payment.NewRegistry(f.tpay, f.paypal, f.sandbox); err != nil {
		t.Fatal(err)
	}
	f.svc = f.service(f.reg)
	return f
}

// service is the order service over the fixture's file with reg.
func (f *fixture) service(reg *payment.Registry) *orders.Service {
	f.t.Helper()
	svc, err := orders.New(orders.Config{
		Store: f.db, Payments: reg, Catalog: func() *catalog.Catalog { return f.cat },
		BaseURL: "https://shop.test", Now: f.now,
		Kick: func() { f.mu.Lock(); f.kicks++; f.mu.Unlock() },
		Log:  slog.New(slog.NewTextHandler(f.logs, nil)),
	})
	if err != nil {
		f.t.Fatal(err)
	}
	return svc
}

// paid places the sample order in locale, pays it through provider as a
// shopper would (the fake's page, PayPal's approval and capture, the
// sandbox's test card), and stores it paid with its attempt, as the API
// does when the provider confirms.
func (f *fixture) paid(provider, locale string) *order.Order {
	f.t.Helper()
	req := ordertest.Request(locale)
	order.Normalize(&req)
	p, errs := order.Price(f.cat, req, priceDay)
	if len(errs) > 0 {
		f.t.Fatalf("pricing: %v", errs)
	}
	hash, err := order.NewHash()
	if err != nil {
		f.t.Fatal(err)
	}
	o := order.New(req, p, hash, f.cat.Version, priceDay)
	start := payment.StartRequest{
		Order: payment.Order{Hash: o.Hash, ID: 1, Amount: o.Totals.Total, Currency: o.Currency, Locale: o.Locale,
			Email: o.Customer.Email, Name: o.Customer.FirstName + " " + o.Customer.LastName, Description: "Saber Forge order"},
		ReturnURL: "https://shop.test/v1/payments/" + provider + "/return?order=" + o.Hash,
		CancelURL: "https://shop.test" + o.StatusPath(),
		NotifyURL: "https://shop.test/v1/webhooks/" + provider,
	}
	var method payment.Method
	var ref, capture string
	switch provider {
	case "tpay":
		start.Method, method = payment.Bank, payment.Bank
		res, err := f.tpay.Start(context.Background(), start)
		if err != nil {
			f.t.Fatal(err)
		}
		if err := f.tpayFake.Pay(res.Reference); err != nil {
			f.t.Fatal(err)
		}
		ref = res.Reference
	case "paypal":
		start.Method, method = payment.PayPal, payment.PayPal
		start.IdempotencyKey = "start-" + o.Hash
		res, err := f.paypal.Start(context.Background(), start)
		if err != nil {
			f.t.Fatal(err)
		}
		if err := f.ppFake.Approve(res.Reference); err != nil {
			f.t.Fatal(err)
		}
		back, _ := f.ppFake.ReturnURL(res.Reference)
		n, err := f.paypal.Return(context.Background(), httptest.NewRequest(http.MethodGet, back, nil))
		if err != nil || n.Status != payment.StatusPaid {
			f.t.Fatalf("capture: %+v, %v", n, err)
		}
		ref, capture = res.Reference, n.Capture
	case "sandbox":
		ref = f.sandboxPaid(start)
		method = payment.Bank
	}
	err = f.db.UpdateNow(func(tx *store.Tx) error {
		a := o.StartAttempt("att-"+ref, provider, string(method), priceDay)
		a.Reference, a.Capture = ref, capture
		o.PaidBy(a)
		if _, err := o.Transition(order.Paid, priceDay, provider+": paid"); err != nil {
			return err
		}
		return tx.PutOrder(o)
	})
	if err != nil {
		f.t.Fatal(err)
	}
	return f.order(o.Hash)
}

// sandboxPaid pays on the sandbox's bank page and waits for its
// confirmation (posted to a shop that takes it).
func (f *fixture) sandboxPaid(start payment.StartRequest) string {
	f.t.Helper()
	shop := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}))
	f.t.Cleanup(shop.Close)
	start.Method, start.NotifyURL = payment.Bank, shop.URL+"/v1/webhooks/sandbox"
	res, err := f.sandbox.Start(context.Background(), start)
	if err != nil {
		f.t.Fatal(err)
	}
	page := httptest.NewRequest(http.MethodPost, res.URL, strings.NewReader("decision=pay"))
	page.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	f.sandbox.Pages().ServeHTTP(httptest.NewRecorder(), page)
	testutil.Eventually(f.t, "the sandbox payment confirmed", func() error {
		n, err := f.sandbox.Query(context.Background(), res.Reference)
		if err == nil && n.Status != payment.StatusPaid {
			err = fmt.Errorf("%+v", n)
		}
		return err
	})
	return res.Reference
}

func (f *fixture) order(hash string) *order.Order {
	f.t.Helper()
	return storetest.Order(f.t, f.db, hash)
}

// mails are the queued shopper's refund e-mails of order hash.
func (f *fixture) mails(hash string) []*outbox.Message {
	f.t.Helper()
	return storetest.Queued(f.t, f.db, func(m *outbox.Message) bool { return m.Kind == mail.KindRefundIssued && m.Ref == hash })
}

func (f *fixture) now() time.Time { return time.Now() }

func itoa(n uint64) string { return strconv.FormatUint(n, 10) }
