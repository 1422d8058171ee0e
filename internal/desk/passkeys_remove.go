package desk

import (
	"errors"
	"net/http"

	"sabershop/internal/owners"
	"sabershop/internal/store"
)

// postPasskeysRemove is POST /admin/api/passkeys/remove {"id": …}: the
// passkey signs nobody in any more (a lost phone, a broken key).
func (d *Desk) postPasskeysRemove(w http.ResponseWriter, r *http.Request) {
	var req struct {
		ID string `json:"id"`
	}
	if !d.readJSON(w, r, &req) {
		return
	}
	in := current(r)
	var list []passkeyView
	err := d.cfg.Store.UpdateNow(func(tx *store.Tx) error {
		o, err := tx.Owner(in.owner.Name)
		if err != nil {
			return err
		}
		p, err := o.RemovePasskey(req.ID)
		if err != nil {
			return err
		}
		if err := tx.PutOwner(o); err != nil {
			return err
		}
		list = passkeysOf(o)
		return d.audit(tx, r, o.Name, "passkey.remove", p.Name, "")
	})
	if errors.Is(err, owners.ErrNoPasskey) {
		d.fail(w, r, http.StatusNotFound, "not_found", nil)
		return
	}
	if err != nil {
		d.internal(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, list)
}
