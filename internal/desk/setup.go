package desk

import (
	"errors"
	"net/http"
	"strings"

	"sabershop/internal/owners"
	"sabershop/internal/store"
)

type setupRequest struct {
	Name     string `json:"name"`
	Token    string `json:"token"` // from the setup link's fragment
	Password string `json:"password"`
}

// postSetup is POST /admin/api/setup: the one-time link that `orderd
// owners add` printed, and the password the owner chose; it signs in.
// The token travels in the link's fragment (#...), which browsers never
// send to a server or put in a Referer, and reaches the daemon only in
// this POST's body. The token is checked before the password is hashed
// (in one of the gate's slots, outside the data file's transaction), and
// again when it is spent, so it is spent once.
func (d *Desk) postSetup(w http.ResponseWriter, r *http.Request) {
	var req setupRequest
	if !d.readJSON(w, r, &req) {
		return
	}
	name := strings.ToLower(strings.TrimSpace(req.Name))
	now := d.cfg.Now().UTC()
	err := d.cfg.Store.View(func(tx *store.Tx) error {
		o, err := tx.Owner(name)
		if err != nil {
			return err
		}
		if err := o.CheckSetup(req.Token, now); err != nil {
			return err
		}
		return owners.CheckPassword(req.Password)
	})
	if d.setupFailed(w, r, err) {
		return
	}
	slot := d.enterGate(w, r)
	if slot == nil {
		return
	}
	hash, err := slot.Hash(req.Password)
	slot.Leave()
	if d.setupFailed(w, r, err) {
		return
	}
	var (
		o *owners.Owner
		s *owners.Session
	)
	err = d.cfg.Store.UpdateNow(func(tx *store.Tx) error {
		var err error
		if o, err = tx.Owner(name); err != nil {
			return err
		}
		if err := o.UseSetup(req.Token, hash, now); err != nil {
			return err
		}
		if err := tx.DeleteSessionsOf(o.Name); err != nil {
			return err
		}
		if err := tx.PutOwner(o); err != nil {
			return err
		}
		if s, err = d.startSession(w, r, tx, o, "setup", now); err != nil {
			return err
		}
		return d.audit(tx, r, o.Name, "owner.setup", "", "")
	})
	if d.setupFailed(w, r, err) {
		return
	}
	d.cfg.Log.Info("desk: account set up", "owner", o.Name)
	writeJSON(w, http.StatusOK, meOf(signedIn{session: s, owner: o}))
}

// setupFailed answers a setup's err, if any, and says whether it did.
func (d *Desk) setupFailed(w http.ResponseWriter, r *http.Request, err error) bool {
	switch {
	case err == nil:
		return false
	case errors.Is(err, owners.ErrPassword):
		d.fail(w, r, http.StatusUnprocessableEntity, "password_rules", nil)
	case errors.Is(err, owners.ErrSetup), errors.Is(err, store.ErrNotFound), errors.Is(err, store.ErrInvalid):
		d.fail(w, r, http.StatusBadRequest, "setup_invalid", nil)
	default:
		d.internal(w, r, err)
	}
	return true
}
