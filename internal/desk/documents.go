package desk

import (
	"errors"
	"net/http"

	"sabershop/internal/accounting"
	"sabershop/internal/backoffice"
	"sabershop/internal/i18n"
	"sabershop/internal/inert"
	"sabershop/internal/invoice"
)

// deskDocument is one accounting document as the desk lists it (the
// Documents page, an order's page): its buyer's words made inert.
type deskDocument struct {
	Number   string          `json:"number"`
	Kind     accounting.Kind `json:"kind"`
	Issued   string          `json:"issued"` // the workshop's day, YYYY-MM-DD
	OrderID  uint64          `json:"order_id"`
	Buyer    string          `json:"buyer"` // the company, else the person
	Currency string          `json:"currency"`
	Gross    int64           `json:"gross"`
	// GrossPLN is a foreign-currency document's gross in grosze, once its
	// rate is known (NeedsRate false); absent for a złoty document.
	GrossPLN  *int64 `json:"gross_pln,omitempty"`
	NeedsRate bool   `json:"needs_rate,omitempty"`
	Corrects  string `json:"corrects,omitempty"`
	File      string `json:"file"` // the PDF's name: /admin/api/documents/{file}
}

func documentView(d *accounting.Document) deskDocument {
	buyer := d.Buyer.Name
	if d.Buyer.Company != "" {
		buyer = d.Buyer.Company
	}
	v := deskDocument{Number: d.Number, Kind: d.Kind, Issued: d.Issued.In(i18n.Workshop).Format("2006-01-02"), OrderID: d.OrderID,
		Buyer: inert.String(buyer), Currency: d.Currency, Gross: d.Total.Gross, NeedsRate: d.NeedsRate(), Corrects: d.Corrects,
		File: invoice.FileName(d)}
	if x := d.Exchange; x != nil {
		v.GrossPLN = &x.Total.Gross
	}
	return v
}

func documentViews(docs []*accounting.Document) []deskDocument {
	out := []deskDocument{}
	for _, d := range docs {
		out = append(out, documentView(d))
	}
	return out
}

type documentsAnswer struct {
	Month     string         `json:"month"` // YYYY-MM, the one asked for or this one
	Documents []deskDocument `json:"documents"`
}

// getDocuments is GET /admin/api/documents?month=YYYY-MM: the documents
// issued in the month (the CLI's invoices list), series by series.
func (d *Desk) getDocuments(w http.ResponseWriter, r *http.Request) {
	month := r.URL.Query().Get("month")
	docs, err := d.cfg.Office.Documents(month)
	if d.documentsFailed(w, r, err) {
		return
	}
	m, _ := backoffice.ParseMonth(month, d.cfg.Now())
	writeJSON(w, http.StatusOK, documentsAnswer{Month: m.Format("2006-01"), Documents: documentViews(docs)})
}

// documentsFailed answers err of the documents' functions, if any.
func (d *Desk) documentsFailed(w http.ResponseWriter, r *http.Request, err error) bool {
	switch {
	case errors.Is(err, backoffice.ErrBadMonth):
		d.fail(w, r, http.StatusBadRequest, "documents_month", nil)
	case err != nil:
		d.internal(w, r, err)
	default:
		return false
	}
	return true
}
