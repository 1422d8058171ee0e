package order

import (
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"
)

func TestNormalizeCode(t *testing.T) {
	for in, want := range map[string]string{" spring10 ": "SPRING10", "Lato-2026": "LATO-2026", "": "", "\tx\n": "X"} {
		if got := NormalizeCode(in); got != want {
			t.Errorf("NormalizeCode(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestCouponCheck(t *testing.T) {
	const minPLN = 100000
	expires := testAt.Add(24 * time.Hour)
	pct := Coupon{Code: "TEN", Percent: 10}
	cases := []struct {
		name     string
		c        Coupon
		currency string
		value    int64
		at       time.Time
		want     error
	}{
		{"exactly the minimum", pct, "PLN", minPLN, testAt, nil},
		{"one grosz below the minimum", pct, "PLN", minPLN - 1, testAt, ErrCouponBelowMinimum},
		{"well above", pct, "PLN", 10 * minPLN, testAt, nil},
		{"not expired yet", Coupon{Percent: 10, Expires: expires}, "PLN", minPLN, testAt, nil},
		{"at the expiry instant", Coupon{Percent: 10, Expires: expires}, "PLN", minPLN, expires, nil},
		{"a nanosecond after expiry", Coupon{Percent: 10, Expires: expires}, "PLN", minPLN, expires.Add(1), ErrCouponExpired},
		{"zero expiry never expires", Coupon{Percent: 10}, "PLN", minPLN, testAt.AddDate(50, 0, 0), nil},
		{"used up", Coupon{Percent: 10, Limit: 3, Used: 3}, "PLN", minPLN, testAt, ErrCouponUsedUp},
		{"last use left", Coupon{Percent: 10, Limit: 3, Used: 2}, "PLN", minPLN, testAt, nil},
		{"limit 0 is unlimited", Coupon{Percent: 10, Limit: 0, Used: 100000}, "PLN", minPLN, testAt, nil},
		{"disabled", Coupon{Percent: 10, Disabled: true}, "PLN", minPLN, testAt, ErrCouponDisabled},
		{"fixed amount, same currency", Coupon{Amount: 5000, Currency: "PLN"}, "PLN", minPLN, testAt, nil},
		{"fixed amount, other currency", Coupon{Amount: 5000, Currency: "EUR"}, "PLN", minPLN, testAt, ErrCouponCurrency},
		{"percent has no currency", Coupon{Percent: 10, Currency: "EUR"}, "PLN", minPLN, testAt, nil},
		{"gives nothing", Coupon{Code: "ZERO"}, "PLN", minPLN, testAt, ErrCouponUnknown},
		// Expiry is reported before the minimum: it is the lasting reason.
		{"expired and below", Coupon{Percent: 10, Expires: expires}, "PLN", 1, expires.Add(time.Hour), ErrCouponExpired},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if err := c.c.Check(c.currency, c.value, minPLN, c.at); !errors.Is(err, c.want) || (c.want == nil && err != nil) {
				t.Errorf("Check = %v, want %v", err, c.want)
			}
		})
	}
	if err := pct.Check("PLN", 1, 0, testAt); err != nil {
		t.Errorf("no minimum configured: %v", err)
	}
}

func TestDiscount(t *testing.T) {
	cases := []struct {
		name string
		c    Coupon
		t    Totals
		want int64
	}{
		{"10 percent", Coupon{Percent: 10}, Totals{Subtotal: 366800, Shipping: 1900}, 36680},
		{"half rounds up", Coupon{Percent: 10}, Totals{Subtotal: 12345}, 1235},
		{"under half rounds down", Coupon{Percent: 10}, Totals{Subtotal: 12344}, 1234},
		{"15 percent of 123.45", Coupon{Percent: 15}, Totals{Subtotal: 12345}, 1852},
		{"shipping is not discounted", Coupon{Percent: 50}, Totals{Subtotal: 1000, Shipping: 1000}, 500},
		{"100 percent", Coupon{Percent: 100}, Totals{Subtotal: 1000, Shipping: 500}, 1000},
		{"over 100 percent clamped", Coupon{Percent: 150}, Totals{Subtotal: 1000, Shipping: 500}, 1000},
		{"fixed", Coupon{Amount: 5000, Currency: "PLN"}, Totals{Subtotal: 120000, Shipping: 1900}, 5000},
		{"fixed over the total", Coupon{Amount: 500000, Currency: "PLN"}, Totals{Subtotal: 1000, Shipping: 500}, 1500},
		{"negative amount", Coupon{Amount: -5}, Totals{Subtotal: 1000}, 0},
	}
	for _, c := range cases {
		if got := Discount(c.c, c.t); got != c.want {
			t.Errorf("%s: %d, want %d", c.name, got, c.want)
		}
	}
}

func placedOrder() *Order {
	return &Order{Currency: "PLN", Status: Placed, Totals: Totals{Subtotal: 150000, Shipping: 1900, WasteFee: 12, Total: 151900}}
}

func TestApplyCoupon(t *testing.T) {
	o, c := placedOrder(), &Coupon{Code: "TEN", Percent: 10, Limit: 5, Used: 1}
	if err := ApplyCoupon(o, c, 100000, testAt); err != nil {
		t.Fatal(err)
	}
	want := Totals{Subtotal: 150000, Shipping: 1900, WasteFee: 12, Discount: 15000, Total: 136900}
	if o.Coupon != "TEN" || o.Totals != want || c.Used != 2 {
		t.Errorf("order %+v, coupon used %d", o, c.Used)
	}
	if !slices.Equal(o.Actions(), []string{"pay"}) {
		t.Errorf("actions after a coupon %v", o.Actions())
	}
	// A second coupon, even the same one, is refused and changes nothing.
	before := *o
	if err := ApplyCoupon(o, c, 100000, testAt); !errors.Is(err, ErrCouponAlreadyApplied) || c.Used != 2 || o.Totals != before.Totals {
		t.Errorf("second coupon: %v, used %d, totals %+v", err, c.Used, o.Totals)
	}
}

func TestApplyCouponRefused(t *testing.T) {
	cases := []struct {
		name   string
		status Status
		c      *Coupon
		want   error
	}{
		{"no such coupon", Placed, nil, ErrCouponUnknown},
		{"payment started", PaymentPending, &Coupon{Code: "X", Percent: 10}, ErrCouponNotAllowed},
		{"paid", Paid, &Coupon{Code: "X", Percent: 10}, ErrCouponNotAllowed},
		{"sent", Sent, &Coupon{Code: "X", Percent: 10}, ErrCouponNotAllowed},
		{"cancelled", Cancelled, &Coupon{Code: "X", Percent: 10}, ErrCouponNotAllowed},
		{"below the minimum", Placed, &Coupon{Code: "X", Percent: 10}, ErrCouponBelowMinimum},
		{"used up", Placed, &Coupon{Code: "X", Percent: 10, Limit: 1, Used: 1}, ErrCouponUsedUp},
		{"wrong currency", Placed, &Coupon{Code: "X", Amount: 100, Currency: "EUR"}, ErrCouponCurrency},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o := placedOrder()
			o.Status = c.status
			minimum := int64(100000)
			if c.want == ErrCouponBelowMinimum {
				minimum = o.Totals.Subtotal + 1
			}
			var used int
			if c.c != nil {
				used = c.c.Used
			}
			err := ApplyCoupon(o, c.c, minimum, testAt)
			if !errors.Is(err, c.want) {
				t.Fatalf("err = %v, want %v", err, c.want)
			}
			if o.Coupon != "" || o.Totals != placedOrder().Totals {
				t.Errorf("the order changed: %+v", o)
			}
			if c.c != nil && c.c.Used != used {
				t.Errorf("a use counted: %d", c.c.Used)
			}
		})
	}
}

