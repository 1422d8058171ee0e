package desk

import (
	"crypto/rand"
	"encoding/base64"
	"errors"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/webauthn"

	"sabershop/internal/owners"
)

// ceremonyTimeout is how long a passkey ceremony may take between its
// begin and its finish: the browser's prompt, a fingerprint, a PIN.
const ceremonyTimeout = 5 * time.Minute

// Bounds of the ceremonies kept in memory: anyone may begin a sign-in,
// so neither the whole nor one address may grow without end.
const (
	maxCeremonies      = 4096
	maxCeremoniesPerIP = 16
)

// passkeyCookie carries the id of a sign-in ceremony (there is no session
// yet to keep it in); only the sign-in's own requests get it.
const (
	passkeyCookie     = "desk_passkey"
	passkeyCookiePath = "/admin/api/passkey-signin"
)

// errPasskeyHost is returned by relyingParty when the request's host is
// neither the shop's public address nor a loopback name.
var errPasskeyHost = errors.New("desk: passkeys work only at the shop's own address")

// ceremony is the server's half of one WebAuthn ceremony: the challenge
// and what it allows. The browser gets only the challenge; the finish is
// checked against this record, which is taken (deleted) by the first
// finish so it cannot be replayed.
type ceremony struct {
	data    webauthn.SessionData
	owner   string // registration: the signed-in account
	ip      string
	expires time.Time
}

// ceremonies are the ceremonies under way, in memory: they live for
// minutes, a restart only asks the owner to touch the key again, and a
// stranger's begin writes nothing to the data file.
type ceremonies struct {
	mu sync.Mutex
	m  map[string]ceremony
}

func (c *ceremonies) put(key string, v ceremony, now time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil {
		c.m = map[string]ceremony{}
	}
	var (
		oldest, oldestOfIP string
		sameIP             int
	)
	for k, e := range c.m {
		if !now.Before(e.expires) {
			delete(c.m, k)
			continue
		}
		if oldest == "" || e.expires.Before(c.m[oldest].expires) {
			oldest = k
		}
		if e.ip == v.ip {
			sameIP++
			if oldestOfIP == "" || e.expires.Before(c.m[oldestOfIP].expires) {
				oldestOfIP = k
			}
		}
	}
	switch {
	case sameIP >= maxCeremoniesPerIP:
		delete(c.m, oldestOfIP)
	case len(c.m) >= maxCeremonies:
		delete(c.m, oldest)
	}
	c.m[key] = v
}

// take returns and forgets the ceremony under key, if it is still live.
func (c *ceremonies) take(key string, now time.Time) (ceremony, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.m[key]
	delete(c.m, key)
	return v, ok && now.Before(v.expires)
}

// relyingParty is the WebAuthn relying party for r. Its ID is the host
// name the browser used, which passkeys are bound to, accepted only when
// it is the shop's public address (Config.BaseURL, whose scheme is used:
// behind a proxy the daemon itself speaks plain HTTP) or a loopback name
// for development; any other Host header is refused, so a request that
// reached the daemon under a stranger's name cannot make passkeys for it.
func (d *Desk) relyingParty(r *http.Request) (*webauthn.WebAuthn, error) {
	host := strings.ToLower(r.Host)
	name := host
	if h, _, err := net.SplitHostPort(host); err == nil {
		name = h
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	base, _ := url.Parse(d.cfg.BaseURL)
	switch {
	case base != nil && base.Host != "" && strings.EqualFold(base.Host, host):
		scheme = base.Scheme
	case name == "localhost" || strings.HasSuffix(name, ".localhost"):
	default:
		return nil, errPasskeyHost
	}
	uv := protocol.VerificationPreferred
	return webauthn.New(&webauthn.Config{
		RPID:          name,
		RPDisplayName: "Desk",
		RPOrigins:     []string{scheme + "://" + host},
		AuthenticatorSelection: protocol.AuthenticatorSelection{
			ResidentKey:        protocol.ResidentKeyRequirementRequired,
			RequireResidentKey: protocol.ResidentKeyRequired(),
			UserVerification:   uv,
		},
		Timeouts: webauthn.TimeoutsConfig{
			Login:        webauthn.TimeoutConfig{Enforce: true, Timeout: ceremonyTimeout, TimeoutUVD: ceremonyTimeout},
			Registration: webauthn.TimeoutConfig{Enforce: true, Timeout: ceremonyTimeout, TimeoutUVD: ceremonyTimeout},
		},
	})
}

// beginCeremony reads a begin's (empty) JSON body and makes the relying
// party; it answers and returns false when it cannot.
func (d *Desk) beginCeremony(w http.ResponseWriter, r *http.Request) (*webauthn.WebAuthn, bool) {
	var req struct{}
	if !d.readJSON(w, r, &req) {
		return nil, false
	}
	rp, err := d.relyingParty(r)
	if err != nil {
		d.fail(w, r, http.StatusBadRequest, "passkey_host", nil)
		return nil, false
	}
	return rp, true
}

// registrationKey is where a signed-in session's registration waits: one
// at a time per session.
func registrationKey(s *owners.Session) string { return "add:" + s.Key }

// passkeyView is a passkey as the desk lists it.
type passkeyView struct {
	ID       string    `json:"id"`
	Name     string    `json:"name"`
	Created  time.Time `json:"created"`
	LastUsed time.Time `json:"last_used,omitzero"`
}

func passkeysOf(o *owners.Owner) []passkeyView {
	out := make([]passkeyView, 0, len(o.Passkeys))
	for i := range o.Passkeys {
		p := &o.Passkeys[i]
		out = append(out, passkeyView{ID: p.ID(), Name: p.Name, Created: p.Created, LastUsed: p.LastUsed})
	}
	return out
}

// randomID is 32 random bytes, base64url.
func randomID() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}
