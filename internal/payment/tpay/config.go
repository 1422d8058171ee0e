package tpay

import (
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"strings"
	"time"
)

// Production and sandbox addresses (docs-api.tpay.com, "Environments").
const (
	ProductionAPI        = "https://api.tpay.com"
	SandboxAPI           = "https://openapi.sandbox.tpay.com"
	ProductionCertPrefix = "https://secure.tpay.com"
	SandboxCertPrefix    = "https://secure.sandbox.tpay.com"
	// RootCAURL is where Tpay publishes the root its notification
	// certificates chain to; the owner downloads it once (ORDERD_TPAY_ROOT_CA).
	RootCAURL        = "https://secure.tpay.com/x509/tpay-jws-root.pem"
	SandboxRootCAURL = "https://secure.sandbox.tpay.com/x509/tpay-jws-root.pem"
)

// CardGroup is Tpay's payment group for cards.
const CardGroup = 103

// Config configures the adapter. Base URLs, certificate prefixes and the
// root are configuration so a fake can stand in (tpaytest).
type Config struct {
	BaseURL      string // Open API, e.g. ProductionAPI
	ClientID     string
	ClientSecret string
	SecurityCode string // merchant security code for md5sum
	// PublicKey is the card-encryption key as Tpay publishes it in the
	// merchant panel (base64 of a PEM public key). Empty: no card method.
	PublicKey string
	// CertURLPrefixes allow-lists where x5u certificates may come from.
	CertURLPrefixes []string
	// RootCAs is Tpay's notification root (tpay-jws-root.pem).
	RootCAs *x509.CertPool
	HTTP    *http.Client
	Now     func() time.Time
	Log     *slog.Logger
	// CardGroupID is the pay group for cards (0: CardGroup).
	CardGroupID int
	// BankGroupID preselects a bank group on the hosted page; 0 shows all
	// of Tpay's methods (bank transfers, BLIK, ...).
	BankGroupID int
}

// ConfigFromEnv reads the ORDERD_TPAY_* variables. ORDERD_TPAY_ROOT_CA is
// the path of Tpay's root certificate, downloaded by the owner from
// RootCAURL (SandboxRootCAURL for the sandbox) and kept with the
// configuration; it is never fetched at run time, so a hijacked download
// cannot change whom the shop trusts.
func ConfigFromEnv(getenv func(string) string) (Config, error) {
	cfg := Config{
		BaseURL:      strings.TrimSpace(getenv("ORDERD_TPAY_BASE_URL")),
		ClientID:     strings.TrimSpace(getenv("ORDERD_TPAY_CLIENT_ID")),
		ClientSecret: strings.TrimSpace(getenv("ORDERD_TPAY_CLIENT_SECRET")),
		SecurityCode: strings.TrimSpace(getenv("ORDERD_TPAY_SECURITY_CODE")),
		PublicKey:    strings.TrimSpace(getenv("ORDERD_TPAY_CARD_PUBLIC_KEY")),
	}
	if cfg.BaseURL == "" {
		cfg.BaseURL = ProductionAPI
	}
	prefix := strings.TrimSpace(getenv("ORDERD_TPAY_CERT_PREFIX"))
	if prefix == "" {
		prefix = ProductionCertPrefix
	}
	for _, p := range strings.Split(prefix, ",") {
		if p = strings.TrimSpace(p); p != "" {
			cfg.CertURLPrefixes = append(cfg.CertURLPrefixes, p)
		}
	}
	var missing []string
	for _, v := range []struct{ name, val string }{
		{"ORDERD_TPAY_CLIENT_ID", cfg.ClientID},
		{"ORDERD_TPAY_CLIENT_SECRET", cfg.ClientSecret},
		{"ORDERD_TPAY_SECURITY_CODE", cfg.SecurityCode},
		{"ORDERD_TPAY_ROOT_CA", getenv("ORDERD_TPAY_ROOT_CA")},
	} {
		if strings.TrimSpace(v.val) == "" {
			missing = append(missing, v.name)
		}
	}
	if len(missing) > 0 {
		return cfg, fmt.Errorf("tpay: missing %s (see docs/payments.md)", strings.Join(missing, ", "))
	}
	path := strings.TrimSpace(getenv("ORDERD_TPAY_ROOT_CA"))
	pem, err := os.ReadFile(path)
	if err != nil {
		return cfg, fmt.Errorf("tpay: ORDERD_TPAY_ROOT_CA: %w (download it from %s)", err, RootCAURL)
	}
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(pem) {
		return cfg, fmt.Errorf("tpay: ORDERD_TPAY_ROOT_CA: %s holds no PEM certificate", path)
	}
	cfg.RootCAs = pool
	return cfg, nil
}

// check fills defaults and refuses a configuration that could not verify
// notifications.
func (c *Config) check() error {
	var errs []error
	if c.BaseURL == "" {
		c.BaseURL = ProductionAPI
	}
	c.BaseURL = strings.TrimRight(c.BaseURL, "/")
	if c.ClientID == "" || c.ClientSecret == "" {
		errs = append(errs, errors.New("client id and secret are required"))
	}
	if c.SecurityCode == "" {
		errs = append(errs, errors.New("security code is required (md5sum)"))
	}
	if c.RootCAs == nil {
		errs = append(errs, errors.New("root CA is required (notification certificates)"))
	}
	if len(c.CertURLPrefixes) == 0 {
		c.CertURLPrefixes = []string{ProductionCertPrefix}
	}
	if c.PublicKey != "" {
		if err := checkPublicKey(c.PublicKey); err != nil {
			errs = append(errs, err)
		}
	}
	if c.HTTP == nil {
		c.HTTP = &http.Client{Timeout: 30 * time.Second}
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.Log == nil {
		c.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if c.CardGroupID == 0 {
		c.CardGroupID = CardGroup
	}
	if len(errs) > 0 {
		return fmt.Errorf("tpay: %w", errors.Join(errs...))
	}
	return nil
}
