package owners

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"time"
)

// A session is what a signed-in browser holds: a random id in an
// HttpOnly cookie. The store keeps only the id's SHA-256 (Key), so a
// backup of the data file holds no session anyone could use.
const (
	// IdleTimeout ends a session nobody used for this long: long enough
	// for a morning at the lathe, short enough for a phone left behind.
	IdleTimeout = 2 * time.Hour
	// MaxLifetime ends any session, used or not: a week, then the owner
	// signs in again (with a passkey, one touch).
	MaxLifetime = 7 * 24 * time.Hour
)

// Session is one signed-in browser.
type Session struct {
	Key      string    `json:"key"` // hex SHA-256 of the cookie's id
	Owner    string    `json:"owner"`
	CSRF     string    `json:"csrf"` // the token every write sends back
	Created  time.Time `json:"created"`
	LastSeen time.Time `json:"last_seen"`
	IP       string    `json:"ip"`
	Agent    string    `json:"agent"`  // User-Agent, shortened, for the owner's list of sessions
	Method   string    `json:"method"` // "password", "password+totp", "passkey", "setup"
}

// NewSession makes a session for owner and returns it with the id the
// cookie carries (never stored).
func NewSession(owner, ip, agent, method string, now time.Time) (*Session, string, error) {
	id, err := randomToken(32)
	if err != nil {
		return nil, "", err
	}
	csrf, err := randomToken(32)
	if err != nil {
		return nil, "", err
	}
	if len(agent) > 200 {
		agent = agent[:200]
	}
	return &Session{Key: SessionKey(id), Owner: owner, CSRF: csrf, Created: now, LastSeen: now, IP: ip, Agent: agent,
		Method: method}, id, nil
}

// SessionKey is the stored key of a cookie's id.
func SessionKey(id string) string {
	sum := sha256.Sum256([]byte(id))
	return hex.EncodeToString(sum[:])
}

// Live tells whether the session may still be used at now by owner o
// (nil: the account is gone).
func (s *Session) Live(o *Owner, now time.Time) bool {
	return o != nil && o.Ready() && s.Owner == o.Name &&
		now.Sub(s.LastSeen) < IdleTimeout && now.Sub(s.Created) < MaxLifetime &&
		!s.Created.Before(o.SessionsAfter)
}

// Expires is when the session ends if not used again.
func (s *Session) Expires() time.Time {
	idle, abs := s.LastSeen.Add(IdleTimeout), s.Created.Add(MaxLifetime)
	if idle.Before(abs) {
		return idle
	}
	return abs
}

// randomToken is n random bytes, base64url without padding.
func randomToken(n int) (string, error) {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}
