package api_test

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"sabershop/internal/mail"
	"sabershop/internal/order"
	"sabershop/internal/order/ordertest"
	"sabershop/internal/payment"
	"sabershop/internal/payment/paypal"
	"sabershop/internal/payment/paypal/paypaltest"
	"sabershop/internal/payment/sandbox"
	"sabershop/internal/payment/tpay"
	"sabershop/internal/payment/tpay/tpaytest"
	"sabershop/internal/store"
	"sabershop/internal/testutil"
)

// The payment tests run the API with one real adapter each: the sandbox
// (offline; its notifications come back over HTTP to the webhook), tpay
// against tpaytest and paypal against paypaltest. The shop's public
// address stays baseURL (http://shop.test): links, return URLs and the
// card origin are the shop's, and shopTransport carries requests the
// sandbox makes to that host to the test server.

// shopOrigin is what the card form's window.location.origin says.
const shopOrigin = "http://shop.test"

// Card data the tests type in. The CVC and expiry are unusual enough that
// a scan of logs and stored bytes finds them only if they leaked.
const testCVC = "737"

var testExpiry = fmt.Sprintf("07/%02d", (time.Now().Year()+3)%100)

// shopTransport sends requests for shop.test to the test server.
type shopTransport struct {
	target atomic.Pointer[url.URL]
	// gate, while set, holds those requests (the sandbox's notifications)
	// until it is closed, so that a test sees the state before them however
	// slow the machine is.
	gate atomic.Pointer[chan struct{}]
}

// hold keeps the sandbox's notifications back until release.
func (st *shopTransport) hold() (release func()) {
	ch := make(chan struct{})
	st.gate.Store(&ch)
	var once sync.Once
	return func() {
		once.Do(func() {
			st.gate.Store(nil)
			close(ch)
		})
	}
}

func (st *shopTransport) point(raw string) {
	u, err := url.Parse(raw)
	if err != nil {
		panic(err)
	}
	st.target.Store(u)
}

func (st *shopTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	if u := st.target.Load(); u != nil && r.URL.Host == "shop.test" {
		if g := st.gate.Load(); g != nil {
			select {
			case <-*g:
			case <-r.Context().Done():
				return nil, r.Context().Err()
			}
		}
		r = r.Clone(r.Context())
		r.URL.Scheme, r.URL.Host, r.Host = u.Scheme, u.Host, ""
	}
	return http.DefaultTransport.RoundTrip(r)
}

func registry(t *testing.T, ps ...payment.Provider) *payment.Registry {
	t.Helper()
	r, err := payment.NewRegistry(ps...)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// newSandboxEnv is the API with the sandbox taking every method; its
// confirmations follow after delay, through the real webhook.
func newSandboxEnv(t *testing.T, delay time.Duration) (*env, *sandbox.Provider) {
	t.Helper()
	return newSandboxEnvStore(t, store.Options{}, delay)
}

// newSandboxEnvStore is newSandboxEnv with store options and more
// adjustments of the configuration.
func newSandboxEnvStore(t *testing.T, so store.Options, delay time.Duration, opts ...func(*config)) (*env, *sandbox.Provider) {
	t.Helper()
	st := &shopTransport{}
	var sbx *sandbox.Provider
	e := newEnvStore(t, so, append([]func(*config){func(c *config) {
		var err error
		sbx, err = sandbox.New(sandbox.Config{
			DataDir: t.TempDir(), Delay: delay, Log: c.apiConfig.Log,
			Client: &http.Client{Transport: st, Timeout: 10 * time.Second},
		})
		if err != nil {
			t.Fatal(err)
		}
		c.Payments = registry(t, sbx)
	}}, opts...)...)
	st.point(e.srv.URL)
	e.shop = st
	t.Cleanup(sbx.Stop) // before the server and the store close
	return e, sbx
}

// fakeEnv is the API with the one provider made with the API's log,
// against fake (started with err), which closes with the test.
func fakeEnv[F interface{ Close() }](t *testing.T, fake F, err error, provider func(log *slog.Logger) (payment.Provider, error)) (*env, F) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(fake.Close)
	return newEnv(t, func(c *config) {
		p, err := provider(c.apiConfig.Log)
		if err != nil {
			t.Fatal(err)
		}
		c.Payments = registry(t, p)
	}), fake
}

// newTpayEnv is the API with tpay (card and bank) against tpaytest.
func newTpayEnv(t *testing.T) (*env, *tpaytest.Server) {
	fake, err := tpaytest.NewServer(tpaytest.Options{})
	return fakeEnv(t, fake, err, func(log *slog.Logger) (payment.Provider, error) {
		cfg := fake.Config()
		cfg.Log = log
		return tpay.New(cfg)
	})
}

