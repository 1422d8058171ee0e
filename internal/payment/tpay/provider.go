package tpay

import (
	"crypto/rsa"
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"errors"
	"fmt"
	"strings"

	"sabershop/internal/payment"
)

// Name is the adapter's name and webhook path segment.
const Name = "tpay"

// ErrCurrency is returned by Start for an order in a currency this adapter
// cannot charge (Tpay's Open API takes PLN).
var ErrCurrency = fmt.Errorf("tpay takes PLN: %w", payment.ErrCurrency)

// Provider talks to Tpay. It is safe for concurrent use.
type Provider struct {
	cfg   Config
	token tokenSource
	certs certCache
}

var _ payment.Provider = (*Provider)(nil)

// New checks cfg and returns the provider.
func New(cfg Config) (*Provider, error) {
	if err := cfg.check(); err != nil {
		return nil, err
	}
	p := &Provider{cfg: cfg}
	p.token = tokenSource{cfg: &p.cfg}
	p.certs = certCache{byURL: map[string]*x509.Certificate{}}
	return p, nil
}

// Name implements payment.Provider.
func (p *Provider) Name() string { return Name }

// Methods implements payment.Provider: cards only when a card key is
// configured.
func (p *Provider) Methods() []payment.Method {
	if p.cfg.PublicKey == "" {
		return []payment.Method{payment.Bank}
	}
	return []payment.Method{payment.Card, payment.Bank}
}

// PublicKey implements payment.Provider: the key exactly as Tpay publishes
// it, which is what jsencrypt in the browser expects after base64-decoding.
func (p *Provider) PublicKey() string { return p.cfg.PublicKey }

// checkPublicKey catches a mis-pasted key at start-up rather than at the
// first card payment.
func checkPublicKey(s string) error {
	raw, err := base64.StdEncoding.DecodeString(strings.TrimSpace(s))
	if err != nil {
		return fmt.Errorf("card public key: not base64: %w", err)
	}
	block, _ := pem.Decode(raw)
	if block == nil {
		return errors.New("card public key: not base64 of a PEM block")
	}
	key, err := x509.ParsePKIXPublicKey(block.Bytes)
	if err != nil {
		k, err2 := x509.ParsePKCS1PublicKey(block.Bytes)
		if err2 != nil {
			return fmt.Errorf("card public key: %w", err)
		}
		key = k
	}
	if _, ok := key.(*rsa.PublicKey); !ok {
		return errors.New("card public key: not an RSA key")
	}
	return nil
}
