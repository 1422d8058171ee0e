package api

import (
	"context"
	"errors"
	"fmt"

	"sabershop/internal/i18n"
	"sabershop/internal/invoice"
	"sabershop/internal/mail"
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
func (s *Server) AttachDocuments(ctx context.Context, m *mail.Message) error {
	m.Attachments = m.Attachments[:0]
	for _, number := range m.Documents {
		d, err := s.ensureRate(ctx, number)
		if err != nil {
			return fmt.Errorf("mail: document %s: %w", number, err)
		}
		data, err := invoice.PDF(d)
		if err != nil {
			return err
		}
		m.Attachments = append(m.Attachments, mail.Attachment{Name: invoice.FileName(d), ContentType: "application/pdf", Data: data})
	}
	return nil
}
