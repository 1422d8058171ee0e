package api_test

import (
	"net/http"
	"testing"

	"sabershop/internal/order"
)

// quote is the answer of POST /v1/quote.
type quote struct {
	Currency      string       `json:"currency"`
	Lines         []order.Line `json:"lines"`
	Totals        order.Totals `json:"totals"`
	Coupon        string       `json:"coupon"`
	CouponMinimum int64        `json:"coupon_minimum"`
	DeliveryDays  [2]int       `json:"delivery_days"`
	BuildDays     int          `json:"build_days"`
	Returnable    bool         `json:"returnable"`
	OrdersOpen    bool         `json:"orders_open"`
}

// The basket's price is the order's price: a quote of the same cart,
// country and code gives the totals POST /v1/orders then stores, and
// stores nothing itself.
func TestQuoteIsTheOrderPrice(t *testing.T) {
	e := newEnv(t)
	e.addCoupon(order.Coupon{Code: "SABER10", Percent: 10})
	req := e.minimumRequest("saber10")
	items := append(req.Items, order.ItemRequest{Product: "arc", Variant: "crystal", Quantity: 2})

	// Before a country is chosen: the goods only.
	r := e.post("/v1/quote", map[string]any{"locale": "pl", "items": items})
	wantStatus(t, r, http.StatusOK)
	var goods quote
	r.Decode(t, &goods)
	subtotal := int64(100000 + 2*164900)
	if goods.Totals != (order.Totals{Subtotal: subtotal, WasteFee: 24, Total: subtotal}) || goods.Currency != "PLN" ||
		goods.DeliveryDays != [2]int{} || len(goods.Lines) != 4 || goods.Returnable != true || !goods.OrdersOpen ||
		goods.CouponMinimum != 100000 {
		t.Errorf("goods quote %+v", goods)
	}
	if l := goods.Lines[3]; l.Product != "arc" || l.Name != "Arc" || l.UnitPrice != 164900 || l.Total != 329800 || l.Image == "" {
		t.Errorf("arc line %+v", l)
	}

	// With the country and the code: what the order will cost.
	r = e.post("/v1/quote", map[string]any{"locale": "pl", "country": "pl", "code": "saber10", "items": items})
	wantStatus(t, r, http.StatusOK)
	var full quote
	r.Decode(t, &full)
	want := order.Totals{Subtotal: subtotal, Shipping: 1900, WasteFee: 24, Discount: subtotal / 10, Total: subtotal + 1900 - subtotal/10}
	if full.Totals != want || full.Coupon != "SABER10" || full.DeliveryDays != [2]int{3, 7} || full.BuildDays == 0 {
		t.Errorf("full quote %+v", full)
	}
	if c := e.counts(); c["orders"] != 0 {
		t.Errorf("a quote stored something: %v", c)
	}
	if c := e.coupon("SABER10"); c.Used != 0 {
		t.Errorf("a quote used the coupon: %d", c.Used)
	}

	req.Items, req.ExpectedTotal = items, full.Totals.Total
	v := e.place(req).view(t)
	if v.Totals != full.Totals {
		t.Errorf("order totals %+v, quote %+v", v.Totals, full.Totals)
	}
}

// What the basket cannot price answers 422 on the field, in the shopper's
// language, like the order form; a paused shop still quotes but says so.
func TestQuoteRefused(t *testing.T) {
	e := newEnv(t)
	cases := []struct {
		name  string
		body  map[string]any
		field string
		key   string
	}{
		{"unknown product", map[string]any{"locale": "de", "items": []map[string]any{{"product": "arc", "quantity": 1}, {"product": "blaster", "quantity": 1}}}, "items.1.product", order.KeyProductUnknown},
		{"quantity", map[string]any{"locale": "de", "items": []map[string]any{{"product": "arc", "quantity": 11}}}, "items.0.quantity", order.KeyQuantityRange},
		{"variant of an accessory", map[string]any{"locale": "de", "items": []map[string]any{{"product": "plug", "variant": "crystal", "quantity": 1}}}, "items.0.variant", order.KeyVariantUnknown},
		{"empty cart", map[string]any{"locale": "de", "items": []map[string]any{}}, "items", order.KeyItemsRequired},
		{"country", map[string]any{"locale": "de", "country": "us", "items": []map[string]any{{"product": "arc", "quantity": 1}}}, "country", order.KeyCountryUnknown},
		{"locale", map[string]any{"locale": "fr", "items": []map[string]any{{"product": "arc", "quantity": 1}}}, "locale", order.KeyLocaleUnknown},
		{"code", map[string]any{"locale": "de", "code": "NOPE", "items": []map[string]any{{"product": "arc", "quantity": 1}}}, "code", order.KeyCodeUnknown},
		{"creator part", map[string]any{"locale": "de", "items": []map[string]any{{"creator": map[string]any{"parts": map[string]string{"emitter": "nope"}}, "quantity": 1}}}, "items.0.creator.parts.emitter", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := e.post("/v1/quote", c.body)
			wantStatus(t, r, http.StatusUnprocessableEntity)
			var body struct {
				Code     string            `json:"code"`
				Errors   map[string]string `json:"errors"`
				Messages map[string]string `json:"messages"`
			}
			r.Decode(t, &body)
			if body.Code != "invalid_fields" || body.Errors[c.field] == "" || (c.key != "" && body.Errors[c.field] != c.key) {
				t.Fatalf("errors %v, want %s: %s", body.Errors, c.field, c.key)
			}
			if msg := body.Messages[c.field]; msg == "" || msg == body.Errors[c.field] {
				t.Errorf("message %q is not a translated text", msg)
			}
		})
	}

	e.setOpen(false)
	r := e.post("/v1/quote", map[string]any{"locale": "en", "items": []map[string]any{{"product": "arc", "quantity": 1}}})
	wantStatus(t, r, http.StatusOK)
	var q quote
	r.Decode(t, &q)
	if q.OrdersOpen || q.Currency != "EUR" || q.Totals.Total == 0 {
		t.Errorf("paused quote %+v", q)
	}
}
