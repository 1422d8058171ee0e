package desk

import (
	"net/http"
	"strings"

	"sabershop/internal/owners"
)

type totpRequest struct {
	Key      string `json:"key"`  // from postTOTPBegin; "" turns the factor off
	Code     string `json:"code"` // the app's code for Key
	Password string `json:"password"`
}

// postTOTPSet is POST /admin/api/account/totp: the signed-in owner's
// second factor for the password path, on (Key and a code the app shows
// for it, so a mistyped key never locks the owner out) or off (no Key),
// through backoffice.Office.SetTOTP; the password again either way.
// Answers the account as GET me does.
func (d *Desk) postTOTPSet(w http.ResponseWriter, r *http.Request) {
	var req totpRequest
	if !d.readJSON(w, r, &req) {
		return
	}
	var secret []byte
	if req.Key != "" {
		var err error
		secret, err = b32.DecodeString(strings.ToUpper(strings.ReplaceAll(req.Key, " ", "")))
		if err != nil || len(secret) < 16 || !owners.VerifyTOTP(secret, req.Code, d.cfg.Now()) {
			d.fail(w, r, http.StatusUnprocessableEntity, "totp_code", nil)
			return
		}
	}
	if !d.confirmPassword(w, r, req.Password) {
		return
	}
	in := current(r)
	if err := d.office(r).SetTOTP(in.owner.Name, secret, in.owner.Name); err != nil {
		d.internal(w, r, err)
		return
	}
	in.owner.TOTPSecret = secret
	writeJSON(w, http.StatusOK, meOf(in))
}
