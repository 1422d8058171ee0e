package desk

import (
	"errors"
	"net/http"

	"sabershop/internal/backoffice"
	"sabershop/internal/owners"
)

type ownerRequest struct {
	Name     string `json:"name"`
	Password string `json:"password"` // the signed-in owner's, again
}

// postOwnerAdd is POST /admin/api/owners: a new account (a helper in the
// workshop), through backoffice.Office.SetupOwner; the answer carries
// its one-time setup link for the owner to pass on. Needs the owner's
// password again.
func (d *Desk) postOwnerAdd(w http.ResponseWriter, r *http.Request) {
	d.ownerSetup(w, r, true)
}

// postOwnerReset is POST /admin/api/owners/{name}/reset: a new setup link
// for an account (a forgotten password, a lost phone); its sessions end.
func (d *Desk) postOwnerReset(w http.ResponseWriter, r *http.Request) {
	d.ownerSetup(w, r, false)
}

func (d *Desk) ownerSetup(w http.ResponseWriter, r *http.Request, add bool) {
	var req ownerRequest
	if !d.readJSON(w, r, &req) {
		return
	}
	name := ownerName(req.Name)
	if !add {
		name = ownerName(r.PathValue("name"))
	}
	if err := owners.CheckName(name); err != nil {
		d.fail(w, r, http.StatusUnprocessableEntity, "owner_name", nil)
		return
	}
	if !add && name == current(r).owner.Name {
		// Resetting oneself would end this session and the password:
		// the server's owners reset is for a lost account.
		d.fail(w, r, http.StatusConflict, "owner_self", nil)
		return
	}
	if !d.confirmPassword(w, r, req.Password) {
		return
	}
	link, err := d.office(r).SetupOwner(name, add, current(r).owner.Name)
	switch {
	case errors.Is(err, backoffice.ErrOwnerExists):
		d.fail(w, r, http.StatusConflict, "owner_exists", nil)
	case errors.Is(err, backoffice.ErrNoOwner):
		d.fail(w, r, http.StatusNotFound, "not_found", nil)
	case err != nil:
		d.internal(w, r, err)
	default:
		d.writeOwners(w, r, link)
	}
}
