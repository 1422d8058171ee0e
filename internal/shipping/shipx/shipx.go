// Package shipx is InPost's ShipX API as a shipping.Carrier: parcel
// lockers (Paczkomaty) from the points API, shipments to a locker
// (inpost_locker_standard) or by courier (inpost_courier_standard),
// their labels, their cancellation and their status webhooks
// (docs/decisions/shipx.md lists the documentation read and what it left
// unsaid).
//
// The client holds no state of its own between calls: the shipment's id
// at InPost is all the orders keep, and Shipment reads it anew.
package shipx

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
	"time"

	"sabershop/internal/shipping"
)

// Base URLs of ShipX (dokumentacja-inpost.atlassian.net, "API ShipX":
// the production and the sandbox environment; the points API answers on
// the same hosts under /v1/points).
const (
	ProductionURL = "https://api-shipx-pl.easypack24.net"
	SandboxURL    = "https://sandbox-api-shipx-pl.easypack24.net"
)

// Sending methods: how the parcel reaches InPost (the shipment's
// custom_attributes.sending_method).
const (
	// SendParcelLocker: the owner drops the parcel into any parcel
	// locker with the label on it. The default: a one-person workshop
	// posts a few parcels a week and passes a locker anyway; no pickup to
	// order, no one to wait in for.
	SendParcelLocker = "parcel_locker"
	// SendDispatchOrder: a courier collects the parcel from the workshop
	// once a dispatch order is placed (not placed by this client).
	SendDispatchOrder = "dispatch_order"
	// SendPOK: the owner hands it in at an InPost customer service point.
	SendPOK = "pok"
)

// Defaults.
const (
	// DefaultLimit is how many points Points returns when the query names
	// no limit; MaxLimit is the most it asks for (a checkout lists a
	// handful; a longer list is a map's job).
	DefaultLimit = 10
	MaxLimit     = 25
	// WebhookTolerance is how far a webhook's timestamp may be from now.
	WebhookTolerance = 5 * time.Minute
	// timeout bounds one call when the caller's context has no deadline.
	timeout = 20 * time.Second
)

// Config is how to reach one ShipX organization.
type Config struct {
	// BaseURL is ProductionURL, SandboxURL or a fake's (no trailing
	// slash needed).
	BaseURL string
	// PointsURL is the points API's base; "" is BaseURL.
	PointsURL string
	// Token is the organization's API token (Manager Paczek, "My
	// account > API"), sent as "Authorization: Bearer".
	Token string
	// OrganizationID is the organization the shipments are created in.
	OrganizationID string
	// WebhookSecret signs the status webhooks the shop accepts
	// (webhook.go says why ShipX's own are not enough).
	WebhookSecret string
	// SendingMethod is how the owner hands parcels over: one of the Send
	// constants; "" is SendParcelLocker.
	SendingMethod string
	// HTTP is the client to call ShipX with; nil is a client with a 20 s
	// timeout.
	HTTP *http.Client
	// Now is the clock for webhook timestamps; nil is time.Now.
	Now func() time.Time
}

// Client is a ShipX client. Make it with New; it is safe for concurrent
// use.
type Client struct {
	base, points *url.URL
	cfg          Config
	http         *http.Client
	now          func() time.Time
}

var _ shipping.Carrier = (*Client)(nil)

