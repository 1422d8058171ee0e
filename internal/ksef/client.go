package ksef

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Client talks to KSeF for one seller. Set its fields before first use
// and do not copy it afterwards; it is safe for concurrent use. It keeps
// the access token until it expires and refreshes it with the refresh
// token; when that fails, it authenticates again with the KSeF token.
type Client struct {
	BaseURL string       // the API with its /v2 prefix: BaseURL(env)
	HTTP    *http.Client // nil: a client with a 30-second timeout
	NIP     string       // the seller's NIP, 10 digits: the context identifier
	Token   string       // the KSeF token (a secret; never logged, never in errors)
	Now     func() time.Time

	mu      sync.Mutex
	access  token
	refresh token
	certs   []publicKeyCertificate
}

type token struct {
	value string
	until time.Time
}

// margin is how long before its validUntil a token is taken as expired:
// a request must not reach KSeF with a token that expires on the way.
const margin = 30 * time.Second

var defaultHTTP = &http.Client{Timeout: 30 * time.Second}

func (c *Client) http() *http.Client {
	if c.HTTP != nil {
		return c.HTTP
	}
	return defaultHTTP
}

func (c *Client) now() time.Time {
	if c.Now != nil {
		return c.Now()
	}
	return time.Now()
}

// request is one call of the API.
type request struct {
	method, path string
	body         any         // marshalled as JSON when not nil
	bearer       string      // the Authorization: Bearer token, "" for none
	header       http.Header // more headers
	accept       string      // "" for application/json
	session      bool        // 21173/21180 mean ErrSessionClosed
}

// response is a 2xx answer.
type response struct {
	status int
	header http.Header
	body   []byte
}

// maxBody bounds what the client reads of an answer (an UPO may list
// 10,000 invoices, a page 1,000).
const maxBody = 32 << 20

// do sends r and classifies the answer: a 2xx is returned, anything else
// is one of the package's errors. The token and the bearer are never in
// the errors: net/http's errors name the URL, which carries neither.
func (c *Client) do(ctx context.Context, r request) (*response, error) {
	var body io.Reader
	if r.body != nil {
		b, err := json.Marshal(r.body)
		if err != nil {
			return nil, fmt.Errorf("ksef: %w", err)
		}
		body = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, r.method, strings.TrimRight(c.BaseURL, "/")+r.path, body)
	if err != nil {
		return nil, fmt.Errorf("ksef: %w", err)
	}
	for k, v := range r.header {
		req.Header[k] = v
	}
	if r.body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if r.accept == "" {
		r.accept = "application/json"
	}
	req.Header.Set("Accept", r.accept)
	if r.bearer != "" {
		req.Header.Set("Authorization", "Bearer "+r.bearer)
	}
	resp, err := c.http().Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("ksef: %s %s: %w", r.method, r.path, ctx.Err())
		}
		return nil, fmt.Errorf("%w: %s %s: %v", ErrUnavailable, r.method, r.path, scrub(err))
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, maxBody))
	if err != nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("ksef: %s %s: %w", r.method, r.path, ctx.Err())
		}
		return nil, fmt.Errorf("%w: %s %s: reading the answer: %v", ErrUnavailable, r.method, r.path, err)
	}
	switch s := resp.StatusCode; {
	case s >= 200 && s < 300:
		return &response{status: s, header: resp.Header, body: b}, nil
	case s == http.StatusTooManyRequests:
		return nil, &RateLimited{RetryAfter: retryAfter(resp.Header.Get("Retry-After"), c.now())}
	case s >= 500:
		return nil, fmt.Errorf("%w: %s %s: HTTP %d", ErrUnavailable, r.method, r.path, s)
	case s == http.StatusUnauthorized || s == http.StatusForbidden:
		return nil, &authError{parseError(s, b)}
	default:
		e := parseError(s, b)
		if r.session && (e.Code == 21173 || e.Code == 21180) {
			return nil, fmt.Errorf("%w: %w", ErrSessionClosed, e)
		}
		return nil, e
	}
}

// authError is a 401 or 403, which the caller turns into a refresh and
// one more try, then ErrUnauthorized.
type authError struct{ *APIError }

func (e *authError) Unwrap() error { return e.APIError }

// scrub keeps the URL out of a transport error (it names nothing secret,
// but the request's method and path are said once already).
func scrub(err error) error {
	var ue interface{ Unwrap() error }
	if errors.As(err, &ue) && ue.Unwrap() != nil {
		return ue.Unwrap()
	}
	return err
}

