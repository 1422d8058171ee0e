package shipx_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"sabershop/internal/shipping"
	"sabershop/internal/shipping/shipx"
)

func TestUnavailable(t *testing.T) {
	tests := []struct {
		name string
		mode func(e *env)
	}{
		{"down", func(e *env) { e.f.Down(true) }},
		{"rate limited", func(e *env) { e.f.RateLimit(true) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t, time.Hour)
			tt.mode(e)
			calls := map[string]func() error{
				"Points": func() error {
					_, err := e.c.Points(ctx(t), shipping.PointQuery{Text: "30-363"})
					return err
				},
				"Point":    func() error { _, err := e.c.Point(ctx(t), "KRA01M"); return err },
				"Create":   func() error { _, err := e.c.Create(ctx(t), lockerReq()); return err },
				"Shipment": func() error { _, err := e.c.Shipment(ctx(t), "1"); return err },
				"Label":    func() error { _, err := e.c.Label(ctx(t), "1", shipping.LabelA6); return err },
				"Cancel":   func() error { return e.c.Cancel(ctx(t), "1") },
			}
			for name, call := range calls {
				if err := call(); !errors.Is(err, shipping.ErrUnavailable) {
					t.Errorf("%s: %v, want ErrUnavailable", name, err)
				}
			}
		})
	}
}

func TestFailNext(t *testing.T) {
	e := newEnv(t, time.Hour)
	e.f.FailNext(2)
	for i := range 2 {
		if _, err := e.c.Create(ctx(t), lockerReq()); !errors.Is(err, shipping.ErrUnavailable) {
			t.Fatalf("creation %d: %v, want ErrUnavailable", i, err)
		}
	}
	if _, err := e.c.Create(ctx(t), lockerReq()); err != nil {
		t.Fatalf("third creation: %v", err)
	}
}

// A slow ShipX is the caller's deadline, not an error of ShipX's.
func TestSlow(t *testing.T) {
	e := newEnv(t, time.Hour)
	e.f.Slow(time.Hour)
	c, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if _, err := e.c.Points(c, shipping.PointQuery{Text: "Kraków"}); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Points on a slow ShipX: %v, want the deadline", err)
	}
	e.f.Slow(0)
	if _, err := e.c.Points(ctx(t), shipping.PointQuery{Text: "Kraków"}); err != nil {
		t.Fatal(err)
	}
}

func TestNetworkError(t *testing.T) {
	c, err := shipx.New(shipx.Config{BaseURL: "http://127.0.0.1:1", Token: "t", OrganizationID: "1",
		WebhookSecret: "0123456789abcdef"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Point(ctx(t), "KRA01M"); !errors.Is(err, shipping.ErrUnavailable) {
		t.Fatalf("Point with nothing listening: %v, want ErrUnavailable", err)
	}
}

func TestAuthorization(t *testing.T) {
	e := newEnv(t, time.Hour)
	tests := []struct {
		name, token, org, wantErr string
	}{
		{"bad token", "wrong", e.f.OrganizationID, "token_invalid"},
		{"another organization", e.f.Token, "9999", "forbidden"},
		{"no such organization", e.f.Token, "acme", "resource_not_found"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := shipx.New(shipx.Config{BaseURL: shipx.SandboxURL, Token: tt.token, OrganizationID: tt.org,
				WebhookSecret: e.f.WebhookSecret, HTTP: e.f.Client()})
			if err != nil {
				t.Fatal(err)
			}
			_, err = c.Create(ctx(t), lockerReq())
			var inv *shipping.InvalidError
			if !errors.As(err, &inv) || len(inv.Message) < len(tt.wantErr) || inv.Message[:len(tt.wantErr)] != tt.wantErr {
				t.Fatalf("Create: %v, want InvalidError %s", err, tt.wantErr)
			}
			// Points are public: no token needed.
			if _, err := c.Points(ctx(t), shipping.PointQuery{Text: "Gdańsk"}); err != nil {
				t.Fatalf("Points: %v", err)
			}
		})
	}
}
