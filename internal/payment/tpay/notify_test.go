package tpay_test

import (
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"sabershop/internal/payment"
	"sabershop/internal/payment/tpay"
	"sabershop/internal/payment/tpay/tpaytest"
)

// webhook serves the provider's Notification like the API does and
// returns its URL.
func webhook(t *testing.T, e *env) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		_, ack, err := e.p.Notification(r.Context(), r, body)
		if err != nil {
			http.Error(w, "FALSE", http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Type", ack.ContentType)
		w.WriteHeader(ack.Status)
		_, _ = io.WriteString(w, ack.Body)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// deliver calls Notification with body and the given signature header.
func deliver(e *env, body []byte, jws string) (payment.Notification, payment.Ack, error) {
	r := httptest.NewRequest(http.MethodPost, "/v1/webhooks/tpay", strings.NewReader(string(body)))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if jws != "" {
		r.Header.Set("X-JWS-Signature", jws)
	}
	return e.p.Notification(bg, r, body)
}

func started(t *testing.T, e *env, amount int64) string {
	t.Helper()
	res, err := e.p.Start(bg, bankReq(amount))
	if err != nil {
		t.Fatal(err)
	}
	return res.Reference
}

func TestNotificationValid(t *testing.T) {
	e := newEnv(t, tpaytest.Options{})
	ref := started(t, e, 166800)
	tx, _ := e.fake.Transaction(ref)
	body, err := e.fake.NotificationBody(ref, "TRUE")
	if err != nil {
		t.Fatal(err)
	}
	n, ack, err := deliver(e, body, e.fake.SignJWS(body))
	if err != nil {
		t.Fatal(err)
	}
	if ack != (payment.Ack{Status: 200, ContentType: "text/plain", Body: "TRUE"}) {
		t.Fatalf("ack = %+v", ack)
	}
	form, _ := url.ParseQuery(string(body))
	want := payment.Notification{
		Provider: "tpay", EventID: tx.Title + ":TRUE:" + form.Get("tr_date"), OrderHash: hash,
		Reference: tx.Title, Status: payment.StatusPaid, Amount: 166800, Currency: "PLN",
	}
	if n != want {
		t.Fatalf("notification\n got %+v\nwant %+v", n, want)
	}
	// The certificate is cached: a second one verifies too.
	if _, _, err := deliver(e, body, e.fake.SignJWS(body)); err != nil {
		t.Fatal(err)
	}
}

func TestNotificationOverTheWire(t *testing.T) {
	e := newEnv(t, tpaytest.Options{})
	ref := started(t, e, 36400)
	if err := e.fake.Notify(bg, webhook(t, e), ref, "TRUE"); err != nil {
		t.Fatal(err)
	}
}

func TestAutoNotifyAfterHostedPayment(t *testing.T) {
	e := newEnv(t, tpaytest.Options{AutoNotify: true})
	got := make(chan payment.Notification, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		n, ack, err := e.p.Notification(r.Context(), r, body)
		if err != nil {
			http.Error(w, "FALSE", http.StatusBadRequest)
			return
		}
		got <- n
		_, _ = io.WriteString(w, ack.Body)
	}))
	defer srv.Close()
	req := bankReq(36400)
	req.NotifyURL = srv.URL
	res, err := e.p.Start(bg, req)
	if err != nil {
		t.Fatal(err)
	}
	c := e.fake.Client()
	c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	resp, err := c.PostForm(res.URL, url.Values{"result": {"ok"}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	e.fake.Close() // waits for the background notification
	if n := <-got; n.Status != payment.StatusPaid || n.OrderHash != hash {
		t.Fatalf("notification = %+v", n)
	}
	if errs := e.fake.NotifyErrors(); len(errs) > 0 {
		t.Fatal(errs)
	}
}

func TestNotificationStatuses(t *testing.T) {
	e := newEnv(t, tpaytest.Options{})
	ref := started(t, e, 36400)
	for status, want := range map[string]payment.Status{
		"TRUE": payment.StatusPaid, "PAID": payment.StatusPaid,
		"FALSE": payment.StatusFailed, "CHARGEBACK": payment.StatusFailed,
	} {
		body, _ := e.fake.NotificationBody(ref, status)
		n, ack, err := deliver(e, body, e.fake.SignJWS(body))
		if err != nil || n.Status != want || ack.Body != "TRUE" {
			t.Errorf("%s: %+v %+v %v, want %s", status, n, ack, err, want)
		}
	}
}

func TestNotificationRejected(t *testing.T) {
	e := newEnv(t, tpaytest.Options{})
	other := newEnv(t, tpaytest.Options{SecurityCode: e.fake.SecurityCode()})
	ref := started(t, e, 36400)
	body, _ := e.fake.NotificationBody(ref, "TRUE")
	good := e.fake.SignJWS(body)

	tampered := []byte(strings.Replace(string(body), "tr_amount=364.00", "tr_amount=1.00", 1))
	form, _ := url.ParseQuery(string(body))
	form.Set("md5sum", "0123456789abcdef0123456789abcdef")
	badMD5 := []byte(form.Encode())

	// A provider that allow-lists the other fake's URLs but trusts only
	// e's root: the other certificate does not chain.
	cfg := e.fake.Config()
	cfg.CertURLPrefixes = append(cfg.CertURLPrefixes, other.fake.URL+"/x509/")
	wide, err := tpay.New(cfg)
	if err != nil {
		t.Fatal(err)
	}

	tests := []struct {
		name string
		p    *tpay.Provider
		body []byte
		jws  string
	}{
		{"missing header", e.p, body, ""},
		{"garbage header", e.p, body, "not-a-jws"},
		{"signed by another key", e.p, body, other.fake.SignJWSAs(body, e.fake.CertURL())},
		{"tampered body", e.p, tampered, good},
		{"md5sum wrong (validly signed)", e.p, badMD5, e.fake.SignJWS(badMD5)},
		{"certificate not chaining to the root", wide, body, other.fake.SignJWS(body)},
		{"x5u outside the allow-list", e.p, body, e.fake.SignJWSAs(body, "https://evil.example/x509/notifications-jws.pem")},
		{"x5u host-prefix trick", e.p, body, e.fake.SignJWSAs(body, e.fake.URL+".evil.example/x509/notifications-jws.pem")},
		{"attached payload differs", e.p, body, strings.Replace(good, "..", ".eA.", 1)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest(http.MethodPost, "/v1/webhooks/tpay", strings.NewReader(string(tt.body)))
			if tt.jws != "" {
				r.Header.Set("X-JWS-Signature", tt.jws)
			}
			n, ack, err := tt.p.Notification(bg, r, tt.body)
			if !errors.Is(err, payment.ErrForged) {
				t.Fatalf("err = %v, want ErrForged", err)
			}
			t.Log(err)
			if ack.Body == "TRUE" || n.Status != "" {
				t.Fatalf("rejected notification answered %+v / %+v", ack, n)
			}
		})
	}
}
