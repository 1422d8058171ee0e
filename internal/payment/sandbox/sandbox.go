// Package sandbox is the default payment provider: it works offline with no
// keys and behaves like a real one through the same code paths (docs/payments.md#the-sandbox-default-offline-no-keys). It has a real RSA key pair for the browser-side card
// encryption, test cards for success, 3-D Secure and decline, its own
// 3-D Secure, bank and PayPal-like pages (served by the daemon under
// /v1/sandbox/), and it confirms payments asynchronously by posting a signed
// notification to the shop's webhook, as a real provider does.
//
// Test cards (any future expiry "MM/YY", any 3-digit CVC):
//
//	4242 4242 4242 4242  succeeds (pending, then paid after Config.Delay)
//	4000 0027 6000 3184  needs 3-D Secure (the challenge page approves or fails)
//	4000 0000 0000 0002  declined; so is any other number
//
// Payments live in memory only: a sandbox forgets them on restart, and it
// never keeps any card data beyond the call that decrypts it.
package sandbox

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"sabershop/internal/i18n"
	"sabershop/internal/payment"
)

// Name is the provider's name and its webhook path: /v1/webhooks/sandbox.
const Name = "sandbox"

// PagesPrefix is where the API mounts Pages().
const PagesPrefix = "/v1/sandbox/"

// Config configures New.
type Config struct {
	// DataDir keeps sandbox-key.pem (RSA 2048) and sandbox-secret, both
	// 0600, made on first start and reused after, so a card form that has
	// the public key keeps working across restarts. "" keeps both in
	// memory only (tests of other packages).
	DataDir string
	// Delay is how long a decided payment waits before its confirmation
	// (default 3 s: long enough that the status page shows "pending" first,
	// as it will with a real provider).
	Delay time.Duration
	// Client posts the notifications (default: 10 s timeout).
	Client *http.Client
	// Secret is the HMAC key of the notifications; default: the one in
	// DataDir/sandbox-secret.
	Secret []byte
	Log    *slog.Logger
	Now    func() time.Time
	// Context ends scheduled confirmations and their retries (as does Stop).
	Context context.Context
	// Strings are the pages' texts (LoadStrings); nil: the embedded ones.
	Strings *i18n.Set
}

// Provider is the sandbox. It implements payment.Provider and
// payment.PageServer.
type Provider struct {
	key       *rsa.PrivateKey
	publicKey string
	secret    []byte
	delay     time.Duration
	client    *http.Client
	log       *slog.Logger
	now       func() time.Time
	strings   *i18n.Set

	// retryBase is the first wait between delivery attempts (doubling);
	// tests shorten it.
	retryBase time.Duration
	attempts  int

	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu       sync.Mutex
	payments map[string]*pending
	// scheduled counts the confirmations decide started that have not
	// finished (Scheduled).
	scheduled int
}

var (
	_ payment.Provider   = (*Provider)(nil)
	_ payment.Refunder   = (*Provider)(nil)
	_ payment.PageServer = (*Provider)(nil)
)

// state of a payment in memory.
type state struct {
	Status   payment.Status
	Decided  bool // the shopper chose (or the card auto-confirms): a confirmation is scheduled
	Redirect string
}

// pending is one payment the sandbox knows. Nothing card-related is kept.
type pending struct {
	ref       string
	order     payment.Order
	method    payment.Method
	page      string // "3ds", "bank", "paypal" or "" (card without challenge)
	notifyURL string
	returnURL string
	cancelURL string
	created   time.Time
	refunds   []refund // accepted, oldest first (refund.go)
	state
}

// keepFor is how long finished payments stay queryable in memory.
const keepFor = 24 * time.Hour

