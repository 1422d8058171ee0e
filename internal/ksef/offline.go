package ksef

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Invoices issued in one of KSeF's offline modes (tryby-offline.md), such
// as offline24, carry a second QR code, KOD II of kody-qr.md: a link to
// KSeF's check of the issuer's certificate, signed with the private key
// of a KSeF certificate of type Offline (certyfikaty-KSeF.md).

// OfflineSigner signs KOD II links with the key of a KSeF certificate of
// type Offline. Make one with NewOfflineSigner.
type OfflineSigner struct {
	// Serial is the certificate's serial number in upper-case hex, as
	// kody-qr.md's link carries it ("01F20A5D352AE590").
	Serial string
	// NotAfter is when the certificate expires: a link signed after it
	// is refused by KSeF's check.
	NotAfter time.Time
	// Cert is the certificate, whose public key verifies the signatures.
	Cert *x509.Certificate

	key crypto.Signer
}

// NewOfflineSigner reads a KSeF Offline certificate and its private key,
// both PEM (the key PKCS#8, PKCS#1 or SEC 1), and checks that the key is
// RSA of at least 2048 bits or ECDSA on P-256, that it is the
// certificate's, and that the certificate is valid at now.
func NewOfflineSigner(certPEM, keyPEM []byte, now time.Time) (*OfflineSigner, error) {
	cert, err := parseCert(certPEM)
	if err != nil {
		return nil, err
	}
	if now.Before(cert.NotBefore) || now.After(cert.NotAfter) {
		return nil, fmt.Errorf("ksef: the offline certificate is valid from %s to %s, not now",
			cert.NotBefore.UTC().Format(time.DateOnly), cert.NotAfter.UTC().Format(time.DateOnly))
	}
	key, err := parseKey(keyPEM)
	if err != nil {
		return nil, err
	}
	switch k := key.(type) {
	case *rsa.PrivateKey:
		if k.N.BitLen() < 2048 {
			return nil, fmt.Errorf("ksef: the offline key is RSA of %d bits, KSeF asks for at least 2048", k.N.BitLen())
		}
		if pub, ok := cert.PublicKey.(*rsa.PublicKey); !ok || !pub.Equal(&k.PublicKey) {
			return nil, errors.New("ksef: the offline key is not the certificate's")
		}
	case *ecdsa.PrivateKey:
		if k.Curve != elliptic.P256() {
			return nil, fmt.Errorf("ksef: the offline key is ECDSA on %s, KSeF asks for P-256", k.Curve.Params().Name)
		}
		if pub, ok := cert.PublicKey.(*ecdsa.PublicKey); !ok || !pub.Equal(&k.PublicKey) {
			return nil, errors.New("ksef: the offline key is not the certificate's")
		}
	default:
		return nil, fmt.Errorf("ksef: the offline key is %T, KSeF asks for RSA or ECDSA P-256", key)
	}
	return &OfflineSigner{Serial: fmt.Sprintf("%X", cert.SerialNumber.Bytes()), NotAfter: cert.NotAfter, Cert: cert,
		key: key.(crypto.Signer)}, nil
}

func parseCert(b []byte) (*x509.Certificate, error) {
	for {
		var blk *pem.Block
		if blk, b = pem.Decode(b); blk == nil {
			return nil, errors.New("ksef: no PEM CERTIFICATE in the offline certificate's file")
		}
		if blk.Type == "CERTIFICATE" {
			c, err := x509.ParseCertificate(blk.Bytes)
			if err != nil {
				return nil, fmt.Errorf("ksef: the offline certificate: %w", err)
			}
			return c, nil
		}
	}
}

func parseKey(b []byte) (any, error) {
	for {
		var blk *pem.Block
		if blk, b = pem.Decode(b); blk == nil {
			return nil, errors.New("ksef: no PEM private key in the offline key's file")
		}
		switch blk.Type {
		case "PRIVATE KEY":
			return x509.ParsePKCS8PrivateKey(blk.Bytes)
		case "RSA PRIVATE KEY":
			return x509.ParsePKCS1PrivateKey(blk.Bytes)
		case "EC PRIVATE KEY":
			return x509.ParseECPrivateKey(blk.Bytes)
		case "ENCRYPTED PRIVATE KEY":
			return nil, errors.New("ksef: the offline key is encrypted; give it unencrypted (PKCS#8), readable by the daemon alone")
		}
	}
}

// Sign signs data as kody-qr.md asks: the SHA-256 of data signed with
// RSASSA-PSS (MGF1 with SHA-256, a salt of 32 bytes) for an RSA key, or
// with ECDSA P-256 for an EC key, the signature then in IEEE P1363 form
// (r || s, 32 bytes each, big-endian), the form the Ministry recommends.
func (s *OfflineSigner) Sign(data []byte) ([]byte, error) {
	if s == nil || s.key == nil {
		return nil, errors.New("ksef: no offline key")
	}
	sum := sha256.Sum256(data)
	switch k := s.key.(type) {
	case *rsa.PrivateKey:
		return rsa.SignPSS(rand.Reader, k, crypto.SHA256, sum[:], &rsa.PSSOptions{SaltLength: 32, Hash: crypto.SHA256})
	case *ecdsa.PrivateKey:
		r, ss, err := ecdsa.Sign(rand.Reader, k, sum[:])
		if err != nil {
			return nil, err
		}
		sig := make([]byte, 64)
		r.FillBytes(sig[:32])
		ss.FillBytes(sig[32:])
		return sig, nil
	}
	return nil, fmt.Errorf("ksef: an offline key of type %T", s.key)
}

// CertificateLink is KOD II of kody-qr.md, the link that verifies the
// issuer's Offline certificate:
// {QR address}/certificate/Nip/{contextNIP}/{sellerNIP}/{certificate
// serial, hex}/{the XML's SHA-256, base64url}/{signature, base64url},
// where the signature is signer's of the link without "https://" and
// without the signature (nor the "/" before it). The context is the NIP
// the shop authenticates in (its own). xmlHash may be given as Hash
// returns it (standard base64) or already in base64url.
func CertificateLink(env Environment, contextNIP, sellerNIP string, signer *OfflineSigner, xmlHash string) (string, error) {
	base := QRBaseURL(env)
	if base == "" {
		return "", fmt.Errorf("ksef: KOD II in an unknown environment %q", env)
	}
	if signer == nil || signer.Serial == "" {
		return "", errors.New("ksef: KOD II without an offline certificate")
	}
	if contextNIP == "" || sellerNIP == "" || xmlHash == "" {
		return "", errors.New("ksef: KOD II without a NIP or the invoice's hash")
	}
	h := strings.TrimRight(xmlHash, "=")
	h = strings.NewReplacer("+", "-", "/", "_").Replace(h)
	link := base + "/certificate/Nip/" + contextNIP + "/" + sellerNIP + "/" + signer.Serial + "/" + h
	sig, err := signer.Sign([]byte(strings.TrimPrefix(link, "https://")))
	if err != nil {
		return "", fmt.Errorf("ksef: signing KOD II: %w", err)
	}
	return link + "/" + base64.RawURLEncoding.EncodeToString(sig), nil
}
