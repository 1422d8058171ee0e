package shipx_test

import (
	"errors"
	"net/http"
	"testing"
	"time"

	"sabershop/internal/shipping"
	"sabershop/internal/shipping/shipx"
)

func TestWebhookVerification(t *testing.T) {
	e := newEnv(t, 0)
	s, err := e.c.Create(ctx(t), lockerReq())
	if err != nil {
		t.Fatal(err)
	}
	e.confirmed(t, s.ID)
	now := time.Now()
	tests := []struct {
		name   string
		req    func() (*http.Request, []byte)
		forged bool
	}{
		{"genuine", func() (*http.Request, []byte) { return e.f.Webhook(s.ID, "confirmed", now, e.f.WebhookSecret) }, false},
		{"forged", func() (*http.Request, []byte) { return e.f.ForgedWebhook(s.ID, "delivered") }, true},
		{"unsigned", func() (*http.Request, []byte) {
			r, b := e.f.Webhook(s.ID, "delivered", now, e.f.WebhookSecret)
			r.Header.Del(shipx.SignatureHeader)
			return r, b
		}, true},
		{"unsigned with the shop's key", func() (*http.Request, []byte) {
			r, b := e.f.Webhook(s.ID, "delivered", now, e.f.WebhookSecret)
			r.Header.Del(shipx.SignatureHeader)
			r.Header.Del(shipx.TimestampHeader)
			r.URL.RawQuery = shipx.WebhookKeyParam + "=" + e.f.WebhookSecret
			return r, b // InPost's own kind: "delivered" is a hint, the API says confirmed
		}, false},
		{"unsigned with a wrong key", func() (*http.Request, []byte) {
			r, b := e.f.Webhook(s.ID, "delivered", now, e.f.WebhookSecret)
			r.Header.Del(shipx.SignatureHeader)
			r.Header.Del(shipx.TimestampHeader)
			r.URL.RawQuery = shipx.WebhookKeyParam + "=guess"
			return r, b
		}, true},
		{"no timestamp", func() (*http.Request, []byte) {
			r, b := e.f.Webhook(s.ID, "delivered", now, e.f.WebhookSecret)
			r.Header.Del(shipx.TimestampHeader)
			return r, b
		}, true},
		{"stale", func() (*http.Request, []byte) {
			return e.f.Webhook(s.ID, "delivered", now.Add(-10*time.Minute), e.f.WebhookSecret)
		}, true},
		{"from the future", func() (*http.Request, []byte) {
			return e.f.Webhook(s.ID, "delivered", now.Add(10*time.Minute), e.f.WebhookSecret)
		}, true},
		{"body changed", func() (*http.Request, []byte) {
			r, _ := e.f.Webhook(s.ID, "confirmed", now, e.f.WebhookSecret)
			_, other := e.f.Webhook(s.ID, "delivered", now, e.f.WebhookSecret)
			return r, other
		}, true},
		{"timestamp moved", func() (*http.Request, []byte) {
			r, b := e.f.Webhook(s.ID, "confirmed", now, e.f.WebhookSecret)
			r.Header.Set(shipx.TimestampHeader, "1")
			return r, b
		}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, body := tt.req()
			u, err := e.c.Webhook(r, body)
			if tt.forged {
				if !errors.Is(err, shipping.ErrForged) {
					t.Fatalf("Webhook: %+v, %v; want ErrForged", u, err)
				}
				return
			}
			if err != nil || u.ShipmentID != s.ID || u.Status != shipping.StatusConfirmed {
				t.Fatalf("Webhook = %+v, %v", u, err)
			}
		})
	}
}

// The body is a hint: a genuine webhook that says "delivered" of a
// parcel the API has as confirmed reports it confirmed.
func TestWebhookBodyIsAHint(t *testing.T) {
	e := newEnv(t, 0)
	s, err := e.c.Create(ctx(t), lockerReq())
	if err != nil {
		t.Fatal(err)
	}
	e.confirmed(t, s.ID)
	r, body := e.f.Webhook(s.ID, "delivered", time.Now(), e.f.WebhookSecret)
	u, err := e.c.Webhook(r, body)
	if err != nil || u.Status != shipping.StatusConfirmed || u.Carrier != "confirmed" {
		t.Fatalf("Webhook = %+v, %v; want the API's confirmed", u, err)
	}
	// With ShipX down the signed body stands.
	e.f.Down(true)
	r, body = e.f.Webhook(s.ID, "delivered", time.Now(), e.f.WebhookSecret)
	if u, err := e.c.Webhook(r, body); err != nil || u.Status != shipping.StatusDelivered {
		t.Fatalf("Webhook with ShipX down = %+v, %v; want the body's delivered", u, err)
	}
}

// A webhook delivered twice is the same update twice.
func TestReplayedWebhooks(t *testing.T) {
	e := newEnv(t, 0)
	e.f.ReplayWebhooks(true)
	s, err := e.c.Create(ctx(t), lockerReq())
	if err != nil {
		t.Fatal(err)
	}
	a, b := e.confirmed(t, s.ID), e.confirmed(t, s.ID)
	if a != b {
		t.Fatalf("replayed confirmation %+v, first %+v", b, a)
	}
	if _, err := e.f.Advance(s.ID); err != nil {
		t.Fatal(err)
	}
	if a, b := e.next(t), e.next(t); a != b || a.Status != shipping.StatusCollected {
		t.Fatalf("replayed updates %+v and %+v", a, b)
	}
	// The fake counts a delivery once the shop has answered it, after
	// the update came out.
	waitFor(t, func() bool { return e.f.WebhooksSent() == 4 })
}
