package desk

import (
	"math"
	"net/http"
	"strconv"
	"time"

	"sabershop/internal/store"
)

// waitOf is how long a sign-in at now must still wait after the failures
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

// tooEarly answers 429 with Retry-After when wait is not over.
func (d *Desk) tooEarly(w http.ResponseWriter, r *http.Request, wait time.Duration) bool {
	if wait <= 0 {
		return false
	}
	secs := int(math.Ceil(wait.Seconds()))
	w.Header().Set("Retry-After", strconv.Itoa(secs))
	d.fail(w, r, http.StatusTooManyRequests, "too_many_attempts", map[string]any{"seconds": secs})
	return true
}

// mayTry tells whether a sign-in may go on now; it answers 429 when the
// failures under keys say to wait.
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
	return !d.tooEarly(w, r, wait)
}

// failed records a failed sign-in at now under each key.
func (d *Desk) failed(tx *store.Tx, now time.Time, keys ...string) error {
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
}
