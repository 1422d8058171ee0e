package desk

import (
	"net/http"
	"strings"

	"sabershop/internal/owners"
	"sabershop/internal/store"
)

// confirmPassword asks the signed-in owner's password again before a
// change that lets someone else in or could lock the owner out (another
// account, a new setup link, a second factor): a session left open on a
// phone is not enough for those. A wrong password counts as a failed
// sign-in of the account and the address, with the same growing delays,
// counted before the check as a sign-in is (countTry), and is in the
// activity log. It answers and returns false when the change may not go
// on.
func (d *Desk) confirmPassword(w http.ResponseWriter, r *http.Request, password string) bool {
	in := current(r)
	now := d.cfg.Now().UTC()
	keys := []string{"account:" + in.owner.Name, d.addressKey(r)}
	var o *owners.Owner
	if err := d.cfg.Store.View(func(tx *store.Tx) (err error) {
		o, err = tx.Owner(in.owner.Name)
		return err
	}); err != nil {
		d.internal(w, r, err)
		return false
	}
	hash := d.fake
	if o.Ready() {
		hash = o.PasswordHash
	}
	right, checked := d.checkPassword(w, r, now, hash, password, keys...)
	if !checked {
		return false
	}
	right = right && o.Ready()
	err := d.cfg.Store.UpdateNow(func(tx *store.Tx) error {
		if right {
			return uncounted(tx, keys...)
		}
		return d.audit(tx, r, in.owner.Name, "confirm.failed", "", "")
	})
	if err != nil {
		d.internal(w, r, err)
		return false
	}
	if !right {
		d.fail(w, r, http.StatusForbidden, "password_wrong", nil)
	}
	return right
}

// ownerName is a name as accounts are kept: trimmed, lower case.
func ownerName(s string) string { return strings.ToLower(strings.TrimSpace(s)) }
