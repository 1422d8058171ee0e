// Package shipxfake is a local InPost ShipX: the part of the API the
// shop's client (shipping/shipx) uses, served in process for the tests
// and the sandbox shop (make run), offline.
//
// It keeps the contract, not just the shape: a Bearer token checked on
// every organization call (401), an organization that is not ours
// refused (403 for another number, 404 for no number); the documented
// error body {status, error, message, details} with details by field;
// a shipment's validation as ShipX words it (receiver phone and e-mail,
// postcode format, the target locker existing and operating, the parcel
// template, the courier's address, dimensions and weight); shipments
// created "created" and confirmed asynchronously (ProcessDelay) with a
// 24-digit tracking number; labels refused with invalid_action before
// confirmation and rendered as real PDFs (A6 and A4) after; cancellation
// only in created, offers_prepared and offer_selected, invalid_action
// otherwise; the points API over a fixed set of lockers in six cities,
// searched by relative_point, relative_post_code, city, name and street,
// with distances in metres; and a status webhook in ShipX's body shape
// on each change, signed as shipx.Sign does (ShipX does not sign its
// own: docs/decisions/shipx.md).
//
// Modes set at run time misbehave as ShipX can: Slow, Down (503),
// RateLimit (429), FailNext (500 on creation), ReplayWebhooks; Close
// takes a locker out of service. Advance moves a parcel along as InPost
// would (collected, in transit, in the locker or out for delivery,
// delivered); ControlHandler is a page to do it by hand.
//
// Not kept: offers and their selection (shipments are bought at once, as
// in the simplified mode with a prepaid account), dispatch orders,
// insurance and cash on delivery, Zpl and Epl labels, multi-parcel
// shipments, the tracking API, the statuses list. Everything is in
// memory: a restarted fake forgets its shipments.
package shipxfake

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"sort"
	"sync"
	"time"

	"sabershop/internal/shipping"
)

// DefaultProcessDelay is how long a shipment stays "created" before
// ShipX confirms it.
const DefaultProcessDelay = 50 * time.Millisecond

var (
	// ErrNoShipment is returned by Advance when the fake has no shipment
	// by that id.
	ErrNoShipment = errors.New("shipxfake: no such shipment")
	// ErrCannotAdvance is returned by Advance for a shipment not yet
	// confirmed, or already delivered or cancelled.
	ErrCannotAdvance = errors.New("shipxfake: shipment cannot move on")
	// ErrNoPoint is returned by Close and Open for a code the fake has
	// no locker by.
	ErrNoPoint = errors.New("shipxfake: no such point")
)

// Fake is the fake ShipX. Make it with New; set the exported fields
// before serving; the methods are safe at any time, concurrently.
type Fake struct {
	// Token is the organization's API token the fake accepts.
	Token string
	// OrganizationID is the one organization the fake keeps.
	OrganizationID string
	// WebhookSecret signs the webhooks (shipx.Config.WebhookSecret).
	WebhookSecret string
	// ProcessDelay is how long a shipment stays created (0: the default).
	ProcessDelay time.Duration
	// WebhookClient posts the webhooks (nil: a client with a 5 s
	// timeout).
	WebhookClient *http.Client

	mu         sync.Mutex
	slow       time.Duration
	down       bool
	rateLimit  bool
	failNext   int
	replay     bool
	webhookURL string
	hookErrs   int
	hooksSent  int
	points     map[string]*point
	shipments  map[int64]*shipment
	nextID     int64
}

// New is a fake with a random token and webhook secret, organization
// "1234", and its lockers.
func New() *Fake {
	f := &Fake{
		Token:          "sandbox-" + randHex(16),
		OrganizationID: "1234",
		WebhookSecret:  randHex(24),
		points:         map[string]*point{},
		shipments:      map[int64]*shipment{},
		nextID:         4_200_001,
	}
	for _, p := range lockers() {
		f.points[p.Name] = p
	}
	return f
}

func randHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// Slow delays every answer by d (0: none).
func (f *Fake) Slow(d time.Duration) { f.mu.Lock(); f.slow = d; f.mu.Unlock() }

// Down makes every call answer 503 while on.
func (f *Fake) Down(on bool) { f.mu.Lock(); f.down = on; f.mu.Unlock() }

// RateLimit makes every call answer 429 while on.
func (f *Fake) RateLimit(on bool) { f.mu.Lock(); f.rateLimit = on; f.mu.Unlock() }

// FailNext makes the next n shipment creations answer 500.
func (f *Fake) FailNext(n int) { f.mu.Lock(); f.failNext = n; f.mu.Unlock() }

