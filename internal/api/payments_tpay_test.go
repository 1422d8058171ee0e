package api_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"

	"sabershop/internal/mail"
	"sabershop/internal/order"
	"sabershop/internal/payment/tpay/tpaytest"
)

// tpayCard is one of Tpay's sandbox test cards.
var tpayCard = tpaytest.TestCards[1]

// tpayRef is the Tpay transaction id Start kept on the order.
func (e *env) tpayRef(hash string) string {
	e.t.Helper()
	ref := e.storedOrder(hash).Payment["reference"]
	if ref == "" {
		e.t.Fatal("no tpay reference on the order")
	}
	return ref
}

// tpayNotify posts the fake's signed notification about the order's
// transaction with tr_status status and returns the answer.
func (e *env) tpayNotify(fake *tpaytest.Server, hash, status string) response {
	e.t.Helper()
	req, body, err := fake.NotificationRequest(context.Background(), e.srv.URL+"/v1/webhooks/tpay", e.tpayRef(hash), status)
	if err != nil {
		e.t.Fatal(err)
	}
	return e.postRaw("/v1/webhooks/tpay", body, req.Header)
}

func TestTpayCard(t *testing.T) {
	e, fake := newTpayEnv(t)
	key := e.shopKey()
	if key != fake.PublicKey() {
		t.Fatal("GET /v1/shop does not publish tpay's card key")
	}

	t.Run("accepted, then the notification", func(t *testing.T) {
		fake.SetCardOutcome(tpaytest.Accept)
		p := e.placeIn("pl")
		r := e.payCard(p.Hash, key, tpayCard)
		wantStatus(t, r, http.StatusOK)
		var a payAnswer
		r.Decode(t, &a)
		if a.Status != "pending" || a.Order.Status != order.PaymentPending {
			t.Fatalf("answer %+v", a)
		}
		tx, ok := fake.Transaction(e.tpayRef(p.Hash))
		if !ok || tx.CardLast4 != tpayCard[len(tpayCard)-4:] || tx.PayerName != "Anna Nowak" || tx.HiddenDescription != p.Hash {
			t.Fatalf("fake's transaction %+v", tx)
		}
		if tx.NotifyURL != baseURL+"/v1/webhooks/tpay" || tx.SuccessURL != baseURL+"/pl/status/"+p.Hash {
			t.Errorf("callbacks %q %q", tx.NotifyURL, tx.SuccessURL)
		}
		e.wantNoPaymentMail(p.Hash)

		// The fake's own delivery wants exactly "TRUE" back.
		if err := fake.Notify(context.Background(), e.srv.URL+"/v1/webhooks/tpay", e.tpayRef(p.Hash), "TRUE"); err != nil {
			t.Fatal(err)
		}
		o := e.wantOrderStatus(p.Hash, order.Paid)
		if got := o.Timeline[len(o.Timeline)-1].Cause; got != "tpay: paid" {
			t.Errorf("cause %q", got)
		}
		e.wantOnePaymentMail(p.Hash)
		// Tpay retries until it gets TRUE: a repeat gets TRUE, changes nothing.
		r = e.tpayNotify(fake, p.Hash, "TRUE")
		if r.Status != http.StatusOK || string(r.Body) != "TRUE" {
			t.Errorf("repeat: %d %q", r.Status, r.Body)
		}
		if q, s := e.paymentMails(p.Hash); q != 0 || s != 1 {
			t.Errorf("after the repeat: %d queued, %d sent", q, s)
		}
	})

	t.Run("3-D Secure", func(t *testing.T) {
		fake.SetCardOutcome(tpaytest.Challenge)
		p := e.placeIn("pl")
		a := e.payOK(p.Hash, map[string]string{"method": "card", "name": "Anna Nowak",
			"encrypted": encryptCard(t, key, tpayCard, testExpiry, testCVC, shopOrigin)})
		if a.Status != "3ds" || a.URL != fake.URL+"/3ds/"+e.tpayRef(p.Hash) {
			t.Fatalf("answer %+v", a)
		}
		e.wantOrderStatus(p.Hash, order.PaymentPending)
		// The shopper approves on the issuer's page and comes back.
		c := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		res, err := c.PostForm(a.URL, url.Values{"result": {"ok"}})
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if loc := res.Header.Get("Location"); res.StatusCode != http.StatusSeeOther || loc != baseURL+"/pl/status/"+p.Hash {
			t.Fatalf("issuer page: %d to %q", res.StatusCode, loc)
		}
		wantStatus(t, e.getNoFollow(res.Header.Get("Location")), http.StatusNotFound) // no site in these tests
		e.wantOrderStatus(p.Hash, order.PaymentPending)                               // the return alone changes nothing
		r := e.tpayNotify(fake, p.Hash, "TRUE")
		if r.Status != http.StatusOK || string(r.Body) != "TRUE" {
			t.Fatalf("webhook: %d %q", r.Status, r.Body)
		}
		e.wantOrderStatus(p.Hash, order.Paid)
		e.wantOnePaymentMail(p.Hash)
	})

	t.Run("declined", func(t *testing.T) {
		fake.SetCardOutcome(tpaytest.Decline)
		p := e.placeIn("pl")
		r := e.pay(p.Hash, map[string]string{"method": "card", "name": "Anna Nowak", "locale": "pl",
			"encrypted": encryptCard(t, key, tpayCard, testExpiry, testCVC, shopOrigin)})
		wantStatus(t, r, http.StatusPaymentRequired)
		if b := r.Err(t); b.Code != "payment_failed" || b.Message != "Coś poszło nie tak. Sprawdź dane swojej karty." {
			t.Errorf("%+v", b)
		}
		e.wantOrderStatus(p.Hash, order.Placed)
		// Not a test card: the fake answers 400, the shop says the same.
		fake.SetCardOutcome(tpaytest.Accept)
		r = e.payCard(p.Hash, key, "4111111111111111")
		wantStatus(t, r, http.StatusPaymentRequired)
		e.wantOrderStatus(p.Hash, order.Placed)
		e.wantNoPaymentMail(p.Hash)
	})
}

