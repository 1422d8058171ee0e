package desk

import (
	"net/http"

	"sabershop/internal/store"
)

type done struct {
	Message string `json:"message"`
}

// postSignout is POST /admin/api/signout: this session ends.
func (d *Desk) postSignout(w http.ResponseWriter, r *http.Request) {
	in := current(r)
	err := d.cfg.Store.UpdateNow(func(tx *store.Tx) error {
		if err := tx.DeleteSession(in.session.Key); err != nil {
			return err
		}
		return d.audit(tx, r, in.owner.Name, "signout", "", "")
	})
	if err != nil {
		d.internal(w, r, err)
		return
	}
	clearCookie(w)
	writeJSON(w, http.StatusOK, done{d.msg.T(d.locale(r), "signed_out", nil)})
}

// postSignoutEverywhere is POST /admin/api/signout-everywhere: every
// session of the account ends, this one too (a lost phone).
func (d *Desk) postSignoutEverywhere(w http.ResponseWriter, r *http.Request) {
	in := current(r)
	now := d.cfg.Now().UTC()
	err := d.cfg.Store.UpdateNow(func(tx *store.Tx) error {
		o, err := tx.Owner(in.owner.Name)
		if err != nil {
			return err
		}
		o.SessionsAfter = now
		if err := tx.PutOwner(o); err != nil {
			return err
		}
		if err := tx.DeleteSessionsOf(o.Name); err != nil {
			return err
		}
		return d.audit(tx, r, o.Name, "signout.everywhere", "", "")
	})
	if err != nil {
		d.internal(w, r, err)
		return
	}
	clearCookie(w)
	writeJSON(w, http.StatusOK, done{d.msg.T(d.locale(r), "signed_out_everywhere", nil)})
}
