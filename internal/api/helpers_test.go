package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	netmail "net/mail"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"sabershop/internal/api"
	"sabershop/internal/catalog"
	"sabershop/internal/catalog/catalogfile"
	"sabershop/internal/catalog/catalogtest"
	"sabershop/internal/mail"
	"sabershop/internal/mail/mailtest"
	"sabershop/internal/order"
	"sabershop/internal/order/ordertest"
	"sabershop/internal/orders"
	"sabershop/internal/rates/nbp"
	"sabershop/internal/rates/nbpfake"
	"sabershop/internal/store"
	"sabershop/internal/store/storetest"
	"sabershop/internal/testutil"
)

// The tests here run the API as the daemon does: a real bbolt file, the
// catalogue built from the shop's own content/ and parsed back from its
// JSON (exactly what orderd loads), and e-mail delivered by the outbox
// worker over a real SMTP conversation with an in-process server.

const (
	baseURL    = "http://shop.test"
	ownerEmail = "owner@saberforge.example"
	mailFrom   = "Saber Forge <shop@saberforge.example>"
)

// testNow is the default instant of the tests' clock: after every
// product's first price and before talon's change of 2026-11-01.
var testNow = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

// clock is the API's controllable Now.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) Set(t time.Time) {
	c.mu.Lock()
	c.now = t
	c.mu.Unlock()
}

// syncBuffer collects log output written from several goroutines.
type syncBuffer = testutil.SyncBuffer

// env is one API server with its store, SMTP server, outbox worker and
// clock.
type env struct {
	t      *testing.T
	db     *store.DB
	cat    *catalog.Catalog
	clock  *clock
	logs   *syncBuffer
	smtp   *mailtest.Server
	worker *mail.Worker
	srv    *httptest.Server
	api    *api.Server
	orders *orders.Service
	kicks  atomic.Int64
	// bankDown: the exchange-rate bank answers 503.
	bankDown atomic.Bool
	// shop carries the sandbox's requests to the server (newSandboxEnv only).
	shop *shopTransport
}

// config is what a test may adjust before the server is built: the
// API's configuration, and the order service's that the daemon would
// share between the API, the desk and the terminal. Their common fields
// (the store, the clock, the log, the worker's kick) are set alike by
// newEnvStore; an option reads them through c.apiConfig.
type config struct {
	apiConfig
	ordersConfig
}

type (
	apiConfig    = api.Config
	ordersConfig = orders.Config
)

// newEnv starts everything; opts adjust the configuration (and may
// replace the catalogue) before the server is built.
func newEnv(t *testing.T, opts ...func(*config)) *env {
	t.Helper()
	return newEnvStore(t, store.Options{}, opts...)
}

// newEnvStore is newEnv with store options (longer batches).
func newEnvStore(t *testing.T, so store.Options, opts ...func(*config)) *env {
	t.Helper()
	e := &env{t: t, cat: catalogtest.Shop(t), clock: &clock{now: testNow}, logs: &syncBuffer{}}
	db := storetest.Open(t, so)
	e.db = db
	e.smtp = mailtest.Start(t, mailtest.Options{})
	host, p := e.smtp.HostPort()
	sender, err := mail.NewSMTPSender(mail.SMTPConfig{Host: host, Port: p, TLS: mail.TLSNone, From: mailFrom})
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(e.logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	e.worker = &mail.Worker{Outbox: db, Sender: sender, Log: log} // real time: messages carry real Created times
	// The bank's rates for euro invoices: the fake bank on the test's clock.
	// e.bankDown makes it answer 503, as a bank that is down.
	fake := &nbpfake.Fake{Now: e.clock.Now}
	bank := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if e.bankDown.Load() {
			http.Error(w, "503 Service Unavailable", http.StatusServiceUnavailable)
			return
		}
		fake.ServeHTTP(w, r)
	}))
	t.Cleanup(bank.Close)
	cfg := config{
		apiConfig: api.Config{Catalogs: catalogfile.Fixed(e.cat)},
		ordersConfig: orders.Config{Rates: &nbp.Client{BaseURL: bank.URL}, BaseURL: baseURL, OwnerEmail: ownerEmail,
			Unpaid: order.DefaultUnpaid},
	}
	cfg.apiConfig.Store, cfg.ordersConfig.Store = db, db
	cfg.apiConfig.Log, cfg.ordersConfig.Log = log, log
	cfg.apiConfig.Now, cfg.ordersConfig.Now = e.clock.Now, e.clock.Now
	cfg.apiConfig.Kick = func() { e.kicks.Add(1) }
	cfg.ordersConfig.Kick = cfg.apiConfig.Kick
	for _, o := range opts {
		o(&cfg)
	}
	cfg.ordersConfig.Catalog = cfg.Catalogs.Current
	e.cat = cfg.Catalogs.Current()
	if e.orders, err = orders.New(cfg.ordersConfig); err != nil {
		t.Fatal(err)
	}
	cfg.Orders = e.orders
	s, err := api.New(cfg.apiConfig)
	if err != nil {
		t.Fatal(err)
	}
	e.worker.Prepare, e.worker.Attach = e.orders.PrepareMail, e.orders.AttachDocuments
	e.api = s
	e.srv = httptest.NewServer(s.Handler())
	t.Cleanup(e.srv.Close)
	return e
}

