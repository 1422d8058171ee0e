package tpaytest

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"encoding/pem"
	"fmt"
	"math/big"
	"time"
)

// keys are the fake's secrets: the card-decryption key (its public half
// is what the shop's browser encrypts with) and a test CA with the leaf
// certificate that signs notifications.
type keys struct {
	card    *rsa.PrivateKey
	cardPub string // base64 of PEM, as Tpay publishes it
	rootPEM []byte
	root    *x509.Certificate
	leafKey *rsa.PrivateKey
	leafPEM []byte
}

func newKeys(now time.Time) (*keys, error) {
	k := &keys{}
	var err error
	if k.card, err = rsa.GenerateKey(rand.Reader, 2048); err != nil {
		return nil, err
	}
	der, err := x509.MarshalPKIXPublicKey(&k.card.PublicKey)
	if err != nil {
		return nil, err
	}
	k.cardPub = base64.StdEncoding.EncodeToString(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der}))

	rootKey, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		return nil, err
	}
	rootTmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "tpaytest JWS root CA"},
		NotBefore:             now.Add(-time.Hour),
		NotAfter:              now.Add(10 * 365 * 24 * time.Hour),
		IsCA:                  true,
		BasicConstraintsValid: true,
		KeyUsage:              x509.KeyUsageCertSign | x509.KeyUsageCRLSign,
	}
	rootDER, err := x509.CreateCertificate(rand.Reader, rootTmpl, rootTmpl, &rootKey.PublicKey, rootKey)
	if err != nil {
		return nil, err
	}
	if k.root, err = x509.ParseCertificate(rootDER); err != nil {
		return nil, err
	}
	k.rootPEM = pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: rootDER})

	if k.leafKey, err = rsa.GenerateKey(rand.Reader, 2048); err != nil {
		return nil, err
	}
	leafTmpl := &x509.Certificate{
		SerialNumber: big.NewInt(2),
		Subject:      pkix.Name{CommonName: "tpaytest notifications JWS"},
		NotBefore:    now.Add(-time.Hour),
		NotAfter:     now.Add(5 * 365 * 24 * time.Hour),
		KeyUsage:     x509.KeyUsageDigitalSignature,
	}
	leafDER, err := x509.CreateCertificate(rand.Reader, leafTmpl, k.root, &k.leafKey.PublicKey, rootKey)
	if err != nil {
		return nil, fmt.Errorf("tpaytest: leaf certificate: %w", err)
	}
	k.leafPEM = pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: leafDER})
	return k, nil
}
