package orders

import (
	"errors"

	"sabershop/internal/order"
	"sabershop/internal/store"
)

// ApplyCoupon adds discount code (normalised) to order hash after it was
// placed, under the minimum-order rule (docs/product-rules.md#discount-codes),
// using the code up in the same transaction. A code that is unknown or
// does not apply is a *FieldsError on "code" with the order as it is (its
// currency names the minimum); store.ErrNotFound for no such order.
func (s *Service) ApplyCoupon(hash, code string) (*order.Order, error) {
	cat, err := s.catalog()
	if err != nil {
		return nil, err
	}
	now := s.now()
	var (
		o     *order.Order
		field string
	)
	err = s.cfg.Store.Update(func(tx *store.Tx) error {
		field = ""
		var err error
		if o, err = tx.Order(hash); err != nil {
			return err
		}
		c, err := tx.Coupon(code)
		if errors.Is(err, store.ErrNotFound) {
			field = order.KeyCodeUnknown
			return errRollback
		} else if err != nil {
			return err
		}
		if err := order.ApplyCoupon(o, c, cat.Coupons.Minimum[o.Currency], now); err != nil {
			field = order.CouponErrorKey(err)
			return errRollback
		}
		if err := tx.PutCoupon(c); err != nil {
			return err
		}
		return tx.PutOrder(o)
	})
	if field != "" {
		return o, &FieldsError{order.FieldErrors{"code": field}}
	}
	return o, err
}

// SetStageEmails turns the shopper's e-mail at each production stage of
// paid order hash on or off (the hash is their key, as for every write
// on the status page); asking for what is set changes nothing. Errors:
// store.ErrNotFound, and the order's refusal while unpaid or once sent or
// cancelled.
func (s *Service) SetStageEmails(hash string, on bool) (*order.Order, error) {
	var o *order.Order
	err := s.cfg.Store.Update(func(tx *store.Tx) error {
		var err error
		if o, err = tx.Order(hash); err != nil {
			return err
		}
		changed, err := o.SetStageEmails(on)
		if err != nil || !changed {
			return err
		}
		return tx.PutOrder(o)
	})
	return o, err
}
