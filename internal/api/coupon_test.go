package api_test

import (
	"net/http"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"sabershop/internal/catalog"
	"sabershop/internal/catalog/catalogtest"
	"sabershop/internal/order"
	"sabershop/internal/store"
)

// The real catalogue's coupon minimum is PLN 1000.00 (EUR 235.00).

// minimumCart is worth exactly PLN 1000.00 of goods: 8 plugs (65.00),
// a connector (165.00) and 3 belt clips (105.00); accessories carry no
// waste fee. In euros it is 234.00, just below EUR 235.00.
func minimumCart() []order.ItemRequest {
	return []order.ItemRequest{{Product: "plug", Quantity: 8}, {Product: "connector", Quantity: 1}, {Product: "belt-clip", Quantity: 3}}
}

// minimumRequest is a Polish order of minimumCart, shipped in Poland
// (19.00): total PLN 1019.00 before any discount.
func (e *env) minimumRequest(code string) order.Request {
	req := e.orderRequest()
	req.Items, req.Code, req.ExpectedTotal = minimumCart(), code, 100000+1900
	return req
}

// cheaperConnector is the real catalogue with the connector at PLN
// 164.99, which puts minimumCart one grosz below the minimum.
func cheaperConnector(t *testing.T) *catalog.Catalog {
	cat := catalogtest.Shop(t)
	p, ok := cat.Product("connector")
	if !ok || len(p.Prices) != 1 || p.Prices[0].Amounts["PLN"] != 16500 {
		t.Fatalf("the catalogue's connector changed: %+v", p)
	}
	p.Prices[0].Amounts["PLN"] = 16499
	return cat
}

// belowMinimum is the Polish text with the minimum as the pl format's FormatMoney
// writes it: no-break spaces between thousands and before the symbol.
const belowMinimumPL = "Kody rabatowe są dostępne dla zamówień od 1\u00a0000,00\u00a0zł."

// Discount codes at order time: exactly at the minimum the code applies,
// and the discount is in the stored order and counted on the coupon.
func TestCouponAtOrderExactlyMinimum(t *testing.T) {
	e := newEnv(t)
	e.addCoupon(order.Coupon{Code: "SABER10", Percent: 10})
	req := e.minimumRequest(" saber10 ") // case and spaces do not matter
	// A total without the discount is a price change (and counts no use).
	r := e.post("/v1/orders", req)
	wantStatus(t, r, http.StatusConflict)
	var changed struct {
		Totals order.Totals `json:"totals"`
	}
	r.Decode(t, &changed)
	want := order.Totals{Subtotal: 100000, Shipping: 1900, Discount: 10000, Total: 91900}
	if changed.Totals != want {
		t.Errorf("409 totals %+v, want %+v", changed.Totals, want)
	}
	if c := e.coupon("SABER10"); c.Used != 0 {
		t.Errorf("a refused order used the coupon: %d", c.Used)
	}

	req.ExpectedTotal = want.Total
	v := e.place(req).view(t)
	if v.Totals != want || v.Coupon != "SABER10" || !reflect.DeepEqual(v.Actions, []string{"pay"}) {
		t.Errorf("order %+v coupon %q actions %v", v.Totals, v.Coupon, v.Actions)
	}
	if o := e.storedOrder(v.Hash); o.Totals != want || o.Coupon != "SABER10" {
		t.Errorf("stored %+v %q", o.Totals, o.Coupon)
	}
	if c := e.coupon("saber10"); c.Used != 1 {
		t.Errorf("used %d", c.Used)
	}
	// The e-mail shows the discount.
	m := e.drain()[0]
	contains(t, "e-mail", m.Text, "SABER10", "100,00\u00a0zł", "919,00\u00a0zł")
}

