// Package health answers the daemon's two probes: GET /healthz (the
// process is up and serving) and GET /readyz (it can do its work: the data
// file answers, a catalogue is loaded, the e-mail outbox is moving and the
// SMTP server answers). systemd, Caddy's active health checks and an
// uptime monitor call them; docs/deploy.md says which calls which.
package health

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"time"

	"sabershop/internal/catalog"
	"sabershop/internal/store"
)

// Defaults of Config's limits.
const (
	// DefaultMailAge: an e-mail still unsent after this long means the
	// outbox is stuck (the worker retries a failed delivery within
	// minutes; a shopper waits for the order e-mail).
	DefaultMailAge = 30 * time.Minute
	// DefaultSMTPTimeout bounds one SMTP probe.
	DefaultSMTPTimeout = 5 * time.Second
	// smtpEvery: the SMTP server is probed at most this often, however
	// often /readyz is called (a monitor may call it every few seconds).
	smtpEvery = 30 * time.Second
)

// Config is what the checks read.
type Config struct {
	Store   *store.DB
	Catalog func() *catalog.Catalog
	// MailAge is the age the oldest unsent e-mail may reach (0: DefaultMailAge).
	MailAge time.Duration
	// SMTP probes the mail server (mail.(*SMTPSender).Probe); nil when
	// e-mails are written to files.
	SMTP        func(context.Context) error
	SMTPTimeout time.Duration // 0: DefaultSMTPTimeout
	Now         func() time.Time
}

// Check is one line of the readiness report. Name is stable (store,
// catalog, outbox, smtp); Detail is for the person reading it.
type Check struct {
	Name   string `json:"name"`
	OK     bool   `json:"ok"`
	Detail string `json:"detail"`
}

// Report is the body of /readyz: Status "ready" (200) or "not_ready"
// (503), and every check.
type Report struct {
	Status string  `json:"status"`
	Checks []Check `json:"checks"`
}

// Checker runs the checks.
type Checker struct {
	cfg Config

	mu       sync.Mutex
	smtpAt   time.Time // when the last probe ran
	smtpLast error
}

// New returns a Checker with cfg's zero limits set to the defaults.
func New(cfg Config) *Checker {
	if cfg.MailAge <= 0 {
		cfg.MailAge = DefaultMailAge
	}
	if cfg.SMTPTimeout <= 0 {
		cfg.SMTPTimeout = DefaultSMTPTimeout
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &Checker{cfg: cfg}
}

// Live is GET /healthz: 200 while the process serves HTTP at all.
func (c *Checker) Live(w http.ResponseWriter, r *http.Request) {
	write(w, http.StatusOK, map[string]string{"status": "up"})
}

// Ready is GET /readyz.
func (c *Checker) Ready(w http.ResponseWriter, r *http.Request) {
	rep := c.Report(r.Context())
	code := http.StatusOK
	if rep.Status != "ready" {
		code = http.StatusServiceUnavailable
	}
	write(w, code, rep)
}

// Report runs every check.
func (c *Checker) Report(ctx context.Context) Report {
	checks := []Check{c.store(), c.catalog(), c.outbox(), c.smtp(ctx)}
	rep := Report{Status: "ready", Checks: checks}
	for _, ch := range checks {
		if !ch.OK {
			rep.Status = "not_ready"
		}
	}
	return rep
}

func (c *Checker) store() Check {
	// A read transaction: the file is open and bbolt answers.
	if err := c.cfg.Store.View(func(*store.Tx) error { return nil }); err != nil {
		return Check{Name: "store", Detail: err.Error()}
	}
	return Check{Name: "store", OK: true, Detail: "open"}
}

func (c *Checker) catalog() Check {
	cat := c.cfg.Catalog()
	if cat == nil || len(cat.Products) == 0 {
		return Check{Name: "catalog", Detail: "no catalogue loaded"}
	}
	return Check{Name: "catalog", OK: true, Detail: fmt.Sprintf("version %s, %d products", cat.Version, len(cat.Products))}
}

func (c *Checker) outbox() Check {
	n, oldest, err := c.cfg.Store.OutboxStats()
	switch {
	case err != nil:
		return Check{Name: "outbox", Detail: err.Error()}
	case n == 0:
		return Check{Name: "outbox", OK: true, Detail: "empty"}
	}
	age := c.cfg.Now().Sub(oldest)
	detail := fmt.Sprintf("%d waiting, the oldest for %s", n, age.Round(time.Second))
	if age > c.cfg.MailAge {
		return Check{Name: "outbox", Detail: detail + fmt.Sprintf(" (limit %s)", c.cfg.MailAge)}
	}
	return Check{Name: "outbox", OK: true, Detail: detail}
}

func (c *Checker) smtp(ctx context.Context) Check {
	if c.cfg.SMTP == nil {
		return Check{Name: "smtp", OK: true, Detail: "no SMTP: e-mails are written to files"}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if now := c.cfg.Now(); c.smtpAt.IsZero() || now.Sub(c.smtpAt) >= smtpEvery {
		pctx, cancel := context.WithTimeout(ctx, c.cfg.SMTPTimeout)
		c.smtpLast = c.cfg.SMTP(pctx)
		cancel()
		c.smtpAt = now
	}
	if c.smtpLast != nil {
		return Check{Name: "smtp", Detail: c.smtpLast.Error()}
	}
	return Check{Name: "smtp", OK: true, Detail: "answers"}
}

func write(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(v)
}
