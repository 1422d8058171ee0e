package shipx_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"sabershop/internal/shipping"
	"sabershop/internal/shipping/shipx"
	"sabershop/internal/shipping/shipxfake"
	"sabershop/internal/testutil"
)

// env is a client against a fake, with the shop's webhook endpoint
// listening: every update the client accepted comes out of updates,
// every webhook it refused out of refused.
type env struct {
	f       *shipxfake.Fake
	c       *shipx.Client
	updates chan shipping.Update
	refused chan error
}

func newEnv(t *testing.T, processDelay time.Duration) *env {
	t.Helper()
	f := shipxfake.New()
	f.ProcessDelay = processDelay
	e := &env{f: f, updates: make(chan shipping.Update, 64), refused: make(chan error, 64)}
	c, err := shipx.New(shipx.Config{
		BaseURL: shipx.SandboxURL, Token: f.Token, OrganizationID: f.OrganizationID,
		WebhookSecret: f.WebhookSecret, HTTP: f.Client(),
	})
	if err != nil {
		t.Fatal(err)
	}
	e.c = c
	hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		u, err := c.Webhook(r, body)
		if err != nil {
			e.refused <- err
			http.Error(w, err.Error(), http.StatusUnauthorized)
			return
		}
		e.updates <- u
	}))
	t.Cleanup(hook.Close)
	f.SetWebhookURL(hook.URL)
	return e
}

// next is the next accepted update, or a failure near the test's
// deadline (a loaded machine may take its time).
func (e *env) next(t *testing.T) shipping.Update {
	t.Helper()
	select {
	case u := <-e.updates:
		return u
	case err := <-e.refused:
		t.Fatalf("webhook refused: %v", err)
	case <-testutil.UntilDeadline(t):
		t.Fatal("no webhook before the test's deadline")
	}
	return shipping.Update{}
}

// confirmed waits for the shipment's confirmation webhook.
func (e *env) confirmed(t *testing.T, id string) shipping.Update {
	t.Helper()
	u := e.next(t)
	if u.ShipmentID != id || u.Status != shipping.StatusConfirmed || len(u.Tracking) != 24 {
		t.Fatalf("confirmation = %+v, want %s confirmed with a 24-digit number", u, id)
	}
	return u
}

func ctx(t *testing.T) context.Context {
	c, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	t.Cleanup(cancel)
	return c
}

func shop() shipping.Party {
	return shipping.Party{
		FirstName: "Jan", LastName: "Kowalski", Company: "Warsztat Mieczy",
		Email: "sklep@example.pl", Phone: "+48 601 234 567",
		Street: "ul. Ceglarska 4/2", Zip: "30-362", City: "Kraków", Country: "PL",
	}
}

func receiver() shipping.Party {
	return shipping.Party{
		FirstName: "Zofia", LastName: "Łęcka", Email: "zofia@example.com", Phone: "600-100-200",
		Street: "ul. Długa 5/3", Zip: "31146", City: "Kraków", Country: "PL",
	}
}

func lockerReq() shipping.ShipmentRequest {
	return shipping.ShipmentRequest{
		Reference: "order 42", Method: shipping.Locker, Point: "KRA01M",
		Receiver: receiver(), Sender: shop(), Parcel: shipping.Parcel{Size: shipping.SizeMedium},
	}
}

func courierReq() shipping.ShipmentRequest {
	return shipping.ShipmentRequest{
		Reference: "order 43", Method: shipping.Courier,
		Receiver: receiver(), Sender: shop(),
		Parcel: shipping.Parcel{LengthMM: 1200, WidthMM: 200, HeightMM: 120, WeightG: 2300},
	}
}

func mustContain(t *testing.T, what, text string, subs ...string) {
	t.Helper()
	for _, s := range subs {
		if !strings.Contains(text, s) {
			t.Errorf("%s lacks %q:\n%s", what, s, text)
		}
	}
}

// waitFor waits for cond until the test's deadline (a loaded machine
// may take its time).
func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	testutil.Eventually(t, "the condition", func() error {
		if !cond() {
			return errors.New("not yet")
		}
		return nil
	})
}
