package backoffice

import (
	"sabershop/internal/catalog"
	"sabershop/internal/order"
	"sabershop/internal/owners"
	"sabershop/internal/store"
)

// AddCoupon stores a new coupon (validated by the caller: cp.Validate)
// with its audit line for by; store.ErrExists when the code is taken. The
// CLI and the desk call it.
func (b Office) AddCoupon(cp *order.Coupon, by string) error {
	return b.DB.UpdateNow(func(tx *store.Tx) error {
		if err := tx.AddCoupon(cp); err != nil {
			return err
		}
		return tx.Audit(&owners.Entry{At: b.now().UTC(), Owner: by, IP: b.IP, What: "coupon.add", Target: cp.Code})
	})
}

// DisableCoupon turns code off for new orders (orders that used it keep
// their discount), with its audit line; store.ErrNotFound for no such
// code.
func (b Office) DisableCoupon(code, by string) error {
	return b.DB.UpdateNow(func(tx *store.Tx) error {
		cp, err := tx.Coupon(code)
		if err != nil {
			return err
		}
		cp.Disabled = true
		if err := tx.PutCoupon(cp); err != nil {
			return err
		}
		return tx.Audit(&owners.Entry{At: b.now().UTC(), Owner: by, IP: b.IP, What: "coupon.disable", Target: code})
	})
}

// KnownCurrency tells whether cur is a currency of the shop's locales.
func KnownCurrency(cat *catalog.Catalog, cur string) bool {
	if cat == nil {
		return false
	}
	for _, l := range cat.Locales {
		if l.Currency == cur {
			return true
		}
	}
	return false
}