// retryAfter reads Retry-After: seconds, or an HTTP date.
func retryAfter(v string, now time.Time) time.Duration {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0
	}
	if n, err := strconv.Atoi(v); err == nil {
		if n < 0 {
			return 0
		}
		return time.Duration(n) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil {
		if d := t.Sub(now); d > 0 {
			return d.Round(time.Second)
		}
	}
	return 0
}

// parseError reads KSeF's error body: the ExceptionResponse of
// application/json ({"exception": {"exceptionDetailList": [...]}}), or
// Problem Details (application/problem+json: title, detail, errors[]),
// or whatever text came.
func parseError(status int, b []byte) *APIError {
	e := &APIError{Status: status}
	var ex struct {
		Exception *struct {
			ExceptionDetailList []struct {
				ExceptionCode        int      `json:"exceptionCode"`
				ExceptionDescription string   `json:"exceptionDescription"`
				Details              []string `json:"details"`
			} `json:"exceptionDetailList"`
		} `json:"exception"`
		Title  string `json:"title"`
		Detail string `json:"detail"`
		Errors []struct {
			Code        int      `json:"code"`
			Description string   `json:"description"`
			Details     []string `json:"details"`
		} `json:"errors"`
		Status json.RawMessage `json:"status"` // 429's {"code", "description", "details"}; a number in Problem Details
	}
	if json.Unmarshal(b, &ex) != nil {
		e.Description = strings.TrimSpace(string(b))
		if len(e.Description) > 300 {
			e.Description = e.Description[:300]
		}
		return e
	}
	switch {
	case ex.Exception != nil && len(ex.Exception.ExceptionDetailList) > 0:
		d := ex.Exception.ExceptionDetailList[0]
		e.Code, e.Description, e.Details = d.ExceptionCode, d.ExceptionDescription, d.Details
		for _, more := range ex.Exception.ExceptionDetailList[1:] {
			e.Details = append(e.Details, fmt.Sprintf("%d %s", more.ExceptionCode, more.ExceptionDescription))
		}
	case len(ex.Errors) > 0:
		d := ex.Errors[0]
		e.Code, e.Description, e.Details = d.Code, d.Description, d.Details
	case ex.Title != "":
		e.Description = ex.Title
		if ex.Detail != "" {
			e.Details = []string{ex.Detail}
		}
	default:
		var st statusInfo
		if json.Unmarshal(ex.Status, &st) == nil {
			e.Code, e.Description, e.Details = st.Code, st.Description, st.Details
		}
	}
	return e
}

// authed sends r with the access token, authenticating first if needed;
// after a 401 it refreshes (or authenticates again) once and tries again.
func (c *Client) authed(ctx context.Context, r request) (*response, error) {
	for try := 0; ; try++ {
		tok, err := c.accessToken(ctx)
		if err != nil {
			return nil, err
		}
		r.bearer = tok
		resp, err := c.do(ctx, r)
		var ae *authError
		if !errors.As(err, &ae) {
			return resp, err
		}
		if try > 0 || ae.Status == http.StatusForbidden {
			return nil, fmt.Errorf("%w: %w", ErrUnauthorized, ae.APIError)
		}
		c.mu.Lock()
		if c.access.value == tok {
			c.access = token{}
		}
		c.mu.Unlock()
	}
}

// accessToken is a valid access token: the one kept, a refreshed one, or
// one of a new authentication.
func (c *Client) accessToken(ctx context.Context) (string, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	now := c.now()
	if c.access.value != "" && now.Add(margin).Before(c.access.until) {
		return c.access.value, nil
	}
	if c.refresh.value != "" && now.Add(margin).Before(c.refresh.until) {
		var out struct {
			AccessToken tokenInfo `json:"accessToken"`
		}
		resp, err := c.do(ctx, request{method: http.MethodPost, path: "/auth/token/refresh", bearer: c.refresh.value})
		if err == nil {
			if err = json.Unmarshal(resp.body, &out); err == nil && out.AccessToken.Token != "" {
				c.access = token{out.AccessToken.Token, out.AccessToken.ValidUntil}
				return c.access.value, nil
			}
			return "", fmt.Errorf("%w: refreshing the access token: unreadable answer", ErrUnavailable)
		}
		var ae *authError
		var api *APIError
		if !errors.As(err, &ae) && !errors.As(err, &api) {
			return "", err // unavailable, rate limited: the refresh token may still be good
		}
		c.refresh = token{} // refused (401, 21301 revoked, 21304 unknown): authenticate again
	}
	return c.authenticate(ctx)
}

