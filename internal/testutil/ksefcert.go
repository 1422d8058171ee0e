package testutil

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"encoding/pem"
	"errors"
	"math/big"
	"strings"
	"testing"
	"time"
)

// OfflineCert is a self-signed stand-in for a KSeF certificate of type
// Offline (the Ministry's certyfikaty-KSeF.md), valid from notBefore for a
// year, with serial 0x01F20A5D352AE590 (kody-qr.md's example), and its
// private key, both PEM: an ECDSA P-256 key when ec, else RSA 2048.
func OfflineCert(t testing.TB, ec bool, notBefore time.Time) (certPEM, keyPEM []byte) {
	t.Helper()
	var key crypto.Signer
	var err error
	if ec {
		key, err = ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	} else {
		key, err = rsa.GenerateKey(rand.Reader, 2048)
	}
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: new(big.Int).SetUint64(0x01F20A5D352AE590),
		Subject:      pkix.Name{CommonName: "Test Offline", SerialNumber: "VATPL-6762451891"},
		NotBefore:    notBefore, NotAfter: notBefore.AddDate(1, 0, 0),
		KeyUsage: x509.KeyUsageDigitalSignature,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, key.Public(), key)
	if err != nil {
		t.Fatal(err)
	}
	p8, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	return pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: p8})
}

// VerifyCertificateLink checks KOD II link's signature (its last path
// segment, base64url) with certPEM's public key as KSeF does (kody-qr.md):
// over the link without "https://" and without "/signature"; RSASSA-PSS
// SHA-256 with a 32-byte salt, or ECDSA P-256 in IEEE P1363 (r || s).
func VerifyCertificateLink(link string, certPEM []byte) error {
	blk, _ := pem.Decode(certPEM)
	if blk == nil {
		return errors.New("no PEM certificate")
	}
	cert, err := x509.ParseCertificate(blk.Bytes)
	if err != nil {
		return err
	}
	i := strings.LastIndexByte(link, '/')
	if i < 0 || !strings.HasPrefix(link, "https://") {
		return errors.New("not a link")
	}
	sig, err := base64.RawURLEncoding.DecodeString(link[i+1:])
	if err != nil {
		return err
	}
	sum := sha256.Sum256([]byte(strings.TrimPrefix(link[:i], "https://")))
	switch pub := cert.PublicKey.(type) {
	case *rsa.PublicKey:
		return rsa.VerifyPSS(pub, crypto.SHA256, sum[:], sig, &rsa.PSSOptions{SaltLength: 32, Hash: crypto.SHA256})
	case *ecdsa.PublicKey:
		if len(sig) != 64 {
			return errors.New("an ECDSA signature not of 64 bytes (IEEE P1363)")
		}
		if !ecdsa.Verify(pub, sum[:], new(big.Int).SetBytes(sig[:32]), new(big.Int).SetBytes(sig[32:])) {
			return errors.New("the ECDSA signature does not verify")
		}
		return nil
	}
	return errors.New("an unknown key type")
}