// New loads or creates the key pair and the notification secret.
func New(cfg Config) (*Provider, error) {
	key, err := loadOrCreateKey(cfg.DataDir)
	if err != nil {
		return nil, err
	}
	pub, err := encodePublicKey(&key.PublicKey)
	if err != nil {
		return nil, err
	}
	secret := cfg.Secret
	if len(secret) == 0 {
		if secret, err = loadOrCreateSecret(cfg.DataDir); err != nil {
			return nil, err
		}
	}
	p := &Provider{
		key: key, publicKey: pub, secret: secret,
		delay: cfg.Delay, client: cfg.Client, log: cfg.Log, now: cfg.Now,
		retryBase: time.Second, attempts: 6,
		payments: map[string]*pending{}, strings: cfg.Strings,
	}
	if p.strings == nil {
		if p.strings, err = LoadStrings(nil); err != nil {
			return nil, err
		}
	}
	if p.delay <= 0 {
		p.delay = 3 * time.Second
	}
	if p.client == nil {
		p.client = &http.Client{Timeout: 10 * time.Second}
	}
	if p.log == nil {
		p.log = slog.New(slog.DiscardHandler)
	}
	if p.now == nil {
		p.now = time.Now
	}
	parent := cfg.Context
	if parent == nil {
		parent = context.Background()
	}
	p.ctx, p.cancel = context.WithCancel(parent)
	return p, nil
}

// Stop ends scheduled confirmations and waits for their goroutines.
func (p *Provider) Stop() {
	// Under mu, so that no decide slips a new goroutine past the Wait.
	p.mu.Lock()
	p.cancel()
	p.mu.Unlock()
	p.wg.Wait()
}

// Name is "sandbox".
func (p *Provider) Name() string { return Name }

// Methods: the sandbox takes everything.
func (p *Provider) Methods() []payment.Method {
	return []payment.Method{payment.Card, payment.Bank, payment.PayPal}
}

// PublicKey is base64 of the PEM "PUBLIC KEY" (PKIX), the form tpay
// publishes its card key in; components/payment/encrypt.ts takes it as is.
func (p *Provider) PublicKey() string { return p.publicKey }

// Start starts a payment. Cards are decided here from the test number;
// bank and PayPal continue on the sandbox's own pages.
func (p *Provider) Start(ctx context.Context, req payment.StartRequest) (payment.StartResult, error) {
	if err := p.ctx.Err(); err != nil {
		return payment.StartResult{}, fmt.Errorf("sandbox: stopped: %w", err)
	}
	returnURL, err := absoluteURL(req.ReturnURL)
	if err != nil {
		return payment.StartResult{}, fmt.Errorf("sandbox: return URL: %w", err)
	}
	pay := &pending{
		order: req.Order, method: req.Method, notifyURL: req.NotifyURL,
		returnURL: returnURL.String(), cancelURL: req.CancelURL,
		created: p.now(), state: state{Status: payment.StatusPending},
	}
	res := payment.StartResult{}
	switch req.Method {
	case payment.Card:
		if req.Card == nil {
			return payment.StartResult{}, fmt.Errorf("%w: no card data", payment.ErrDeclined)
		}
		// The decrypted card stays inside cardOutcome: only the verdict
		// comes out.
		outcome, err := p.cardOutcome(req.Card.Encrypted, origin(returnURL))
		if err != nil {
			p.log.Info("sandbox: card declined", "reason", err.Error())
			return payment.StartResult{}, err
		}
		if outcome == payment.Outcome3DS {
			pay.page = "3ds"
			res.Outcome = payment.Outcome3DS
		} else {
			res.Outcome = payment.OutcomePending
		}
	case payment.Bank:
		pay.page, res.Outcome = "bank", payment.OutcomeRedirect
	case payment.PayPal:
		pay.page, res.Outcome = "paypal", payment.OutcomeRedirect
	default:
		return payment.StartResult{}, fmt.Errorf("sandbox: method %q not taken", req.Method)
	}
	pay.ref = "sbx_" + randomHex(16)
	res.Reference = pay.ref
	if pay.page != "" {
		res.URL = pagesBase(req.NotifyURL) + pay.page + "/" + pay.ref
	}

	p.mu.Lock()
	p.prune()
	p.payments[pay.ref] = pay
	if pay.page == "" {
		// A frictionless card: the issuer approves, the booking follows.
		p.decide(pay, payment.StatusPaid, "")
	}
	p.mu.Unlock()
	p.log.Info("sandbox: payment started", "ref", pay.ref, "method", string(req.Method), "outcome", string(res.Outcome))
	return res, nil
}