type tokenInfo struct {
	Token      string    `json:"token"`
	ValidUntil time.Time `json:"validUntil"`
}

type statusInfo struct {
	Code        int               `json:"code"`
	Description string            `json:"description"`
	Details     []string          `json:"details,omitempty"`
	Extensions  map[string]string `json:"extensions,omitempty"`
}

// publicKeyCertificate is one of GET /security/public-key-certificates.
type publicKeyCertificate struct {
	Certificate   []byte    `json:"certificate"` // DER
	CertificateID string    `json:"certificateId"`
	PublicKeyID   string    `json:"publicKeyId"`
	ValidFrom     time.Time `json:"validFrom"`
	ValidTo       time.Time `json:"validTo"`
	Usage         []string  `json:"usage"`
}

// Key usages of the Ministry's public keys.
const (
	usageToken     = "KsefTokenEncryption"
	usageSymmetric = "SymmetricKeyEncryption"
)

// publicKey is the Ministry's RSA key for usage and its publicKeyId: of
// the certificates valid now, the one with the latest validFrom
// (klucze-publiczne-do-szyfrowania.md, 4.1). Called with c.mu held.
func (c *Client) publicKey(ctx context.Context, usage string, reload bool) (*rsa.PublicKey, string, error) {
	if c.certs == nil || reload {
		resp, err := c.do(ctx, request{method: http.MethodGet, path: "/security/public-key-certificates"})
		if err != nil {
			return nil, "", err
		}
		var certs []publicKeyCertificate
		if err := json.Unmarshal(resp.body, &certs); err != nil {
			return nil, "", fmt.Errorf("%w: the public key certificates: %v", ErrUnavailable, err)
		}
		c.certs = certs
	}
	now := c.now()
	var best *publicKeyCertificate
	for i, pc := range c.certs {
		ok := false
		for _, u := range pc.Usage {
			ok = ok || u == usage
		}
		if !ok || now.Before(pc.ValidFrom) || now.After(pc.ValidTo) {
			continue
		}
		if best == nil || pc.ValidFrom.After(best.ValidFrom) {
			best = &c.certs[i]
		}
	}
	if best == nil {
		c.certs = nil
		return nil, "", fmt.Errorf("%w: no valid public key certificate for %s", ErrUnavailable, usage)
	}
	cert, err := x509.ParseCertificate(best.Certificate)
	if err != nil {
		c.certs = nil
		return nil, "", fmt.Errorf("%w: the public key certificate for %s: %v", ErrUnavailable, usage, err)
	}
	pub, ok := cert.PublicKey.(*rsa.PublicKey)
	if !ok {
		c.certs = nil
		return nil, "", fmt.Errorf("ksef: the public key for %s is not RSA (%T)", usage, cert.PublicKey)
	}
	id := best.PublicKeyID
	if id == "" {
		sum := sha256.Sum256(cert.RawSubjectPublicKeyInfo)
		id = base64.StdEncoding.EncodeToString(sum[:])
	}
	return pub, id, nil
}

// encryptRSA is RSAES-OAEP with SHA-256 and MGF1(SHA-256), no label.
func encryptRSA(pub *rsa.PublicKey, msg []byte) ([]byte, error) {
	return rsa.EncryptOAEP(sha256.New(), rand.Reader, pub, msg, nil)
}

// authPoll bounds the wait for an authentication to finish.
const authPoll = 2 * time.Minute

// authenticate goes through uwierzytelnianie.md with the KSeF token:
// challenge, "token|timestampMs" encrypted with the KsefTokenEncryption
// key, status polled until 200, tokens redeemed. Called with c.mu held.
func (c *Client) authenticate(ctx context.Context) (string, error) {
	if c.Token == "" || c.NIP == "" {
		return "", fmt.Errorf("%w: no KSeF token or NIP configured", ErrUnauthorized)
	}
	for reload := false; ; reload = true {
		tok, err := c.authenticateOnce(ctx, reload)
		var api *APIError
		if !reload && errors.As(err, &api) && api.Code == 21470 { // the key was rotated
			continue
		}
		return tok, err
	}
}