// Every reason a code cannot be used at order time: 422 on "code" with a
// translated message, nothing stored, no use counted.
func TestCouponAtOrderRefused(t *testing.T) {
	below := newEnv(t, withCatalog(cheaperConnector(t)))
	below.addCoupon(order.Coupon{Code: "SABER10", Percent: 10})
	req := below.minimumRequest("SABER10")
	req.ExpectedTotal = 99999 + 1900 - 10000
	r := below.post("/v1/orders", req)
	wantStatus(t, r, http.StatusUnprocessableEntity)
	if b := r.Err(t); b.Errors["code"] != order.KeyCodeBelowMinimum || b.Messages["code"] != belowMinimumPL || len(b.Errors) != 1 {
		t.Errorf("below the minimum: %s", r.Body)
	}
	// In English and euros (EUR 234.00 of goods): the EUR minimum.
	req.Locale = "en"
	req.ExpectedTotal = 23400 + 500 - 2340
	r = below.post("/v1/orders", req)
	wantStatus(t, r, http.StatusUnprocessableEntity)
	if b := r.Err(t); b.Messages["code"] != "Discount codes are available for orders from €235.00." {
		t.Errorf("English: %s", r.Body)
	}
	if c := below.coupon("SABER10"); c.Used != 0 || len(below.allOrders()) != 0 {
		t.Errorf("used %d, %d orders", c.Used, len(below.allOrders()))
	}

	e := newEnv(t)
	expires := testNow.Add(time.Hour)
	for _, c := range []order.Coupon{
		{Code: "LATE", Percent: 10, Expires: expires},
		{Code: "OFF", Percent: 10, Disabled: true},
		{Code: "EURO", Amount: 5000, Currency: "EUR"},
	} {
		e.addCoupon(c)
	}
	for _, c := range []struct {
		code, key, text string
		at              time.Time
	}{
		{"LATE", order.KeyCodeExpired, "Ten kod rabatowy wygasł.", expires.Add(time.Second)},
		{"OFF", order.KeyCodeUnknown, "Taki kod rabatowy nie istnieje.", testNow},
		{"NOPE", order.KeyCodeUnknown, "Taki kod rabatowy nie istnieje.", testNow},
		{"EURO", order.KeyCodeCurrency, "Ten kod rabatowy nie obowiązuje w tej walucie.", testNow},
	} {
		e.clock.Set(c.at)
		r := e.post("/v1/orders", e.minimumRequest(c.code))
		wantStatus(t, r, http.StatusUnprocessableEntity)
		if b := r.Err(t); b.Errors["code"] != c.key || b.Messages["code"] != c.text || len(b.Errors) != 1 {
			t.Errorf("%s: %s", c.code, r.Body)
		}
	}
	if c := e.counts(); c["orders"] != 0 || c["outbox"] != 0 {
		t.Errorf("counts %v", c)
	}
	// Up to the instant of expiry the code is good.
	e.clock.Set(expires)
	req = e.minimumRequest("LATE")
	req.ExpectedTotal -= 10000
	e.place(req)
}

// A coupon with a limit of one: the second order is code_used_up.
func TestCouponUsedUp(t *testing.T) {
	e := newEnv(t)
	e.addCoupon(order.Coupon{Code: "ONCE", Amount: 5000, Currency: "PLN", Limit: 1})
	req := e.minimumRequest("ONCE")
	req.ExpectedTotal -= 5000
	v := e.place(req).view(t)
	if v.Totals.Discount != 5000 || v.Totals.Total != 100000+1900-5000 {
		t.Errorf("fixed discount: %+v", v.Totals)
	}
	r := e.post("/v1/orders", req)
	wantStatus(t, r, http.StatusUnprocessableEntity)
	if b := r.Err(t); b.Errors["code"] != order.KeyCodeUsedUp {
		t.Errorf("second use: %s", r.Body)
	}
	// Also on the status page.
	other := e.place(e.minimumRequest(""))
	r = e.post("/v1/orders/"+other.Hash+"/coupon", map[string]string{"code": "once"})
	wantStatus(t, r, http.StatusUnprocessableEntity)
	if b := r.Err(t); b.Errors["code"] != order.KeyCodeUsedUp {
		t.Errorf("status page: %s", r.Body)
	}
	if c := e.coupon("ONCE"); c.Used != 1 {
		t.Errorf("used %d", c.Used)
	}
}

