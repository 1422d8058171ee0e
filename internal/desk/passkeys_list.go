package desk

import "net/http"

// getPasskeys is GET /admin/api/passkeys: the signed-in account's
// passkeys, oldest first.
func (d *Desk) getPasskeys(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, passkeysOf(current(r).owner))
}
