package desk

import (
	"net/http"

	"sabershop/internal/backoffice"
)

type ownersAnswer struct {
	Owners []backoffice.OwnerInfo `json:"owners"`
	Link   string                 `json:"link,omitempty"` // a setup link just made, shown once
}

// getOwners is GET /admin/api/owners: the desk's accounts, through the
// CLI's backoffice.Office.Owners.
func (d *Desk) getOwners(w http.ResponseWriter, r *http.Request) {
	d.writeOwners(w, r, "")
}

func (d *Desk) writeOwners(w http.ResponseWriter, r *http.Request, link string) {
	list, err := d.cfg.Office.Owners()
	if err != nil {
		d.internal(w, r, err)
		return
	}
	if list == nil {
		list = []backoffice.OwnerInfo{}
	}
	writeJSON(w, http.StatusOK, ownersAnswer{Owners: list, Link: link})
}
