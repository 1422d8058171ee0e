package payment

import (
	"context"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"net/http"
)

// ErrBadCertificate is returned by FetchCertificates when the URL answers,
// but not with a usable PEM certificate chain (the notification that named
// it cannot be verified).
var ErrBadCertificate = errors.New("payment: no usable certificate")

// FetchCertificates downloads the PEM chain a provider's notification
// names (tpay's x5u, PayPal's PAYPAL-CERT-URL): the signing certificate
// first, then any intermediates, at most limit bytes. A network failure is
// returned as it is (the provider will retry); anything else wraps
// ErrBadCertificate.
func FetchCertificates(ctx context.Context, client *http.Client, url string, limit int64) ([]*x509.Certificate, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBadCertificate, err)
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("fetching the certificate: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("%w: the certificate URL answered %d", ErrBadCertificate, resp.StatusCode)
	}
	raw, err := io.ReadAll(io.LimitReader(resp.Body, limit))
	if err != nil {
		return nil, fmt.Errorf("reading the certificate: %w", err)
	}
	var chain []*x509.Certificate
	for {
		var block *pem.Block
		block, raw = pem.Decode(raw)
		if block == nil {
			break
		}
		if block.Type != "CERTIFICATE" {
			continue
		}
		c, err := x509.ParseCertificate(block.Bytes)
		if err != nil {
			return nil, fmt.Errorf("%w: %v", ErrBadCertificate, err)
		}
		chain = append(chain, c)
	}
	if len(chain) == 0 {
		return nil, fmt.Errorf("%w: no certificate at the URL", ErrBadCertificate)
	}
	return chain, nil
}
