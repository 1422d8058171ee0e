package api_test

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"net/http"
	"strings"
	"testing"
	"time"

	"sabershop/internal/order"
	"sabershop/internal/payment/paypal/paypaltest"
)

// paypalStart starts a PayPal payment for hash and returns PayPal's order
// id, checking the answer and what the fake was told.
func (e *env) paypalStart(fake *paypaltest.Server, hash string, headers ...string) string {
	e.t.Helper()
	r := e.pay(hash, map[string]string{"method": "paypal"}, headers...)
	wantStatus(e.t, r, http.StatusOK)
	var a payAnswer
	r.Decode(e.t, &a)
	id := e.storedOrder(hash).Payment["reference"]
	if a.Status != "redirect" || !strings.HasPrefix(a.URL, fake.URL()+"/checkoutnow?token=") || !strings.HasSuffix(a.URL, id) {
		e.t.Fatalf("answer %+v, want a redirect to the approval link of %s", a, id)
	}
	po, ok := fake.Order(id)
	if !ok {
		e.t.Fatalf("the fake has no order %s", id)
	}
	if want := baseURL + "/v1/payments/paypal/return?order=" + hash; po.ReturnURL != want {
		e.t.Errorf("return URL %q, want %q", po.ReturnURL, want)
	}
	if po.CustomID != hash || po.Intent != "CAPTURE" {
		e.t.Errorf("fake's order %+v", po)
	}
	e.wantOrderStatus(hash, order.PaymentPending)
	return id
}

// paypalReturn approves id on the fake and brings the browser back; it
// wants the 303 to the order's status page.
func (e *env) paypalReturn(fake *paypaltest.Server, id, hash, locale string) {
	e.t.Helper()
	if err := fake.Approve(id); err != nil {
		e.t.Fatal(err)
	}
	u, ok := fake.ReturnURL(id)
	if !ok {
		e.t.Fatal("no return URL after approval")
	}
	r := e.getNoFollow(u)
	if loc, want := r.Header.Get("Location"), localeRoute(locale, "/status/"+hash); r.Status != http.StatusSeeOther || loc != want {
		e.t.Fatalf("return: %d to %q, want 303 to %q", r.Status, loc, want)
	}
}

