package tpay

import (
	"context"
	"crypto"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"sync"

	"sabershop/internal/payment"
)

// certCache keeps verified notification certificates by URL: Tpay signs
// every notification with the same certificate, and fetching it per
// request would make each webhook depend on secure.tpay.com being up.
// Only certificates that chained to the root are cached; the chain is
// re-checked on every use so an expired certificate stops working.
type certCache struct {
	mu    sync.Mutex
	byURL map[string]*x509.Certificate
}

// verifyJWS checks the detached JWS from X-JWS-Signature over body.
// Every failure is payment.ErrForged wrapped with the reason, by the caller.
func (p *Provider) verifyJWS(ctx context.Context, jws string, body []byte) error {
	if jws == "" {
		return errors.New("missing X-JWS-Signature")
	}
	parts := strings.Split(jws, ".")
	if len(parts) != 3 || parts[0] == "" || parts[2] == "" {
		return errors.New("X-JWS-Signature is not a detached JWS")
	}
	if parts[1] != "" && parts[1] != b64(body) {
		return errors.New("JWS payload differs from the body")
	}
	hdrJSON, err := unb64(parts[0])
	if err != nil {
		return fmt.Errorf("JWS header: %w", err)
	}
	var hdr struct {
		Alg  string   `json:"alg"`
		X5U  string   `json:"x5u"`
		Crit []string `json:"crit"`
	}
	if err := json.Unmarshal(hdrJSON, &hdr); err != nil {
		return fmt.Errorf("JWS header: %w", err)
	}
	if hdr.Alg != "RS256" {
		return fmt.Errorf("JWS alg %q, want RS256", hdr.Alg)
	}
	if len(hdr.Crit) > 0 {
		return errors.New("JWS header has crit parameters")
	}
	if !p.allowedCertURL(hdr.X5U) {
		return fmt.Errorf("x5u %q is outside the allow-list", hdr.X5U)
	}
	cert, err := p.cert(ctx, hdr.X5U)
	if err != nil {
		return err
	}
	key, ok := cert.PublicKey.(*rsa.PublicKey)
	if !ok {
		return errors.New("notification certificate has no RSA key")
	}
	sig, err := unb64(parts[2])
	if err != nil {
		return fmt.Errorf("JWS signature: %w", err)
	}
	sum := sha256.Sum256([]byte(parts[0] + "." + b64(body)))
	if err := rsa.VerifyPKCS1v15(key, crypto.SHA256, sum[:], sig); err != nil {
		return errors.New("JWS signature does not verify")
	}
	return nil
}

// allowedCertURL applies the documented prefix check, tightened so that
// "https://secure.tpay.com.evil.example" does not pass for
// "https://secure.tpay.com": a prefix without a path must be followed by
// "/".
func (p *Provider) allowedCertURL(x5u string) bool {
	u, err := url.Parse(x5u)
	if err != nil || u.User != nil || u.Host == "" || x5u == "" {
		return false
	}
	for _, pre := range p.cfg.CertURLPrefixes {
		pu, err := url.Parse(pre)
		if err != nil || pu.Host == "" {
			continue
		}
		if pu.Path == "" {
			pre += "/"
		}
		if strings.HasPrefix(x5u, pre) {
			return true
		}
	}
	return false
}

// cert returns the certificate at x5u, verified against the root.
func (p *Provider) cert(ctx context.Context, x5u string) (*x509.Certificate, error) {
	p.certs.mu.Lock()
	c := p.certs.byURL[x5u]
	p.certs.mu.Unlock()
	if c != nil {
		if err := p.verifyChain(c, nil); err != nil {
			return nil, err
		}
		return c, nil
	}
	chain, err := p.fetchCerts(ctx, x5u)
	if err != nil {
		return nil, err
	}
	if err := p.verifyChain(chain[0], chain[1:]); err != nil {
		return nil, err
	}
	p.certs.mu.Lock()
	p.certs.byURL[x5u] = chain[0]
	p.certs.mu.Unlock()
	p.cfg.Log.Info("tpay: notification certificate fetched", "x5u", x5u, "subject", chain[0].Subject.String())
	return chain[0], nil
}

func (p *Provider) verifyChain(leaf *x509.Certificate, inter []*x509.Certificate) error {
	pool := x509.NewCertPool()
	for _, c := range inter {
		pool.AddCert(c)
	}
	_, err := leaf.Verify(x509.VerifyOptions{
		Roots:         p.cfg.RootCAs,
		Intermediates: pool,
		CurrentTime:   p.cfg.Now(),
		// Tpay's signing certificate is not a TLS certificate; its
		// extended key usage is not documented.
		KeyUsages: []x509.ExtKeyUsage{x509.ExtKeyUsageAny},
	})
	if err != nil {
		return fmt.Errorf("notification certificate does not chain to Tpay's root: %w", err)
	}
	return nil
}

// fetchCerts downloads the PEM at x5u: the signing certificate first,
// then any intermediates.
func (p *Provider) fetchCerts(ctx context.Context, x5u string) ([]*x509.Certificate, error) {
	chain, err := payment.FetchCertificates(ctx, p.cfg.HTTP, x5u, 256<<10)
	if err != nil {
		return nil, fmt.Errorf("x5u: %w", err)
	}
	return chain, nil
}

func b64(b []byte) string { return base64.RawURLEncoding.EncodeToString(b) }

// unb64 accepts base64url with or without padding (Tpay's PHP example
// decodes leniently too).
func unb64(s string) ([]byte, error) {
	return base64.RawURLEncoding.DecodeString(strings.TrimRight(s, "="))
}
