package desk

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"sabershop/internal/backoffice"
)

// getPrivacyExport is GET /admin/api/privacy/export?email=...: everything
// the shop holds about one address as a JSON download (the CLI's privacy
// export), for the owner to hand to the person who asked (GDPR art. 15,
// 20). Audited as privacy.export, without the address.
func (d *Desk) getPrivacyExport(w http.ResponseWriter, r *http.Request) {
	data, err := d.office(r).PrivacyExport(r.URL.Query().Get("email"), current(r).owner.Name)
	if d.privacyFailed(w, r, err) {
		return
	}
	name := fmt.Sprintf("personal-data-%s.json", d.cfg.Now().UTC().Format("2006-01-02"))
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(data); err != nil {
		d.cfg.Log.Error("desk: privacy export", "err", err)
	}
}

type privacyEraseRequest struct {
	Email string `json:"email"`
}

// postPrivacyErase is POST /admin/api/privacy/erase: the sign-up and the
// messages of one address go at once; its orders stay for the tax period
// and the answer lists them with the day each is anonymised (the CLI's
// privacy erase). Audited as privacy.erase, without the address.
func (d *Desk) postPrivacyErase(w http.ResponseWriter, r *http.Request) {
	var req privacyEraseRequest
	if !d.readJSON(w, r, &req) {
		return
	}
	e, err := d.office(r).PrivacyErase(req.Email, current(r).owner.Name)
	if d.privacyFailed(w, r, err) {
		return
	}
	writeJSON(w, http.StatusOK, e)
}

// privacyFailed answers err of PrivacyExport or PrivacyErase, if any: a
// bad address is the owner's typing, anything else the server's fault.
func (d *Desk) privacyFailed(w http.ResponseWriter, r *http.Request, err error) bool {
	switch {
	case errors.Is(err, backoffice.ErrNoEmail):
		d.fail(w, r, http.StatusBadRequest, "privacy_email", nil)
	case err != nil:
		d.internal(w, r, err)
	default:
		return false
	}
	return true
}
