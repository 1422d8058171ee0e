package paypal_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"sabershop/internal/payment"
	"sabershop/internal/payment/paypal/paypaltest"
)

func TestStartCreatesTheOrder(t *testing.T) {
	e := newEnv(t)
	req := startReq(hash)
	res, err := e.p.Start(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if res.Outcome != payment.OutcomeRedirect || !strings.HasPrefix(res.URL, e.fake.URL()+"/checkoutnow?token="+res.Reference) {
		t.Fatalf("result %+v", res)
	}
	o, ok := e.fake.Order(res.Reference)
	if !ok {
		t.Fatal("the fake has no such order")
	}
	want := paypaltest.Order{
		ID: res.Reference, RequestID: req.IdempotencyKey, Status: "PAYER_ACTION_REQUIRED",
		Intent: "CAPTURE", ReferenceID: hash, CustomID: hash, InvoiceID: hash,
		Description: "Saber Forge order #12", Currency: "EUR", Value: "364.00",
		ReturnURL: req.ReturnURL, CancelURL: req.CancelURL, Locale: "pl-PL",
		UserAction: "PAY_NOW", ShippingPreference: "NO_SHIPPING", Brand: "Saber Forge",
		Outcome: paypaltest.Completed,
	}
	if o != want {
		t.Errorf("order\n got %+v\nwant %+v", o, want)
	}

	// A retried start (same idempotency key) is the same PayPal order.
	again, err := e.p.Start(context.Background(), req)
	if err != nil || again.Reference != res.Reference || len(e.fake.Orders()) != 1 {
		t.Errorf("retry: %+v, %v, %d orders", again, err, len(e.fake.Orders()))
	}
	// Without a key the request id still follows hash and amount.
	key := req.IdempotencyKey
	req.IdempotencyKey = ""
	if _, err := e.p.Start(context.Background(), req); err != nil {
		t.Fatal(err)
	}
	for _, o := range e.fake.Orders() {
		if o.RequestID != key && o.RequestID != "sabershop-"+hash+"-364.00EUR" {
			t.Errorf("request id %q", o.RequestID)
		}
	}
}

func TestStartRefusesBadInput(t *testing.T) {
	e := newEnv(t)
	for name, mod := range map[string]func(*payment.StartRequest){
		"card":          func(r *payment.StartRequest) { r.Method = payment.Card },
		"zero amount":   func(r *payment.StartRequest) { r.Order.Amount = 0 },
		"yen":           func(r *payment.StartRequest) { r.Order.Currency = "JPY" },
		"relative URL":  func(r *payment.StartRequest) { r.ReturnURL = "/return" },
		"no cancel URL": func(r *payment.StartRequest) { r.CancelURL = "" },
		"no hash":       func(r *payment.StartRequest) { r.Order.Hash = "" },
	} {
		req := startReq(hash)
		mod(&req)
		if _, err := e.p.Start(context.Background(), req); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	if n := len(e.fake.Orders()); n != 0 {
		t.Errorf("%d orders created", n)
	}
}

func TestTokenCachedAndRefreshed(t *testing.T) {
	e := newEnv(t)
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			if _, err := e.p.Start(context.Background(), startReq(hash+string(rune('a'+i)))); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if n := e.fake.TokenCalls(); n != 1 {
		t.Fatalf("8 concurrent starts fetched %d tokens, want 1", n)
	}
	// Refused token (revoked at PayPal): one new token, the call succeeds.
	e.fake.RevokeTokens()
	if _, err := e.p.Query(context.Background(), e.start(t, "revoked")); err != nil {
		t.Fatal(err)
	}
	if n := e.fake.TokenCalls(); n != 2 {
		t.Fatalf("after a 401: %d token calls, want 2", n)
	}
	// Shortly before expiry (9 h) a new token is fetched.
	e.advance(8*time.Hour + 56*time.Minute)
	e.start(t, "late")
	if n := e.fake.TokenCalls(); n != 3 {
		t.Fatalf("near expiry: %d token calls, want 3", n)
	}
}

func TestReturnCaptures(t *testing.T) {
	for outcome, want := range map[string]payment.Status{
		paypaltest.Completed: payment.StatusPaid,
		paypaltest.Pending:   payment.StatusPending,
		paypaltest.Declined:  payment.StatusFailed,
	} {
		t.Run(outcome, func(t *testing.T) {
			e := newEnv(t)
			id := e.start(t, hash)
			if err := e.fake.SetOutcome(id, outcome); err != nil {
				t.Fatal(err)
			}
			if err := e.fake.Approve(id); err != nil {
				t.Fatal(err)
			}
			n, err := e.p.Return(context.Background(), returnReq(hash, id))
			if err != nil {
				t.Fatal(err)
			}
			o, _ := e.fake.Order(id)
			wantN := payment.Notification{Provider: "paypal", OrderHash: hash, Reference: id, Status: want, Amount: 36400, Currency: "EUR",
				Capture: o.CaptureID}
			if n != wantN {
				t.Errorf("got %+v\nwant %+v", n, wantN)
			}
		})
	}
}

func TestReloadedReturnCapturesOnce(t *testing.T) {
	e := newEnv(t)
	id := e.start(t, hash)
	e.fake.Approve(id)
	for i := range 3 {
		n, err := e.p.Return(context.Background(), returnReq(hash, id))
		if err != nil || n.Status != payment.StatusPaid {
			t.Fatalf("return %d: %+v, %v", i, n, err)
		}
	}
	o, _ := e.fake.Order(id)
	if o.Captures != 1 || o.CaptureCalls != 3 {
		t.Errorf("captures %d of %d calls, want 1 of 3", o.Captures, o.CaptureCalls)
	}
}

func TestReturnAfterAnotherCapture(t *testing.T) {
	// Captured under another request id (a second tab on another daemon,
	// a capture in PayPal's dashboard): ORDER_ALREADY_CAPTURED, answered
	// by reading the order.
	e := newEnv(t)
	id := e.start(t, hash)
	e.fake.Approve(id)
	cfg := e.fake.Config()
	tr, err := http.NewRequest(http.MethodPost, cfg.BaseURL+"/v1/oauth2/token", strings.NewReader("grant_type=client_credentials"))
	if err != nil {
		t.Fatal(err)
	}
	tr.SetBasicAuth(cfg.ClientID, cfg.Secret)
	tr.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	var tok struct {
		AccessToken string `json:"access_token"`
	}
	resp, err := http.DefaultClient.Do(tr)
	if err != nil {
		t.Fatal(err)
	}
	json.NewDecoder(resp.Body).Decode(&tok)
	resp.Body.Close()
	cr, _ := http.NewRequest(http.MethodPost, cfg.BaseURL+"/v2/checkout/orders/"+id+"/capture", nil)
	cr.Header.Set("Authorization", "Bearer "+tok.AccessToken)
	cr.Header.Set("PayPal-Request-Id", "elsewhere")
	if resp, err = http.DefaultClient.Do(cr); err != nil || resp.StatusCode != http.StatusCreated {
		t.Fatalf("capture elsewhere: %v %v", resp.Status, err)
	}
	resp.Body.Close()

	n, err := e.p.Return(context.Background(), returnReq(hash, id))
	if err != nil || n.Status != payment.StatusPaid || n.Amount != 36400 {
		t.Fatalf("%+v, %v", n, err)
	}
	if o, _ := e.fake.Order(id); o.Captures != 1 || o.CaptureCalls != 2 {
		t.Errorf("captures %d of %d calls", o.Captures, o.CaptureCalls)
	}
}

func TestReturnForAnotherOrderRefused(t *testing.T) {
	e := newEnv(t)
	id := e.start(t, hash)
	e.fake.Approve(id)
	if _, err := e.p.Return(context.Background(), returnReq("someoneElsesHash", id)); err == nil {
		t.Fatal("a return naming another order was accepted")
	}
	for _, q := range []string{"?order=" + hash, "?token=" + id, "?order=" + hash + "&token=../../v1/x"} {
		r := returnReq(hash, id)
		r.URL, _ = url.Parse("/v1/payments/paypal/return" + q)
		if _, err := e.p.Return(context.Background(), r); err == nil {
			t.Errorf("%s accepted", q)
		}
	}
}

func TestReturnBeforeApprovalSaysNothing(t *testing.T) {
	e := newEnv(t)
	id := e.start(t, hash)
	n, err := e.p.Return(context.Background(), returnReq(hash, id))
	if err != nil || n.Status != "" {
		t.Fatalf("%+v, %v: want an empty status", n, err)
	}
	if o, _ := e.fake.Order(id); o.Captures != 0 {
		t.Fatal("captured without approval")
	}
}

func TestQuery(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	id := e.start(t, hash)
	check := func(want payment.Status) {
		t.Helper()
		n, err := e.p.Query(ctx, id)
		if err != nil || n.Status != want || n.OrderHash != hash || n.Reference != id || n.Amount != 36400 {
			t.Errorf("query: %+v, %v; want status %q", n, err, want)
		}
	}
	check("")
	e.fake.Approve(id)
	check(payment.StatusPending)
	if o, _ := e.fake.Order(id); o.CaptureCalls != 0 {
		t.Fatal("Query captured")
	}
	e.p.Return(ctx, returnReq(hash, id))
	check(payment.StatusPaid)
	for _, ref := range []string{"5O190127TN364715T", "../../x", ""} {
		if _, err := e.p.Query(ctx, ref); !errors.Is(err, payment.ErrUnknown) {
			t.Errorf("Query(%q) = %v, want ErrUnknown", ref, err)
		}
	}
}
