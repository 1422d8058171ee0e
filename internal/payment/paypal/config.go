package paypal

import (
	"crypto/x509"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// Base URLs of PayPal's REST API.
const (
	LiveBaseURL    = "https://api-m.paypal.com"
	SandboxBaseURL = "https://api-m.sandbox.paypal.com"
)

// Certificate URL prefixes used when Config.CertURLPrefixes is empty and
// BaseURL is one of PayPal's own.
var (
	liveCertPrefixes    = []string{"https://api.paypal.com/", "https://api-m.paypal.com/"}
	sandboxCertPrefixes = []string{"https://api.sandbox.paypal.com/", "https://api-m.sandbox.paypal.com/"}
)

// DefaultMaxSkew is how far a webhook's transmission time may be from now.
const DefaultMaxSkew = 10 * time.Minute

// Config configures the adapter. BaseURL, ClientID, Secret and WebhookID
// are required; the rest has defaults.
type Config struct {
	BaseURL   string // LiveBaseURL or SandboxBaseURL (or a fake's URL)
	ClientID  string
	Secret    string
	WebhookID string // the webhook's id in the developer portal
	// CertURLPrefixes allow-lists where webhook signing certificates may
	// be downloaded from; each is scheme://host/ and a path prefix. Empty
	// means PayPal's hosts for a PayPal BaseURL, and is an error otherwise.
	CertURLPrefixes []string
	// RootCAs must contain the root the signing certificate chains to;
	// nil means the system roots.
	RootCAs   *x509.CertPool
	HTTP      *http.Client     // default: 30 s timeout
	Now       func() time.Time // default: time.Now
	Log       *slog.Logger     // default: discard
	BrandName string           // shown on PayPal's page
	// MaxSkew bounds |now - transmission time| of webhooks; 0 means
	// DefaultMaxSkew.
	MaxSkew time.Duration
}

// ConfigFromEnv reads ORDERD_PAYPAL_BASE_URL (default LiveBaseURL),
// ORDERD_PAYPAL_CLIENT_ID, ORDERD_PAYPAL_SECRET, ORDERD_PAYPAL_WEBHOOK_ID
// and ORDERD_PAYPAL_CERT_PREFIX (comma-separated; optional for PayPal's
// own base URLs).
func ConfigFromEnv(getenv func(string) string) (Config, error) {
	cfg := Config{
		BaseURL:   strings.TrimSpace(getenv("ORDERD_PAYPAL_BASE_URL")),
		ClientID:  strings.TrimSpace(getenv("ORDERD_PAYPAL_CLIENT_ID")),
		Secret:    strings.TrimSpace(getenv("ORDERD_PAYPAL_SECRET")),
		WebhookID: strings.TrimSpace(getenv("ORDERD_PAYPAL_WEBHOOK_ID")),
	}
	if cfg.BaseURL == "" {
		cfg.BaseURL = LiveBaseURL
	}
	for p := range strings.SplitSeq(getenv("ORDERD_PAYPAL_CERT_PREFIX"), ",") {
		if p = strings.TrimSpace(p); p != "" {
			cfg.CertURLPrefixes = append(cfg.CertURLPrefixes, p)
		}
	}
	var missing []string
	for _, v := range []struct{ name, val string }{
		{"ORDERD_PAYPAL_CLIENT_ID", cfg.ClientID},
		{"ORDERD_PAYPAL_SECRET", cfg.Secret},
		{"ORDERD_PAYPAL_WEBHOOK_ID", cfg.WebhookID},
	} {
		if v.val == "" {
			missing = append(missing, v.name)
		}
	}
	if len(missing) > 0 {
		return cfg, fmt.Errorf("paypal: %s not set (from the app's page in PayPal's developer dashboard)", strings.Join(missing, ", "))
	}
	if err := cfg.check(); err != nil {
		return cfg, fmt.Errorf("%w (ORDERD_PAYPAL_BASE_URL, ORDERD_PAYPAL_CERT_PREFIX)", err)
	}
	return cfg, nil
}

// check validates the URLs and fills in default certificate prefixes.
func (c *Config) check() error {
	u, err := url.Parse(c.BaseURL)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.RawQuery != "" {
		return fmt.Errorf("paypal: base URL %q is not an absolute http(s) URL", c.BaseURL)
	}
	c.BaseURL = strings.TrimRight(c.BaseURL, "/")
	if len(c.CertURLPrefixes) == 0 {
		switch c.BaseURL {
		case LiveBaseURL:
			c.CertURLPrefixes = liveCertPrefixes
		case SandboxBaseURL:
			c.CertURLPrefixes = sandboxCertPrefixes
		default:
			return fmt.Errorf("paypal: base URL %s is not PayPal's: the certificate URL prefixes must be configured", c.BaseURL)
		}
	}
	for _, p := range c.CertURLPrefixes {
		// A prefix without a path could be extended into another host
		// ("https://api.paypal.com" matches "https://api.paypal.com.evil").
		pu, err := url.Parse(p)
		if err != nil || (pu.Scheme != "https" && pu.Scheme != "http") || pu.Host == "" ||
			!strings.HasPrefix(pu.Path, "/") || pu.User != nil {
			return fmt.Errorf("paypal: certificate URL prefix %q must look like https://host/path/", p)
		}
	}
	return nil
}

// New checks cfg and makes the adapter. It does not call PayPal.
func New(cfg Config) (*Provider, error) {
	if cfg.ClientID == "" || cfg.Secret == "" {
		return nil, errors.New("paypal: client id and secret are required")
	}
	if cfg.WebhookID == "" {
		return nil, errors.New("paypal: webhook id is required (webhooks cannot be verified without it)")
	}
	cfg.CertURLPrefixes = append([]string(nil), cfg.CertURLPrefixes...)
	if err := cfg.check(); err != nil {
		return nil, err
	}
	if cfg.HTTP == nil {
		cfg.HTTP = &http.Client{Timeout: 30 * time.Second}
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	if cfg.MaxSkew <= 0 {
		cfg.MaxSkew = DefaultMaxSkew
	}
	return &Provider{
		cfg:     cfg,
		tokLock: make(chan struct{}, 1),
		certs:   make(map[string]cachedCert),
	}, nil
}
