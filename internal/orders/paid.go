package orders

import (
	"time"

	"sabershop/internal/mail"
	"sabershop/internal/order"
	"sabershop/internal/store"
)

// paid is what happens when money arrives for o, which the caller has
// just moved to paid in tx and stores there: the one place a payment is
// booked, whether a provider's statement says so (ApplyNotification) or
// a discount left nothing to pay (Pay). The invoice or receipt is issued
// (and queued for KSeF when bound there), the shopper's "payment
// received" e-mail (with it, or saying it follows from KSeF) and the
// owner's are queued, all in tx.
func (s *Service) paid(tx *store.Tx, o *order.Order, now time.Time) error {
	attach, follow, err := s.issueInvoice(tx, o, now)
	if err != nil {
		return err
	}
	msg, err := mail.PaymentReceived(s.cfg.Catalog(), o, s.Link(o.StatusPath()), attach, follow)
	if err != nil {
		return err
	}
	if err := tx.Enqueue(msg); err != nil {
		return err
	}
	return s.enqueueOwner(tx, mail.KindOwnerPaymentReceived, o, now)
}