// New checks c and makes its client.
func New(c Config) (*Client, error) {
	base, err := parseBase(c.BaseURL)
	if err != nil {
		return nil, fmt.Errorf("shipx: BaseURL: %w", err)
	}
	points := base
	if c.PointsURL != "" {
		if points, err = parseBase(c.PointsURL); err != nil {
			return nil, fmt.Errorf("shipx: PointsURL: %w", err)
		}
	}
	switch {
	case c.Token == "":
		return nil, errors.New("shipx: no Token")
	case c.OrganizationID == "" || strings.ContainsAny(c.OrganizationID, "/?#"):
		return nil, fmt.Errorf("shipx: bad OrganizationID %q", c.OrganizationID)
	case len(c.WebhookSecret) < 16:
		// A short secret is a guessable one; the webhook's whole trust.
		return nil, errors.New("shipx: WebhookSecret shorter than 16 bytes")
	}
	switch c.SendingMethod {
	case "":
		c.SendingMethod = SendParcelLocker
	case SendParcelLocker, SendDispatchOrder, SendPOK:
	default:
		return nil, fmt.Errorf("shipx: unknown SendingMethod %q", c.SendingMethod)
	}
	cl := &Client{base: base, points: points, cfg: c, http: c.HTTP, now: c.Now}
	if cl.http == nil {
		cl.http = &http.Client{Timeout: timeout}
	}
	if cl.now == nil {
		cl.now = time.Now
	}
	return cl, nil
}

func parseBase(s string) (*url.URL, error) {
	u, err := url.Parse(strings.TrimRight(s, "/"))
	if err != nil {
		return nil, err
	}
	if (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return nil, fmt.Errorf("%q is not an http(s) URL", s)
	}
	return u, nil
}

// Name is the carrier's id in content/data/deliveries.toml.
func (c *Client) Name() string { return "inpost" }

// TrackingURL is InPost's public tracking page of the parcel.
func (c *Client) TrackingURL(tracking string) string {
	return "https://inpost.pl/sledzenie-przesylek?number=" + url.QueryEscape(tracking)
}

// apiError is ShipX's error body ("API ShipX", Errors: status, error,
// message, details; the message "may change - do not base on it").
type apiError struct {
	Status  int             `json:"status"`
	Error   string          `json:"error"`
	Message string          `json:"message"`
	Details json.RawMessage `json:"details"`
}

// httpError is a ShipX answer that is not a success, for the callers to
// sort into the shipping errors.
type httpError struct {
	code int
	body apiError
}

func (e *httpError) Error() string {
	return fmt.Sprintf("shipx: HTTP %d %s: %s", e.code, e.body.Error, e.body.Message)
}

// do sends a request to ShipX and decodes a JSON answer into out (nil:
// none wanted); a 2xx with a non-JSON body (a label) comes back raw.
// Network errors, 5xx and 429 wrap shipping.ErrUnavailable; other
// refusals are *httpError.
func (c *Client) do(ctx context.Context, method string, u *url.URL, auth bool, in, out any) ([]byte, error) {
	var body io.Reader
	if in != nil {
		b, err := json.Marshal(in)
		if err != nil {
			return nil, err
		}
		body = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, u.String(), body)
	if err != nil {
		return nil, err
	}
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if auth {
		req.Header.Set("Authorization", "Bearer "+c.cfg.Token)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("%w: %v", shipping.ErrUnavailable, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 20<<20))
	if err != nil {
		return nil, fmt.Errorf("%w: reading the answer: %v", shipping.ErrUnavailable, err)
	}
	if resp.StatusCode >= 500 || resp.StatusCode == http.StatusTooManyRequests {
		return nil, fmt.Errorf("%w: %s %s: HTTP %d", shipping.ErrUnavailable, method, u.Path, resp.StatusCode)
	}
	if resp.StatusCode >= 300 {
		e := &httpError{code: resp.StatusCode}
		_ = json.Unmarshal(raw, &e.body) // a body not in ShipX's shape still has its code
		return nil, e
	}
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			return nil, fmt.Errorf("shipx: %s %s: %w", method, u.Path, err)
		}
	}
	return raw, nil
}

// api is path under the base URL, with query q.
func (c *Client) api(base *url.URL, q url.Values, path ...string) *url.URL {
	u := *base
	for _, p := range path {
		u.Path += "/" + url.PathEscape(p)
	}
	u.RawPath = ""
	if q != nil {
		u.RawQuery = q.Encode()
	}
	return &u
}
