package desk

import (
	"net/http"
	"strconv"

	"sabershop/internal/inert"
	"sabershop/internal/store"
)

// messagesPage is how many contact messages GET /admin/api/messages
// answers at once.
const messagesPage = 30

// messagesAnswer is a page of contact messages as kept (store.Contact),
// what strangers typed in them made inert.
type messagesAnswer struct {
	Messages []store.Contact `json:"messages"`
	// Before is the cursor of the next (older) page; 0 when there is none.
	Before uint64 `json:"before"`
}

// getMessages is GET /admin/api/messages[?before=ID]: what shoppers wrote
// with the contact form, newest first (each one also came by e-mail).
// Everything in them was typed by a stranger: made inert, shown as text.
func (d *Desk) getMessages(w http.ResponseWriter, r *http.Request) {
	before, _ := strconv.ParseUint(r.URL.Query().Get("before"), 10, 64)
	var list []*store.Contact
	if err := d.cfg.Store.View(func(tx *store.Tx) (err error) {
		list, err = tx.ContactsBefore(before, messagesPage)
		return err
	}); err != nil {
		d.internal(w, r, err)
		return
	}
	a := messagesAnswer{Messages: []store.Contact{}}
	for _, c := range list {
		a.Messages = append(a.Messages, store.Contact{ID: c.ID, Name: inert.String(c.Name), Email: inert.String(c.Email),
			Message: inert.Text(c.Message), Locale: c.Locale, Created: c.Created})
	}
	if len(list) == messagesPage {
		a.Before = list[len(list)-1].ID
	}
	writeJSON(w, http.StatusOK, a)
}