// response is an answer read whole.
type response struct {
	Status int
	Header http.Header
	Body   []byte
}

// JSON decodes the body into a map (failing on a non-JSON body).
func (r response) JSON(t *testing.T) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(r.Body, &m); err != nil {
		t.Fatalf("answer %d is not a JSON object: %v\n%s", r.Status, err, r.Body)
	}
	return m
}

// Decode decodes the body into v.
func (r response) Decode(t *testing.T, v any) {
	t.Helper()
	if err := json.Unmarshal(r.Body, v); err != nil {
		t.Fatalf("answer %d: %v\n%s", r.Status, err, r.Body)
	}
}

// errorBody is every error answer's shape.
type errorBody struct {
	Code     string            `json:"code"`
	Message  string            `json:"message"`
	Errors   map[string]string `json:"errors"`
	Messages map[string]string `json:"messages"`
}

func (r response) Err(t *testing.T) errorBody {
	t.Helper()
	var b errorBody
	r.Decode(t, &b)
	return b
}

// do sends a request with a raw body (nil: none) and headers in pairs.
func (e *env) do(method, path string, body []byte, headers ...string) response {
	e.t.Helper()
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequest(method, e.srv.URL+path, rd)
	if err != nil {
		e.t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	return e.read(e.srv.Client().Do(req))
}

// read reads the answer of a request whole, failing on err.
func (e *env) read(res *http.Response, err error) response {
	e.t.Helper()
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		e.t.Fatal(err)
	}
	return response{Status: res.StatusCode, Header: res.Header, Body: b}
}

func (e *env) get(path string, headers ...string) response {
	e.t.Helper()
	return e.do(http.MethodGet, path, nil, headers...)
}

// post sends v as JSON ([]byte and string are sent as they are).
func (e *env) post(path string, v any, headers ...string) response {
	e.t.Helper()
	var body []byte
	switch b := v.(type) {
	case []byte:
		body = b
	case string:
		body = []byte(b)
	default:
		var err error
		if body, err = json.Marshal(v); err != nil {
			e.t.Fatal(err)
		}
	}
	return e.do(http.MethodPost, path, body, headers...)
}

// wantStatus fails the test when the answer's status is not want.
func wantStatus(t *testing.T, r response, want int) {
	t.Helper()
	if r.Status != want {
		t.Fatalf("status %d, want %d: %s", r.Status, want, r.Body)
	}
}

// counts are the numbers of keys per bucket.
func (e *env) counts() map[string]int {
	e.t.Helper()
	c, err := e.db.Counts()
	if err != nil {
		e.t.Fatal(err)
	}
	return c
}

// stored is what get reads in a read-only transaction of the env's store.
func stored[T any](e *env, get func(*store.Tx) (T, error)) T {
	e.t.Helper()
	var v T
	if err := e.db.View(func(tx *store.Tx) error {
		var err error
		v, err = get(tx)
		return err
	}); err != nil {
		e.t.Fatal(err)
	}
	return v
}

