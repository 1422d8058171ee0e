package desk

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"sabershop/internal/backoffice"
	"sabershop/internal/orders"
	"sabershop/internal/store"
)

// getDocumentPDF is GET /admin/api/documents/{file}: one document's PDF
// by its file name ("FV-2026-0001.pdf", the list's file), as a download
// (the desk's no-store header keeps it out of caches). A euro document
// still waiting for its rate to złoty is not rendered without it, nor one
// bound for KSeF before KSeF accepted it (it is handed over with its KSeF
// number, never before): 409 document_ksef_pending.
func (d *Desk) getDocumentPDF(w http.ResponseWriter, r *http.Request) {
	base, ok := strings.CutSuffix(r.PathValue("file"), ".pdf")
	if !ok {
		d.fail(w, r, http.StatusNotFound, "not_found", nil)
		return
	}
	name, pdf, err := d.cfg.Office.DocumentPDF(strings.ReplaceAll(base, "-", "/"))
	switch {
	case errors.Is(err, store.ErrNotFound):
		d.fail(w, r, http.StatusNotFound, "not_found", nil)
		return
	case errors.Is(err, backoffice.ErrNeedsRate):
		d.fail(w, r, http.StatusConflict, "document_needs_rate", nil)
		return
	case errors.Is(err, orders.ErrKSeFPending):
		d.fail(w, r, http.StatusConflict, "document_ksef_pending", nil)
		return
	case err != nil:
		d.internal(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "application/pdf")
	w.Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
	w.Header().Set("Content-Length", strconv.Itoa(len(pdf)))
	_, _ = w.Write(pdf)
}
