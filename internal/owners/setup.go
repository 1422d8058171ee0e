package owners

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"time"
)

// SetupValid is how long a setup link works: the owner opens it the same
// day, on the phone they will use.
const SetupValid = 24 * time.Hour

// NewSetup gives o a new one-time setup token (replacing any earlier one)
// and returns the token for the link; the account keeps its hash. A new
// setup link also ends every session of the account and forgets its
// passkeys and user handle: a reset is for the lost phone, whose passkey
// must not sign in again once the account is set up anew.
func (o *Owner) NewSetup(now time.Time) (string, error) {
	token, err := randomToken(32)
	if err != nil {
		return "", err
	}
	o.SetupHash, o.SetupExpires, o.SessionsAfter = tokenHash(token), now.Add(SetupValid), now
	o.Passkeys, o.PasskeyUser = nil, nil
	return token, nil
}

// CheckSetup is ErrSetup unless token is o's setup token and still valid
// at now. The desk checks it before it hashes the new password, so a
// stranger without a link never costs an argon2id run.
func (o *Owner) CheckSetup(token string, now time.Time) error {
	if o.SetupHash == "" || !now.Before(o.SetupExpires) ||
		subtle.ConstantTimeCompare([]byte(tokenHash(token)), []byte(o.SetupHash)) != 1 {
		return ErrSetup
	}
	return nil
}

// UseSetup spends token, checked again at now (ErrSetup: used in the
// meantime), for the password whose PHC string is hash (HashPassword or
// Slot.Hash, made outside the data file's transaction).
func (o *Owner) UseSetup(token, hash string, now time.Time) error {
	if err := o.CheckSetup(token, now); err != nil {
		return err
	}
	o.PasswordHash, o.SetupHash, o.SetupExpires = hash, "", time.Time{}
	o.SessionsAfter = now
	return nil
}

func tokenHash(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}