// allOrders are every stored order.
func (e *env) allOrders() []*order.Order {
	e.t.Helper()
	return stored(e, func(tx *store.Tx) ([]*order.Order, error) { return tx.Orders(nil) })
}

func (e *env) storedOrder(hash string) *order.Order {
	e.t.Helper()
	return stored(e, func(tx *store.Tx) (*order.Order, error) { return tx.Order(hash) })
}

func (e *env) coupon(code string) *order.Coupon {
	e.t.Helper()
	return stored(e, func(tx *store.Tx) (*order.Coupon, error) { return tx.Coupon(code) })
}

func (e *env) addCoupon(c order.Coupon) {
	e.t.Helper()
	if c.Created.IsZero() {
		c.Created = testNow
	}
	if err := e.db.UpdateNow(func(tx *store.Tx) error { return tx.AddCoupon(&c) }); err != nil {
		e.t.Fatal(err)
	}
}

func (e *env) setOpen(open bool) {
	e.t.Helper()
	if err := e.db.UpdateNow(func(tx *store.Tx) error { return tx.SetOrdersOpen(open) }); err != nil {
		e.t.Fatal(err)
	}
}

// drain runs the outbox worker once and returns the messages the SMTP
// server received since the last drain; it fails when one was not sent.
func (e *env) drain() []received {
	e.t.Helper()
	before := len(e.smtp.Received())
	sent, failed, err := e.worker.DrainOnce(context.Background())
	if err != nil || failed != 0 {
		e.t.Fatalf("drain: sent %d, failed %d, err %v", sent, failed, err)
	}
	got := e.smtp.Received()[before:]
	if len(got) != sent {
		e.t.Fatalf("worker sent %d, SMTP server received %d", sent, len(got))
	}
	out := make([]received, len(got))
	for i, env := range got {
		out[i] = parseMail(e.t, env)
	}
	return out
}

// orderRequest is the sample order (ordertest) with the default creator
// design added: a Polish order of an arc with the crystal generator and a
// custom saber.
func (e *env) orderRequest() order.Request {
	design := order.DefaultCreator(e.cat)
	req := ordertest.Request("pl")
	req.Items = append(req.Items, order.ItemRequest{Creator: &design, Quantity: 1})
	return req
}

// priced sets req.ExpectedTotal to what the shop charges at the clock's
// instant (without a coupon) and returns req.
func (e *env) priced(req order.Request) order.Request {
	e.t.Helper()
	return ordertest.Priced(e.t, e.cat, req, e.clock.Now())
}

// placed is a 201 answer of POST /v1/orders.
type placed struct {
	Hash      string          `json:"hash"`
	StatusURL string          `json:"status_url"`
	Message   string          `json:"message"`
	Order     json.RawMessage `json:"order"`
}

// place posts req (priced) and wants 201.
func (e *env) place(req order.Request, headers ...string) placed {
	e.t.Helper()
	r := e.post("/v1/orders", req, headers...)
	wantStatus(e.t, r, http.StatusCreated)
	var p placed
	r.Decode(e.t, &p)
	return p
}

// --- e-mail ---------------------------------------------------------------

// received is a delivered message taken apart as a mail client does.
type received struct {
	RcptTo []string
	mailtest.Message
}

func parseMail(t *testing.T, env mailtest.Envelope) received {
	t.Helper()
	return received{RcptTo: env.To, Message: mailtest.Parse(t, env.Data)}
}

// address is the bare address of a header field.
func address(t *testing.T, h netmail.Header, field string) string {
	t.Helper()
	a, err := netmail.ParseAddress(h.Get(field))
	if err != nil {
		t.Fatalf("%s %q: %v", field, h.Get(field), err)
	}
	return a.Address
}

// contains fails unless s contains every one of subs.
func contains(t *testing.T, what, s string, subs ...string) {
	t.Helper()
	for _, sub := range subs {
		if !strings.Contains(s, sub) {
			t.Errorf("%s does not contain %q:\n%s", what, sub, s)
		}
	}
}

// withCatalog serves cat instead of the real catalogue.
func withCatalog(cat *catalog.Catalog) func(*config) {
	return func(c *config) { c.Catalogs = catalogfile.Fixed(cat) }
}
