// Package paypaltest is a local fake of PayPal's REST API as the paypal
// adapter uses it (token, create / get / capture order, the approval page)
// and a webhook sender signing with a test CA, so adapter and API tests
// run offline. It follows PayPal's documented contract as far as the
// paypal package's doc comment records it.
package paypaltest

import (
	"crypto/rand"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"time"

	"sabershop/internal/payment/paypal"
)

// Capture outcomes a test can choose per order (SetOutcome).
const (
	Completed = "COMPLETED"
	Pending   = "PENDING"
	Declined  = "DECLINED"
)

// Options configure a Server; empty fields get test values.
type Options struct {
	ClientID, Secret, WebhookID string
	TokenTTL                    time.Duration // default 9 h, as PayPal's
}

// Server is the fake. Its methods are safe for concurrent use.
type Server struct {
	srv  *httptest.Server
	opts Options
	ca   *testCA

	mu          sync.Mutex
	tokens      map[string]time.Time // access token -> expiry
	tokenCalls  int
	orders      map[string]*Order
	byRequestID map[string]string   // PayPal-Request-Id of a create -> order id
	refunds     map[string][]Refund // capture id -> refunds, oldest first
	refundByReq map[string]Refund   // PayPal-Request-Id of a refund -> the refund
	certs       map[string][]byte   // path -> PEM served
}

// Order is the fake's record of an order: what the adapter sent and what
// happened to it since.
type Order struct {
	ID, RequestID, Status                 string
	Intent, ReferenceID, CustomID         string
	InvoiceID, Description                string
	Currency, Value                       string
	ReturnURL, CancelURL, Locale          string
	UserAction, ShippingPreference, Brand string
	PayerID                               string
	Outcome                               string // capture outcome; default Completed
	CaptureID, CaptureStatus              string
	CaptureCalls                          int    // capture requests received
	Captures                              int    // captures performed
	captureRequestID                      string // replayed on a repeat
}

// NewServer starts a fake. Close it when done.
func NewServer(opts Options) (*Server, error) {
	if opts.ClientID == "" {
		opts.ClientID = "test-client"
	}
	if opts.Secret == "" {
		opts.Secret = "test-secret"
	}
	if opts.WebhookID == "" {
		opts.WebhookID = "8PT597110X687430LKGECATA"
	}
	if opts.TokenTTL <= 0 {
		opts.TokenTTL = 32400 * time.Second
	}
	ca, err := newTestCA()
	if err != nil {
		return nil, err
	}
	s := &Server{
		opts: opts, ca: ca,
		tokens: map[string]time.Time{}, orders: map[string]*Order{},
		byRequestID: map[string]string{}, certs: map[string][]byte{},
		refunds: map[string][]Refund{}, refundByReq: map[string]Refund{},
	}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /v1/oauth2/token", s.handleToken)
	mux.HandleFunc("POST /v2/checkout/orders", s.auth(s.handleCreate))
	mux.HandleFunc("GET /v2/checkout/orders/{id}", s.auth(s.handleGet))
	mux.HandleFunc("POST /v2/checkout/orders/{id}/capture", s.auth(s.handleCapture))
	mux.HandleFunc("POST /v2/payments/captures/{id}/refund", s.auth(s.handleRefund))
	mux.HandleFunc("GET /checkoutnow", s.handleCheckoutPage)
	mux.HandleFunc("/checkoutnow/approve", s.handleApprove)
	mux.HandleFunc("/checkoutnow/cancel", s.handleCancel)
	mux.HandleFunc("GET /v1/notifications/certs/{name}", s.handleCert)
	s.srv = httptest.NewServer(mux)
	s.certs[certPath] = ca.leafPEM
	return s, nil
}

// Close stops the server.
func (s *Server) Close() { s.srv.Close() }

// URL is the fake's base URL (the adapter's BaseURL).
func (s *Server) URL() string { return s.srv.URL }

// Config is a paypal.Config pointing at the fake and trusting its CA.
func (s *Server) Config() paypal.Config {
	return paypal.Config{
		BaseURL:         s.srv.URL,
		ClientID:        s.opts.ClientID,
		Secret:          s.opts.Secret,
		WebhookID:       s.opts.WebhookID,
		CertURLPrefixes: []string{s.CertURLPrefix()},
		RootCAs:         s.ca.pool(),
		HTTP:            s.srv.Client(),
		BrandName:       "Saber Forge",
	}
}

// TokenCalls counts the tokens handed out.
func (s *Server) TokenCalls() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.tokenCalls
}

// RevokeTokens makes every token handed out so far invalid (answered 401),
// as after a credential rotation.
func (s *Server) RevokeTokens() {
	s.mu.Lock()
	defer s.mu.Unlock()
	clear(s.tokens)
}

// Order returns a copy of the fake's record of order id.
func (s *Server) Order(id string) (Order, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	o, ok := s.orders[id]
	if !ok {
		return Order{}, false
	}
	return *o, true
}

// Orders returns copies of all orders, in no particular order.
func (s *Server) Orders() []Order {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Order
	for _, o := range s.orders {
		out = append(out, *o)
	}
	return out
}

// SetOutcome chooses what capturing order id gives: Completed, Pending
// or Declined.
func (s *Server) SetOutcome(id, outcome string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	o, ok := s.orders[id]
	if !ok {
		return fmt.Errorf("paypaltest: no order %s", id)
	}
	o.Outcome = outcome
	return nil
}

// Approve approves order id as the shopper would on PayPal's page.
func (s *Server) Approve(id string) error {
	_, err := s.approve(id)
	return err
}

func (s *Server) approve(id string) (*Order, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	o, ok := s.orders[id]
	if !ok {
		return nil, fmt.Errorf("paypaltest: no order %s", id)
	}
	if o.Status == "PAYER_ACTION_REQUIRED" || o.Status == "CREATED" {
		o.Status = "APPROVED"
		o.PayerID = s.newID("")
	}
	return o, nil
}

func (s *Server) newID(prefix string) string {
	const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789"
	b := make([]byte, 17)
	rand.Read(b)
	for i := range b {
		b[i] = alphabet[int(b[i])%len(alphabet)]
	}
	return prefix + string(b)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

// writeError answers in PayPal's error shape.
func writeError(w http.ResponseWriter, status int, name, issue, desc string) {
	body := map[string]any{
		"name":     name,
		"message":  desc,
		"debug_id": "f0aa1c2e7a5c3",
	}
	if issue != "" {
		body["details"] = []map[string]string{{"issue": issue, "description": desc}}
	}
	writeJSON(w, status, body)
}
