package desk

import (
	"errors"
	"net/http"
	"strings"
	"time"

	"sabershop/internal/accounting"
	"sabershop/internal/backoffice"
	"sabershop/internal/i18n"
	"sabershop/internal/inert"
	"sabershop/internal/invoice"
	"sabershop/internal/store"
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
	// KSeF is its course through KSeF; absent for a document outside it.
	KSeF *deskKSeF `json:"ksef,omitempty"`
}

// deskKSeF is a document's course through KSeF (backoffice.KSeFStatus):
// KSeF's words and the queue's error inert, the refusal explained in the
// owner's language.
type deskKSeF struct {
	State    string    `json:"state"`               // waiting, sent, accepted, refused
	Number   string    `json:"number,omitempty"`    // KSeF's number, once accepted
	Accepted time.Time `json:"accepted,omitzero"`   // when KSeF accepted it
	Refused  time.Time `json:"refused,omitzero"`    // when the shop learnt of the refusal
	Reason   string    `json:"reason,omitempty"`    // a refusal: KSeF's own words, inert
	Explain  string    `json:"explained,omitempty"` // a refusal: what it means and what to do (ksef.Explain)
	// WaitingSince is when a waiting (or sent) document was queued;
	// LastError why its last try failed (an outage, the token), inert.
	WaitingSince time.Time `json:"waiting_since,omitzero"`
	LastError    string    `json:"last_error,omitempty"`
}

func ksefView(s *backoffice.KSeFStatus) *deskKSeF {
	if s == nil {
		return nil
	}
	v := &deskKSeF{State: s.State, Number: s.Number, Accepted: s.Accepted}
	switch s.State {
	case accounting.KSeFRefused:
		v.Refused, v.Reason, v.Explain = s.Since, s.Reason, s.Explained
	case accounting.KSeFWaiting, accounting.KSeFSent, accounting.KSeFOffline:
		v.WaitingSince, v.LastError = s.Since, s.LastError
	}
	return v
}

func documentView(d *accounting.Document, k *backoffice.KSeFStatus) deskDocument {
	buyer := d.Buyer.Name
	if d.Buyer.Company != "" {
		buyer = d.Buyer.Company
	}
	v := deskDocument{Number: d.Number, Kind: d.Kind, Issued: d.Issued.In(i18n.Workshop).Format("2006-01-02"), OrderID: d.OrderID,
		Buyer: inert.String(buyer), Currency: d.Currency, Gross: d.Total.Gross, NeedsRate: d.NeedsRate(), Corrects: d.Corrects,
		File: invoice.FileName(d), KSeF: ksefView(k)}
	if x := d.Exchange; x != nil {
		v.GrossPLN = &x.Total.Gross
	}
	return v
}

// documentViews is docs as the desk lists them, their KSeF refusals
// explained in the language of r.
func (d *Desk) documentViews(r *http.Request, docs []*accounting.Document) ([]deskDocument, error) {
	k, err := d.cfg.Office.KSeFStatuses(docs, d.locale(r))
	if err != nil {
		return nil, err
	}
	out := []deskDocument{}
	for _, doc := range docs {
		out = append(out, documentView(doc, k[doc.Number]))
	}
	return out, nil
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
	views, err := d.documentViews(r, docs)
	if d.documentsFailed(w, r, err) {
		return
	}
	m, _ := backoffice.ParseMonth(month, d.cfg.Now())
	writeJSON(w, http.StatusOK, documentsAnswer{Month: m.Format("2006-01"), Documents: views})
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

// documentNumber is the number of the document named file in the
// desk's addresses, its PDF's name with or without ".pdf":
// "FV-2027-0001.pdf" is FV/2027/0001.
func documentNumber(file string) string {
	return strings.ReplaceAll(strings.TrimSuffix(file, ".pdf"), "-", "/")
}

// writeDocument answers document number as the desk lists it.
func (d *Desk) writeDocument(w http.ResponseWriter, r *http.Request, number string) {
	var doc *accounting.Document
	err := d.cfg.Store.View(func(tx *store.Tx) (err error) {
		doc, err = tx.DocumentByNumber(number)
		return err
	})
	if err != nil {
		d.internal(w, r, err)
		return
	}
	views, err := d.documentViews(r, []*accounting.Document{doc})
	if err != nil {
		d.internal(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, views[0])
}
