package paypal_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"errors"
	"math/big"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"sabershop/internal/payment"
	"sabershop/internal/payment/paypal"
	"sabershop/internal/payment/paypal/paypaltest"
)

func TestWebhookVerified(t *testing.T) {
	e := newEnv(t)
	id := e.start(t, hash)
	for evType, want := range map[string]payment.Status{
		"PAYMENT.CAPTURE.COMPLETED": payment.StatusPaid,
		"PAYMENT.CAPTURE.PENDING":   payment.StatusPending,
		"PAYMENT.CAPTURE.DENIED":    payment.StatusFailed,
		"PAYMENT.CAPTURE.REFUNDED":  "", // not the payment flow's business
	} {
		ev, err := e.fake.CaptureEvent(id, evType)
		n, ack, err := e.webhook(t, body(t, ev, err), e.fake.Signer())
		if err != nil {
			t.Fatalf("%s: %v", evType, err)
		}
		if ack != (payment.Ack{Status: 200, ContentType: "application/json", Body: "{}"}) {
			t.Errorf("ack %+v", ack)
		}
		if n.Status != want || n.EventID != ev.ID || n.Provider != "paypal" {
			t.Errorf("%s: %+v", evType, n)
		}
		if want != "" && (n.OrderHash != hash || n.Reference != id || n.Amount != 36400 || n.Currency != "EUR") {
			t.Errorf("%s: %+v", evType, n)
		}
	}
	if n := e.certFetch.Load(); n != 1 {
		t.Errorf("certificate fetched %d times, want 1 (cached)", n)
	}
}

func TestWebhookOverHTTP(t *testing.T) {
	// SendWebhook as the API's tests use it, through a real handler.
	e := newEnv(t)
	id := e.start(t, hash)
	got := make(chan payment.Notification, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var buf bytes.Buffer
		buf.ReadFrom(r.Body)
		n, ack, err := e.p.Notification(r.Context(), r, buf.Bytes())
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		got <- n
		w.Header().Set("Content-Type", ack.ContentType)
		w.WriteHeader(ack.Status)
		w.Write([]byte(ack.Body))
	}))
	defer srv.Close()
	ev, err := e.fake.CaptureEvent(id, "PAYMENT.CAPTURE.COMPLETED")
	if err != nil {
		t.Fatal(err)
	}
	status, err := e.fake.SendWebhook(context.Background(), srv.URL, ev)
	if err != nil || status != http.StatusOK {
		t.Fatalf("status %d, %v", status, err)
	}
	if n := <-got; n.Status != payment.StatusPaid || n.OrderHash != hash {
		t.Errorf("%+v", n)
	}
}

func TestOrderApprovedWebhookCaptures(t *testing.T) {
	// The shopper approves and closes the tab: the webhook captures, and a
	// late return finds the same single capture.
	e := newEnv(t)
	id := e.start(t, hash)
	e.fake.Approve(id)
	ev, err := e.fake.OrderApprovedEvent(id)
	n, _, err := e.webhook(t, body(t, ev, err), e.fake.Signer())
	if err != nil || n.Status != payment.StatusPaid || n.OrderHash != hash || n.EventID != ev.ID {
		t.Fatalf("%+v, %v", n, err)
	}
	if n, err := e.p.Return(context.Background(), returnReq(hash, id)); err != nil || n.Status != payment.StatusPaid {
		t.Fatalf("return: %+v, %v", n, err)
	}
	if o, _ := e.fake.Order(id); o.Captures != 1 {
		t.Errorf("%d captures", o.Captures)
	}
}