func TestTpayBank(t *testing.T) {
	e, fake := newTpayEnv(t)
	p := e.placeIn("pl")
	a := e.payOK(p.Hash, map[string]string{"method": "bank"})
	ref := e.tpayRef(p.Hash)
	if a.Status != "redirect" || a.URL != fake.URL+"/pay/"+ref {
		t.Fatalf("answer %+v, want the hosted page %s/pay/%s", a, fake.URL, ref)
	}
	e.wantOrderStatus(p.Hash, order.PaymentPending)
	r := e.tpayNotify(fake, p.Hash, "TRUE")
	if r.Status != http.StatusOK || string(r.Body) != "TRUE" {
		t.Fatalf("webhook: %d %q", r.Status, r.Body)
	}
	e.wantOrderStatus(p.Hash, order.Paid)
	e.wantOnePaymentMail(p.Hash)
}

// TestTpayCurrency: tpay takes PLN only; an EUR order is told so in its
// language.
func TestTpayCurrency(t *testing.T) {
	e, _ := newTpayEnv(t)
	p := e.placeIn("de")
	r := e.pay(p.Hash, map[string]string{"method": "bank", "locale": "de"})
	wantStatus(t, r, http.StatusUnprocessableEntity)
	if b := r.Err(t); b.Code != "payment_currency" || b.Message != "Diese Zahlungsart ist in dieser Währung nicht verfügbar. Bitte wähle eine andere." {
		t.Errorf("%+v", b)
	}
	r = e.payCard(p.Hash, e.shopKey(), tpayCard)
	wantStatus(t, r, http.StatusUnprocessableEntity)
	if b := r.Err(t); b.Code != "payment_currency" {
		t.Errorf("%+v", b)
	}
	e.wantOrderStatus(p.Hash, order.Placed)
}

