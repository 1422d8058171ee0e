package order

import (
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode"

	"sabershop/internal/catalog"
)

var (
	// ErrCouponUnknown is returned when there is no coupon with the code
	// (the caller's lookup found none and passed nil) or the coupon gives
	// no discount at all.
	ErrCouponUnknown = errors.New("coupon: unknown code")

	// ErrCouponDisabled is returned when the owner disabled the coupon.
	ErrCouponDisabled = errors.New("coupon: disabled")

	// ErrCouponExpired is returned when the instant is after the coupon's
	// expiry.
	ErrCouponExpired = errors.New("coupon: expired")

	// ErrCouponUsedUp is returned when a coupon with a usage limit has been
	// used that many times.
	ErrCouponUsedUp = errors.New("coupon: used up")

	// ErrCouponBelowMinimum is returned when the order value (Subtotal) is
	// below the coupon minimum of the order's currency.
	ErrCouponBelowMinimum = errors.New("coupon: order value below the minimum")

	// ErrCouponCurrency is returned when a fixed-amount coupon is in
	// another currency than the order.
	ErrCouponCurrency = errors.New("coupon: amount in another currency")

	// ErrCouponAlreadyApplied is returned when the order already has a
	// coupon (one per order, even the same code again).
	ErrCouponAlreadyApplied = errors.New("coupon: the order already has one")

	// ErrCouponNotAllowed is returned when the order is not placed or a
	// payment attempt is in flight: once a payment has started its amount
	// is fixed with the provider, so a code can no longer lower it (and a
	// paid, sent or cancelled order is done).
	ErrCouponNotAllowed = errors.New("coupon: not allowed in this order status")
)

// NormalizeCode is the stored form of a code: codes match
// case-insensitively and ignore surrounding spaces.
func NormalizeCode(s string) string {
	return strings.ToUpper(strings.TrimSpace(s))
}

// Validate checks a coupon the owner is about to create: a clean code,
// either a percentage of 1-100 or a positive amount with its currency, and
// no negative limit.
func (c Coupon) Validate() error {
	switch {
	case c.Code == "":
		return errors.New("coupon: the code is empty")
	case c.Code != NormalizeCode(c.Code):
		return fmt.Errorf("coupon: the code %q must be upper-case without surrounding spaces", c.Code)
	case len(c.Code) > maxCode || strings.ContainsFunc(c.Code, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }):
		return fmt.Errorf("coupon: the code %q must be at most %d characters without spaces", c.Code, maxCode)
	case (c.Percent != 0) == (c.Amount != 0):
		return errors.New("coupon: give either a percentage or an amount")
	case c.Percent < 0 || c.Percent > 100:
		return fmt.Errorf("coupon: percentage %d is not within 1-100", c.Percent)
	case c.Amount < 0:
		return errors.New("coupon: the amount is negative")
	case c.Amount > 0 && (len(c.Currency) != 3 || c.Currency != strings.ToUpper(c.Currency)):
		return fmt.Errorf("coupon: an amount needs its currency (like EUR), got %q", c.Currency)
	case c.Limit < 0 || c.Used < 0:
		return errors.New("coupon: the limit and the use count cannot be negative")
	}
	return nil
}

// Check tells whether the coupon may discount an order of orderValue
// (Subtotal: goods incl. taxes, before shipping) in currency at the instant.
// minimum is the catalogue's coupon minimum for the currency
// (docs/product-rules.md#discount-codes: from 1000 PLN); an order of exactly
// the minimum qualifies, and 0 means no minimum.
func (c Coupon) Check(currency string, orderValue, minimum int64, at time.Time) error {
	switch {
	case c.Percent <= 0 && c.Amount <= 0:
		return ErrCouponUnknown
	case c.Disabled:
		return ErrCouponDisabled
	case !c.Expires.IsZero() && at.After(c.Expires):
		return ErrCouponExpired
	case c.Limit > 0 && c.Used >= c.Limit:
		return ErrCouponUsedUp
	case c.Percent <= 0 && c.Currency != currency:
		return ErrCouponCurrency
	case orderValue < minimum:
		return ErrCouponBelowMinimum
	}
	return nil
}

