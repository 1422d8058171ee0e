// Package ordertest is the one sample order of the tests: a valid order
// request that each test changes where it needs another (a creator design,
// a coupon code, another address). The sample itself is request.json, so
// the order package's own tests, which cannot import this package, read
// the same file (order/helpers_test.go).
package ordertest

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"testing"
	"time"

	"sabershop/internal/catalog"
	"sabershop/internal/order"
)

// sample is a Polish shopper's order of one arc hilt with the crystal
// generator, shipped to Warsaw; valid in the shop's catalogue and in the
// order package's test catalogue.
//
//go:embed request.json
var sample []byte

// Request is the sample order in locale, without an expected total
// (Priced adds it).
func Request(locale string) order.Request {
	req, err := order.DecodeRequest(bytes.NewReader(sample))
	if err != nil {
		panic("ordertest: request.json: " + err.Error())
	}
	req.Locale = locale
	return req
}

// Customer is the sample order's customer: Anna Nowak, a Polish address.
func Customer() order.Customer { return Request("pl").Customer }

// Priced is req with the expected total the shop charges for it in cat
// at the instant at (without a coupon), as the basket's quote gives it.
// req itself is left as it is, unnormalized, as a browser sends it.
func Priced(t testing.TB, cat *catalog.Catalog, req order.Request, at time.Time) order.Request {
	t.Helper()
	norm := copyOf(t, req)
	order.Normalize(&norm)
	p, errs := order.Price(cat, norm, at)
	if len(errs) > 0 {
		t.Fatalf("the test order does not price: %v", errs)
	}
	req.ExpectedTotal = p.Totals.Total
	return req
}

// Body is the JSON of Priced: a valid POST /v1/orders body.
func Body(t testing.TB, cat *catalog.Catalog, req order.Request, at time.Time) []byte {
	t.Helper()
	body, err := json.Marshal(Priced(t, cat, req, at))
	if err != nil {
		t.Fatal(err)
	}
	return body
}

// copyOf is a deep copy of req (Normalize changes the creator designs it
// points to).
func copyOf(t testing.TB, req order.Request) order.Request {
	t.Helper()
	b, err := json.Marshal(req)
	if err != nil {
		t.Fatal(err)
	}
	var out order.Request
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}