// TestTpayNotificationRejected: forged, tampered, wrong md5sum, x5u
// outside the allow-list are 400; a validly signed notification for
// another amount is 422; none changes the order.
func TestTpayNotificationRejected(t *testing.T) {
	e, fake := newTpayEnv(t)
	other, err := tpaytest.NewServer(tpaytest.Options{}) // another CA and keys
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	p := e.placeIn("pl")
	e.payOK(p.Hash, map[string]string{"method": "bank"})
	ref := e.tpayRef(p.Hash)
	before := e.storedOrder(p.Hash)

	body, err := fake.NotificationBody(ref, "TRUE")
	if err != nil {
		t.Fatal(err)
	}
	form, _ := url.ParseQuery(string(body))
	falseBody, _ := fake.NotificationBody(ref, "FALSE")
	withField := func(k, v string, fixMD5 bool) []byte {
		f, _ := url.ParseQuery(string(body))
		f.Set(k, v)
		if fixMD5 {
			f.Set("md5sum", tpaytest.MD5Sum(f.Get("id"), f.Get("tr_id"), f.Get("tr_amount"), f.Get("tr_crc"), fake.SecurityCode()))
		}
		return []byte(f.Encode())
	}
	cheap := withField("tr_amount", "1.00", true)
	cheapPaid := func() []byte { // tr_paid below tr_amount: an underpayment let through
		f, _ := url.ParseQuery(string(body))
		f.Set("tr_paid", "1.00")
		return []byte(f.Encode())
	}()
	badMD5 := withField("md5sum", strings.Repeat("0", 32), false)
	otherCRC := withField("tr_crc", "notthisorder", false)

	cases := []struct {
		name string
		body []byte
		jws  string
		want int
	}{
		{"no signature", body, "", http.StatusBadRequest},
		{"garbage signature", body, "not.a.jws", http.StatusBadRequest},
		{"signed by another key", body, other.SignJWSAs(body, fake.CertURL()), http.StatusBadRequest},
		{"another CA's certificate", body, other.SignJWS(body), http.StatusBadRequest},
		{"JWS for another body", body, fake.SignJWS([]byte("id=1010&tr_id=TR-OTHER&tr_status=TRUE")), http.StatusBadRequest},
		{"tampered: FALSE turned TRUE", body, fake.SignJWS(falseBody), http.StatusBadRequest},
		{"tampered: amount", withField("tr_amount", form.Get("tr_amount")+"0", false), fake.SignJWS(body), http.StatusBadRequest},
		{"wrong md5sum", badMD5, fake.SignJWS(badMD5), http.StatusBadRequest},
		{"md5sum over another crc", otherCRC, fake.SignJWS(otherCRC), http.StatusBadRequest},
		{"x5u outside the allow-list", body, fake.SignJWSAs(body, "https://evil.example/x509/notifications-jws.pem"), http.StatusBadRequest},
		{"x5u on a look-alike host", body, fake.SignJWSAs(body, fake.URL+".evil.example/x509/notifications-jws.pem"), http.StatusBadRequest},
		{"x5u outside the prefix path", body, fake.SignJWSAs(body, fake.URL+"/pay/notifications-jws.pem"), http.StatusBadRequest},
		{"wrong amount, validly signed", cheap, fake.SignJWS(cheap), http.StatusUnprocessableEntity},
		{"underpaid, validly signed", cheapPaid, fake.SignJWS(cheapPaid), http.StatusUnprocessableEntity},
	}
	for _, c := range cases {
		h := http.Header{"Content-Type": {"application/x-www-form-urlencoded"}}
		if c.jws != "" {
			h.Set("X-JWS-Signature", c.jws)
		}
		r := e.postRaw("/v1/webhooks/tpay", c.body, h)
		if r.Status != c.want {
			t.Errorf("%s: %d, want %d: %s", c.name, r.Status, c.want, r.Body)
		}
		if string(r.Body) == "TRUE" {
			t.Errorf("%s: answered TRUE", c.name)
		}
	}
	after := e.wantOrderStatus(p.Hash, order.PaymentPending)
	if len(after.Timeline) != len(before.Timeline) {
		t.Errorf("timeline changed: %+v", after.Timeline)
	}
	e.wantNoPaymentMail(p.Hash)

	// The genuine notification still works afterwards.
	r := e.postRaw("/v1/webhooks/tpay", body, http.Header{"X-JWS-Signature": {fake.SignJWS(body)}})
	if r.Status != http.StatusOK || string(r.Body) != "TRUE" {
		t.Fatalf("genuine: %d %q", r.Status, r.Body)
	}
	e.wantOrderStatus(p.Hash, order.Paid)
	e.wantOnePaymentMail(p.Hash)
}

// TestTpayFailedNotification: Tpay's FALSE about the transaction in force
// puts the order back to placed, so the shopper can pay again. Start keeps
// Tpay's transactionId ("ta_…") as the reference and the title ("TR-…",
// which notifications carry as tr_id) as the notification reference.
func TestTpayFailedNotification(t *testing.T) {
	e, fake := newTpayEnv(t)
	p := e.placeIn("pl")
	e.payOK(p.Hash, map[string]string{"method": "bank"})
	r := e.tpayNotify(fake, p.Hash, "FALSE")
	if r.Status != http.StatusOK || string(r.Body) != "TRUE" {
		t.Fatalf("webhook: %d %q", r.Status, r.Body)
	}
	e.wantOrderStatus(p.Hash, order.Placed)
	e.wantNoPaymentMail(p.Hash)
	e.wantMails(p.Hash, mail.KindOwnerPaymentFailed, 1) // the owner is told
	// The same notification again tells nobody twice.
	if r := e.tpayNotify(fake, p.Hash, "FALSE"); r.Status != http.StatusOK {
		t.Fatalf("repeated webhook: %d %q", r.Status, r.Body)
	}
	e.wantMails(p.Hash, mail.KindOwnerPaymentFailed, 1)
	contains(t, "log", e.logs.String(), "payment failed")
}

// TestTpayReplays: the very same signed TRUE notification 100 times at
// once: one transition, one e-mail, and TRUE to every delivery.
func TestTpayReplays(t *testing.T) {
	e, fake := newTpayEnv(t)
	p := e.placeIn("pl")
	e.payOK(p.Hash, map[string]string{"method": "bank"})
	req, body, err := fake.NotificationRequest(context.Background(), e.srv.URL+"/v1/webhooks/tpay", e.tpayRef(p.Hash), "TRUE")
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for range 100 {
		wg.Go(func() {
			r := e.postRaw("/v1/webhooks/tpay", body, req.Header)
			if r.Status != http.StatusOK || string(r.Body) != "TRUE" {
				t.Errorf("replay: %d %q", r.Status, r.Body)
			}
		})
	}
	wg.Wait()
	o := e.wantOrderStatus(p.Hash, order.Paid)
	if n := transitionsTo(o, order.Paid); n != 1 || len(o.Timeline) != 3 {
		t.Errorf("timeline %+v", o.Timeline)
	}
	e.wantOnePaymentMail(p.Hash)
}
