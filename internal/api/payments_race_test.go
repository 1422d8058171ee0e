package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"sync"
	"testing"
	"time"

	"sabershop/internal/order"
	"sabershop/internal/payment"
	"sabershop/internal/payment/sandbox"
	"sabershop/internal/testutil"
)

// TestCouponPaymentRace: a discount code applied on the status page while a
// payment is starting (two tabs, or a slow provider). 100 orders each get a
// coupon and a card payment at the same instant. Whatever wins, every order
// whose payment the shop accepted ends paid, and no order's total differs
// from the amount the provider was asked for. (Before payment attempts
// recorded their amount, the payment started for the old total, the
// coupon lowered it, and the provider's notification was refused for the
// mismatch: the order stayed payment_pending with the money taken.)
func TestCouponPaymentRace(t *testing.T) {
	e, sbx := newSandboxEnv(t, 20*time.Millisecond)
	key := e.shopKey()
	e.addCoupon(order.Coupon{Code: "RACE10", Percent: 10})
	const n = 100
	hashes := make([]string, n)
	cards := make([][]byte, n)
	for i := range hashes {
		hashes[i] = e.place(e.minimumRequest("")).Hash
		cards[i], _ = json.Marshal(map[string]string{"method": "card", "name": "Anna Nowak",
			"encrypted": encryptCard(t, key, sandbox.CardSuccess, testExpiry, testCVC, shopOrigin)})
	}
	coupon := []byte(`{"code":"race10","locale":"pl"}`)

	type answer struct {
		status int
		body   []byte
		err    error
	}
	post := func(path string, body []byte) answer {
		req, err := http.NewRequest(http.MethodPost, e.srv.URL+path, bytes.NewReader(body))
		if err != nil {
			return answer{err: err}
		}
		req.Header.Set("Content-Type", "application/json")
		res, err := e.srv.Client().Do(req)
		if err != nil {
			return answer{err: err}
		}
		defer res.Body.Close()
		b, err := io.ReadAll(res.Body)
		return answer{status: res.StatusCode, body: b, err: err}
	}
	pays, coupons := make([]answer, n), make([]answer, n)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range n {
		wg.Add(2)
		go func() { defer wg.Done(); <-start; coupons[i] = post("/v1/orders/"+hashes[i]+"/coupon", coupon) }()
		go func() { defer wg.Done(); <-start; pays[i] = post("/v1/orders/"+hashes[i]+"/payments", cards[i]) }()
	}
	close(start)
	wg.Wait()

	var applied, refused int
	for i, h := range hashes {
		p, c := pays[i], coupons[i]
		if p.err != nil || c.err != nil {
			t.Fatalf("order %d: %v %v", i, p.err, c.err)
		}
		switch c.status {
		case http.StatusOK:
			applied++
		case http.StatusUnprocessableEntity:
			var b errorBody
			_ = json.Unmarshal(c.body, &b)
			if b.Errors["code"] != order.KeyCodeNotAllowed || b.Messages["code"] == "" {
				t.Errorf("order %d: coupon refused with %s", i, c.body)
			}
			refused++
		default:
			t.Errorf("order %d: coupon answered %d %s", i, c.status, c.body)
		}
		if p.status != http.StatusOK {
			t.Errorf("order %d: payment answered %d %s", i, p.status, p.body)
			continue
		}
		o := e.waitPaid(h)
		ref := o.Payment["reference"]
		got, err := sbx.Query(t.Context(), ref)
		if err != nil {
			t.Fatalf("order %d: sandbox has no payment %q: %v", i, ref, err)
		}
		if got.Amount != o.Totals.Total || got.Currency != o.Currency {
			t.Errorf("order %d: paid %d %s, order total %d %s (coupon %q)", i, got.Amount, got.Currency,
				o.Totals.Total, o.Currency, o.Coupon)
		}
		if (o.Coupon != "") != (o.Totals.Discount > 0) {
			t.Errorf("order %d: coupon %q with discount %d", i, o.Coupon, o.Totals.Discount)
		}
	}
	t.Logf("coupons applied before the payment: %d, refused as too late: %d", applied, refused)
}

// waitPaid waits until the order is paid: the sandbox's notification comes
// through the webhook.
func (e *env) waitPaid(hash string) *order.Order {
	e.t.Helper()
	var o *order.Order
	testutil.Eventually(e.t, "order "+hash[:4]+" paid", func() error {
		if o = e.storedOrder(hash); o.Status != order.Paid {
			return fmt.Errorf("status %s; timeline %+v", o.Status, o.Timeline)
		}
		return nil
	})
	return o
}

// slowStart is the sandbox with a provider that takes its time to answer
// a start: Start tells started and waits for release.
type slowStart struct {
	*sandbox.Provider
	started chan struct{}
	release chan struct{}
}

func (p *slowStart) Start(ctx context.Context, req payment.StartRequest) (payment.StartResult, error) {
	p.started <- struct{}{}
	<-p.release
	return p.Provider.Start(ctx, req)
}