// Query answers from memory.
func (p *Provider) Query(ctx context.Context, ref string) (payment.Notification, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	pay, ok := p.payments[ref]
	if !ok {
		return payment.Notification{}, payment.ErrUnknown
	}
	return p.notification(pay, ""), nil
}

// notification describes pay as it stands. Callers hold mu.
func (p *Provider) notification(pay *pending, eventID string) payment.Notification {
	return payment.Notification{
		Provider: Name, EventID: eventID, OrderHash: pay.order.Hash, Reference: pay.ref,
		Status: pay.Status, Amount: pay.order.Amount, Currency: pay.order.Currency,
	}
}

// decide records the outcome of pay and schedules its confirmation: after
// Delay the state changes and the notification goes out. A second decision
// changes nothing. Callers hold mu.
func (p *Provider) decide(pay *pending, status payment.Status, redirect string) bool {
	if pay.Decided || p.ctx.Err() != nil {
		return false
	}
	pay.Decided, pay.Redirect = true, redirect
	p.wg.Add(1)
	p.scheduled++
	go func() {
		defer p.wg.Done()
		defer func() {
			p.mu.Lock()
			p.scheduled--
			p.mu.Unlock()
		}()
		t := time.NewTimer(p.delay)
		defer t.Stop()
		select {
		case <-p.ctx.Done():
			return
		case <-t.C:
		}
		p.mu.Lock()
		pay.Status = status
		n := p.notification(pay, "evt_"+randomHex(12))
		notifyURL := pay.notifyURL
		p.mu.Unlock()
		p.deliver(notifyURL, n)
	}()
	return true
}

// Scheduled is how many confirmations are waiting for their delay or
// being delivered, retries included. It exists for tests: once it is 0,
// the sandbox will post nothing more unless a payment is started or
// decided again, so a test that wants no notification to follow (a second
// click on a page) waits for it instead of sleeping past the delay.
func (p *Provider) Scheduled() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.scheduled
}

// prune forgets payments older than keepFor. Callers hold mu.
func (p *Provider) prune() {
	cutoff := p.now().Add(-keepFor)
	for ref, pay := range p.payments {
		if pay.created.Before(cutoff) {
			delete(p.payments, ref)
		}
	}
}

func (p *Provider) lookup(ref string) (*pending, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	pay, ok := p.payments[ref]
	return pay, ok
}

func absoluteURL(s string) (*url.URL, error) {
	u, err := url.Parse(s)
	if err != nil {
		return nil, err
	}
	if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, errors.New("not an absolute http(s) URL")
	}
	return u, nil
}

// origin is what window.location.origin says for u: lower case, no
// default port.
func origin(u *url.URL) string {
	scheme, host := strings.ToLower(u.Scheme), strings.ToLower(u.Host)
	if (scheme == "http" && strings.HasSuffix(host, ":80")) || (scheme == "https" && strings.HasSuffix(host, ":443")) {
		host = host[:strings.LastIndexByte(host, ':')]
	}
	return scheme + "://" + host
}

// pagesBase is where the daemon serves the sandbox's pages, worked out from
// the webhook URL (the same daemon, maybe behind a path prefix); relative
// when there is none.
func pagesBase(notifyURL string) string {
	if i := strings.Index(notifyURL, "/v1/webhooks/"); i >= 0 {
		return notifyURL[:i] + PagesPrefix
	}
	return PagesPrefix
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b) // never fails (crypto/rand)
	return hex.EncodeToString(b)
}
