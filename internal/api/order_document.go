package api

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/gorilla/mux"

	"sabershop/internal/accounting"
	"sabershop/internal/invoice"
	"sabershop/internal/orders"
	"sabershop/internal/store"
)

// getOrderDocument is GET /v1/orders/{hash}/documents/{file}: one of the
// order's accounting documents as a PDF download
// (docs/legal.md#documents-on-the-status-page), file being
// its invoice.FileName ("FV-2026-0001.pdf"). Only a document of this
// order: another order's number under this hash is the same 404 as one
// that does not exist, so the hash stays the only key.
func (s *Server) getOrderDocument(w http.ResponseWriter, r *http.Request) {
	locale := s.requestLocale(r, "")
	o, ok := s.orderByHash(w, r, locale, mux.Vars(r)["hash"])
	if !ok {
		return
	}
	file := mux.Vars(r)["file"]
	var doc *accounting.Document
	err := s.cfg.Store.View(func(tx *store.Tx) error {
		docs, err := documentsOf(tx, o.ID)
		for _, d := range docs {
			if invoice.FileName(d) == file {
				doc = d
			}
		}
		return err
	})
	switch {
	case err != nil:
		s.internal(w, r, locale, err)
		return
	case doc == nil:
		s.fail(w, http.StatusNotFound, locale, "document_not_found")
		return
	}
	data, err := s.orders.DocumentPDF(r.Context(), doc)
	switch {
	case errors.Is(err, accounting.ErrRatePending), errors.Is(err, orders.ErrKSeFPending):
		// Rendered once the rate is in, which the daemon fetches itself,
		// or once KSeF accepted it, which the daemon waits for.
		w.Header().Set("Retry-After", "60")
		s.fail(w, http.StatusServiceUnavailable, locale, "document_pending")
		return
	case err != nil:
		s.internal(w, r, locale, err)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "application/pdf")
	h.Set("Content-Disposition", `attachment; filename="`+file+`"`)
	h.Set("Content-Length", strconv.Itoa(len(data)))
	// The buyer's name and address: no shared cache keeps it, nor the browser's.
	h.Set("Cache-Control", "private, no-store")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(data) // dropped by net/http for HEAD
}
