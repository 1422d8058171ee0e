package desk

import (
	"errors"
	"net/http"
	"strconv"

	"sabershop/internal/orders"
	"sabershop/internal/store"
)

// getDocumentUPO is GET /admin/api/documents/{file}/upo: KSeF's official
// receipt (UPO) of an accepted document, as the XML KSeF gave, a download
// named UPO-FV-2027-0001.xml (as orderd ksef upo). 404 for no such
// document, 409 ksef_no_upo before KSeF accepted it or for a document
// outside KSeF.
func (d *Desk) getDocumentUPO(w http.ResponseWriter, r *http.Request) {
	name, upo, err := d.cfg.Office.KSeFUPO(documentNumber(r.PathValue("file")))
	switch {
	case errors.Is(err, store.ErrNotFound), errors.Is(err, store.ErrInvalid):
		d.fail(w, r, http.StatusNotFound, "not_found", nil)
		return
	case errors.Is(err, orders.ErrKSeFPending):
		d.fail(w, r, http.StatusConflict, "ksef_no_upo", nil)
		return
	case err != nil:
		d.internal(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "application/xml")
	w.Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
	w.Header().Set("Content-Length", strconv.Itoa(len(upo)))
	_, _ = w.Write(upo)
}
