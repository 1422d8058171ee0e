package mail

import (
	"context"
	"crypto"
	"fmt"
	"net/mail"
	"strconv"
	"strings"
	"time"

	gomail "github.com/wneessen/go-mail"

	"sabershop/internal/mail/outbox"
)

// TLS modes of SMTPConfig.TLS.
const (
	TLSStartTLS = "starttls" // plain connect, then mandatory STARTTLS (port 587)
	TLSImplicit = "tls"      // TLS from the first byte (port 465)
	TLSNone     = "none"     // no encryption: local relays and tests only
)

// SMTPConfig is the SMTP server the daemon sends through. Secrets come
// from the environment only (ConfigFromEnv).
type SMTPConfig struct {
	Host     string
	Port     int // 0: the TLS mode's usual port
	User     string
	Password string
	TLS      string // TLSStartTLS (default), TLSImplicit or TLSNone
	From     string // "Saber Forge <shop@example.com>"
	// DKIM, when set, signs every message for From's domain with this
	// key under DKIMSelector (LoadDKIMKey; docs/deploy.md publishes it).
	DKIM         crypto.Signer
	DKIMSelector string
}

// smtpTimeout bounds connecting and every command of one delivery, so a
// stalled server delays the outbox instead of hanging it.
const smtpTimeout = 30 * time.Second

// ConfigFromEnv reads ORDERD_SMTP_HOST, ORDERD_SMTP_PORT, ORDERD_SMTP_USER,
// ORDERD_SMTP_PASSWORD, ORDERD_SMTP_TLS and ORDERD_MAIL_FROM. ok is false
// when no host is set (the daemon then writes .eml files); From is filled
// in either way, since the files carry it too.
func ConfigFromEnv(getenv func(string) string) (cfg SMTPConfig, ok bool, err error) {
	cfg = SMTPConfig{
		Host:     strings.TrimSpace(getenv("ORDERD_SMTP_HOST")),
		User:     getenv("ORDERD_SMTP_USER"),
		Password: getenv("ORDERD_SMTP_PASSWORD"),
		TLS:      strings.ToLower(strings.TrimSpace(getenv("ORDERD_SMTP_TLS"))),
		From:     strings.TrimSpace(getenv("ORDERD_MAIL_FROM")),
		// The key itself is the data directory's (LoadDKIMKey).
		DKIMSelector: strings.TrimSpace(getenv("ORDERD_DKIM_SELECTOR")),
	}
	if p := strings.TrimSpace(getenv("ORDERD_SMTP_PORT")); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > 65535 {
			return cfg, false, fmt.Errorf("ORDERD_SMTP_PORT=%q: want a port number from 1 to 65535", p)
		}
		cfg.Port = n
	}
	if cfg.Host == "" {
		// Settings without a host are a half-done setup, not development.
		for _, k := range []string{"ORDERD_SMTP_PORT", "ORDERD_SMTP_USER", "ORDERD_SMTP_PASSWORD", "ORDERD_SMTP_TLS"} {
			if getenv(k) != "" {
				return cfg, false, fmt.Errorf("%s is set but ORDERD_SMTP_HOST is empty", k)
			}
		}
		return cfg, false, nil
	}
	if err := cfg.check(); err != nil {
		return cfg, false, err
	}
	return cfg, true, nil
}

func (c *SMTPConfig) check() error {
	switch c.TLS {
	case "":
		c.TLS = TLSStartTLS
	case TLSStartTLS, TLSImplicit, TLSNone:
	default:
		return fmt.Errorf("ORDERD_SMTP_TLS=%q: want starttls (the default), tls or none", c.TLS)
	}
	if c.Host == "" {
		return fmt.Errorf("ORDERD_SMTP_HOST is empty")
	}
	if c.Port < 0 || c.Port > 65535 {
		return fmt.Errorf("ORDERD_SMTP_PORT=%d: want a port number from 1 to 65535", c.Port)
	}
	if c.From == "" {
		return fmt.Errorf("ORDERD_MAIL_FROM is required with ORDERD_SMTP_HOST (e.g. \"Saber Forge <shop@example.com>\")")
	}
	if _, err := mail.ParseAddress(c.From); err != nil || hasLineBreak(c.From) {
		return fmt.Errorf("ORDERD_MAIL_FROM=%q is not an e-mail address", c.From)
	}
	if (c.User == "") != (c.Password == "") {
		return fmt.Errorf("ORDERD_SMTP_USER and ORDERD_SMTP_PASSWORD go together: set both or neither")
	}
	return nil
}

// SMTPSender delivers over SMTP, one connection per message: the shop
// sends a few mails an hour, and a fresh connection has no stale state to
// recover from after a server restart.
type SMTPSender struct {
	cfg  SMTPConfig
	opts []gomail.Option
}

// NewSMTPSender checks cfg and returns a sender; it does not connect.
func NewSMTPSender(cfg SMTPConfig) (*SMTPSender, error) {
	if err := cfg.check(); err != nil {
		return nil, err
	}
	opts := []gomail.Option{gomail.WithTimeout(smtpTimeout)}
	switch cfg.TLS {
	case TLSStartTLS:
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSMandatory), gomail.WithPort(portOr(cfg.Port, 587)))
	case TLSImplicit:
		opts = append(opts, gomail.WithSSL(), gomail.WithPort(portOr(cfg.Port, 465)))
	case TLSNone:
		opts = append(opts, gomail.WithTLSPolicy(gomail.NoTLS), gomail.WithPort(portOr(cfg.Port, 25)))
	}
	if cfg.User != "" {
		auth := gomail.SMTPAuthAutoDiscover // strongest mechanism the server offers
		if cfg.TLS == TLSNone {
			// Without TLS, go-mail's PLAIN still refuses to send the
			// password anywhere but to localhost, which is what we want.
			auth = gomail.SMTPAuthPlain
		}
		opts = append(opts, gomail.WithSMTPAuth(auth), gomail.WithUsername(cfg.User), gomail.WithPassword(cfg.Password))
	}
	if cfg.DKIM != nil {
		domain, err := FromDomain(cfg.From)
		if err != nil {
			return nil, fmt.Errorf("mail: DKIM: %w", err)
		}
		selector := cfg.DKIMSelector
		if selector == "" {
			selector = DefaultDKIMSelector
		}
		signer := gomail.NewDKIMSigner(domain, selector, cfg.DKIM)
		// relaxed/relaxed: survives the header folding and whitespace
		// changes relays make (RFC 6376 3.4).
		signer.HeaderCanonicalization(gomail.CanonicalizationRelaxed)
		signer.BodyCanonicalization(gomail.CanonicalizationRelaxed)
		opts = append(opts, gomail.WithAlwaysDKIMSign(signer))
	}
	return &SMTPSender{cfg: cfg, opts: opts}, nil
}

func portOr(p, def int) int {
	if p == 0 {
		return def
	}
	return p
}

// Send delivers m. ctx bounds the whole conversation.
func (s *SMTPSender) Send(ctx context.Context, m *outbox.Message) error {
	msg, err := buildMsg(s.cfg.From, m)
	if err != nil {
		return err
	}
	c, err := gomail.NewClient(s.cfg.Host, s.opts...)
	if err != nil {
		return fmt.Errorf("mail: smtp client: %w", err)
	}
	if err := c.DialAndSendWithContext(ctx, msg); err != nil {
		return fmt.Errorf("mail: smtp %s: %w", c.ServerAddr(), err)
	}
	return nil
}