// Discounts: a percentage of the goods (rounded half up), a fixed amount,
// and never a total below zero.
func TestCouponDiscounts(t *testing.T) {
	e := newEnv(t)
	e.addCoupon(order.Coupon{Code: "P15", Percent: 15})
	e.addCoupon(order.Coupon{Code: "ALL", Percent: 100})
	e.addCoupon(order.Coupon{Code: "HUGE", Amount: 10_000_000, Currency: "PLN"})
	e.addCoupon(order.Coupon{Code: "HUGEEUR", Amount: 10_000_000, Currency: "EUR"})
	for _, c := range []struct {
		code, locale string
		items        []order.ItemRequest
		want         order.Totals
	}{
		// Arc with the other-1 generator: 1499.00 + 85.00; 15 % of 1584.00.
		{"P15", "pl", []order.ItemRequest{{Product: "arc", Variant: "other-1", Quantity: 1}},
			order.Totals{Subtotal: 158400, Shipping: 1900, WasteFee: 12, Discount: 23760, Total: 158400 + 1900 - 23760}},
		// Ancient 379.00 and a plug 15.00 to Germany: 15 % of EUR 394.00 is 59.10.
		{"P15", "en", []order.ItemRequest{{Product: "ancient", Quantity: 1}, {Product: "plug", Quantity: 1}},
			order.Totals{Subtotal: 39400, Shipping: 1500, WasteFee: 4, Discount: 5910, Total: 39400 + 1500 - 5910}},
		// 100 % of the goods: shipping is still paid.
		{"ALL", "pl", minimumCart(), order.Totals{Subtotal: 100000, Shipping: 1900, Discount: 100000, Total: 1900}},
		// More than the order is worth: the total is zero, not negative.
		{"HUGE", "pl", minimumCart(), order.Totals{Subtotal: 100000, Shipping: 1900, Discount: 101900, Total: 0}},
		{"HUGEEUR", "de", []order.ItemRequest{{Product: "royal", Quantity: 1}},
			order.Totals{Subtotal: 44900, Shipping: 1500, WasteFee: 4, Discount: 46400, Total: 0}},
	} {
		req := e.orderRequest()
		req.Locale, req.Items, req.Code, req.ExpectedTotal = c.locale, c.items, c.code, c.want.Total
		if c.locale != "pl" {
			req.Customer.Country, req.Customer.Zip = "de", "10115"
		}
		r := e.post("/v1/orders", req)
		if r.Status != http.StatusCreated {
			t.Errorf("%s %s: %d %s", c.code, c.locale, r.Status, r.Body)
			continue
		}
		var p placed
		r.Decode(t, &p)
		if v := p.view(t); v.Totals != c.want {
			t.Errorf("%s %s: %+v, want %+v", c.code, c.locale, v.Totals, c.want)
		}
	}
}

// POST /v1/orders/{hash}/coupon on the status page: applied once to a
// placed order at the minimum, counted, stored and shown; a second code
// is code_already_applied; below the minimum the message names it.
func TestCouponOnStatusPage(t *testing.T) {
	e := newEnv(t)
	e.addCoupon(order.Coupon{Code: "LATER20", Percent: 20})
	e.addCoupon(order.Coupon{Code: "OTHER", Percent: 5})
	p := e.place(e.minimumRequest(""))
	path := "/v1/orders/" + p.Hash + "/coupon"

	r := e.post(path, map[string]string{"code": "later20", "locale": "pl"})
	wantStatus(t, r, http.StatusOK)
	var a struct {
		Message string `json:"message"`
		Order   view   `json:"order"`
	}
	r.Decode(t, &a)
	want := order.Totals{Subtotal: 100000, Shipping: 1900, Discount: 20000, Total: 81900}
	if a.Order.Totals != want || a.Order.Coupon != "LATER20" || a.Message != "Kod rabatowy został dodany." ||
		!reflect.DeepEqual(a.Order.Actions, []string{"pay"}) {
		t.Errorf("applied: %s", r.Body)
	}
	if o := e.storedOrder(p.Hash); o.Totals != want || o.Coupon != "LATER20" {
		t.Errorf("stored %+v", o.Totals)
	}
	var g view
	e.get("/v1/orders/"+p.Hash).Decode(t, &g)
	if g.Totals != want {
		t.Errorf("GET %+v", g.Totals)
	}
	if c := e.coupon("LATER20"); c.Used != 1 {
		t.Errorf("used %d", c.Used)
	}

	for _, code := range []string{"OTHER", "LATER20"} {
		r := e.post(path, map[string]string{"code": code, "locale": "de"})
		wantStatus(t, r, http.StatusUnprocessableEntity)
		if b := r.Err(t); b.Errors["code"] != order.KeyCodeAlreadyApplied || !strings.Contains(b.Messages["code"], "Rabattcode") {
			t.Errorf("second code %s: %s", code, r.Body)
		}
	}
	if c := e.coupon("LATER20"); c.Used != 1 {
		t.Errorf("used %d after refusals", c.Used)
	}
	if c := e.coupon("OTHER"); c.Used != 0 {
		t.Errorf("OTHER used %d", c.Used)
	}

	// Below the minimum: a single arc line in euros is EUR 349.00, over
	// EUR 235.00; two plugs (30.00) are not.
	req := e.orderRequest()
	req.Locale, req.Items = "en", []order.ItemRequest{{Product: "plug", Quantity: 2}}
	small := e.place(e.priced(req))
	r = e.post("/v1/orders/"+small.Hash+"/coupon", map[string]string{"code": "OTHER"})
	wantStatus(t, r, http.StatusUnprocessableEntity)
	if b := r.Err(t); b.Errors["code"] != order.KeyCodeBelowMinimum || b.Messages["code"] != "Discount codes are available for orders from €235.00." {
		t.Errorf("below: %s", r.Body)
	}
}

