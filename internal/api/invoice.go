package api

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"time"

	"sabershop/internal/accounting"
	"sabershop/internal/i18n"
	"sabershop/internal/invoice"
	"sabershop/internal/mail/outbox"
	"sabershop/internal/order"
	"sabershop/internal/store"
)

// issueInvoice issues paid order o's invoice in tx, the transaction that
// books its payment, so the number exists exactly when the payment does
// (issue 16). Its year is the workshop's (an order paid on New Year's Eve
// at 23:30 in Kraków is last year's). An order to a country the catalogue
// no longer taxes (no VAT rate) is booked without one and logged: the
// payment must never wait for a document. It returns the numbers to
// attach to the "payment received" e-mail.
func (s *Server) issueInvoice(tx *store.Tx, o *order.Order) ([]string, error) {
	now := s.cfg.Now().UTC()
	d, err := invoice.For(o, s.cfg.Catalogs.Current(), now, now)
	if errors.Is(err, invoice.ErrNoRate) {
		s.log.Error("no invoice for a paid order", "order", o.ID, "err", err)
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if err := s.convert(tx, d); err != nil {
		return nil, err
	}
	if err := tx.IssueDocument(d, now.In(i18n.Workshop).Year()); err != nil {
		return nil, err
	}
	return []string{d.Number}, nil
}

// AttachDocuments renders the accounting documents a message names as PDF
// files (Worker.Attach), from the documents as stored. A foreign-currency
// document still waiting for its exchange rate fails the attempt: the
// worker tries again later (an invoice without its złoty amounts is not
// one).
func (s *Server) AttachDocuments(ctx context.Context, m *outbox.Message) error {
	m.Attachments = m.Attachments[:0]
	for _, number := range m.Documents {
		d, err := s.ensureRate(ctx, number)
		if err != nil {
			return fmt.Errorf("mail: document %s: %w", number, err)
		}
		data, err := s.documentPDF(ctx, d)
		if err != nil {
			return err
		}
		m.Attachments = append(m.Attachments, outbox.Attachment{Name: invoice.FileName(d), ContentType: "application/pdf", Data: data})
	}
	return nil
}

// documentPDF renders d as the shopper and the e-mail get it, the one
// place both ask. A foreign-currency document waiting for its rate asks
// the bank first; if it still has none, accounting.ErrRatePending: it is
// never shown without its złoty amounts.
func (s *Server) documentPDF(ctx context.Context, d *accounting.Document) ([]byte, error) {
	if d.NeedsRate() {
		var err error
		if d, err = s.ensureRate(ctx, d.Number); err != nil {
			return nil, err
		}
	}
	return invoice.PDF(d)
}

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
// download it (GET /v1/orders/{hash}/documents/{file}).
type documentView struct {
	Number string          `json:"number"`
	Kind   accounting.Kind `json:"kind"`
	Issued string          `json:"issued"` // YYYY-MM-DD, Kraków
	URL    string          `json:"url"`
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
		out = append(out, documentView{Number: d.Number, Kind: d.Kind, Issued: d.Issued.In(i18n.Workshop).Format(time.DateOnly),
			URL: documentURL(o.Hash, d)})
	}
	return out
}

// documentURL is where the shopper downloads d, under its order's hash.
func documentURL(hash string, d *accounting.Document) string {
	return "/v1/orders/" + url.PathEscape(hash) + "/documents/" + url.PathEscape(invoice.FileName(d))
}