// Redeem checks the coupon and counts one use. The store calls it in the
// transaction that saves the order, so that two concurrent orders cannot
// both take a coupon's last use.
func (c *Coupon) Redeem(currency string, orderValue, minimum int64, at time.Time) error {
	if err := c.Check(currency, orderValue, minimum, at); err != nil {
		return err
	}
	c.Used++
	return nil
}

// Discount is what the coupon takes off: a percentage of Subtotal rounded
// half-up to the minor unit, or its fixed amount, never more than
// Subtotal+Shipping so that the total stays at or above zero.
func Discount(c Coupon, t Totals) int64 {
	var d int64
	if c.Percent > 0 {
		// Subtotal is bounded by the request limits, so ×100 cannot overflow.
		d = (t.Subtotal*int64(min(c.Percent, 100)) + 50) / 100
	} else {
		d = max(c.Amount, 0)
	}
	return min(d, max(t.Subtotal+t.Shipping, 0))
}

// withDiscount sets the discount and the total it leaves.
func withDiscount(t Totals, discount int64) Totals {
	t.Discount = discount
	t.Total = max(t.Subtotal+t.Shipping-discount, 0)
	return t
}

// ApplyCoupon adds a coupon to a placed order (the status page's "add a
// coupon"), redeeming one use of it; the order's minimum is the catalogue's
// for its currency. Nothing changes when it returns an error.
func ApplyCoupon(o *Order, c *Coupon, minimum int64, at time.Time) error {
	switch {
	case c == nil:
		return ErrCouponUnknown
	case o.Status != Placed, o.PaymentInFlight(at):
		return ErrCouponNotAllowed
	case o.Coupon != "":
		return ErrCouponAlreadyApplied
	}
	if err := c.Redeem(o.Currency, o.Totals.Subtotal, minimum, at); err != nil {
		return err
	}
	o.Coupon = c.Code
	o.Totals = withDiscount(o.Totals, Discount(*c, o.Totals))
	return nil
}

// PriceWithCoupon is Price for an order placed with a discount code: the
// caller looks req.Code up (NormalizeCode) in the store and passes the
// coupon, or nil when there is none. A code that cannot be used is a field
// error on "code" (CouponErrorKey), so the shopper sees it next to the
// other fields. Without a code, c is ignored.
//
// It does not count the use: the store redeems the coupon (Coupon.Redeem)
// in the transaction that saves the order, and New copies Priced.Coupon
// into the order.
func PriceWithCoupon(cat *catalog.Catalog, req Request, at time.Time, c *Coupon) (Priced, FieldErrors) {
	p, errs := Price(cat, req, at)
	if len(errs) > 0 {
		return p, errs
	}
	return WithCoupon(cat, p, req.Code, c, at)
}

// WithCoupon takes a discount code off priced goods (from Price or Quote):
// c is the coupon the caller looked code up as, or nil when there is none.
// A code that cannot be used is a field error on "code". An empty code
// leaves p as it is. Like PriceWithCoupon, it counts no use.
func WithCoupon(cat *catalog.Catalog, p Priced, code string, c *Coupon, at time.Time) (Priced, FieldErrors) {
	if code == "" {
		return p, nil
	}
	err := ErrCouponUnknown
	if c != nil && NormalizeCode(c.Code) == NormalizeCode(code) {
		err = c.Check(p.Currency, p.Totals.Subtotal, cat.Coupons.Minimum[p.Currency], at)
	}
	if err != nil {
		return Priced{}, FieldErrors{"code": CouponErrorKey(err)}
	}
	p.Coupon = c.Code
	p.Totals = withDiscount(p.Totals, Discount(*c, p.Totals))
	return p, nil
}

// CouponErrorKey is the field error key of a coupon error, "" for nil. A
// disabled coupon reads as unknown: the shopper has no use for the
// difference.
func CouponErrorKey(err error) string {
	switch {
	case err == nil:
		return ""
	case errors.Is(err, ErrCouponExpired):
		return KeyCodeExpired
	case errors.Is(err, ErrCouponUsedUp):
		return KeyCodeUsedUp
	case errors.Is(err, ErrCouponBelowMinimum):
		return KeyCodeBelowMinimum
	case errors.Is(err, ErrCouponCurrency):
		return KeyCodeCurrency
	case errors.Is(err, ErrCouponAlreadyApplied):
		return KeyCodeAlreadyApplied
	case errors.Is(err, ErrCouponNotAllowed):
		return KeyCodeNotAllowed
	}
	return KeyCodeUnknown
}