// Exactly at and one grosz below the minimum on the status page.
func TestCouponOnStatusPageMinimum(t *testing.T) {
	at := newEnv(t)
	at.addCoupon(order.Coupon{Code: "MIN", Percent: 10})
	p := at.place(at.minimumRequest(""))
	wantStatus(t, at.post("/v1/orders/"+p.Hash+"/coupon", map[string]string{"code": "MIN"}), http.StatusOK)

	below := newEnv(t, withCatalog(cheaperConnector(t)))
	below.addCoupon(order.Coupon{Code: "MIN", Percent: 10})
	req := below.minimumRequest("")
	req.ExpectedTotal = 99999 + 1900
	p = below.place(req)
	r := below.post("/v1/orders/"+p.Hash+"/coupon", map[string]string{"code": "MIN", "locale": "pl"})
	wantStatus(t, r, http.StatusUnprocessableEntity)
	if b := r.Err(t); b.Errors["code"] != order.KeyCodeBelowMinimum || b.Messages["code"] != belowMinimumPL {
		t.Errorf("below: %s", r.Body)
	}
	if o := below.storedOrder(p.Hash); o.Coupon != "" || o.Totals.Discount != 0 {
		t.Errorf("a refused code changed the order: %+v", o)
	}
}

// The status page's other refusals: an order in payment_pending, unknown,
// expired and disabled codes, an empty code, unknown and malformed
// hashes, and bodies that are not the request's JSON.
func TestCouponOnStatusPageRefused(t *testing.T) {
	e := newEnv(t)
	e.addCoupon(order.Coupon{Code: "GOOD", Percent: 10})
	e.addCoupon(order.Coupon{Code: "OFF", Percent: 10, Disabled: true})
	e.addCoupon(order.Coupon{Code: "OLD", Percent: 10, Expires: testNow.Add(-time.Minute)})
	e.addCoupon(order.Coupon{Code: "EURO", Amount: 1000, Currency: "EUR"})
	p := e.place(e.minimumRequest(""))
	path := "/v1/orders/" + p.Hash + "/coupon"
	for _, c := range []struct{ code, key string }{
		{"NOPE", order.KeyCodeUnknown}, {"OFF", order.KeyCodeUnknown}, {"OLD", order.KeyCodeExpired},
		{"EURO", order.KeyCodeCurrency}, {"  ", order.KeyRequired},
	} {
		r := e.post(path, map[string]string{"code": c.code})
		wantStatus(t, r, http.StatusUnprocessableEntity)
		if b := r.Err(t); b.Errors["code"] != c.key || b.Messages["code"] == "" {
			t.Errorf("%q: %s", c.code, r.Body)
		}
	}

	unknown, _ := order.NewHash()
	for _, h := range []string{unknown, "short", p.Hash + "A"} {
		r := e.post("/v1/orders/"+h+"/coupon", map[string]string{"code": "GOOD"})
		wantStatus(t, r, http.StatusNotFound)
		if b := r.Err(t); b.Code != "order_not_found" {
			t.Errorf("%s: %s", h, r.Body)
		}
	}
	for _, body := range []string{`{"code":`, `{"code":"GOOD","percent":50}`, `{"code":"GOOD"} x`} {
		wantStatus(t, e.post(path, body), http.StatusBadRequest)
	}

	// Once the payment has started the amount is fixed.
	if err := e.db.UpdateNow(func(tx *store.Tx) error {
		o, err := tx.Order(p.Hash)
		if err != nil {
			return err
		}
		if _, err := o.Transition(order.PaymentPending, testNow, "payment started"); err != nil {
			return err
		}
		return tx.PutOrder(o)
	}); err != nil {
		t.Fatal(err)
	}
	r := e.post(path, map[string]string{"code": "GOOD", "locale": "pl"})
	wantStatus(t, r, http.StatusUnprocessableEntity)
	if b := r.Err(t); b.Errors["code"] != order.KeyCodeNotAllowed || b.Messages["code"] != "Kod rabatowy można dodać tylko przed rozpoczęciem płatności." {
		t.Errorf("payment_pending: %s", r.Body)
	}
	if c := e.coupon("GOOD"); c.Used != 0 {
		t.Errorf("used %d", c.Used)
	}
	if o := e.storedOrder(p.Hash); o.Coupon != "" || o.Totals.Discount != 0 || o.Status != order.PaymentPending {
		t.Errorf("order changed: %+v", o)
	}
}

