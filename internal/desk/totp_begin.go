package desk

import (
	"encoding/base32"
	"net/http"

	"sabershop/internal/owners"
)

// totpKey is a second factor offered to the owner: the key to type into
// an authenticator app and the otpauth:// link a phone opens in one.
type totpKey struct {
	Key string `json:"key"` // base32, as the apps take it
	URL string `json:"url"`
}

// b32 is the base32 authenticator apps read: no padding.
var b32 = base32.StdEncoding.WithPadding(base32.NoPadding)

// postTOTPBegin is POST /admin/api/account/totp/begin: a new random key
// for the signed-in owner's authenticator app. Nothing is stored until
// the owner proves the app has it (postTOTPSet with a code).
func (d *Desk) postTOTPBegin(w http.ResponseWriter, r *http.Request) {
	secret, err := owners.NewTOTPSecret()
	if err != nil {
		d.internal(w, r, err)
		return
	}
	shop := "Saber shop"
	if cat := d.catalog(); cat != nil && cat.Shop.Name != "" {
		shop = cat.Shop.Name
	}
	writeJSON(w, http.StatusOK, totpKey{Key: b32.EncodeToString(secret), URL: owners.TOTPURL(shop, current(r).owner.Name, secret)})
}