// ReplayWebhooks sends each webhook twice while on, as a carrier that
// retries does.
func (f *Fake) ReplayWebhooks(on bool) { f.mu.Lock(); f.replay = on; f.mu.Unlock() }

// SetWebhookURL is where the webhooks go ("" sends none).
func (f *Fake) SetWebhookURL(u string) { f.mu.Lock(); f.webhookURL = u; f.mu.Unlock() }

// WebhooksSent is how many webhook deliveries were answered 2xx, and
// WebhookErrors how many were not.
func (f *Fake) WebhooksSent() int  { f.mu.Lock(); defer f.mu.Unlock(); return f.hooksSent }
func (f *Fake) WebhookErrors() int { f.mu.Lock(); defer f.mu.Unlock(); return f.hookErrs }

// Close takes the locker out of service (NonOperating): searches leave
// it out and shipments to it are refused.
func (f *Fake) Close(code string) error { return f.setPoint(code, "NonOperating") }

// Open puts the locker back in service.
func (f *Fake) Open(code string) error { return f.setPoint(code, "Operating") }

func (f *Fake) setPoint(code, status string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	p, ok := f.points[code]
	if !ok {
		return ErrNoPoint
	}
	p.Status = status
	return nil
}

// Shipment is a shipment as the control page lists it.
type Shipment struct {
	ID        string
	Status    shipping.Status
	Carrier   string // ShipX's status name
	Tracking  string
	Service   string
	Point     string // the target locker, for a locker shipment
	Receiver  string
	Reference string
	Created   time.Time
}

// Shipments lists the shipments, newest first.
func (f *Fake) Shipments() []Shipment {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := make([]Shipment, 0, len(f.shipments))
	for _, s := range f.shipments {
		out = append(out, s.info())
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID > out[j].ID })
	return out
}

// Client is an HTTP client whose every request the fake answers in
// process, whatever the host: the same requests and answers as over the
// network, without a listener.
func (f *Fake) Client() *http.Client { return &http.Client{Transport: roundTripper{f.Handler()}} }

type roundTripper struct{ h http.Handler }

func (rt roundTripper) RoundTrip(r *http.Request) (*http.Response, error) {
	if err := r.Context().Err(); err != nil {
		return nil, err
	}
	rec := httptest.NewRecorder()
	rt.h.ServeHTTP(rec, r)
	if err := r.Context().Err(); err != nil {
		// The caller gave up while the fake was slow: as over the
		// network, no answer.
		return nil, err
	}
	resp := rec.Result()
	resp.Request = r
	return resp, nil
}

// Handler serves the API.
func (f *Fake) Handler() http.Handler {
	m := http.NewServeMux()
	m.HandleFunc("GET /v1/points", f.listPoints)
	m.HandleFunc("GET /v1/points/{name}", f.getPoint)
	m.HandleFunc("POST /v1/organizations/{org}/shipments", f.authed(f.create))
	m.HandleFunc("GET /v1/shipments/{id}", f.authed(f.get))
	m.HandleFunc("DELETE /v1/shipments/{id}", f.authed(f.cancel))
	m.HandleFunc("GET /v1/shipments/{id}/label", f.authed(f.label))
	return f.modes(m)
}

// modes answers as the modes say before the API does.
func (f *Fake) modes(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		slow, down, limited := f.slow, f.down, f.rateLimit
		f.mu.Unlock()
		if slow > 0 {
			t := time.NewTimer(slow)
			select {
			case <-t.C:
			case <-r.Context().Done():
				t.Stop()
				return
			}
		}
		switch {
		case down:
			fail(w, http.StatusServiceUnavailable, "service_unavailable", "ShipX is down (fake).", nil)
		case limited:
			w.Header().Set("Retry-After", "1")
			fail(w, http.StatusTooManyRequests, "too_many_requests", "Too many requests (fake).", nil)
		default:
			next.ServeHTTP(w, r)
		}
	})
}

// authed checks the Bearer token ("API ShipX": every organization
// resource needs the access token).
func (f *Fake) authed(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer "+f.Token {
			fail(w, http.StatusUnauthorized, "token_invalid", "The access token is missing or not valid.", nil)
			return
		}
		h(w, r)
	}
}

// fail writes ShipX's error body ("API ShipX", Errors).
func fail(w http.ResponseWriter, code int, key, msg string, details any) {
	if details == nil {
		details = map[string]any{}
	}
	writeJSON(w, code, map[string]any{"status": code, "error": key, "message": msg, "details": details})
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(v)
}
