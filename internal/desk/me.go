package desk

import (
	"net/http"
	"time"
)

// me is who is signed in, with the token every write sends back.
type me struct {
	Name    string    `json:"name"`
	CSRF    string    `json:"csrf"`
	Method  string    `json:"method"`
	Expires time.Time `json:"expires"`
	TOTP    bool      `json:"totp"`
}

func meOf(in signedIn) me {
	return me{Name: in.owner.Name, CSRF: in.session.CSRF, Method: in.session.Method, Expires: in.session.Expires(),
		TOTP: len(in.owner.TOTPSecret) > 0}
}

// getMe is GET /admin/api/me.
func (d *Desk) getMe(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, meOf(current(r)))
}