func TestPayPalReturnCaptures(t *testing.T) {
	e, fake := newPayPalEnv(t)

	t.Run("completed", func(t *testing.T) {
		p := e.placeIn("de")
		id := e.paypalStart(fake, p.Hash)
		e.paypalReturn(fake, id, p.Hash, "de")
		o := e.wantOrderStatus(p.Hash, order.Paid)
		if got := o.Timeline[len(o.Timeline)-1].Cause; got != "paypal: paid" {
			t.Errorf("cause %q", got)
		}
		// The capture is what a refund names.
		if po, _ := fake.Order(id); len(o.Attempts) != 1 || o.Attempts[0].Capture != po.CaptureID || po.CaptureID == "" {
			t.Errorf("attempt %+v, PayPal's capture %q", o.Attempts, po.CaptureID)
		}
		e.wantOnePaymentMail(p.Hash)
		// A reload of the return URL: no second capture, no second e-mail.
		u, _ := fake.ReturnURL(id)
		for range 3 {
			wantStatus(t, e.getNoFollow(u), http.StatusSeeOther)
		}
		if po, _ := fake.Order(id); po.Captures != 1 {
			t.Errorf("%d captures", po.Captures)
		}
		o = e.wantOrderStatus(p.Hash, order.Paid)
		if transitionsTo(o, order.Paid) != 1 {
			t.Errorf("timeline %+v", o.Timeline)
		}
		if q, s := e.paymentMails(p.Hash); q != 0 || s != 1 {
			t.Errorf("after reloads: %d queued, %d sent", q, s)
		}
	})

	t.Run("pending", func(t *testing.T) {
		p := e.placeIn("en")
		id := e.paypalStart(fake, p.Hash)
		if err := fake.SetOutcome(id, paypaltest.Pending); err != nil {
			t.Fatal(err)
		}
		e.paypalReturn(fake, id, p.Hash, "en")
		o := e.wantOrderStatus(p.Hash, order.PaymentPending)
		if len(o.Timeline) != 2 {
			t.Errorf("timeline %+v", o.Timeline)
		}
		e.wantNoPaymentMail(p.Hash)
		// PayPal's PAYMENT.CAPTURE.COMPLETED later books it.
		ev, err := fake.CaptureEvent(id, "PAYMENT.CAPTURE.COMPLETED")
		if err != nil {
			t.Fatal(err)
		}
		if code, err := fake.SendWebhook(context.Background(), e.srv.URL+"/v1/webhooks/paypal", ev); err != nil || code != http.StatusOK {
			t.Fatalf("webhook: %d %v", code, err)
		}
		e.wantOrderStatus(p.Hash, order.Paid)
		e.wantOnePaymentMail(p.Hash)
	})

	t.Run("declined", func(t *testing.T) {
		p := e.placeIn("pl")
		id := e.paypalStart(fake, p.Hash)
		if err := fake.SetOutcome(id, paypaltest.Declined); err != nil {
			t.Fatal(err)
		}
		e.paypalReturn(fake, id, p.Hash, "pl")
		o := e.wantOrderStatus(p.Hash, order.Placed)
		if got := o.Timeline[len(o.Timeline)-1].Cause; got != "paypal: failed" {
			t.Errorf("cause %q", got)
		}
		e.wantNoPaymentMail(p.Hash)
		// The shopper can pay again (a new attempt, as the status page's
		// retry sends it, with its own idempotency key).
		id2 := e.paypalStart(fake, p.Hash, "Idempotency-Key", "retry-"+p.Hash)
		if id2 == id {
			t.Fatalf("the retry reused the declined PayPal order %s", id)
		}
		e.paypalReturn(fake, id2, p.Hash, "pl")
		e.wantOrderStatus(p.Hash, order.Paid)
		e.wantOnePaymentMail(p.Hash)
	})

	t.Run("return without approval", func(t *testing.T) {
		p := e.placeIn("en")
		id := e.paypalStart(fake, p.Hash)
		before := e.storedOrder(p.Hash)
		for _, q := range []string{
			"order=" + p.Hash + "&token=" + id,                   // not approved: capture refused
			"order=" + p.Hash + "&token=" + id + "&PayerID=FAKE", // made-up payer
			"order=" + p.Hash + "&token=MADEUP0000000000X&PayerID=FAKE",
			"order=" + p.Hash + "&token=../../v1/oauth2/token",
			"order=" + p.Hash,
		} {
			r := e.getNoFollow("/v1/payments/paypal/return?" + q)
			if r.Status != http.StatusSeeOther || r.Header.Get("Location") != "/status/"+p.Hash {
				t.Errorf("%s: %d to %q", q, r.Status, r.Header.Get("Location"))
			}
		}
		after := e.wantOrderStatus(p.Hash, order.PaymentPending)
		if len(after.Timeline) != len(before.Timeline) {
			t.Errorf("timeline changed: %+v", after.Timeline)
		}
		if po, _ := fake.Order(id); po.Captures != 0 {
			t.Errorf("%d captures", po.Captures)
		}
		e.wantNoPaymentMail(p.Hash)
	})

	t.Run("return link of another order", func(t *testing.T) {
		a := e.placeIn("en")
		b := e.placeIn("en")
		ida := e.paypalStart(fake, a.Hash)
		e.paypalStart(fake, b.Hash)
		if err := fake.Approve(ida); err != nil {
			t.Fatal(err)
		}
		// b's return link with a's approved PayPal order: a is captured
		// (PayPal says so), b is not made paid by it.
		r := e.getNoFollow("/v1/payments/paypal/return?order=" + b.Hash + "&token=" + ida)
		wantStatus(t, r, http.StatusSeeOther)
		e.wantOrderStatus(b.Hash, order.PaymentPending)
		e.wantNoPaymentMail(b.Hash)
	})
}

