package paypal_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"sabershop/internal/payment"
	"sabershop/internal/payment/paypal"
	"sabershop/internal/payment/paypal/paypaltest"
)

// env is a fake PayPal and an adapter configured for it.
type env struct {
	fake      *paypaltest.Server
	p         *paypal.Provider
	now       atomic.Pointer[time.Time]
	certFetch atomic.Int32
}

func newEnv(t *testing.T) *env {
	t.Helper()
	fake, err := paypaltest.NewServer(paypaltest.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(fake.Close)
	e := &env{fake: fake}
	now := time.Now()
	e.now.Store(&now)
	cfg := fake.Config()
	cfg.Now = func() time.Time { return *e.now.Load() }
	base := cfg.HTTP.Transport
	cfg.HTTP = &http.Client{Transport: roundTrip(func(r *http.Request) (*http.Response, error) {
		if strings.HasPrefix(r.URL.Path, "/v1/notifications/certs/") {
			e.certFetch.Add(1)
		}
		return base.RoundTrip(r)
	})}
	if e.p, err = paypal.New(cfg); err != nil {
		t.Fatal(err)
	}
	return e
}

type roundTrip func(*http.Request) (*http.Response, error)

func (f roundTrip) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

func (e *env) advance(d time.Duration) {
	t := e.now.Load().Add(d)
	e.now.Store(&t)
}

const hash = "h7Qx2kP9sLmN4vB8cD1eFg"

func startReq(h string) payment.StartRequest {
	return payment.StartRequest{
		Order: payment.Order{
			Hash: h, ID: 12, Amount: 36400, Currency: "EUR", Locale: "pl",
			Email: "a@example.com", Name: "Ala Kowalska", Description: "Saber Forge order #12",
		},
		Method:         payment.PayPal,
		ReturnURL:      "https://shop.example/v1/payments/paypal/return?order=" + h,
		CancelURL:      "https://shop.example/pl/order/" + h,
		NotifyURL:      "https://shop.example/v1/webhooks/paypal",
		IdempotencyKey: "attempt-" + h + "-1",
	}
}

// start creates an order and returns its PayPal id.
func (e *env) start(t *testing.T, h string) string {
	t.Helper()
	res, err := e.p.Start(context.Background(), startReq(h))
	if err != nil {
		t.Fatal(err)
	}
	return res.Reference
}

// returnReq is the browser coming back from PayPal.
func returnReq(h, id string) *http.Request {
	return httptest.NewRequest(http.MethodGet, "/v1/payments/paypal/return?order="+h+"&token="+id+"&PayerID=PAYER1", nil)
}

// webhook signs ev with sg and hands it to the adapter.
func (e *env) webhook(t *testing.T, body []byte, sg paypaltest.Signer) (payment.Notification, payment.Ack, error) {
	t.Helper()
	h, err := sg.Sign(body)
	if err != nil {
		t.Fatal(err)
	}
	r := httptest.NewRequest(http.MethodPost, "/v1/webhooks/paypal", strings.NewReader(string(body)))
	r.Header = h
	return e.p.Notification(context.Background(), r, body)
}

func body(t *testing.T, ev paypaltest.Event, err error) []byte {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	b, err := ev.Body()
	if err != nil {
		t.Fatal(err)
	}
	return b
}
