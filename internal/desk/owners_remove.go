package desk

import (
	"errors"
	"net/http"

	"sabershop/internal/backoffice"
)

// postOwnerRemove is POST /admin/api/owners/{name}/remove: the account
// and its sessions go, through backoffice.Office.RemoveOwner. Not the
// signed-in owner's own (the last owner would lock the shop out of its
// desk), and only with the owner's password again.
func (d *Desk) postOwnerRemove(w http.ResponseWriter, r *http.Request) {
	var req ownerRequest
	if !d.readJSON(w, r, &req) {
		return
	}
	name := ownerName(r.PathValue("name"))
	if name == current(r).owner.Name {
		d.fail(w, r, http.StatusConflict, "owner_self", nil)
		return
	}
	if !d.confirmPassword(w, r, req.Password) {
		return
	}
	err := d.office(r).RemoveOwner(name, current(r).owner.Name)
	switch {
	case errors.Is(err, backoffice.ErrNoOwner):
		d.fail(w, r, http.StatusNotFound, "not_found", nil)
	case err != nil:
		d.internal(w, r, err)
	default:
		d.writeOwners(w, r, "")
	}
}