func TestWebhookForgeries(t *testing.T) {
	e := newEnv(t)
	id := e.start(t, hash)
	ev, err := e.fake.CaptureEvent(id, "PAYMENT.CAPTURE.COMPLETED")
	good := body(t, ev, err)
	genuine := e.fake.Signer()

	otherKey, _ := rsa.GenerateKey(rand.Reader, 2048)
	selfKey, selfPEM := selfSigned(t)
	expiredKey, expiredPEM, err := e.fake.IssueCert(time.Now().Add(-48*time.Hour), time.Now().Add(-time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	with := func(f func(*paypaltest.Signer)) paypaltest.Signer {
		s := genuine
		f(&s)
		return s
	}
	cases := map[string]struct {
		signer paypaltest.Signer
		tamper func(h http.Header, b []byte) []byte
	}{
		"other key":       {signer: with(func(s *paypaltest.Signer) { s.Key = otherKey })},
		"wrong webhook":   {signer: with(func(s *paypaltest.Signer) { s.WebhookID = "OTHERWEBHOOK1" })},
		"stale time":      {signer: with(func(s *paypaltest.Signer) { s.Now = func() time.Time { return time.Now().Add(-11 * time.Minute) } })},
		"future time":     {signer: with(func(s *paypaltest.Signer) { s.Now = func() time.Time { return time.Now().Add(11 * time.Minute) } })},
		"foreign cert":    {signer: with(func(s *paypaltest.Signer) { s.CertURL = "https://evil.example/v1/notifications/certs/CERT-1" })},
		"prefix trick":    {signer: with(func(s *paypaltest.Signer) { s.CertURL = e.fake.URL() + "@evil.example/v1/notifications/certs/x" })},
		"untrusted chain": {signer: with(func(s *paypaltest.Signer) { s.Key, s.CertURL = selfKey, e.fake.ServeCert("CERT-self", selfPEM) })},
		"expired cert":    {signer: with(func(s *paypaltest.Signer) { s.Key, s.CertURL = expiredKey, e.fake.ServeCert("CERT-old", expiredPEM) })},
		"no cert there":   {signer: with(func(s *paypaltest.Signer) { s.CertURL = e.fake.CertURLPrefix() + "CERT-none" })},
		"tampered body": {signer: genuine, tamper: func(_ http.Header, b []byte) []byte {
			return bytes.Replace(b, []byte(`"364.00"`), []byte(`"964.00"`), 1)
		}},
		"other algorithm": {signer: genuine, tamper: func(h http.Header, b []byte) []byte {
			h.Set("PAYPAL-AUTH-ALGO", "SHA1withRSA")
			return b
		}},
		"no signature": {signer: genuine, tamper: func(h http.Header, b []byte) []byte {
			h.Del("PAYPAL-TRANSMISSION-SIG")
			return b
		}},
		"id swapped": {signer: genuine, tamper: func(h http.Header, b []byte) []byte {
			h.Set("PAYPAL-TRANSMISSION-ID", "00000000-0000-0000-0000-000000000000")
			return b
		}},
	}
	for name, c := range cases {
		h, err := c.signer.Sign(good)
		if err != nil {
			t.Fatal(err)
		}
		b := good
		if c.tamper != nil {
			b = c.tamper(h, append([]byte(nil), good...))
		}
		r := httptest.NewRequest(http.MethodPost, "/v1/webhooks/paypal", bytes.NewReader(b))
		r.Header = h
		_, _, err = e.p.Notification(context.Background(), r, b)
		if !errors.Is(err, payment.ErrForged) {
			t.Errorf("%s: %v, want ErrForged", name, err)
		}
		t.Logf("%s: %v", name, err)
	}
	// The genuine one still passes after all that.
	if _, _, err := e.webhook(t, good, genuine); err != nil {
		t.Fatal(err)
	}
}

func TestSignedMessage(t *testing.T) {
	// crc32 IEEE of "hello" is 907060870 (0x3610a686), unsigned decimal.
	got := paypal.SignedMessage("tid", "2016-09-21T22:00:46Z", "WH1", []byte("hello"))
	if want := "tid|2016-09-21T22:00:46Z|WH1|907060870"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
}

func selfSigned(t *testing.T) (*rsa.PrivateKey, []byte) {
	t.Helper()
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(7), Subject: pkix.Name{CommonName: "messageverificationcerts.paypal.com"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	return key, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})
}