// newPayPalEnv is the API with paypal against paypaltest.
func newPayPalEnv(t *testing.T) (*env, *paypaltest.Server) {
	fake, err := paypaltest.NewServer(paypaltest.Options{})
	return fakeEnv(t, fake, err, func(log *slog.Logger) (payment.Provider, error) {
		cfg := fake.Config()
		cfg.Log = log
		return paypal.New(cfg)
	})
}

// encryptCard does what components/payment/encrypt.ts does with the
// public key GET /v1/shop hands out: RSA PKCS#1 v1.5 over
// "number|expiry|cvc|origin", base64.
func encryptCard(t *testing.T, publicKey, number, expiry, cvc, origin string) string {
	t.Helper()
	pemBytes, err := base64.StdEncoding.DecodeString(publicKey)
	if err != nil {
		t.Fatal(err)
	}
	block, _ := pem.Decode(pemBytes)
	if block == nil {
		t.Fatalf("public key is not base64 of a PEM block")
	}
	pub, err := x509.ParsePKIXPublicKey(block.Bytes)
	if err != nil {
		t.Fatal(err)
	}
	//lint:ignore SA1019 the providers' browser-side format
	ct, err := rsa.EncryptPKCS1v15(rand.Reader, pub.(*rsa.PublicKey), []byte(number+"|"+expiry+"|"+cvc+"|"+origin))
	if err != nil {
		t.Fatal(err)
	}
	return base64.StdEncoding.EncodeToString(ct)
}

// shopKey is the card key GET /v1/shop publishes.
func (e *env) shopKey() string {
	e.t.Helper()
	r := e.get("/v1/shop")
	wantStatus(e.t, r, http.StatusOK)
	key, _ := r.JSON(e.t)["card_public_key"].(string)
	if key == "" {
		e.t.Fatal("GET /v1/shop has no card_public_key")
	}
	return key
}

// placeIn places the test order in locale (pl: PLN; en, de: EUR).
func (e *env) placeIn(locale string) placed {
	e.t.Helper()
	req := e.orderRequest()
	req.Locale = locale
	return e.place(e.priced(req))
}

// payAnswer is a 200 answer of POST /v1/orders/{hash}/payments.
type payAnswer struct {
	Status string `json:"status"`
	URL    string `json:"url"`
	Order  struct {
		Status order.Status `json:"status"`
	} `json:"order"`
}

// pay posts a payment start and returns the raw answer.
func (e *env) pay(hash string, body map[string]string, headers ...string) response {
	e.t.Helper()
	return e.post("/v1/orders/"+hash+"/payments", body, headers...)
}

// payOK posts a payment start and wants 200.
func (e *env) payOK(hash string, body map[string]string) payAnswer {
	e.t.Helper()
	r := e.pay(hash, body)
	wantStatus(e.t, r, http.StatusOK)
	var a payAnswer
	r.Decode(e.t, &a)
	return a
}

// payCard pays by card with the given number, encrypted with key.
func (e *env) payCard(hash, key, number string) response {
	e.t.Helper()
	return e.pay(hash, map[string]string{"method": "card", "name": "Anna Nowak",
		"encrypted": encryptCard(e.t, key, number, testExpiry, testCVC, shopOrigin)})
}

// waitStatus polls the stored order until it has status want.
func (e *env) waitStatus(hash string, want order.Status) *order.Order {
	e.t.Helper()
	var o *order.Order
	testutil.Eventually(e.t, "order status "+string(want), func() error {
		if o = e.storedOrder(hash); o.Status != want {
			return fmt.Errorf("order status %s; timeline %+v", o.Status, o.Timeline)
		}
		return nil
	})
	return o
}

// wantOrderStatus fails unless the stored order has status want.
func (e *env) wantOrderStatus(hash string, want order.Status) *order.Order {
	e.t.Helper()
	o := e.storedOrder(hash)
	if o.Status != want {
		e.t.Fatalf("order status %s, want %s; timeline %+v", o.Status, want, o.Timeline)
	}
	return o
}

// transitionsTo counts the timeline's events to status s.
func transitionsTo(o *order.Order, s order.Status) int {
	n := 0
	for _, ev := range o.Timeline {
		if ev.Status == s {
			n++
		}
	}
	return n
}

// paymentMails counts the "payment received" e-mails of an order: queued
// in the outbox and recorded as sent.
func (e *env) paymentMails(hash string) (queued, sent int) {
	return e.mails(hash, mail.KindPaymentReceived)
}

