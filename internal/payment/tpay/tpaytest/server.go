// Package tpaytest is a local fake of Tpay's Open API for tests: OAuth,
// transactions, card payments with card data it decrypts with its own
// private key, 3-D Secure and hosted payment pages, transaction status,
// and notifications signed like Tpay's (detached JWS RS256 with x5u, a
// certificate from its own test CA, md5sum).
//
// Card outcomes follow Tpay's sandbox (docs-api.tpay.com "Environments"):
// only Tpay's published test card numbers are accepted (any future expiry,
// any three-digit CVC), and the amount's last digit decides: 1 paid
// without 3-D Secure, 3 3-D Secure that succeeds, 5 3-D Secure that fails,
// 6 declined, anything else the 3-D Secure challenge page (approve /
// fail). SetCardOutcome overrides the rule for a test.
package tpaytest

import (
	"crypto/rand"
	"crypto/x509"
	"encoding/hex"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"time"

	"sabershop/internal/payment/tpay"
)

// TestCards are Tpay's sandbox card numbers.
var TestCards = []string{
	"2223000280000016",
	"4056217843597258",
	"5204740000001002",
	"5457210002001016",
	"4012001037141112",
	"4911830000000",
	"4000001234562345678",
}

// CardOutcome forces what a card payment does.
type CardOutcome int

const (
	ByAmount  CardOutcome = iota // Tpay's sandbox rule (the default)
	Accept                       // paid without 3-D Secure
	Challenge                    // 3-D Secure page with approve / fail
	Decline                      // refused
)

// Options configure a Server; zero values are sensible.
type Options struct {
	ClientID, ClientSecret string        // default "tpaytest-client" / "tpaytest-secret"
	SecurityCode           string        // default "tpaytest-security-code"
	MerchantID             string        // the notifications' id field; default "1010"
	TokenTTL               time.Duration // default 2h
	Now                    func() time.Time
	// AutoNotify makes the fake deliver the TRUE notification itself (to
	// the transaction's notification URL, after NotifyDelay) when a
	// transaction is paid, like Tpay does.
	AutoNotify  bool
	NotifyDelay time.Duration
}

// Transaction is the fake's record of a transaction. Card data is never
// kept: only the last four digits of a decrypted test card.
type Transaction struct {
	ID, Title         string
	Amount            string // "364.00"
	Description       string
	HiddenDescription string
	Lang              string
	PayerEmail        string
	PayerName         string
	SuccessURL        string
	ErrorURL          string
	NotifyURL         string
	GroupID           int
	Status            string // pending, correct, refund, chargeback
	CardLast4         string
	threeDS           string // "", "ok", "fail": preset challenge result
}

// Refund is a refund the fake accepted.
type Refund struct {
	RequestID string
	Amount    string // "50.00"
}

// Server is the fake. Use its URL as the adapter's BaseURL (Config does).
type Server struct {
	URL  string
	opts Options
	keys *keys
	srv  *httptest.Server

	mu        sync.Mutex
	tokens    map[string]time.Time
	oauth     int
	txs       map[string]*Transaction
	byTitle   map[string]string
	refunds   map[string][]Refund // transaction id -> accepted refunds, oldest first
	outcome   CardOutcome
	notifyErr []error
	wg        sync.WaitGroup
	closeOnce sync.Once
}

