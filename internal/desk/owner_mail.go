package desk

import (
	"net/http"

	"sabershop/internal/orders"
)

// ownerMailAnswer is how each kind of the owner's e-mails reaches them
// (docs/decisions/e-mail.md#the-owner-chooses-each-digest-or-none-per-kind).
type ownerMailAnswer struct {
	Choices []orders.OwnerMailChoice `json:"choices"`
}

// getOwnerMail is GET /admin/api/owner-mail: the owner's choice per kind,
// the defaults applied, with the modes each kind allows.
func (d *Desk) getOwnerMail(w http.ResponseWriter, r *http.Request) {
	choices, err := d.orders().OwnerMail()
	if err != nil {
		d.internal(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, ownerMailAnswer{Choices: choices})
}
