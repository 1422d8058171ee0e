package desk

import (
	"context"
	"crypto/subtle"
	"errors"
	"net/http"
	"time"

	"sabershop/internal/backoffice"
	"sabershop/internal/clientip"
	"sabershop/internal/orders"
	"sabershop/internal/owners"
	"sabershop/internal/store"
)

// CookieName is the session cookie: HttpOnly (no script reads it), Secure
// (browsers treat http://localhost as secure, so `make run` works),
// SameSite=Strict (no other site's link or form carries it) and only sent
// under /admin.
const CookieName = "desk_session"

// CSRFHeader carries the session's CSRF token on every write.
const CSRFHeader = "X-CSRF-Token"

// touchEvery limits the writes that keep a session alive: LastSeen moves
// at most once a minute, not on every request.
const touchEvery = time.Minute

type ctxKey struct{}

// signedIn is the session of a request that passed d.session.
type signedIn struct {
	session *owners.Session
	owner   *owners.Owner
}

func current(r *http.Request) signedIn { return r.Context().Value(ctxKey{}).(signedIn) }

// session lets a request through only with a live session, and a write
// only with the session's CSRF token (the Origin check ran before, in
// CrossOriginProtection).
func (d *Desk) session(next http.HandlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := r.Cookie(CookieName)
		if err != nil || c.Value == "" {
			d.fail(w, r, http.StatusUnauthorized, "unauthorized", nil)
			return
		}
		now := d.cfg.Now().UTC()
		key := owners.SessionKey(c.Value)
		var in signedIn
		err = d.cfg.Store.View(func(tx *store.Tx) error {
			s, err := tx.Session(key)
			if err != nil {
				return err
			}
			o, err := tx.Owner(s.Owner)
			if err != nil && !errors.Is(err, store.ErrNotFound) {
				return err
			}
			in = signedIn{session: s, owner: o}
			return nil
		})
		if errors.Is(err, store.ErrNotFound) || (err == nil && !in.session.Live(in.owner, now)) {
			clearCookie(w)
			d.fail(w, r, http.StatusUnauthorized, "unauthorized", nil)
			return
		}
		if err != nil {
			d.internal(w, r, err)
			return
		}
		if r.Method != http.MethodGet && r.Method != http.MethodHead &&
			subtle.ConstantTimeCompare([]byte(r.Header.Get(CSRFHeader)), []byte(in.session.CSRF)) != 1 {
			d.fail(w, r, http.StatusForbidden, "csrf", nil)
			return
		}
		if now.Sub(in.session.LastSeen) >= touchEvery {
			in.session.LastSeen = now
			if err := d.cfg.Store.Update(func(tx *store.Tx) error { return tx.PutSession(in.session) }); err != nil {
				d.internal(w, r, err)
				return
			}
		}
		next(w, r.WithContext(context.WithValue(r.Context(), ctxKey{}, in)))
	})
}

// startSession stores a new session for o and sets its cookie. A session
// id the browser already had is never reused: each sign-in makes a new
// one, so an id planted before signing in (session fixation) stays dead.
func (d *Desk) startSession(w http.ResponseWriter, r *http.Request, tx *store.Tx, o *owners.Owner, method string, now time.Time) (*owners.Session, error) {
	s, id, err := owners.NewSession(o.Name, clientip.Of(r, d.cfg.TrustProxy), r.UserAgent(), method, now)
	if err != nil {
		return nil, err
	}
	if err := tx.PutSession(s); err != nil {
		return nil, err
	}
	http.SetCookie(w, &http.Cookie{Name: CookieName, Value: id, Path: "/admin", MaxAge: int(owners.MaxLifetime / time.Second),
		HttpOnly: true, Secure: true, SameSite: http.SameSiteStrictMode})
	return s, nil
}

func clearCookie(w http.ResponseWriter) {
	http.SetCookie(w, &http.Cookie{Name: CookieName, Value: "", Path: "/admin", MaxAge: -1,
		HttpOnly: true, Secure: true, SameSite: http.SameSiteStrictMode})
}

// audit writes one line of the audit log in tx.
func (d *Desk) audit(tx *store.Tx, r *http.Request, owner, what, target, detail string) error {
	return tx.Audit(&owners.Entry{At: d.cfg.Now().UTC(), Owner: owner, IP: clientip.Of(r, d.cfg.TrustProxy),
		What: what, Target: target, Detail: detail})
}

// office is the owner's operations for a change made through request r:
// the audit entries it writes carry r's client address.
func (d *Desk) office(r *http.Request) backoffice.Office {
	b := d.cfg.Office
	b.IP = clientip.Of(r, d.cfg.TrustProxy)
	return b
}

// actor is the signed-in owner of r and the address they act from, for
// the audit lines of the order service.
func (d *Desk) actor(r *http.Request) orders.Actor {
	return orders.Actor{Name: current(r).owner.Name, IP: clientip.Of(r, d.cfg.TrustProxy)}
}

// orders is the order service every change to an order goes through.
func (d *Desk) orders() *orders.Service { return d.cfg.Office.Orders }
