package orders

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
)

// newToken is a payment attempt's id: 18 random bytes, URL-safe, as the
// providers get it in idempotency keys.
func newToken() (string, error) {
	b := make([]byte, 18)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// newID is a refund's id, and its key when the owner gives none.
func newID() string {
	b := make([]byte, 12)
	_, _ = rand.Read(b) // never fails (crypto/rand)
	return hex.EncodeToString(b)
}