// NewServer starts a fake; Close stops it.
func NewServer(opts Options) (*Server, error) {
	if opts.ClientID == "" {
		opts.ClientID = "tpaytest-client"
	}
	if opts.ClientSecret == "" {
		opts.ClientSecret = "tpaytest-secret"
	}
	if opts.SecurityCode == "" {
		opts.SecurityCode = "tpaytest-security-code"
	}
	if opts.MerchantID == "" {
		opts.MerchantID = "1010"
	}
	if opts.TokenTTL == 0 {
		opts.TokenTTL = 2 * time.Hour
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	k, err := newKeys(opts.Now())
	if err != nil {
		return nil, err
	}
	s := &Server{opts: opts, keys: k, tokens: map[string]time.Time{}, txs: map[string]*Transaction{}, byTitle: map[string]string{},
		refunds: map[string][]Refund{}}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /oauth/auth", s.handleAuth)
	mux.HandleFunc("POST /transactions", s.authed(s.handleCreate))
	mux.HandleFunc("POST /transactions/{id}/pay", s.authed(s.handlePay))
	mux.HandleFunc("GET /transactions/{id}", s.authed(s.handleGet))
	mux.HandleFunc("POST /transactions/{id}/refunds", s.authed(s.handleRefund))
	mux.HandleFunc("GET /x509/notifications-jws.pem", s.handleCert)
	mux.HandleFunc("GET /x509/tpay-jws-root.pem", s.handleRoot)
	mux.HandleFunc("GET /3ds/{id}", s.handlePage)
	mux.HandleFunc("POST /3ds/{id}", s.handlePageResult)
	mux.HandleFunc("GET /pay/{id}", s.handlePage)
	mux.HandleFunc("POST /pay/{id}", s.handlePageResult)
	s.srv = httptest.NewServer(mux)
	s.URL = s.srv.URL
	return s, nil
}

// Close waits for automatic notifications and stops the server; it may
// be called more than once.
func (s *Server) Close() {
	s.closeOnce.Do(func() {
		s.wg.Wait()
		s.srv.Close()
	})
}

// Client is an HTTP client for the fake.
func (s *Server) Client() *http.Client { return s.srv.Client() }

// PublicKey is the card-encryption key as Tpay publishes it (base64 of a
// PEM public key).
func (s *Server) PublicKey() string { return s.keys.cardPub }

// RootCAPEM is the test CA that signs the notification certificate.
func (s *Server) RootCAPEM() []byte { return append([]byte(nil), s.keys.rootPEM...) }

// RootCAs is RootCAPEM as a pool.
func (s *Server) RootCAs() *x509.CertPool {
	p := x509.NewCertPool()
	p.AddCert(s.keys.root)
	return p
}

// CertURL is the x5u of the fake's notifications.
func (s *Server) CertURL() string { return s.URL + "/x509/notifications-jws.pem" }

// SecurityCode is the merchant security code for md5sums.
func (s *Server) SecurityCode() string { return s.opts.SecurityCode }

// Config is an adapter configuration pointing at the fake.
func (s *Server) Config() tpay.Config {
	return tpay.Config{
		BaseURL:         s.URL,
		ClientID:        s.opts.ClientID,
		ClientSecret:    s.opts.ClientSecret,
		SecurityCode:    s.opts.SecurityCode,
		PublicKey:       s.keys.cardPub,
		CertURLPrefixes: []string{s.URL + "/x509/"},
		RootCAs:         s.RootCAs(),
		HTTP:            s.Client(),
	}
}

// OAuthCalls counts successful and failed POST /oauth/auth calls.
func (s *Server) OAuthCalls() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.oauth
}

// RevokeTokens makes every issued token answer 401, like a revoked key.
func (s *Server) RevokeTokens() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.tokens = map[string]time.Time{}
}

// SetCardOutcome overrides the sandbox amount rule for later payments.
func (s *Server) SetCardOutcome(o CardOutcome) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.outcome = o
}

// Transaction returns a copy of the transaction with id (transactionId
// or title).
func (s *Server) Transaction(id string) (Transaction, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	tx := s.lookup(id)
	if tx == nil {
		return Transaction{}, false
	}
	return *tx, true
}

// Pay marks a pending transaction paid (status "correct"), as the payer
// finishing on Tpay's page does, without a notification.
func (s *Server) Pay(id string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	tx := s.lookup(id)
	if tx == nil {
		return fmt.Errorf("tpaytest: no transaction %s", id)
	}
	if tx.Status == "pending" {
		tx.Status = "correct"
	}
	return nil
}

// Refunds are the refunds the fake accepted for transaction id
// (transactionId or title), oldest first.
func (s *Server) Refunds(id string) []Refund {
	s.mu.Lock()
	defer s.mu.Unlock()
	tx := s.lookup(id)
	if tx == nil {
		return nil
	}
	return append([]Refund(nil), s.refunds[tx.ID]...)
}

// NotifyErrors are the failures of automatic notifications.
func (s *Server) NotifyErrors() []error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]error(nil), s.notifyErr...)
}

// pathTransaction is the transaction the request's {id} names, or nil
// after answering Tpay's 404; it needs s.mu.
func (s *Server) pathTransaction(w http.ResponseWriter, r *http.Request) *Transaction {
	tx := s.lookup(r.PathValue("id"))
	if tx == nil {
		apiErr(w, http.StatusNotFound, "not_found", "transaction not found")
	}
	return tx
}

// lookup needs s.mu.
func (s *Server) lookup(id string) *Transaction {
	if tx := s.txs[id]; tx != nil {
		return tx
	}
	return s.txs[s.byTitle[id]]
}

func randHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
