package desk

import (
	"errors"
	"net/http"

	"sabershop/internal/admin"
)

type noteRequest struct {
	Text string `json:"text"`
}

// postOrderNote is POST /admin/api/orders/{id}/notes {"text": "..."}: the
// owner's private note on an order, through the CLI's own
// admin.Env.AddNote (cleaned of hidden characters, at most admin.MaxNote
// characters, with its audit line). Answers the order as it is now, its
// notes among it.
func (d *Desk) postOrderNote(w http.ResponseWriter, r *http.Request) {
	var req noteRequest
	if !d.readJSON(w, r, &req) {
		return
	}
	_, _, err := d.admin(r).AddNote(orderRef(r), req.Text, current(r).owner.Name)
	switch {
	case errors.Is(err, admin.ErrNoteEmpty):
		d.fail(w, r, http.StatusUnprocessableEntity, "note_empty", nil)
	case errors.Is(err, admin.ErrNoteTooLong):
		d.fail(w, r, http.StatusUnprocessableEntity, "note_too_long", map[string]any{"max": admin.MaxNote})
	default:
		d.then(w, r, err, d.getOrder)
	}
}
