// Package owners is who may run the shop from the desk
// (docs/decisions/desk-security.md): owner accounts with an argon2id
// password and an optional TOTP second factor, one-time setup links,
// sessions with an idle and an absolute limit, growing delays after failed
// sign-ins, and the audit log's entries. It has no I/O: the store keeps
// accounts and sessions, the desk serves them.
package owners

import (
	"errors"
	"regexp"
	"time"
)

var (
	// ErrName is returned by CheckName when a name is not 1-32 lower-case
	// letters, digits, dots, dashes or underscores (it is typed on a phone
	// and shown in the audit log).
	ErrName = errors.New("owners: a name is 1-32 characters a-z, 0-9, '.', '-' or '_'")

	// ErrPassword is returned by HashPassword when a password is shorter
	// than MinPassword characters or longer than MaxPassword bytes.
	ErrPassword = errors.New("owners: a password has 12 to 1024 characters")

	// ErrSetup is returned when a setup token is unknown, used or expired.
	ErrSetup = errors.New("owners: the setup link is not valid (used, expired or replaced)")
)

// Owner is one account of the desk. Secrets are kept only as hashes: a
// copy of the data file (a backup) signs nobody in.
type Owner struct {
	Name         string    `json:"name"`
	PasswordHash string    `json:"password_hash,omitempty"` // PHC string (HashPassword); "" until set up
	TOTPSecret   []byte    `json:"totp_secret,omitempty"`   // raw key; nil: no second factor
	SetupHash    string    `json:"setup_hash,omitempty"`    // SHA-256 of the one-time setup token
	SetupExpires time.Time `json:"setup_expires,omitzero"`
	Created      time.Time `json:"created"`
	// SessionsAfter invalidates every session created before it ("sign
	// out everywhere", a password change, a new setup link).
	SessionsAfter time.Time `json:"sessions_after,omitzero"`
	// PasskeyUser is the WebAuthn user handle (NewPasskeyUser); nil until
	// the first passkey.
	PasskeyUser []byte    `json:"passkey_user,omitempty"`
	Passkeys    []Passkey `json:"passkeys,omitempty"`
}

var namePattern = regexp.MustCompile(`^[a-z0-9._-]{1,32}$`)

// CheckName reports a name that is not ErrName-shaped.
func CheckName(name string) error {
	if !namePattern.MatchString(name) {
		return ErrName
	}
	return nil
}

// Ready tells whether the account can sign in (its setup is done).
func (o *Owner) Ready() bool { return o.PasswordHash != "" }
