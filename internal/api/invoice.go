package api

import (
	"errors"

	"sabershop/internal/i18n"
	"sabershop/internal/invoice"
	"sabershop/internal/order"
	"sabershop/internal/store"
)

// issueInvoice issues paid order o's invoice in tx, the transaction that
// books its payment, so the number exists exactly when the payment does
// (issue 16). Its year is the workshop's (an order paid on New Year's Eve
// at 23:30 in Kraków is last year's). An order to a country the catalogue
// no longer taxes (no VAT rate) is booked without one and logged: the
// payment must never wait for a document.
func (s *Server) issueInvoice(tx *store.Tx, o *order.Order) error {
	now := s.cfg.Now().UTC()
	d, err := invoice.For(o, s.cfg.Catalogs.Current(), now, now)
	if errors.Is(err, invoice.ErrNoRate) {
		s.log.Error("no invoice for a paid order", "order", o.ID, "err", err)
		return nil
	}
	if err != nil {
		return err
	}
	return tx.IssueDocument(d, now.In(i18n.Workshop).Year())
}