// TestCouponRefusedWhilePaymentStarts: while the provider is still being
// asked, a discount code is refused with the translated message on its
// field, and the payment goes through for the total it was started for.
// A start the provider declines holds nothing: the code is taken after it.
func TestCouponRefusedWhilePaymentStarts(t *testing.T) {
	slow := &slowStart{started: make(chan struct{}), release: make(chan struct{})}
	st := &shopTransport{}
	e := newEnv(t, func(c *config) {
		sbx, err := sandbox.New(sandbox.Config{DataDir: t.TempDir(), Delay: 20 * time.Millisecond, Log: c.apiConfig.Log,
			Client: &http.Client{Transport: st, Timeout: 10 * time.Second}})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(sbx.Stop)
		slow.Provider = sbx
		c.Payments = registry(t, slow)
	})
	st.point(e.srv.URL)
	key := e.shopKey()
	e.addCoupon(order.Coupon{Code: "SLOW10", Percent: 10})
	p := e.place(e.minimumRequest(""))
	before := e.storedOrder(p.Hash).Totals

	paid := make(chan response, 1)
	body, _ := json.Marshal(map[string]string{"method": "card", "name": "Anna Nowak",
		"encrypted": encryptCard(t, key, sandbox.CardSuccess, testExpiry, testCVC, shopOrigin)})
	go func() {
		req, _ := http.NewRequest(http.MethodPost, e.srv.URL+"/v1/orders/"+p.Hash+"/payments", bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		res, err := e.srv.Client().Do(req)
		if err != nil {
			paid <- response{}
			return
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		paid <- response{Status: res.StatusCode, Body: b}
	}()
	<-slow.started
	seen := map[string]bool{}
	for _, locale := range []string{"pl", "en", "de"} {
		r := e.post("/v1/orders/"+p.Hash+"/coupon", map[string]string{"code": "SLOW10", "locale": locale})
		wantStatus(t, r, http.StatusUnprocessableEntity)
		b := r.Err(t)
		if b.Errors["code"] != order.KeyCodeNotAllowed || b.Messages["code"] == "" || seen[b.Messages["code"]] {
			t.Errorf("%s: %s", locale, r.Body)
		}
		seen[b.Messages["code"]] = true
	}
	close(slow.release)
	r := <-paid
	wantStatus(t, r, http.StatusOK)
	o := e.waitPaid(p.Hash)
	if o.Totals != before || o.Coupon != "" || e.coupon("SLOW10").Used != 0 {
		t.Errorf("paid order totals %+v coupon %q, want %+v and no code", o.Totals, o.Coupon, before)
	}
	if len(o.Attempts) != 1 || o.Attempts[0].State != order.AttemptPaid || o.Attempts[0].Amount != before.Total {
		t.Errorf("attempts %+v", o.Attempts)
	}

	// A declined start: the attempt is failed and the code is taken.
	slow.started, slow.release = make(chan struct{}, 1), make(chan struct{})
	close(slow.release)
	q := e.place(e.minimumRequest(""))
	wantStatus(t, e.payCard(q.Hash, key, sandbox.CardDeclined), http.StatusPaymentRequired)
	wantStatus(t, e.post("/v1/orders/"+q.Hash+"/coupon", map[string]string{"code": "SLOW10"}), http.StatusOK)
	if o := e.storedOrder(q.Hash); len(o.Attempts) != 1 || o.Attempts[0].State != order.AttemptFailed || o.Totals.Discount == 0 {
		t.Errorf("after a declined start: attempts %+v totals %+v", o.Attempts, o.Totals)
	}
}

// TestSupersededAttemptPaidAfterCoupon: a 3-D Secure attempt is left open,
// a bank transfer supersedes it and fails, a code lowers the total, and
// then the shopper confirms the old 3-D Secure page. The money taken is the
// old attempt's: the order becomes paid with the totals it was started
// for, so its total never differs from what was paid.
func TestSupersededAttemptPaidAfterCoupon(t *testing.T) {
	e, sbx := newSandboxEnv(t, 20*time.Millisecond)
	key := e.shopKey()
	e.addCoupon(order.Coupon{Code: "LATE10", Percent: 10})
	p := e.place(e.minimumRequest(""))
	full := e.storedOrder(p.Hash).Totals

	r := e.payCard(p.Hash, key, sandbox.Card3DS)
	wantStatus(t, r, http.StatusOK)
	var threeDS payAnswer
	r.Decode(t, &threeDS)
	wantStatus(t, e.post("/v1/orders/"+p.Hash+"/coupon", map[string]string{"code": "LATE10"}), http.StatusUnprocessableEntity)

	bank := e.payOK(p.Hash, map[string]string{"method": "bank"})
	wantStatus(t, e.postForm(bank.URL, url.Values{"decision": {"fail"}}), http.StatusSeeOther)
	e.waitStatus(p.Hash, order.Placed)
	wantStatus(t, e.post("/v1/orders/"+p.Hash+"/coupon", map[string]string{"code": "LATE10"}), http.StatusOK)
	if o := e.storedOrder(p.Hash); o.Totals.Total >= full.Total {
		t.Fatalf("the code did not lower the total: %+v", o.Totals)
	}

	wantStatus(t, e.postForm(threeDS.URL, url.Values{"decision": {"approve"}}), http.StatusSeeOther)
	o := e.waitPaid(p.Hash)
	got, err := sbx.Query(t.Context(), o.Attempts[0].Reference)
	if err != nil {
		t.Fatal(err)
	}
	if got.Amount != full.Total || o.Totals != full || o.Coupon != "" {
		t.Errorf("paid %d; order totals %+v coupon %q, want %+v", got.Amount, o.Totals, o.Coupon, full)
	}
	states := []order.AttemptState{}
	for _, a := range o.Attempts {
		states = append(states, a.State)
	}
	if !slices.Equal(states, []order.AttemptState{order.AttemptPaid, order.AttemptFailed}) {
		t.Errorf("attempt states %v", states)
	}
}