func TestPayPalWebhook(t *testing.T) {
	e, fake := newPayPalEnv(t)
	hook := e.srv.URL + "/v1/webhooks/paypal"
	ctx := context.Background()

	p := e.placeIn("en")
	id := e.paypalStart(fake, p.Hash)
	before := e.storedOrder(p.Hash)
	ev, err := fake.CaptureEvent(id, "PAYMENT.CAPTURE.COMPLETED")
	if err != nil {
		t.Fatal(err)
	}
	body, err := ev.Body()
	if err != nil {
		t.Fatal(err)
	}

	otherKey, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	other, err := paypaltest.NewServer(paypaltest.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()

	signer := func(edit func(*paypaltest.Signer)) paypaltest.Signer {
		sg := fake.Signer()
		edit(&sg)
		return sg
	}
	for name, sg := range map[string]paypaltest.Signer{
		"another key":        signer(func(s *paypaltest.Signer) { s.Key = otherKey }),
		"another CA":         other.Signer(),
		"another CA, our id": signer(func(s *paypaltest.Signer) { s.Key, s.CertURL = other.Signer().Key, other.Signer().CertURL }),
		"wrong webhook id":   signer(func(s *paypaltest.Signer) { s.WebhookID = "WRONG0000000000000000000" }),
		"stale time":         signer(func(s *paypaltest.Signer) { s.Now = func() time.Time { return time.Now().Add(-time.Hour) } }),
		"future time":        signer(func(s *paypaltest.Signer) { s.Now = func() time.Time { return time.Now().Add(time.Hour) } }),
		"cert URL elsewhere": signer(func(s *paypaltest.Signer) { s.CertURL = "https://evil.example/v1/notifications/certs/CERT" }),
	} {
		code, err := paypaltest.Post(ctx, hook, body, sg)
		if err != nil || code != http.StatusBadRequest {
			t.Errorf("%s: %d %v, want 400", name, code, err)
		}
	}
	// Tampered: signed, then the body changed.
	h, err := fake.Signer().Sign(body)
	if err != nil {
		t.Fatal(err)
	}
	tampered := []byte(strings.Replace(string(body), `"COMPLETED"`, `"COMPLETED" `, 1))
	if r := e.postRaw("/v1/webhooks/paypal", tampered, h); r.Status != http.StatusBadRequest {
		t.Errorf("tampered: %d", r.Status)
	}
	if r := e.postRaw("/v1/webhooks/paypal", body, http.Header{"Content-Type": {"application/json"}}); r.Status != http.StatusBadRequest {
		t.Errorf("unsigned: %d", r.Status)
	}
	after := e.wantOrderStatus(p.Hash, order.PaymentPending)
	if len(after.Timeline) != len(before.Timeline) {
		t.Errorf("timeline changed: %+v", after.Timeline)
	}
	e.wantNoPaymentMail(p.Hash)

	// The genuine one, twice.
	for range 2 {
		if code, err := fake.SendWebhook(ctx, hook, ev); err != nil || code != http.StatusOK {
			t.Fatalf("genuine: %d %v", code, err)
		}
	}
	o := e.wantOrderStatus(p.Hash, order.Paid)
	if transitionsTo(o, order.Paid) != 1 {
		t.Errorf("timeline %+v", o.Timeline)
	}
	e.wantOnePaymentMail(p.Hash)
}

// TestPayPalApprovedWebhookCaptures: the shopper approves and never comes
// back; CHECKOUT.ORDER.APPROVED captures, and the late return does not
// capture again.
func TestPayPalApprovedWebhookCaptures(t *testing.T) {
	e, fake := newPayPalEnv(t)
	p := e.placeIn("pl")
	id := e.paypalStart(fake, p.Hash)
	if err := fake.Approve(id); err != nil {
		t.Fatal(err)
	}
	ev, err := fake.OrderApprovedEvent(id)
	if err != nil {
		t.Fatal(err)
	}
	if code, err := fake.SendWebhook(context.Background(), e.srv.URL+"/v1/webhooks/paypal", ev); err != nil || code != http.StatusOK {
		t.Fatalf("webhook: %d %v", code, err)
	}
	e.wantOrderStatus(p.Hash, order.Paid)
	u, _ := fake.ReturnURL(id)
	wantStatus(t, e.getNoFollow(u), http.StatusSeeOther)
	if po, _ := fake.Order(id); po.Captures != 1 {
		t.Errorf("%d captures", po.Captures)
	}
	e.wantOnePaymentMail(p.Hash)
}

// TestPayPalOtherEventsAcknowledged: verified events that say nothing
// about the money (a refund, a dispute) are acknowledged with 2xx, so
// PayPal stops resending them, and change nothing.
func TestPayPalOtherEventsAcknowledged(t *testing.T) {
	e, fake := newPayPalEnv(t)
	hook := e.srv.URL + "/v1/webhooks/paypal"
	p := e.placeIn("en")
	id := e.paypalStart(fake, p.Hash)
	e.paypalReturn(fake, id, p.Hash, "en")
	e.wantOrderStatus(p.Hash, order.Paid)

	refund, err := fake.CaptureEvent(id, "PAYMENT.CAPTURE.REFUNDED")
	if err != nil {
		t.Fatal(err)
	}
	dispute := paypaltest.Event{ID: "WH-DISPUTE1", EventType: "CUSTOMER.DISPUTE.CREATED", ResourceType: "dispute",
		Resource: map[string]any{"dispute_id": "PP-D-1", "reason": "MERCHANDISE_OR_SERVICE_NOT_RECEIVED"}}
	for _, ev := range []paypaltest.Event{refund, dispute} {
		if code, err := fake.SendWebhook(context.Background(), hook, ev); err != nil || code != http.StatusOK {
			t.Errorf("%s: %d %v, want 200", ev.EventType, code, err)
		}
	}
	o := e.wantOrderStatus(p.Hash, order.Paid)
	if len(o.Timeline) != 3 {
		t.Errorf("timeline %+v", o.Timeline)
	}
	e.wantOnePaymentMail(p.Hash)
}

// TestPayPalRetryWithoutIdempotencyKey: after a declined capture the
// shopper pays with PayPal again, and the browser sends no
// Idempotency-Key.
//
// Without a key the adapter would derive PayPal-Request-Id from the order
// hash and amount, and PayPal would answer the retry with the finished
// attempt; the API therefore makes a fresh key per attempt.
func TestPayPalRetryWithoutIdempotencyKey(t *testing.T) {
	e, fake := newPayPalEnv(t)
	p := e.placeIn("pl")
	id := e.paypalStart(fake, p.Hash)
	if err := fake.SetOutcome(id, paypaltest.Declined); err != nil {
		t.Fatal(err)
	}
	e.paypalReturn(fake, id, p.Hash, "pl")
	e.wantOrderStatus(p.Hash, order.Placed)
	if id2 := e.paypalStart(fake, p.Hash); id2 == id {
		t.Fatalf("the retry reused the declined PayPal order %s", id)
	}
}
