package paypal

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"sabershop/internal/payment"
)

// Provider is the PayPal adapter. It is safe for concurrent use.
type Provider struct {
	cfg Config

	// tokLock serialises token fetches (a channel so waiting honours ctx);
	// tok and tokExpiry are guarded by it.
	tokLock   chan struct{}
	tok       string
	tokExpiry time.Time

	certMu sync.Mutex
	certs  map[string]cachedCert
}

var (
	_ payment.Provider = (*Provider)(nil)
	_ payment.Returner = (*Provider)(nil)
)

// Name is also the webhook path: /v1/webhooks/paypal.
// Name is the provider's name in the registry, on attempts and in
// timelines.
const Name = "paypal"

func (p *Provider) Name() string { return Name }

// Methods: PayPal only.
func (p *Provider) Methods() []payment.Method { return []payment.Method{payment.PayPal} }

// PublicKey is empty: no card data passes through the shop for PayPal.
func (p *Provider) PublicKey() string { return "" }

// maxBody bounds what is read from PayPal (orders are a few kB).
const maxBody = 1 << 20

// APIError is a non-2xx answer from PayPal's REST API.
type APIError struct {
	Status  int
	Name    string // e.g. UNPROCESSABLE_ENTITY
	Issue   string // details[0].issue, e.g. ORDER_ALREADY_CAPTURED
	Message string
	DebugID string // what PayPal's support asks for
}

func (e *APIError) Error() string {
	s := fmt.Sprintf("paypal: HTTP %d %s", e.Status, e.Name)
	if e.Issue != "" {
		s += " " + e.Issue
	}
	if e.Message != "" {
		s += ": " + e.Message
	}
	if e.DebugID != "" {
		s += " (debug_id " + e.DebugID + ")"
	}
	return s
}

func issueOf(err error) string {
	var ae *APIError
	if errors.As(err, &ae) {
		return ae.Issue
	}
	return ""
}

func parseAPIError(status int, body []byte) *APIError {
	var b struct {
		Name    string `json:"name"`
		Message string `json:"message"`
		DebugID string `json:"debug_id"`
		Details []struct {
			Issue string `json:"issue"`
		} `json:"details"`
		// The OAuth endpoint answers in RFC 6749's shape instead.
		Error     string `json:"error"`
		ErrorDesc string `json:"error_description"`
	}
	_ = json.Unmarshal(body, &b)
	e := &APIError{Status: status, Name: b.Name, Message: b.Message, DebugID: b.DebugID}
	if len(b.Details) > 0 {
		e.Issue = b.Details[0].Issue
	}
	if e.Name == "" {
		e.Name, e.Message = b.Error, b.ErrorDesc
	}
	return e
}

// token returns a cached access token, fetching one when there is none or
// it is about to expire.
func (p *Provider) token(ctx context.Context) (string, error) {
	select {
	case p.tokLock <- struct{}{}:
	case <-ctx.Done():
		return "", ctx.Err()
	}
	defer func() { <-p.tokLock }()
	if p.tok != "" && p.cfg.Now().Before(p.tokExpiry) {
		return p.tok, nil
	}
	form := url.Values{"grant_type": {"client_credentials"}}.Encode()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, p.cfg.BaseURL+"/v1/oauth2/token", strings.NewReader(form))
	if err != nil {
		return "", err
	}
	req.SetBasicAuth(p.cfg.ClientID, p.cfg.Secret)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	status, body, err := p.send(req)
	if err != nil {
		return "", fmt.Errorf("paypal: token: %w", err)
	}
	if status != http.StatusOK {
		return "", fmt.Errorf("paypal: token: %w", parseAPIError(status, body))
	}
	var t struct {
		AccessToken string `json:"access_token"`
		ExpiresIn   int64  `json:"expires_in"`
	}
	if err := json.Unmarshal(body, &t); err != nil || t.AccessToken == "" || t.ExpiresIn <= 0 {
		return "", fmt.Errorf("paypal: token: unexpected answer (%v)", err)
	}
	life := time.Duration(t.ExpiresIn) * time.Second
	// Renew a little early so a token never expires between our check and
	// PayPal's: a tenth of its life, at most five minutes.
	p.tok, p.tokExpiry = t.AccessToken, p.cfg.Now().Add(life-min(life/10, 5*time.Minute))
	return p.tok, nil
}

// dropToken forgets tok after PayPal refused it (revoked, or expired
// earlier than announced), unless another caller already replaced it.
func (p *Provider) dropToken(tok string) {
	p.tokLock <- struct{}{}
	if p.tok == tok {
		p.tok = ""
	}
	<-p.tokLock
}

func (p *Provider) send(req *http.Request) (int, []byte, error) {
	resp, err := p.cfg.HTTP.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxBody))
	return resp.StatusCode, body, err
}

// call sends one REST request with the bearer token and decodes the JSON
// answer into out. requestID, when set, is PayPal-Request-Id. A 401 gets
// one retry with a fresh token.
func (p *Provider) call(ctx context.Context, method, path, requestID string, in, out any) error {
	var payload []byte
	if in != nil {
		var err error
		if payload, err = json.Marshal(in); err != nil {
			return err
		}
	}
	for attempt := 0; ; attempt++ {
		tok, err := p.token(ctx)
		if err != nil {
			return err
		}
		req, err := http.NewRequestWithContext(ctx, method, p.cfg.BaseURL+path, bytes.NewReader(payload))
		if err != nil {
			return err
		}
		req.Header.Set("Authorization", "Bearer "+tok)
		req.Header.Set("Accept", "application/json")
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Prefer", "return=representation") // the full order, with purchase units
		if requestID != "" {
			req.Header.Set("PayPal-Request-Id", requestID)
		}
		status, body, err := p.send(req)
		if err != nil {
			return fmt.Errorf("paypal: %s %s: %w", method, path, err)
		}
		if status == http.StatusUnauthorized && attempt == 0 {
			p.dropToken(tok)
			continue
		}
		if status < 200 || status > 299 {
			return parseAPIError(status, body)
		}
		if out == nil {
			return nil
		}
		if err := json.Unmarshal(body, out); err != nil {
			return fmt.Errorf("paypal: %s %s: decoding the answer: %w", method, path, err)
		}
		return nil
	}
}
