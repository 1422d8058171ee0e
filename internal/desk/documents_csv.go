package desk

import (
	"bytes"
	"net/http"

	"sabershop/internal/backoffice"
	"sabershop/internal/store"
)

// getDocumentsCSV is GET /admin/api/documents.csv?month=YYYY-MM: the
// accountant's CSV of the month (the CLI's invoices csv), as a download.
// It holds the buyers' names and addresses' countries, so it is in the
// activity log (documents.csv, the month as its detail).
func (d *Desk) getDocumentsCSV(w http.ResponseWriter, r *http.Request) {
	month := r.URL.Query().Get("month")
	m, err := backoffice.ParseMonth(month, d.cfg.Now())
	if d.documentsFailed(w, r, err) {
		return
	}
	// Written whole first: a failure is an error answer, not a short file.
	var body bytes.Buffer
	if d.documentsFailed(w, r, d.cfg.Office.DocumentsCSV(&body, month)) {
		return
	}
	name := m.Format("2006-01")
	if err := d.cfg.Store.UpdateNow(func(tx *store.Tx) error {
		return d.audit(tx, r, current(r).owner.Name, "documents.csv", "", name)
	}); err != nil {
		d.internal(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="documents-`+name+`.csv"`)
	_, _ = w.Write(body.Bytes())
}
