package desk

import (
	"errors"
	"net/http"
	"strconv"

	"sabershop/internal/orders"
	"sabershop/internal/store"
)

// postOrderMailResend is POST /admin/api/orders/{id}/mails/{mail}/resend:
// the e-mail again, word for word, through orders.Service.Resend, as the CLI
// (the outbox, the audit line). Answers the order, whose e-mails then
// show the copy as queued.
func (d *Desk) postOrderMailResend(w http.ResponseWriter, r *http.Request) {
	o, ok := d.pathOrder(w, r)
	if !ok {
		return
	}
	id, err := strconv.ParseUint(r.PathValue("mail"), 10, 64)
	if err != nil {
		d.fail(w, r, http.StatusNotFound, "not_found", nil)
		return
	}
	_, err = d.orders().Resend(o.ID, id, d.actor(r))
	switch {
	case errors.Is(err, orders.ErrNotKept), errors.Is(err, store.ErrNotFound):
		d.fail(w, r, http.StatusNotFound, "not_found", nil)
	case err != nil:
		d.internal(w, r, err)
	default:
		d.writeOrder(w, r, o)
	}
}
