package desk

import (
	"net/http"
	"strconv"

	"sabershop/internal/inert"
	"sabershop/internal/owners"
	"sabershop/internal/store"
)

// auditPage is how many entries GET /admin/api/audit answers at once.
const auditPage = 50

type auditAnswer struct {
	Entries []owners.Entry `json:"entries"`
	// Before is the cursor of the next (older) page; 0 when there is none.
	Before uint64 `json:"before"`
}

// getAudit is GET /admin/api/audit[?before=ID]: who did what, newest
// first. Free text (a name someone tried, a reason typed) is made inert.
func (d *Desk) getAudit(w http.ResponseWriter, r *http.Request) {
	before, _ := strconv.ParseUint(r.URL.Query().Get("before"), 10, 64)
	var entries []*owners.Entry
	err := d.cfg.Store.View(func(tx *store.Tx) error {
		var err error
		entries, err = tx.AuditLog(before, auditPage)
		return err
	})
	if err != nil {
		d.internal(w, r, err)
		return
	}
	a := auditAnswer{Entries: make([]owners.Entry, 0, len(entries))}
	for _, e := range entries {
		e.Owner, e.IP, e.Target, e.Detail = inert.String(e.Owner), inert.String(e.IP), inert.String(e.Target), inert.String(e.Detail)
		a.Entries = append(a.Entries, *e)
	}
	if len(entries) == auditPage {
		a.Before = entries[len(entries)-1].ID
	}
	writeJSON(w, http.StatusOK, a)
}
