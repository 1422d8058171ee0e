package api

import (
	"cmp"
	"net/url"
	"slices"
	"time"

	"sabershop/internal/accounting"
	"sabershop/internal/i18n"
	"sabershop/internal/invoice"
	"sabershop/internal/order"
	"sabershop/internal/store"
)

// documentsOf is order id's documents in the order they were issued (the
// invoice or receipt first, then its corrections), as the status page
// lists them. The store keeps them series by series, and FK sorts before
// FV.
func documentsOf(tx *store.Tx, id uint64) ([]*accounting.Document, error) {
	docs, err := tx.DocumentsOf(id)
	if err != nil {
		return nil, err
	}
	slices.SortStableFunc(docs, func(a, b *accounting.Document) int {
		if c := a.Issued.Compare(b.Issued); c != 0 {
			return c
		}
		return cmp.Compare(correction(a), correction(b))
	})
	return docs, nil
}

// correction is 1 for a correction, 0 for the document it corrects.
func correction(d *accounting.Document) int {
	if d.Corrects != "" {
		return 1
	}
	return 0
}

// documentView is one accounting document on the status page: its
// number and kind, the workshop's day it was issued and where to
// download it (GET /v1/orders/{hash}/documents/{file}). A document bound
// for KSeF has no link until KSeF accepts it (docs/legal.md#ksef): pending
// says it is being registered; ksef_number is its KSeF number after.
type documentView struct {
	Number     string          `json:"number"`
	Kind       accounting.Kind `json:"kind"`
	Issued     string          `json:"issued"` // YYYY-MM-DD, Kraków
	URL        string          `json:"url,omitempty"`
	Pending    bool            `json:"pending,omitempty"`
	KSeFNumber string          `json:"ksef_number,omitempty"`
}

// documents is o's documents as the status page lists them; always a
// list. A store failure leaves it empty and is logged: the rest of the
// page matters more, and the e-mail carries the documents too.
func (s *Server) documents(o *order.Order) []documentView {
	out := []documentView{}
	var docs []*accounting.Document
	if err := s.cfg.Store.View(func(tx *store.Tx) (err error) {
		docs, err = documentsOf(tx, o.ID)
		return err
	}); err != nil {
		s.log.Error("order documents not read", "order", o.ID, "err", err)
		return out
	}
	for _, d := range docs {
		v := documentView{Number: d.Number, Kind: d.Kind, Issued: d.Issued.In(i18n.Workshop).Format(time.DateOnly)}
		switch {
		case d.KSeF == nil:
			v.URL = documentURL(o.Hash, d)
		case d.KSeF.State == accounting.KSeFAccepted:
			v.URL, v.KSeFNumber = documentURL(o.Hash, d), d.KSeF.Number
		case d.KSeF.State == accounting.KSeFOffline: // handed over in KSeF's offline mode
			v.URL = documentURL(o.Hash, d)
		default:
			v.Pending = true
		}
		out = append(out, v)
	}
	return out
}

// documentURL is where the shopper downloads d, under its order's hash.
func documentURL(hash string, d *accounting.Document) string {
	return "/v1/orders/" + url.PathEscape(hash) + "/documents/" + url.PathEscape(invoice.FileName(d))
}
