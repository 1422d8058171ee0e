package desk

import (
	"errors"
	"net/http"

	"sabershop/internal/orders"
	"sabershop/internal/store"
)

// postDocumentKSeFRetry is POST /admin/api/documents/{file}/ksef-retry:
// send a document KSeF refused again, once the owner fixed the cause
// (backoffice.Office.RetryKSeF, with its audit line, as orderd ksef
// retry). Answers the document as it is afterwards (waiting); 409
// ksef_not_refused for a document KSeF did not refuse.
func (d *Desk) postDocumentKSeFRetry(w http.ResponseWriter, r *http.Request) {
	number := documentNumber(r.PathValue("file"))
	err := d.office(r).RetryKSeF(number, current(r).owner.Name)
	switch {
	case errors.Is(err, store.ErrNotFound), errors.Is(err, store.ErrInvalid):
		d.fail(w, r, http.StatusNotFound, "not_found", nil)
		return
	case errors.Is(err, orders.ErrNotRefused):
		d.fail(w, r, http.StatusConflict, "ksef_not_refused", nil)
		return
	case err != nil:
		d.internal(w, r, err)
		return
	}
	d.writeDocument(w, r, number)
}
