package desk

import (
	"errors"
	"net/http"

	"sabershop/internal/orders"
)

type noteRequest struct {
	Text string `json:"text"`
}

// postOrderNote is POST /admin/api/orders/{id}/notes {"text": "..."}: the
// owner's private note on an order, through orders.Service.AddNote, as
// the terminal's `orders note` (cleaned of hidden characters, at most
// orders.MaxNote characters, with its audit line). Answers the order as it is now, its
// notes among it.
func (d *Desk) postOrderNote(w http.ResponseWriter, r *http.Request) {
	var req noteRequest
	if !d.readJSON(w, r, &req) {
		return
	}
	_, err := d.orders().AddNote(orderID(r), req.Text, d.actor(r))
	switch {
	case errors.Is(err, orders.ErrNoteEmpty):
		d.fail(w, r, http.StatusUnprocessableEntity, "note_empty", nil)
	case errors.Is(err, orders.ErrNoteTooLong):
		d.fail(w, r, http.StatusUnprocessableEntity, "note_too_long", map[string]any{"max": orders.MaxNote})
	default:
		d.then(w, r, err, d.getOrder)
	}
}
