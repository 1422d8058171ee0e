package desk

import (
	"errors"
	"net/http"

	"sabershop/internal/orders"
)

type ownerMailRequest struct {
	Kind string `json:"kind"` // one of mail.OwnerKinds
	Mode string `json:"mode"` // "each", "digest" or "none", as the kind allows
}

// postOwnerMail is POST /admin/api/owner-mail: how e-mails of one kind
// reach the owner from now on (audited). A mode the kind does not allow
// (a withdrawal without any e-mail) is 422 owner_mail_mode. Answers as
// GET does.
func (d *Desk) postOwnerMail(w http.ResponseWriter, r *http.Request) {
	var req ownerMailRequest
	if !d.readJSON(w, r, &req) {
		return
	}
	err := d.orders().SetOwnerMail(req.Kind, req.Mode, d.actor(r))
	if errors.Is(err, orders.ErrOwnerMailMode) {
		d.fail(w, r, http.StatusUnprocessableEntity, "owner_mail_mode", nil)
		return
	}
	if err != nil {
		d.internal(w, r, err)
		return
	}
	d.getOwnerMail(w, r)
}
