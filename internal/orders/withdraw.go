package orders

import (
	"sabershop/internal/mail"
	"sabershop/internal/order"
	"sabershop/internal/store"
)

// Withdraw records the shopper's withdrawal from the contract of order
// hash (docs/legal.md#withdrawal) with the name and address the form
// gave: the timeline entry, the acknowledgement e-mail with the date and
// time of receipt, and the owner's e-mail, in one transaction. A second
// withdrawal answers the first and sends nothing again. Errors:
// store.ErrNotFound, *FieldsError (the form), *order.WithdrawalRefusal
// (the order does not offer it: a design, cancelled, the period over).
func (s *Service) Withdraw(hash, name, email string) (*order.Order, error) {
	name, email, errs := order.WithdrawalForm(name, email)
	now := s.now()
	var o *order.Order
	err := s.cfg.Store.Update(func(tx *store.Tx) error {
		var err error
		if o, err = tx.Order(hash); err != nil {
			return err
		}
		if o.Withdrawal != nil {
			return nil // made already: answer it, whatever the form says now
		}
		if len(errs) > 0 {
			return &FieldsError{errs}
		}
		changed, err := o.Withdraw(now, s.cfg.WithdrawalGrace, name, email)
		if err != nil || !changed {
			return err
		}
		ack, err := mail.WithdrawalReceived(s.cfg.Catalog(), o, s.Link(o.StatusPath()))
		if err != nil {
			return err
		}
		if err := tx.Enqueue(ack); err != nil {
			return err
		}
		if err := s.enqueueOwner(tx, mail.KindOwnerWithdrawal, o, now); err != nil {
			return err
		}
		return tx.PutOrder(o)
	})
	if err == nil {
		s.cfg.Kick()
	}
	return o, err
}
