package orders

import (
	"context"
	"errors"
	"fmt"
	"time"

	"sabershop/internal/accounting"
	"sabershop/internal/i18n"
	"sabershop/internal/invoice"
	"sabershop/internal/mail/outbox"
	"sabershop/internal/order"
	"sabershop/internal/store"
)

// The accounting documents of orders: the invoice or receipt issued in
// the transaction that books a payment, the correcting invoice issued in
// the one that records a refund, and their PDFs.

// issueInvoice issues paid order o's invoice in tx, the transaction that
// books its payment, so the number exists exactly when the payment does.
// Its year is the workshop's (an order paid on New Year's Eve at 23:30 in
// Kraków is last year's). An order to a country the catalogue
// no longer taxes (no VAT rate) is booked without one and logged: the
// payment must never wait for a document. It returns the numbers to
// attach to the "payment received" e-mail, and those it says follow
// (bound for KSeF: handed over once KSeF accepts them).
func (s *Service) issueInvoice(tx *store.Tx, o *order.Order, now time.Time) (attach, follow []string, err error) {
	d, err := invoice.For(o, s.cfg.Catalog(), now, now)
	if errors.Is(err, invoice.ErrNoRate) {
		s.cfg.Log.Error("no invoice for a paid order", "order", o.ID, "err", err)
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	if err := s.issue(tx, d, now); err != nil {
		return nil, nil, err
	}
	if d.KSeF != nil {
		return nil, []string{d.Number}, nil
	}
	return []string{d.Number}, nil, nil
}

// issue numbers and stores document d in tx: converted to złoty when its
// rate is known, and queued for KSeF when the owner's setting sends it
// there (the queue's entry is written with the document, so neither
// exists without the other).
func (s *Service) issue(tx *store.Tx, d *accounting.Document, now time.Time) error {
	if err := s.convert(tx, d); err != nil {
		return err
	}
	s.bindKSeF(d)
	if err := tx.IssueDocument(d, now.In(i18n.Workshop).Year()); err != nil {
		return err
	}
	return s.queueKSeF(tx, d, now)
}

// AttachDocuments renders the accounting documents a message names as PDF
// files (Worker.Attach), from the documents as stored. A foreign-currency
// document still waiting for its exchange rate fails the attempt: the
// worker tries again later (an invoice without its złoty amounts is not
// one).
func (s *Service) AttachDocuments(ctx context.Context, m *outbox.Message) error {
	m.Attachments = m.Attachments[:0]
	for _, number := range m.Documents {
		d, err := s.ensureRate(ctx, number)
		if err != nil {
			return fmt.Errorf("mail: document %s: %w", number, err)
		}
		data, err := s.DocumentPDF(ctx, d)
		if err != nil {
			return err
		}
		m.Attachments = append(m.Attachments, outbox.Attachment{Name: invoice.FileName(d), ContentType: "application/pdf", Data: data})
	}
	return nil
}

// DocumentPDF renders d as the shopper, the owner and the e-mail get it,
// the one place they all ask. A document bound for KSeF is rendered only
// once KSeF accepted it (ErrKSeFPending before): it is handed over with
// its KSeF number and QR code. A foreign-currency document waiting for its rate asks
// the bank first; if it still has none, accounting.ErrRatePending: it is
// never shown without its złoty amounts.
func (s *Service) DocumentPDF(ctx context.Context, d *accounting.Document) ([]byte, error) {
	if d.KSeF != nil && d.KSeF.State != accounting.KSeFAccepted && d.KSeF.State != accounting.KSeFOffline {
		return nil, fmt.Errorf("%w: %s", ErrKSeFPending, d.Number)
	}
	if d.NeedsRate() {
		var err error
		if d, err = s.ensureRate(ctx, d.Number); err != nil {
			return nil, err
		}
	}
	return invoice.PDF(d, s.cfg.Catalog())
}

// correct issues the correcting invoice of refund r of order o, in the
// transaction that records the refund: it corrects the order's
// invoice or receipt, numbered in its own series. An order paid before invoices were
// issued has none to correct, and gets none. Like issueInvoice, it
// returns the number to attach to the refund's e-mail, or the one it says
// follows (bound for KSeF: handed over once KSeF accepts it).
func (s *Service) correct(tx *store.Tx, o *order.Order, r order.Refund, reason string, now time.Time) (attach, follow []string, err error) {
	docs, err := tx.DocumentsOf(o.ID)
	if err != nil {
		return nil, nil, err
	}
	inv := correctedBy(docs)
	if inv == nil {
		return nil, nil, nil
	}
	d := invoice.Correction(inv, r.Amount, reason, now)
	if err := s.issue(tx, d, now); err != nil {
		return nil, nil, err
	}
	if d.KSeF != nil {
		return nil, []string{d.Number}, nil
	}
	return []string{d.Number}, nil, nil
}

// correctedBy is the document a refund of an order with docs (as issued,
// oldest first) corrects: its newest invoice or receipt; nil when it has
// none, and the refund then issues no document.
func correctedBy(docs []*accounting.Document) *accounting.Document {
	var inv *accounting.Document
	for _, d := range docs {
		if _, _, ok := d.Kind.Corrects(); ok {
			inv = d
		}
	}
	return inv
}

// RefundCorrection is the correcting document a refund of an order with
// docs would issue at now, unnumbered and unstored, with its course
// through KSeF decided as correct decides it (nil: none). The desk names
// it before the owner confirms a refund: attached to the refund's e-mail,
// or following once KSeF accepts it.
func (s *Service) RefundCorrection(docs []*accounting.Document, now time.Time) *accounting.Document {
	inv := correctedBy(docs)
	if inv == nil {
		return nil
	}
	d := invoice.Correction(inv, 0, "", now)
	s.bindKSeF(d)
	return d
}