// Orders placed at once share the store's batches; an order refused
// inside a batch (a used-up code, a wrong total) makes the store run the
// others again. A coupon's uses still count each stored order once, and
// a limit is never exceeded.
func TestCouponCountedOnceUnderBatchRetries(t *testing.T) {
	// Long batches, so the concurrent requests land in the same ones.
	e := newEnvStore(t, store.Options{MaxBatchDelay: 30 * time.Millisecond})
	e.addCoupon(order.Coupon{Code: "MANY", Percent: 10})
	e.addCoupon(order.Coupon{Code: "THREE", Percent: 10, Limit: 3})
	good := e.minimumRequest("MANY")
	good.ExpectedTotal -= 10000
	limited := e.minimumRequest("THREE")
	limited.ExpectedTotal -= 10000
	wrong := good
	wrong.ExpectedTotal++ // 409 inside the transaction

	const n = 8
	var wg sync.WaitGroup
	var mu sync.Mutex
	status := map[string]map[int]int{}
	for range 3 {
		for i := range 3 * n {
			req := []order.Request{good, limited, wrong}[i%3]
			name := []string{"good", "limited", "wrong"}[i%3]
			wg.Add(1)
			go func() {
				defer wg.Done()
				r := e.post("/v1/orders", req)
				mu.Lock()
				if status[name] == nil {
					status[name] = map[int]int{}
				}
				status[name][r.Status]++
				mu.Unlock()
			}()
		}
		wg.Wait()
	}
	if status["good"][http.StatusCreated] != 3*n || status["wrong"][http.StatusConflict] != 3*n {
		t.Errorf("answers %v", status)
	}
	if status["limited"][http.StatusCreated] != 3 || status["limited"][http.StatusUnprocessableEntity] != 3*n-3 {
		t.Errorf("limited answers %v", status["limited"])
	}
	if c := e.coupon("MANY"); c.Used != 3*n {
		t.Errorf("MANY used %d, %d orders have it", c.Used, 3*n)
	}
	if c := e.coupon("THREE"); c.Used != 3 {
		t.Errorf("THREE used %d", c.Used)
	}
	withCode := map[string]int{}
	for _, o := range e.allOrders() {
		withCode[o.Coupon]++
	}
	if withCode["MANY"] != 3*n || withCode["THREE"] != 3 || len(e.allOrders()) != 3*n+3 {
		t.Errorf("stored orders by code %v", withCode)
	}
	if c := e.counts(); c["outbox"] != 2*(3*n+3) || c["orders_by_id"] != 3*n+3 {
		t.Errorf("counts %v", c)
	}
}
