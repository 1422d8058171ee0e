package paypal

import (
	"context"
	"crypto"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"errors"
	"fmt"
	"hash/crc32"
	"net/http"
	"net/url"
	"strings"
	"time"

	"sabershop/internal/payment"
)

// Webhook headers (Go canonicalises the names; PayPal sends them in
// upper case).
const (
	hdrTransmissionID   = "Paypal-Transmission-Id"
	hdrTransmissionTime = "Paypal-Transmission-Time"
	hdrTransmissionSig  = "Paypal-Transmission-Sig"
	hdrCertURL          = "Paypal-Cert-Url"
	hdrAuthAlgo         = "Paypal-Auth-Algo"
)

// Certificates are re-fetched after a day even while valid, and the cache
// is bounded: the URL comes from the request.
const (
	certTTL       = 24 * time.Hour
	maxCachedCert = 16
	maxCertBytes  = 64 << 10
)

type cachedCert struct {
	leaf    *x509.Certificate
	fetched time.Time
}

// SignedMessage is what PayPal signs for a webhook:
// transmission_id|transmission_time|webhook_id|crc32(body), the CRC32
// (IEEE) as an unsigned decimal. Exported for paypaltest.
func SignedMessage(transmissionID, transmissionTime, webhookID string, body []byte) string {
	return fmt.Sprintf("%s|%s|%s|%d", transmissionID, transmissionTime, webhookID, crc32.ChecksumIEEE(body))
}

// forged wraps why a webhook failed verification; it is payment.ErrForged.
func forged(format string, args ...any) error {
	return fmt.Errorf("%w: paypal: "+format, append([]any{payment.ErrForged}, args...)...)
}

// verify checks a webhook's signature. Cheap checks go first so a forged
// request costs no download.
func (p *Provider) verify(ctx context.Context, h http.Header, body []byte) error {
	id, ts := h.Get(hdrTransmissionID), h.Get(hdrTransmissionTime)
	sigB64, certURL, algo := h.Get(hdrTransmissionSig), h.Get(hdrCertURL), h.Get(hdrAuthAlgo)
	if id == "" || ts == "" || sigB64 == "" || certURL == "" {
		return forged("signature headers missing")
	}
	if !strings.EqualFold(algo, "SHA256withRSA") {
		return forged("auth algorithm %q", algo)
	}
	t, err := time.Parse(time.RFC3339, ts)
	if err != nil {
		return forged("transmission time %q", ts)
	}
	if d := p.cfg.Now().Sub(t).Abs(); d > p.cfg.MaxSkew {
		return forged("transmission time %s is %s from now", ts, d.Round(time.Second))
	}
	sig, err := base64.StdEncoding.DecodeString(sigB64)
	if err != nil {
		return forged("signature is not base64")
	}
	if !p.allowedCertURL(certURL) {
		return forged("certificate URL %q not allowed", certURL)
	}
	leaf, err := p.cert(ctx, certURL)
	if err != nil {
		return err
	}
	key, ok := leaf.PublicKey.(*rsa.PublicKey)
	if !ok {
		return forged("certificate key is not RSA")
	}
	sum := sha256.Sum256([]byte(SignedMessage(id, ts, p.cfg.WebhookID, body)))
	if err := rsa.VerifyPKCS1v15(key, crypto.SHA256, sum[:], sig); err != nil {
		return forged("signature does not match")
	}
	return nil
}

// allowedCertURL: the URL starts with an allowed prefix and names the
// same host (no user info or tricks that a string prefix would miss).
func (p *Provider) allowedCertURL(raw string) bool {
	u, err := url.Parse(raw)
	if err != nil || u.User != nil || u.Fragment != "" {
		return false
	}
	for _, prefix := range p.cfg.CertURLPrefixes {
		pu, _ := url.Parse(prefix)
		if strings.HasPrefix(raw, prefix) && u.Scheme == pu.Scheme && u.Host == pu.Host {
			return true
		}
	}
	return false
}

// cert returns the verified leaf certificate at certURL, from the cache
// while it is fresh and valid.
func (p *Provider) cert(ctx context.Context, certURL string) (*x509.Certificate, error) {
	now := p.cfg.Now()
	p.certMu.Lock()
	c, ok := p.certs[certURL]
	p.certMu.Unlock()
	if ok && now.Sub(c.fetched) < certTTL && now.Before(c.leaf.NotAfter) && !now.Before(c.leaf.NotBefore) {
		return c.leaf, nil
	}
	leaf, err := p.fetchCert(ctx, certURL, now)
	if err != nil {
		return nil, err
	}
	p.certMu.Lock()
	if len(p.certs) >= maxCachedCert {
		clear(p.certs)
	}
	p.certs[certURL] = cachedCert{leaf: leaf, fetched: now}
	p.certMu.Unlock()
	return leaf, nil
}

// fetchCert downloads the PEM (leaf first, then any intermediates) and
// checks that it chains to a trusted root and is valid now. An untrusted
// certificate is ErrForged; a failed download is not (PayPal retries).
func (p *Provider) fetchCert(ctx context.Context, certURL string, now time.Time) (*x509.Certificate, error) {
	certs, err := payment.FetchCertificates(ctx, p.cfg.HTTP, certURL, maxCertBytes)
	if errors.Is(err, payment.ErrBadCertificate) {
		return nil, forged("%v", err)
	} else if err != nil {
		return nil, fmt.Errorf("paypal: the webhook certificate: %w", err)
	}
	inter := x509.NewCertPool()
	for _, c := range certs[1:] {
		inter.AddCert(c)
	}
	_, err = certs[0].Verify(x509.VerifyOptions{
		Roots:         p.cfg.RootCAs,
		Intermediates: inter,
		CurrentTime:   now,
		// PayPal's certificate is for signing messages, not a TLS server.
		KeyUsages: []x509.ExtKeyUsage{x509.ExtKeyUsageAny},
	})
	if err != nil {
		return nil, forged("certificate not trusted: %v", err)
	}
	return certs[0], nil
}