func TestApplyCouponTotalNeverNegative(t *testing.T) {
	o, c := placedOrder(), &Coupon{Code: "ALL", Amount: 1 << 40, Currency: "PLN"}
	if err := ApplyCoupon(o, c, 0, testAt); err != nil {
		t.Fatal(err)
	}
	if o.Totals.Total != 0 || o.Totals.Discount != 151900 {
		t.Errorf("totals %+v", o.Totals)
	}
}

func TestRedeemCountsOnlySuccess(t *testing.T) {
	c := &Coupon{Code: "ONE", Percent: 5, Limit: 1}
	if err := c.Redeem("PLN", 100000, 100000, testAt); err != nil || c.Used != 1 {
		t.Fatalf("first: %v, used %d", err, c.Used)
	}
	if err := c.Redeem("PLN", 100000, 100000, testAt); !errors.Is(err, ErrCouponUsedUp) || c.Used != 1 {
		t.Fatalf("second: %v, used %d", err, c.Used)
	}
}

func TestPriceWithCoupon(t *testing.T) {
	cat := testCatalog()
	// validRequest: subtotal 3668.00 PLN, shipping 19.00.
	withCode := func(code string) Request { r := validRequest(); r.Code = code; return r }
	small := withCode("TEN")
	small.Items = []ItemRequest{{Product: "plug", Quantity: 1}}

	ten := &Coupon{Code: "TEN", Percent: 10, Limit: 1}
	p, errs := PriceWithCoupon(cat, withCode("TEN"), testAt, ten)
	if len(errs) != 0 {
		t.Fatal(errs)
	}
	if p.Coupon != "TEN" || p.Totals.Discount != 36680 || p.Totals.Total != 366800+1900-36680 {
		t.Errorf("priced %+v", p)
	}
	if ten.Used != 0 {
		t.Error("pricing counted a use; the store redeems")
	}

	cases := []struct {
		name string
		req  Request
		c    *Coupon
		want FieldErrors
	}{
		{"no such code", withCode("NOPE"), nil, FieldErrors{"code": KeyCodeUnknown}},
		{"a coupon of another code", withCode("NOPE"), &Coupon{Code: "TEN", Percent: 10}, FieldErrors{"code": KeyCodeUnknown}},
		{"disabled reads as unknown", withCode("TEN"), &Coupon{Code: "TEN", Percent: 10, Disabled: true}, FieldErrors{"code": KeyCodeUnknown}},
		{"expired", withCode("TEN"), &Coupon{Code: "TEN", Percent: 10, Expires: testAt.Add(-time.Second)}, FieldErrors{"code": KeyCodeExpired}},
		{"used up", withCode("TEN"), &Coupon{Code: "TEN", Percent: 10, Limit: 2, Used: 2}, FieldErrors{"code": KeyCodeUsedUp}},
		{"below the minimum", small, &Coupon{Code: "TEN", Percent: 10}, FieldErrors{"code": KeyCodeBelowMinimum}},
		{"other currency", withCode("TEN"), &Coupon{Code: "TEN", Amount: 1000, Currency: "EUR"}, FieldErrors{"code": KeyCodeCurrency}},
		// The order's own problems come first; the code is judged on a price.
		{"bad order and bad code", func() Request { r := withCode("NOPE"); r.Customer.Country = "us"; return r }(), nil, FieldErrors{"country": KeyCountryUnknown}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, errs := PriceWithCoupon(cat, c.req, testAt, c.c)
			assertErrors(t, errs, c.want)
			if p.Totals.Total != 0 || p.Coupon != "" {
				t.Errorf("a price despite errors: %+v", p)
			}
		})
	}

	// Without a code the coupon passed in is ignored.
	p, errs = PriceWithCoupon(cat, withCode(""), testAt, ten)
	if len(errs) != 0 || p.Coupon != "" || p.Totals.Discount != 0 {
		t.Errorf("no code: %+v %v", p, errs)
	}
}

