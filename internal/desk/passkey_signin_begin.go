package desk

import (
	"net/http"

	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/webauthn"

	"sabershop/internal/clientip"
	"sabershop/internal/owners"
)

// postPasskeySigninBegin is POST /admin/api/passkey-signin/begin: the
// options for navigator.credentials.get with no name and no list of
// credentials (the passkey says whose it is). The challenge waits in
// memory under a random id in a short-lived cookie of the sign-in's own
// path. An address that must wait after failures is told so here.
func (d *Desk) postPasskeySigninBegin(w http.ResponseWriter, r *http.Request) {
	rp, ok := d.beginCeremony(w, r)
	if !ok {
		return
	}
	now := d.cfg.Now().UTC()
	ip := clientip.Of(r, d.cfg.TrustProxy)
	if !d.mayTry(w, r, now, d.addressKey(r)) {
		return
	}
	assertion, data, err := rp.BeginDiscoverableLogin(webauthn.WithUserVerification(protocol.VerificationPreferred))
	if err != nil {
		d.internal(w, r, err)
		return
	}
	id, err := randomID()
	if err != nil {
		d.internal(w, r, err)
		return
	}
	d.ceremonies.put("signin:"+owners.SessionKey(id), ceremony{data: *data, ip: ip, expires: now.Add(ceremonyTimeout)}, now)
	http.SetCookie(w, &http.Cookie{Name: passkeyCookie, Value: id, Path: passkeyCookiePath,
		MaxAge: int(ceremonyTimeout.Seconds()), HttpOnly: true, Secure: true, SameSite: http.SameSiteStrictMode})
	writeJSON(w, http.StatusOK, assertion)
}
