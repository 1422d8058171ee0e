package desk

import (
	"context"
	"errors"
	"math"
	"net/http"
	"strconv"
	"time"

	"sabershop/internal/clientip"
	"sabershop/internal/owners"
	"sabershop/internal/store"
)

// DefaultSigninLimit is the requests per minute, in bursts of as many, an
// address group (clientip.Group) may send to the routes that check a
// secret (sign-in, setup, passkey sign-in, the password asked again):
// 20 at once, then one every 3 s. The owner needs a handful a day; the
// failures' growing delays are what stop a guesser, this stops one
// address from keeping the desk busy with requests refused anyway.
const DefaultSigninLimit = 20

// limited answers 429 with Retry-After, before anything is read, when the
// request's address has used up its sign-in requests.
func (d *Desk) limited(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if d.limit == nil {
			next(w, r)
			return
		}
		if ok, wait := d.limit.Allow(d.addressKey(r), d.cfg.Now()); !ok {
			d.retryLater(w, r, "rate_limited", wait)
			return
		}
		next(w, r)
	}
}

// addressKey is the key of the request's address among the sign-in
// failures and limits: an IPv6 address counts as its /64.
func (d *Desk) addressKey(r *http.Request) string {
	return "ip:" + clientip.Group(clientip.Of(r, d.cfg.TrustProxy))
}

// retryLater answers 429 with code and Retry-After: wait, in whole
// seconds ({seconds} in the message).
func (d *Desk) retryLater(w http.ResponseWriter, r *http.Request, code string, wait time.Duration) {
	secs := max(1, int(math.Ceil(wait.Seconds())))
	w.Header().Set("Retry-After", strconv.Itoa(secs))
	d.fail(w, r, http.StatusTooManyRequests, code, map[string]any{"seconds": secs})
}

// waitOf is how long a try at now must still wait after the failures
// recorded under keys ("account:NAME", "ip:ADDRESS").
func waitOf(tx *store.Tx, now time.Time, keys ...string) (time.Duration, error) {
	var wait time.Duration
	for _, k := range keys {
		f, err := tx.Failures(k)
		if err != nil {
			return 0, err
		}
		wait = max(wait, f.Wait(now))
	}
	return wait, nil
}

// errWait is returned by the transaction of countTry when the failures
// say to wait.
var errWait = errors.New("desk: wait after failed sign-ins")

// mayTry reads, without writing, whether a try may go on now; it answers
// 429 when the failures under keys say to wait. It turns a burst away
// cheaply before a slot or a write is spent on it; countTry decides.
func (d *Desk) mayTry(w http.ResponseWriter, r *http.Request, now time.Time, keys ...string) bool {
	var wait time.Duration
	err := d.cfg.Store.View(func(tx *store.Tx) (err error) {
		wait, err = waitOf(tx, now, keys...)
		return err
	})
	if err != nil {
		d.internal(w, r, err)
		return false
	}
	if wait > 0 {
		d.retryLater(w, r, "too_many_attempts", wait)
		return false
	}
	return true
}

// countTry counts a try as failed under each key before its secret is
// checked, in the same transaction that reads whether it may go on; it
// answers 429 and returns false when the failures say to wait. Tries sent
// at once are thus counted one after another: each sees the ones before
// it, and once the free tries are spent only one goes on each time the
// delay ends. A success then clears the records (cleared), a check that
// did not fail takes its count back (uncounted).
func (d *Desk) countTry(w http.ResponseWriter, r *http.Request, now time.Time, keys ...string) bool {
	var wait time.Duration
	err := d.cfg.Store.UpdateNow(func(tx *store.Tx) error {
		var err error
		if wait, err = waitOf(tx, now, keys...); err != nil {
			return err
		}
		if wait > 0 {
			return errWait
		}
		for _, k := range keys {
			f, err := tx.Failures(k)
			if err != nil {
				return err
			}
			if err := tx.PutFailures(k, f.Failed(now)); err != nil {
				return err
			}
		}
		return nil
	})
	switch {
	case errors.Is(err, errWait):
		d.retryLater(w, r, "too_many_attempts", wait)
		return false
	case err != nil:
		d.internal(w, r, err)
		return false
	}
	return true
}

// cleared forgets the failures under keys: the try succeeded.
func cleared(tx *store.Tx, keys ...string) error {
	for _, k := range keys {
		if err := tx.PutFailures(k, owners.Failures{}); err != nil {
			return err
		}
	}
	return nil
}

// uncounted takes back the failure countTry counted under each key: the
// check did not fail (a right password still asking for its code, or
// the password asked again before a change).
func uncounted(tx *store.Tx, keys ...string) error {
	for _, k := range keys {
		f, err := tx.Failures(k)
		if err != nil {
			return err
		}
		if err := tx.PutFailures(k, f.Undone()); err != nil {
			return err
		}
	}
	return nil
}

// checkPassword checks password against hash as a try under keys: not
// while the failures under keys say to wait, in one of the gate's slots,
// and counted as failed before the check (countTry). checked is false
// when it has answered (429, or the client left) and the caller stops;
// right is whether password matched. Every password the desk checks
// goes through here.
func (d *Desk) checkPassword(w http.ResponseWriter, r *http.Request, now time.Time, hash, password string, keys ...string) (right, checked bool) {
	if !d.mayTry(w, r, now, keys...) {
		return false, false
	}
	slot := d.enterGate(w, r)
	if slot == nil {
		return false, false
	}
	defer slot.Leave()
	if !d.countTry(w, r, now, keys...) {
		return false, false
	}
	return slot.Verify(hash, password), true
}

// enterGate takes a password check slot for r; it answers and returns
// nil when the checks are busy or the client has gone.
func (d *Desk) enterGate(w http.ResponseWriter, r *http.Request) *owners.Slot {
	slot, err := d.gate.Enter(r.Context())
	switch {
	case errors.Is(err, owners.ErrBusy):
		d.retryLater(w, r, "signin_busy", time.Second)
		return nil
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return nil // nobody is listening any more
	case err != nil:
		d.internal(w, r, err)
		return nil
	}
	return slot
}