func TestCouponErrorKey(t *testing.T) {
	cases := map[error]string{
		nil:                                      "",
		ErrCouponUnknown:                         KeyCodeUnknown,
		ErrCouponDisabled:                        KeyCodeUnknown,
		ErrCouponExpired:                         KeyCodeExpired,
		ErrCouponUsedUp:                          KeyCodeUsedUp,
		ErrCouponBelowMinimum:                    KeyCodeBelowMinimum,
		ErrCouponCurrency:                        KeyCodeCurrency,
		ErrCouponAlreadyApplied:                  KeyCodeAlreadyApplied,
		ErrCouponNotAllowed:                      KeyCodeNotAllowed,
		fmt.Errorf("store: %w", ErrCouponUsedUp): KeyCodeUsedUp,
		errors.New("disk full"):                  KeyCodeUnknown,
	}
	for err, want := range cases {
		if got := CouponErrorKey(err); got != want {
			t.Errorf("CouponErrorKey(%v) = %q, want %q", err, got, want)
		}
	}
}

func TestCouponValidate(t *testing.T) {
	cases := []struct {
		c  Coupon
		ok bool
	}{
		{Coupon{Code: "SPRING10", Percent: 10}, true},
		{Coupon{Code: "FIFTY", Amount: 5000, Currency: "PLN", Limit: 100}, true},
		{Coupon{Code: "", Percent: 10}, false},
		{Coupon{Code: "spring10", Percent: 10}, false},
		{Coupon{Code: "TWO WORDS", Percent: 10}, false},
		{Coupon{Code: "X", Percent: 0}, false},
		{Coupon{Code: "X", Percent: 101}, false},
		{Coupon{Code: "X", Percent: -5}, false},
		{Coupon{Code: "X", Percent: 10, Amount: 100, Currency: "PLN"}, false},
		{Coupon{Code: "X", Amount: 100}, false},
		{Coupon{Code: "X", Amount: 100, Currency: "pln"}, false},
		{Coupon{Code: "X", Amount: -100, Currency: "PLN"}, false},
		{Coupon{Code: "X", Percent: 10, Limit: -1}, false},
	}
	for _, c := range cases {
		if err := c.c.Validate(); (err == nil) != c.ok {
			t.Errorf("%+v: %v, want ok=%v", c.c, err, c.ok)
		}
	}
}