// mails counts an order's e-mails of kind: queued in the outbox and
// recorded as sent.
func (e *env) mails(hash, kind string) (queued, sent int) {
	e.t.Helper()
	out, err := e.db.Outbox()
	if err != nil {
		e.t.Fatal(err)
	}
	for _, m := range out {
		if m.Kind == kind && m.Ref == hash {
			queued++
		}
	}
	recs, err := e.db.Sent(hash)
	if err != nil {
		e.t.Fatal(err)
	}
	for _, r := range recs {
		if r.Kind == kind {
			sent++
		}
	}
	return queued, sent
}

// wantMails fails unless the order has n e-mails of kind, queued or sent.
func (e *env) wantMails(hash, kind string, n int) {
	e.t.Helper()
	if q, s := e.mails(hash, kind); q+s != n {
		e.t.Errorf("%s e-mails: %d queued, %d sent; want %d", kind, q, s, n)
	}
}

// wantOnePaymentMail drains the outbox and wants exactly one "payment
// received" e-mail for the order, delivered over SMTP to the customer,
// and none still queued.
func (e *env) wantOnePaymentMail(hash string) {
	e.t.Helper()
	if q, s := e.paymentMails(hash); q+s != 1 {
		e.t.Fatalf("payment_received e-mails: %d queued, %d sent; want one", q, s)
	}
	e.wantMails(hash, mail.KindOwnerPaymentReceived, 1) // and one to the owner
	var subject string
	out, _ := e.db.Outbox()
	for _, m := range out {
		if m.Kind == mail.KindPaymentReceived && m.Ref == hash {
			subject = m.Subject
		}
	}
	got := e.drain()
	if subject != "" { // not yet sent before this drain
		n := 0
		for _, m := range got {
			if m.Subject == subject {
				n++
				if len(m.RcptTo) != 1 || m.RcptTo[0] != ordertest.Customer().Email {
					e.t.Errorf("payment e-mail to %v", m.RcptTo)
				}
				contains(e.t, "payment e-mail", m.Text, hash)
			}
		}
		if n != 1 {
			e.t.Errorf("SMTP server received %d payment e-mails, want 1", n)
		}
	}
	if q, s := e.paymentMails(hash); q != 0 || s != 1 {
		e.t.Fatalf("after the drain: %d queued, %d sent; want 0 and 1", q, s)
	}
}

// wantNoPaymentMail fails when a "payment received" e-mail exists.
func (e *env) wantNoPaymentMail(hash string) {
	e.t.Helper()
	if q, s := e.paymentMails(hash); q+s != 0 {
		e.t.Fatalf("payment_received e-mails: %d queued, %d sent; want none", q, s)
	}
}

// noFollow is the test server's client without following redirects.
func (e *env) noFollow() *http.Client {
	c := *e.srv.Client()
	c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	return &c
}

// send does req with the no-redirect client and reads the answer.
func (e *env) send(req *http.Request) response {
	e.t.Helper()
	return e.read(e.noFollow().Do(req))
}

// getNoFollow GETs a path (or an absolute URL on shop.test) without
// following a redirect.
func (e *env) getNoFollow(pathOrURL string) response {
	e.t.Helper()
	req, err := http.NewRequest(http.MethodGet, e.local(pathOrURL), nil)
	if err != nil {
		e.t.Fatal(err)
	}
	return e.send(req)
}

// postForm posts a form to a path (or an absolute URL on shop.test),
// without following the redirect.
func (e *env) postForm(pathOrURL string, form url.Values) response {
	e.t.Helper()
	req, err := http.NewRequest(http.MethodPost, e.local(pathOrURL), strings.NewReader(form.Encode()))
	if err != nil {
		e.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return e.send(req)
}

// local turns a shop URL (http://shop.test/...) or a path into the test
// server's URL.
func (e *env) local(pathOrURL string) string {
	if rest, ok := strings.CutPrefix(pathOrURL, baseURL); ok {
		return e.srv.URL + rest
	}
	if strings.HasPrefix(pathOrURL, "/") {
		return e.srv.URL + pathOrURL
	}
	e.t.Fatalf("%q is not on the shop", pathOrURL)
	return ""
}

// postRaw posts body with headers to the test server's path and returns
// the answer (webhook calls).
func (e *env) postRaw(path string, body []byte, h http.Header) response {
	e.t.Helper()
	req, err := http.NewRequest(http.MethodPost, e.srv.URL+path, strings.NewReader(string(body)))
	if err != nil {
		e.t.Fatal(err)
	}
	for k, vs := range h {
		req.Header[k] = vs
	}
	return e.send(req)
}
