package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"mime"
	"mime/multipart"
	"net"
	"net/http"
	"net/http/httptest"
	netmail "net/mail"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/emersion/go-smtp"

	"sabershop/internal/api"
	"sabershop/internal/catalog"
	"sabershop/internal/catalog/catalogfile"
	"sabershop/internal/content"
	"sabershop/internal/mail"
	"sabershop/internal/order"
	"sabershop/internal/site"
	"sabershop/internal/store"
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

var catalogJSON = sync.OnceValues(func() ([]byte, error) {
	loaded, err := content.Load("../../content")
	if err != nil {
		return nil, err
	}
	return site.Catalog(loaded).JSON()
})

// realCatalog is a fresh copy of the shop's catalogue, as catalog.json.
func realCatalog(t testing.TB) *catalog.Catalog {
	t.Helper()
	data, err := catalogJSON()
	if err != nil {
		t.Fatal(err)
	}
	cat, err := catalog.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

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

// syncBuffer is a log sink safe for the server's goroutines.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// env is one API server with its store, SMTP server, outbox worker and
// clock.
type env struct {
	t      *testing.T
	db     *store.DB
	cat    *catalog.Catalog
	clock  *clock
	logs   *syncBuffer
	smtp   *testSMTP
	worker *mail.Worker
	srv    *httptest.Server
	kicks  atomic.Int64
}

// newEnv starts everything; opts adjust the API's configuration (and may
// replace the catalogue) before the server is built.
func newEnv(t *testing.T, opts ...func(*api.Config)) *env {
	t.Helper()
	return newEnvStore(t, store.Options{}, opts...)
}

// newEnvStore is newEnv with store options (longer batches).
func newEnvStore(t *testing.T, so store.Options, opts ...func(*api.Config)) *env {
	t.Helper()
	e := &env{t: t, cat: realCatalog(t), clock: &clock{now: testNow}, logs: &syncBuffer{}}
	db, err := store.Open(filepath.Join(t.TempDir(), "orderd.db"), so)
	if err != nil {
		t.Fatal(err)
	}
	e.db = db
	t.Cleanup(func() {
		if err := db.Check(); err != nil {
			t.Errorf("store check: %v", err)
		}
		db.Close()
	})
	e.smtp = startSMTP(t)
	host, port, _ := net.SplitHostPort(e.smtp.addr)
	p, _ := strconv.Atoi(port)
	sender, err := mail.NewSMTPSender(mail.SMTPConfig{Host: host, Port: p, TLS: mail.TLSNone, From: mailFrom})
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(e.logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	e.worker = &mail.Worker{Outbox: db, Sender: sender, Log: log} // real time: messages carry real Created times
	cfg := api.Config{
		Store:      db,
		Catalogs:   catalogfile.Fixed(e.cat),
		Log:        log,
		BaseURL:    baseURL,
		OwnerEmail: ownerEmail,
		Kick:       func() { e.kicks.Add(1) },
		Now:        e.clock.Now,
	}
	for _, o := range opts {
		o(&cfg)
	}
	e.cat = cfg.Catalogs.Current()
	s, err := api.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	e.worker.Prepare = s.PrepareMail
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
	res, err := e.srv.Client().Do(req)
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

// orders are every stored order.
func (e *env) orders() []*order.Order {
	e.t.Helper()
	var out []*order.Order
	if err := e.db.View(func(tx *store.Tx) error {
		var err error
		out, err = tx.Orders(nil)
		return err
	}); err != nil {
		e.t.Fatal(err)
	}
	return out
}

func (e *env) storedOrder(hash string) *order.Order {
	e.t.Helper()
	var o *order.Order
	if err := e.db.View(func(tx *store.Tx) error {
		var err error
		o, err = tx.Order(hash)
		return err
	}); err != nil {
		e.t.Fatalf("order %s: %v", hash, err)
	}
	return o
}

func (e *env) coupon(code string) *order.Coupon {
	e.t.Helper()
	var c *order.Coupon
	if err := e.db.View(func(tx *store.Tx) error {
		var err error
		c, err = tx.Coupon(code)
		return err
	}); err != nil {
		e.t.Fatal(err)
	}
	return c
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
	before := len(e.smtp.all())
	sent, failed, err := e.worker.DrainOnce(context.Background())
	if err != nil || failed != 0 {
		e.t.Fatalf("drain: sent %d, failed %d, err %v", sent, failed, err)
	}
	got := e.smtp.all()[before:]
	if len(got) != sent {
		e.t.Fatalf("worker sent %d, SMTP server received %d", sent, len(got))
	}
	out := make([]received, len(got))
	for i, env := range got {
		out[i] = parseMail(e.t, env)
	}
	return out
}

// customer is a valid Polish address.
func customer() order.Customer {
	return order.Customer{FirstName: "Anna", LastName: "Nowak", Email: "anna@example.com", Phone: "+48 600 100 200",
		Country: "pl", Street: "Długa 1", Zip: "00-001", City: "Warszawa"}
}

// orderRequest is the example with the default creator design in
// place of the empty one: a Polish order of an arc with the crystal
// generator and a custom saber.
func (e *env) orderRequest() order.Request {
	design := order.DefaultCreator(e.cat)
	return order.Request{
		Locale: "pl", TermsAccepted: true, Customer: customer(),
		Items: []order.ItemRequest{{Product: "arc", Variant: "crystal", Quantity: 1}, {Creator: &design, Quantity: 1}},
	}
}

// priced sets req.ExpectedTotal to what the shop charges at the clock's
// instant (without a coupon) and returns req.
func (e *env) priced(req order.Request) order.Request {
	e.t.Helper()
	b, _ := json.Marshal(req)
	var norm order.Request
	_ = json.Unmarshal(b, &norm)
	order.Normalize(&norm)
	p, errs := order.Price(e.cat, norm, e.clock.Now())
	if len(errs) > 0 {
		e.t.Fatalf("test request does not price: %v", errs)
	}
	req.ExpectedTotal = p.Totals.Total
	return req
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

// --- SMTP -----------------------------------------------------------------

// envelope is one message as the test SMTP server received it.
type envelope struct {
	From string
	To   []string
	Data []byte
}

// testSMTP is a real SMTP server on 127.0.0.1 (emersion/go-smtp) that
// keeps what it receives.
type testSMTP struct {
	addr string
	mu   sync.Mutex
	got  []envelope
}

func startSMTP(t *testing.T) *testSMTP {
	t.Helper()
	ts := &testSMTP{}
	srv := smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) {
		return &smtpSession{ts: ts}, nil
	}))
	srv.Domain = "localhost"
	srv.ReadTimeout, srv.WriteTimeout = 10*time.Second, 10*time.Second
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ts.addr = l.Addr().String()
	go srv.Serve(l)
	t.Cleanup(func() { srv.Close() })
	return ts
}

func (ts *testSMTP) all() []envelope {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	return append([]envelope(nil), ts.got...)
}

type smtpSession struct {
	ts  *testSMTP
	env envelope
}

func (s *smtpSession) Mail(from string, _ *smtp.MailOptions) error {
	s.env.From = from
	return nil
}

func (s *smtpSession) Rcpt(to string, _ *smtp.RcptOptions) error {
	s.env.To = append(s.env.To, to)
	return nil
}

func (s *smtpSession) Data(r io.Reader) error {
	b, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	if s.env.From == "" {
		return errors.New("DATA before MAIL")
	}
	s.env.Data = b
	s.ts.mu.Lock()
	s.ts.got = append(s.ts.got, s.env)
	s.ts.mu.Unlock()
	return nil
}

func (s *smtpSession) Reset()        { s.env = envelope{} }
func (s *smtpSession) Logout() error { return nil }

// received is a delivered message taken apart as a mail client does.
type received struct {
	RcptTo  []string
	Header  netmail.Header
	Subject string
	Text    string
	HTML    string
}

func parseMail(t *testing.T, env envelope) received {
	t.Helper()
	msg, err := netmail.ReadMessage(bytes.NewReader(env.Data))
	if err != nil {
		t.Fatalf("not an RFC 5322 message: %v", err)
	}
	r := received{RcptTo: env.To, Header: msg.Header}
	if r.Subject, err = new(mime.WordDecoder).DecodeHeader(msg.Header.Get("Subject")); err != nil {
		t.Fatal(err)
	}
	mt, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if err != nil || mt != "multipart/alternative" {
		t.Fatalf("Content-Type %q: %v", msg.Header.Get("Content-Type"), err)
	}
	mr := multipart.NewReader(msg.Body, params["boundary"])
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(part)
		if err != nil {
			t.Fatal(err)
		}
		switch ct, _, _ := mime.ParseMediaType(part.Header.Get("Content-Type")); ct {
		case "text/plain":
			r.Text = string(b)
		case "text/html":
			r.HTML = string(b)
		}
	}
	return r
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
func withCatalog(cat *catalog.Catalog) func(*api.Config) {
	return func(c *api.Config) { c.Catalogs = catalogfile.Fixed(cat) }
}
