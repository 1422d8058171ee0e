package desk

import (
	"errors"
	"net/http"
	"strings"
	"unicode/utf8"

	"sabershop/internal/clientip"
	"sabershop/internal/owners"
	"sabershop/internal/store"
)

type signinRequest struct {
	Name     string `json:"name"`
	Password string `json:"password"`
	Code     string `json:"code"` // TOTP, when the account has it
}

// postSignin is POST /admin/api/signin: name and password (and the TOTP
// code when the account has one). Failures slow the next try of the
// account and of the address (owners.Failures); a try too early is 429
// without looking at the password, so a guesser learns nothing from it.
// A try is counted as failed before its password is checked (countTry),
// so tries sent at once cost what the same tries in a row do, and the
// check runs in one of the gate's few slots (owners.Gate), so a crowd of
// them cannot take the VPS's memory.
func (d *Desk) postSignin(w http.ResponseWriter, r *http.Request) {
	var req signinRequest
	if !d.readJSON(w, r, &req) {
		return
	}
	name := strings.ToLower(strings.TrimSpace(req.Name))
	now := d.cfg.Now().UTC()
	ip := clientip.Of(r, d.cfg.TrustProxy)
	accountKey := "account:" + name
	if name == "" || owners.CheckName(name) != nil {
		accountKey = "account:?" // one record for every impossible name
	}
	keys := []string{accountKey, d.addressKey(r)}

	var o *owners.Owner
	err := d.cfg.Store.View(func(tx *store.Tx) error {
		var err error
		if o, err = tx.Owner(name); errors.Is(err, store.ErrNotFound) || errors.Is(err, store.ErrInvalid) {
			o, err = nil, nil
		}
		return err
	})
	if err != nil {
		d.internal(w, r, err)
		return
	}
	hash := d.fake
	if o != nil && o.Ready() {
		hash = o.PasswordHash
	}
	right, checked := d.checkPassword(w, r, now, hash, req.Password, keys...)
	if !checked {
		return
	}
	ok := right && o != nil && o.Ready()
	method := "password"
	if ok && len(o.TOTPSecret) > 0 {
		if strings.TrimSpace(req.Code) == "" {
			// The password was right: ask for the second factor. Not a
			// failure, and no session yet.
			if err := d.cfg.Store.UpdateNow(func(tx *store.Tx) error { return uncounted(tx, keys...) }); err != nil {
				d.internal(w, r, err)
				return
			}
			d.fail(w, r, http.StatusUnauthorized, "totp_required", nil)
			return
		}
		ok, method = owners.VerifyTOTP(o.TOTPSecret, req.Code, now), "password+totp"
	}

	var s *owners.Session
	err = d.cfg.Store.UpdateNow(func(tx *store.Tx) error {
		if !ok { // counted already, by countTry
			who := ""
			if o != nil {
				who = o.Name
			}
			return d.audit(tx, r, who, "signin.failed", truncate(name, 64), "")
		}
		if err := cleared(tx, keys...); err != nil {
			return err
		}
		var err error
		if s, err = d.startSession(w, r, tx, o, method, now); err != nil {
			return err
		}
		return d.audit(tx, r, o.Name, "signin", "", method)
	})
	if err != nil {
		d.internal(w, r, err)
		return
	}
	if !ok {
		d.cfg.Log.Warn("desk: sign-in failed", "name", name, "ip", ip)
		d.fail(w, r, http.StatusUnauthorized, "signin_failed", nil)
		return
	}
	d.cfg.Log.Info("desk: signed in", "owner", o.Name, "ip", ip, "method", method)
	writeJSON(w, http.StatusOK, meOf(signedIn{session: s, owner: o}))
}

// truncate cuts s to at most n bytes on a character boundary: what a
// stranger typed is kept short in the audit log.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
