package desk

import (
	"errors"
	"net/http"
	"strings"
	"time"
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
func (d *Desk) postSignin(w http.ResponseWriter, r *http.Request) {
	var req signinRequest
	if !d.readJSON(w, r, &req) {
		return
	}
	name := strings.ToLower(strings.TrimSpace(req.Name))
	now := d.cfg.Now().UTC()
	ip := clientip.Of(r, d.cfg.TrustProxy)
	accountKey, ipKey := "account:"+name, "ip:"+ip
	if name == "" || owners.CheckName(name) != nil {
		accountKey = "account:?" // one record for every impossible name
	}

	var (
		o    *owners.Owner
		wait time.Duration
	)
	err := d.cfg.Store.View(func(tx *store.Tx) error {
		var err error
		if wait, err = waitOf(tx, now, accountKey, ipKey); err != nil {
			return err
		}
		if o, err = tx.Owner(name); errors.Is(err, store.ErrNotFound) || errors.Is(err, store.ErrInvalid) {
			o, err = nil, nil
		}
		return err
	})
	if err != nil {
		d.internal(w, r, err)
		return
	}
	if d.tooEarly(w, r, wait) {
		return
	}

	hash := d.fake
	if o != nil && o.Ready() {
		hash = o.PasswordHash
	}
	ok := owners.VerifyPassword(hash, req.Password) && o != nil && o.Ready()
	method := "password"
	if ok && len(o.TOTPSecret) > 0 {
		if strings.TrimSpace(req.Code) == "" {
			// The password was right: ask for the second factor. Not a
			// failure, and no session yet.
			d.fail(w, r, http.StatusUnauthorized, "totp_required", nil)
			return
		}
		ok, method = owners.VerifyTOTP(o.TOTPSecret, req.Code, now), "password+totp"
	}

	var s *owners.Session
	err = d.cfg.Store.UpdateNow(func(tx *store.Tx) error {
		if !ok {
			if err := d.failed(tx, now, accountKey, ipKey); err != nil {
				return err
			}
			who := ""
			if o != nil {
				who = o.Name
			}
			return d.audit(tx, r, who, "signin.failed", truncate(name, 64), "")
		}
		for _, k := range []string{accountKey, ipKey} {
			if err := tx.PutFailures(k, owners.Failures{}); err != nil {
				return err
			}
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
