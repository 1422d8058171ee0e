package mail

import (
	"crypto"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"errors"
	"fmt"
	"io/fs"
	"net/mail"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	gomail "github.com/wneessen/go-mail"
)

// DefaultDKIMSelector names the shop's DKIM key in DNS:
// shop._domainkey.DOMAIN.
const DefaultDKIMSelector = "shop"

var selectorRE = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,62}$`)

// DKIMKeyPath is where the data directory keeps the private key of a
// selector: DATA/dkim-SELECTOR.pem (mode 0600).
func DKIMKeyPath(dataDir, selector string) string {
	return filepath.Join(dataDir, "dkim-"+selector+".pem")
}

// LoadDKIMKey reads a selector's private key; fs.ErrNotExist when there is
// none (the shop then sends unsigned, or signed by its provider).
func LoadDKIMKey(dataDir, selector string) (crypto.Signer, error) {
	if !selectorRE.MatchString(selector) {
		return nil, fmt.Errorf("DKIM selector %q: lower-case letters, digits and -", selector)
	}
	b, err := os.ReadFile(DKIMKeyPath(dataDir, selector))
	if err != nil {
		return nil, err
	}
	return gomail.PrivKeyFromPEM(b)
}

// CreateDKIMKey makes an RSA 2048 key for selector (RSA, not Ed25519:
// every receiver verifies RSA, not all yet Ed25519) unless one exists,
// and returns the key and whether it is new.
func CreateDKIMKey(dataDir, selector string) (crypto.Signer, bool, error) {
	key, err := LoadDKIMKey(dataDir, selector)
	if err == nil || !errors.Is(err, fs.ErrNotExist) {
		return key, false, err
	}
	rsaKey, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		return nil, false, err
	}
	der, err := x509.MarshalPKCS8PrivateKey(rsaKey)
	if err != nil {
		return nil, false, err
	}
	path := DKIMKeyPath(dataDir, selector)
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return nil, false, err
	}
	if err := pem.Encode(f, &pem.Block{Type: "PRIVATE KEY", Bytes: der}); err != nil {
		f.Close()
		os.Remove(path)
		return nil, false, err
	}
	if err := f.Close(); err != nil {
		return nil, false, err
	}
	return rsaKey, true, nil
}

// DKIMRecord is the DNS TXT record that publishes key's public half:
// its name (SELECTOR._domainkey.DOMAIN) and value.
func DKIMRecord(selector, domain string, key crypto.Signer) (name, value string, err error) {
	der, err := x509.MarshalPKIXPublicKey(key.Public())
	if err != nil {
		return "", "", err
	}
	return selector + "._domainkey." + domain, "v=DKIM1; k=rsa; p=" + base64.StdEncoding.EncodeToString(der), nil
}

// FromDomain is the domain of a From address ("Shop <shop@example.com>").
func FromDomain(from string) (string, error) {
	a, err := mail.ParseAddress(from)
	if err != nil {
		return "", fmt.Errorf("from %q: %w", from, err)
	}
	_, domain, ok := strings.Cut(a.Address, "@")
	if !ok || domain == "" {
		return "", fmt.Errorf("from %q: no domain", from)
	}
	return strings.ToLower(domain), nil
}
