package ksef_test

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"strings"
	"testing"
	"time"

	"sabershop/internal/ksef"
	"sabershop/internal/testutil"
)

// kody-qr.md's example of KOD II: context Nip 1111111111, seller
// 1111111111, certificate 01F20A5D352AE590, the invoice's hash in
// base64url; the signature (random for RSA-PSS) after the last "/".
const exampleCertLink = "https://qr-test.ksef.mf.gov.pl/certificate/Nip/1111111111/1111111111/01F20A5D352AE590/UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE/"

// KOD II as kody-qr.md builds it, with an RSA (RSASSA-PSS) and an ECDSA
// P-256 (IEEE P1363) key: the link is the example's up to the signature,
// and the signature verifies with the certificate's public key over the
// link without "https://" and the signature.
func TestCertificateLink(t *testing.T) {
	now := time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)
	for _, ec := range []bool{false, true} {
		certPEM, keyPEM := testutil.OfflineCert(t, ec, now.AddDate(0, -1, 0))
		s, err := ksef.NewOfflineSigner(certPEM, keyPEM, now)
		if err != nil {
			t.Fatal(err)
		}
		if s.Serial != "01F20A5D352AE590" {
			t.Errorf("serial %q", s.Serial)
		}
		// The hash as Hash gives it (standard base64 with padding).
		link, err := ksef.CertificateLink(ksef.Test, "1111111111", "1111111111", s, "UtQp9Gpc51y+u3xApZjIjgkpZ01js+J8KflSPW8WzIE=")
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(link, exampleCertLink) || strings.Contains(link[len(exampleCertLink):], "/") {
			t.Fatalf("ec %v: %s\nwant %s{signature}", ec, link, exampleCertLink)
		}
		if err := testutil.VerifyCertificateLink(link, certPEM); err != nil {
			t.Errorf("ec %v: the signature: %v", ec, err)
		}
		if sig := link[len(exampleCertLink):]; ec && len(sig) != 86 || !ec && len(sig) != 342 {
			t.Errorf("ec %v: a signature of %d base64url characters", ec, len(sig))
		}
		// Another link's signature does not verify this one.
		other, _ := ksef.CertificateLink(ksef.Test, "1111111111", "2222222222", s, "UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE")
		forged := link[:strings.LastIndexByte(link, '/')] + other[strings.LastIndexByte(other, '/'):]
		if testutil.VerifyCertificateLink(forged, certPEM) == nil {
			t.Errorf("ec %v: a signature of another link verifies", ec)
		}
	}
}

// A certificate and key that do not belong together, an expired
// certificate and a key KSeF does not take are refused at start.
func TestNewOfflineSignerRefuses(t *testing.T) {
	now := time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)
	certPEM, keyPEM := testutil.OfflineCert(t, true, now.AddDate(0, -1, 0))
	_, otherKey := testutil.OfflineCert(t, true, now.AddDate(0, -1, 0))
	p384, _ := ecdsa.GenerateKey(elliptic.P384(), rand.Reader)
	p384DER, _ := x509.MarshalPKCS8PrivateKey(p384)
	rsa1024, _ := rsa.GenerateKey(rand.Reader, 1024)
	rsaDER, _ := x509.MarshalPKCS8PrivateKey(rsa1024)
	for name, c := range map[string]struct {
		cert, key []byte
		at        time.Time
		want      string
	}{
		"another key":  {certPEM, otherKey, now, "not the certificate's"},
		"expired":      {certPEM, keyPEM, now.AddDate(2, 0, 0), "valid from"},
		"not yet":      {certPEM, keyPEM, now.AddDate(0, -2, 0), "valid from"},
		"P-384":        {certPEM, pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: p384DER}), now, "P-256"},
		"RSA 1024":     {certPEM, pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: rsaDER}), now, "2048"},
		"no cert":      {keyPEM, keyPEM, now, "CERTIFICATE"},
		"key for cert": {certPEM, certPEM, now, "private key"},
	} {
		if _, err := ksef.NewOfflineSigner(c.cert, c.key, c.at); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", name, err, c.want)
		}
	}
}
