package desk

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"

	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/webauthn"

	"sabershop/internal/clientip"
	"sabershop/internal/owners"
	"sabershop/internal/store"
)

// errUnknownPasskey is returned by the account lookup of a passkey
// sign-in when no account has the passkey.
var errUnknownPasskey = errors.New("desk: no account has this passkey")

// postPasskeySigninFinish is POST /admin/api/passkey-signin/finish: the
// browser's assertion (PublicKeyCredential, toJSON()), checked against
// the challenge of this browser's begin, which is taken first so it
// cannot be replayed. A success is a session with method "passkey"; a
// failure is audited and slows the address like a wrong password, and is
// counted before the assertion is checked, as a password is (countTry).
func (d *Desk) postPasskeySigninFinish(w http.ResponseWriter, r *http.Request) {
	var raw json.RawMessage
	if !d.readJSON(w, r, &raw) {
		return
	}
	now := d.cfg.Now().UTC()
	ip := clientip.Of(r, d.cfg.TrustProxy)
	http.SetCookie(w, &http.Cookie{Name: passkeyCookie, Value: "", Path: passkeyCookiePath, MaxAge: -1,
		HttpOnly: true, Secure: true, SameSite: http.SameSiteStrictMode})
	cookie, err := r.Cookie(passkeyCookie)
	if err != nil || cookie.Value == "" {
		d.fail(w, r, http.StatusBadRequest, "passkey_expired", nil)
		return
	}
	c, ok := d.ceremonies.take("signin:"+owners.SessionKey(cookie.Value), now)
	if !ok {
		d.fail(w, r, http.StatusBadRequest, "passkey_expired", nil)
		return
	}
	address := d.addressKey(r)
	if !d.mayTry(w, r, now, address) || !d.countTry(w, r, now, address) {
		return
	}
	rp, err := d.relyingParty(r)
	if err != nil {
		d.fail(w, r, http.StatusBadRequest, "passkey_host", nil)
		return
	}

	var (
		o    *owners.Owner
		cred *webauthn.Credential
		s    *owners.Session
	)
	parsed, err := protocol.ParseCredentialRequestResponseBytes(raw)
	if err == nil {
		_, cred, err = rp.ValidatePasskeyLogin(func(_, handle []byte) (webauthn.User, error) {
			err := d.cfg.Store.View(func(tx *store.Tx) error {
				all, err := tx.Owners()
				for _, a := range all {
					if a.Ready() && len(a.PasskeyUser) > 0 && bytes.Equal(a.PasskeyUser, handle) {
						o = a
					}
				}
				return err
			})
			if err == nil && o == nil {
				err = errUnknownPasskey
			}
			return passkeyUser{o}, err
		}, c.data, parsed)
	}
	ok = err == nil && o != nil && cred != nil

	err2 := d.cfg.Store.UpdateNow(func(tx *store.Tx) error {
		if !ok { // counted already, by countTry
			who := ""
			if o != nil {
				who = o.Name
			}
			return d.audit(tx, r, who, "signin.failed", "", "passkey")
		}
		fresh, err := tx.Owner(o.Name)
		if err != nil {
			return err
		}
		used := ownersCredential(cred)
		if !fresh.UsedPasskey(&used, now) { // removed in the meantime
			ok = false
			return d.audit(tx, r, o.Name, "signin.failed", "", "passkey")
		}
		o = fresh
		if err := tx.PutOwner(o); err != nil {
			return err
		}
		if err := cleared(tx, "account:"+o.Name, address); err != nil {
			return err
		}
		if s, err = d.startSession(w, r, tx, o, "passkey", now); err != nil {
			return err
		}
		return d.audit(tx, r, o.Name, "signin", "", "passkey")
	})
	if err2 != nil {
		d.internal(w, r, err2)
		return
	}
	if !ok {
		d.cfg.Log.Warn("desk: passkey sign-in failed", "ip", ip, "err", err)
		d.fail(w, r, http.StatusUnauthorized, "passkey_failed", nil)
		return
	}
	d.cfg.Log.Info("desk: signed in", "owner", o.Name, "ip", ip, "method", "passkey")
	writeJSON(w, http.StatusOK, meOf(signedIn{session: s, owner: o}))
}
