package owners

import (
	"bytes"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"time"
)

// ErrNoPasskey is returned by RemovePasskey when the account has no
// passkey with the given id.
var ErrNoPasskey = errors.New("owners: no such passkey")

// MaxPasskeyName bounds the name an owner gives a passkey (it is shown in
// the desk and the audit log).
const MaxPasskeyName = 64

// Passkey is one WebAuthn credential of an account: its record (public
// key, sign count, flags) with the owner's name for it.
type Passkey struct {
	Name       string     `json:"name"`
	Created    time.Time  `json:"created"`
	LastUsed   time.Time  `json:"last_used,omitzero"`
	Credential Credential `json:"credential"`
}

// ID is the credential's id as the desk names it (base64url).
func (p *Passkey) ID() string { return base64.RawURLEncoding.EncodeToString(p.Credential.ID) }

// NewPasskeyUser gives the account its WebAuthn user handle once: 32
// random bytes, not the name, so a handle never says who it is and a
// name used again later is another user to every authenticator.
func (o *Owner) NewPasskeyUser() error {
	if len(o.PasskeyUser) > 0 {
		return nil
	}
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return err
	}
	o.PasskeyUser = b
	return nil
}

// UsedPasskey records a sign-in with credential c (its new sign count and
// flags) at now; false when the account has no such passkey.
func (o *Owner) UsedPasskey(c *Credential, now time.Time) bool {
	for i := range o.Passkeys {
		if bytes.Equal(o.Passkeys[i].Credential.ID, c.ID) {
			o.Passkeys[i].Credential = *c
			o.Passkeys[i].LastUsed = now
			return true
		}
	}
	return false
}

// RemovePasskey removes the passkey with the desk's id and returns it.
func (o *Owner) RemovePasskey(id string) (Passkey, error) {
	for i := range o.Passkeys {
		if o.Passkeys[i].ID() == id {
			p := o.Passkeys[i]
			o.Passkeys = append(o.Passkeys[:i], o.Passkeys[i+1:]...)
			return p, nil
		}
	}
	return Passkey{}, ErrNoPasskey
}
