package tpay_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"log/slog"
	"sync"
	"testing"
	"time"

	"sabershop/internal/payment"
	"sabershop/internal/payment/tpay"
	"sabershop/internal/payment/tpay/tpaytest"
)

// clock is a settable time source shared by adapter and test.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// syncBuf is a log sink safe for concurrent writers.
type syncBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuf) Write(p []byte) (int, error) { s.mu.Lock(); defer s.mu.Unlock(); return s.b.Write(p) }
func (s *syncBuf) String() string              { s.mu.Lock(); defer s.mu.Unlock(); return s.b.String() }

type env struct {
	fake  *tpaytest.Server
	p     *tpay.Provider
	clock *clock
	logs  *syncBuf
}

func newEnv(t *testing.T, opts tpaytest.Options) *env {
	t.Helper()
	fake, err := tpaytest.NewServer(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(fake.Close)
	e := &env{fake: fake, clock: &clock{t: time.Now()}, logs: &syncBuf{}}
	cfg := fake.Config()
	cfg.Now = e.clock.Now
	cfg.Log = slog.New(slog.NewTextHandler(e.logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	if e.p, err = tpay.New(cfg); err != nil {
		t.Fatal(err)
	}
	return e
}

// encrypt does what jsencrypt does in the browser with Tpay's key:
// base64-decode the published key, RSA PKCS#1 v1.5, base64 out.
func encrypt(t *testing.T, published, plain string) string {
	t.Helper()
	raw, err := base64.StdEncoding.DecodeString(published)
	if err != nil {
		t.Fatal(err)
	}
	block, _ := pem.Decode(raw)
	key, err := x509.ParsePKIXPublicKey(block.Bytes)
	if err != nil {
		t.Fatal(err)
	}
	//lint:ignore SA1019 jsencrypt (Tpay's card form) uses PKCS #1 v1.5; the test must do the same.
	ct, err := rsa.EncryptPKCS1v15(rand.Reader, key.(*rsa.PublicKey), []byte(plain))
	if err != nil {
		t.Fatal(err)
	}
	return base64.StdEncoding.EncodeToString(ct)
}

const (
	testCard = "4056217843597258"
	testCVC  = "739"
	hash     = "h4sh0rderk3y9x"
)

func order(amount int64) payment.Order {
	return payment.Order{
		Hash: hash, ID: 12, Amount: amount, Currency: "PLN", Locale: "pl",
		Email: "luke@example.com", Name: "Luke Skywalker", Description: "Saber Forge order #12",
	}
}

func cardReq(t *testing.T, e *env, amount int64, number string) payment.StartRequest {
	return payment.StartRequest{
		Order:     order(amount),
		Method:    payment.Card,
		Card:      &payment.CardData{Encrypted: encrypt(t, e.p.PublicKey(), number+"|12/39|"+testCVC+"|https://shop.example"), Name: "L SKYWALKER"},
		ReturnURL: "https://shop.example/pl/order/x",
		NotifyURL: "https://shop.example/v1/webhooks/tpay",
	}
}

func bankReq(amount int64) payment.StartRequest {
	return payment.StartRequest{
		Order:     order(amount),
		Method:    payment.Bank,
		ReturnURL: "https://shop.example/pl/order/x",
		NotifyURL: "https://shop.example/v1/webhooks/tpay",
	}
}

var bg = context.Background()