func (c *Client) authenticateOnce(ctx context.Context, reloadKeys bool) (string, error) {
	resp, err := c.do(ctx, request{method: http.MethodPost, path: "/auth/challenge"})
	if err != nil {
		return "", err
	}
	var ch struct {
		Challenge   string `json:"challenge"`
		TimestampMs int64  `json:"timestampMs"`
	}
	if err := json.Unmarshal(resp.body, &ch); err != nil || ch.Challenge == "" {
		return "", fmt.Errorf("%w: an unreadable challenge", ErrUnavailable)
	}
	pub, keyID, err := c.publicKey(ctx, usageToken, reloadKeys)
	if err != nil {
		return "", err
	}
	enc, err := encryptRSA(pub, []byte(c.Token+"|"+strconv.FormatInt(ch.TimestampMs, 10)))
	if err != nil {
		return "", fmt.Errorf("ksef: encrypting the KSeF token failed") // never the token
	}
	type contextIdentifier struct {
		Type  string `json:"type"`
		Value string `json:"value"`
	}
	resp, err = c.do(ctx, request{method: http.MethodPost, path: "/auth/ksef-token", body: struct {
		Challenge         string            `json:"challenge"`
		ContextIdentifier contextIdentifier `json:"contextIdentifier"`
		EncryptedToken    []byte            `json:"encryptedToken"`
		PublicKeyID       string            `json:"publicKeyId,omitempty"`
	}{ch.Challenge, contextIdentifier{"Nip", c.NIP}, enc, keyID}})
	if err != nil {
		var ae *authError
		if errors.As(err, &ae) {
			return "", fmt.Errorf("%w: %w", ErrUnauthorized, ae.APIError)
		}
		return "", err
	}
	var init struct {
		ReferenceNumber     string    `json:"referenceNumber"`
		AuthenticationToken tokenInfo `json:"authenticationToken"`
	}
	if err := json.Unmarshal(resp.body, &init); err != nil || init.AuthenticationToken.Token == "" {
		return "", fmt.Errorf("%w: an unreadable authentication answer", ErrUnavailable)
	}
	authTok := init.AuthenticationToken.Token
	deadline := time.Now().Add(authPoll)
	for wait := 50 * time.Millisecond; ; wait = min(2*wait, time.Second) {
		resp, err := c.do(ctx, request{method: http.MethodGet, path: "/auth/" + init.ReferenceNumber, bearer: authTok})
		if err != nil {
			var ae *authError
			if errors.As(err, &ae) {
				return "", fmt.Errorf("%w: %w", ErrUnauthorized, ae.APIError)
			}
			return "", err
		}
		var st struct {
			Status statusInfo `json:"status"`
		}
		if err := json.Unmarshal(resp.body, &st); err != nil {
			return "", fmt.Errorf("%w: an unreadable authentication status", ErrUnavailable)
		}
		if st.Status.Code == 200 {
			break
		}
		if st.Status.Code >= 500 {
			return "", fmt.Errorf("%w: authentication: %d %s", ErrUnavailable, st.Status.Code, st.Status.Description)
		}
		if st.Status.Code >= 300 {
			return "", fmt.Errorf("%w: authentication: %d %s %s", ErrUnauthorized, st.Status.Code, st.Status.Description, strings.Join(st.Status.Details, "; "))
		}
		if time.Now().After(deadline) {
			return "", fmt.Errorf("%w: authentication still in progress after %s", ErrUnavailable, authPoll)
		}
		select {
		case <-ctx.Done():
			return "", fmt.Errorf("ksef: authentication: %w", ctx.Err())
		case <-time.After(wait):
		}
	}
	resp, err = c.do(ctx, request{method: http.MethodPost, path: "/auth/token/redeem", bearer: authTok})
	if err != nil {
		var ae *authError
		var api *APIError
		if errors.As(err, &ae) || errors.As(err, &api) {
			return "", fmt.Errorf("%w: redeeming the tokens: %w", ErrUnauthorized, err)
		}
		return "", err
	}
	var toks struct {
		AccessToken  tokenInfo `json:"accessToken"`
		RefreshToken tokenInfo `json:"refreshToken"`
	}
	if err := json.Unmarshal(resp.body, &toks); err != nil || toks.AccessToken.Token == "" {
		return "", fmt.Errorf("%w: unreadable tokens", ErrUnavailable)
	}
	c.access = token{toks.AccessToken.Token, toks.AccessToken.ValidUntil}
	c.refresh = token{toks.RefreshToken.Token, toks.RefreshToken.ValidUntil}
	return c.access.value, nil
}
