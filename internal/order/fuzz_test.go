package order

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"testing"
)

// FuzzDecodeValidate feeds arbitrary bodies through the whole pure path of
// POST /v1/orders: decode, normalise, validate, price (with and without a
// coupon). Whatever the input, nothing panics, every error key is a known
// one, and a request that validates is priced with consistent totals.
func FuzzDecodeValidate(f *testing.F) {
	valid, err := json.Marshal(validRequest())
	if err != nil {
		f.Fatal(err)
	}
	for _, seed := range []string{
		string(valid), issueExample, `{}`, `null`, `[]`, "\x00{[junk",
		`{"items":[{"creator":{"parts":{"emitter":"crown","x":"y"},"presets":[{"color":"#FFFFFF","white":300}]},"quantity":1}]}`,
		`{"locale":"PL","customer":{"country":"UK","zip":"sw1a1aa","email":"A@B.CO"},"items":[{"product":"plug","quantity":10}]}`,
	} {
		f.Add([]byte(seed))
	}
	cat := testCatalog()
	coupon := &Coupon{Code: "TEN", Percent: 10}
	f.Fuzz(func(t *testing.T, body []byte) {
		req, err := DecodeRequest(bytes.NewReader(body))
		if err != nil {
			if !errors.Is(err, ErrMalformed) && !errors.Is(err, ErrTooLarge) {
				t.Fatalf("decode error of an unknown kind: %v", err)
			}
			return
		}
		Normalize(&req)
		once := cloneRequest(t, req)
		Normalize(&req)
		if !reflect.DeepEqual(once, cloneRequest(t, req)) {
			t.Fatalf("Normalize is not idempotent:\n%+v\n%+v", once, req)
		}

		errs := Validate(req, cat)
		checkKeys(t, "Validate", errs)
		p, perrs := Price(cat, req, testAt)
		checkKeys(t, "Price", perrs)
		req.Code = "TEN"
		pc, cerrs := PriceWithCoupon(cat, req, testAt, coupon)
		checkKeys(t, "PriceWithCoupon", cerrs)
		if len(errs) > 0 {
			return
		}

		if len(perrs) > 0 {
			t.Fatalf("validated but not priced: %v", perrs)
		}
		checkTotals(t, p, len(req.Items))
		if len(cerrs) > 0 && cerrs["code"] != KeyCodeBelowMinimum {
			t.Fatalf("coupon refused on a valid order: %v", cerrs)
		}
		if len(cerrs) == 0 {
			checkTotals(t, pc, len(req.Items))
			if pc.Totals.Discount <= 0 && pc.Totals.Subtotal >= 10 {
				t.Fatalf("coupon gave nothing: %+v", pc.Totals)
			}
		}
	})
}

func checkKeys(t *testing.T, where string, errs FieldErrors) {
	t.Helper()
	for f, k := range errs {
		if !slices.Contains(MessageKeys, k) {
			t.Fatalf("%s: %s has unknown key %q", where, f, k)
		}
	}
}

func checkTotals(t *testing.T, p Priced, items int) {
	t.Helper()
	tt := p.Totals
	if tt.Total < 0 || tt.Total != tt.Subtotal+tt.Shipping-tt.Discount || tt.Discount < 0 || tt.Discount > tt.Subtotal+tt.Shipping {
		t.Fatalf("totals %+v", tt)
	}
	if len(p.Lines) != items {
		t.Fatalf("%d lines for %d items", len(p.Lines), items)
	}
	var sum, waste int64
	for _, l := range p.Lines {
		if l.Total != l.UnitPrice*int64(l.Quantity) || l.WasteFee > l.Total || l.Name == "" {
			t.Fatalf("line %+v", l)
		}
		sum += l.Total
		waste += l.WasteFee
	}
	if sum != tt.Subtotal || waste != tt.WasteFee {
		t.Fatalf("lines sum to %d (waste %d), totals %+v", sum, waste, tt)
	}
}

func cloneRequest(t *testing.T, r Request) Request {
	t.Helper()
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var c Request
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatal(err)
	}
	return c
}
