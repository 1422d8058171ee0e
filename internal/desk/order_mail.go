package desk

import (
	"errors"
	"net/http"
	"strconv"
	"time"

	"sabershop/internal/inert"
	"sabershop/internal/store"
)

// openedMail is one delivered e-mail of an order as the desk opens it:
// the plain-text version, inert, and where its HTML version is.
type openedMail struct {
	ID      uint64    `json:"id"`
	Kind    string    `json:"kind"`
	To      string    `json:"to"`
	Subject string    `json:"subject"`
	Sent    time.Time `json:"sent"`
	Text    string    `json:"text"`
	HTMLURL string    `json:"html_url,omitempty"`
}

// getOrderMail is GET /admin/api/orders/{id}/mails/{mail}: what the
// e-mail said. 404 for an e-mail of another order, or one whose text was
// not kept (sent before the desk kept them).
func (d *Desk) getOrderMail(w http.ResponseWriter, r *http.Request) {
	o, ok := d.pathOrder(w, r)
	if !ok {
		return
	}
	rec, body, ok := d.pathMail(w, r, o.Hash)
	if !ok {
		return
	}
	v := openedMail{ID: rec.ID, Kind: rec.Kind, To: inert.String(bareAddress(rec.To)), Subject: inert.String(rec.Subject),
		Sent: rec.Sent, Text: inert.Text(body.Text)}
	if body.HTML != "" {
		v.HTMLURL = r.URL.Path + "/html"
	}
	writeJSON(w, http.StatusOK, v)
}

// pathMail loads the path's {mail} of the order whose hash is ref; it
// answers 404 and returns false when there is none.
func (d *Desk) pathMail(w http.ResponseWriter, r *http.Request, ref string) (store.SentRecord, store.SentBody, bool) {
	id, err := strconv.ParseUint(r.PathValue("mail"), 10, 64)
	if err != nil {
		d.fail(w, r, http.StatusNotFound, "not_found", nil)
		return store.SentRecord{}, store.SentBody{}, false
	}
	rec, body, err := d.cfg.Store.SentMessage(ref, id)
	if errors.Is(err, store.ErrNotFound) {
		d.fail(w, r, http.StatusNotFound, "not_found", nil)
		return rec, body, false
	}
	if err != nil {
		d.internal(w, r, err)
		return rec, body, false
	}
	return rec, body, true
}
