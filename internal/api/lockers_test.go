package api_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"sabershop/internal/order"
	"sabershop/internal/order/ordertest"
	"sabershop/internal/orders"
	"sabershop/internal/payment/sandbox"
	"sabershop/internal/shipping"
	"sabershop/internal/shipping/pointcache"
	"sabershop/internal/shipping/shipx"
	"sabershop/internal/shipping/shipxfake"
	"sabershop/internal/store"
	"sabershop/internal/testutil"
)

// withShipX connects the order service to a local ShipX, as make run does.
func withShipX(t *testing.T, f *shipxfake.Fake) func(*config) {
	return func(c *config) {
		client, err := shipx.New(shipx.Config{BaseURL: "http://shipx.test", Token: f.Token, OrganizationID: f.OrganizationID,
			WebhookSecret: f.WebhookSecret, HTTP: f.Client()})
		if err != nil {
			t.Fatal(err)
		}
		c.ordersConfig.Carriers = map[string]shipping.Carrier{"inpost": pointcache.New(client)}
	}
}

// newLockerEnv is the API with the sandbox's payments and a local ShipX
// whose webhooks come to the API's address.
func newLockerEnv(t *testing.T) (*env, *shipxfake.Fake) {
	t.Helper()
	f := shipxfake.New()
	f.ProcessDelay = 20 * time.Millisecond
	e, _ := newSandboxEnvStore(t, store.Options{}, 20*time.Millisecond, withShipX(t, f))
	f.SetWebhookURL(e.srv.URL + "/v1/carriers/inpost/webhook")
	return e, f
}

// lockerRequest is a Polish order of a plug (it fits a locker) to code.
func (e *env) lockerRequest(code string) order.Request {
	req := ordertest.Request("pl")
	req.Items = []order.ItemRequest{{Product: "plug", Quantity: 1}}
	req.Delivery = order.DeliveryRequest{Method: shipping.Locker, Point: code}
	return e.priced(req)
}

// The shopper finds lockers by postcode through the daemon, orders to
// one, and the order keeps the locker's address as the carrier gave it;
// a locker closed since it was chosen is refused on its field, in the
// shopper's language, and another one orders.
func TestLockerOrder(t *testing.T) {
	e, f := newLockerEnv(t)
	r := e.get("/v1/points?q=30-363&locale=pl")
	wantStatus(t, r, http.StatusOK)
	var page struct {
		Items []shipping.Point `json:"items"`
	}
	r.Decode(t, &page)
	if len(page.Items) < 3 || page.Items[0].Distance > page.Items[len(page.Items)-1].Distance {
		t.Fatalf("points %+v", page.Items)
	}
	first, second := page.Items[0], page.Items[1]
	if err := f.Close(first.Code); err != nil {
		t.Fatal(err)
	}
	// Seen open in the search a moment ago, closed now: the order's check
	// asks the carrier, not the search's cache.
	r = e.post("/v1/orders", e.lockerRequest(first.Code))
	wantStatus(t, r, http.StatusUnprocessableEntity)
	if b := r.Err(t); b.Errors["delivery.point"] != order.KeyPointClosed || !strings.Contains(b.Messages["delivery.point"], "nieczynny") {
		t.Errorf("closed locker: %+v", b)
	}
	p := e.place(e.lockerRequest(second.Code))
	o := e.storedOrder(p.Hash)
	if !o.Delivery.IsLocker() || o.Delivery.Point.Code != second.Code || o.Delivery.Point.Street != second.Street ||
		o.Delivery.Size != shipping.SizeSmall || o.Totals.Shipping != 1499 {
		t.Errorf("order's delivery %+v (%+v), shipping %d", o.Delivery, o.Delivery.Point, o.Totals.Shipping)
	}
}

// A saber does not fit a locker: the order is refused on the method, with
// the reason in the shopper's language; the quote prices the courier and
// says why.
func TestLockerTooBig(t *testing.T) {
	e, _ := newLockerEnv(t)
	req := e.lockerRequest("KRA01M")
	req.Items = append(req.Items, order.ItemRequest{Product: "arc", Quantity: 1})
	r := e.post("/v1/orders", req)
	wantStatus(t, r, http.StatusUnprocessableEntity)
	if b := r.Err(t); b.Errors["delivery.method"] != order.KeyLockerTooBig || !strings.Contains(b.Messages["delivery.method"], "kurierem") {
		t.Errorf("a saber to a locker: %+v", b)
	}
	r = e.post("/v1/quote", map[string]any{"locale": "pl", "country": "pl", "method": "locker", "items": req.Items})
	wantStatus(t, r, http.StatusOK)
	var q struct {
		Method  string `json:"method"`
		Methods []struct {
			ID     string `json:"id"`
			Fits   bool   `json:"fits"`
			Reason string `json:"reason"`
		} `json:"methods"`
	}
	r.Decode(t, &q)
	if q.Method != "courier" || len(q.Methods) != 2 || q.Methods[1].Fits || !strings.Contains(q.Methods[1].Reason, "paczkomacie") {
		t.Errorf("quote %+v", q)
	}
}

// With the carrier down, a locker seen in a search in the last day still
// orders (the order keeps it as seen); one never seen is refused with a
// message that offers the courier, and nothing is stored.
func TestLockerCarrierDown(t *testing.T) {
	e, f := newLockerEnv(t)
	wantStatus(t, e.get("/v1/points?q=Gda%C5%84sk&locale=pl"), http.StatusOK)
	f.Down(true)
	p := e.place(e.lockerRequest("GDA01M"))
	if o := e.storedOrder(p.Hash); o.Delivery.Point == nil || o.Delivery.Point.City != "Gdańsk" {
		t.Errorf("delivery %+v", o.Delivery)
	}
	r := e.post("/v1/orders", e.lockerRequest("WRO01M"))
	wantStatus(t, r, http.StatusUnprocessableEntity)
	if b := r.Err(t); b.Errors["delivery.point"] != order.KeyPointUnavailable || !strings.Contains(b.Messages["delivery.point"], "kuriera") {
		t.Errorf("never-seen locker with the carrier down: %+v", b)
	}
	wantStatus(t, e.get("/v1/points?q=Wroc%C5%82aw&locale=pl"), http.StatusServiceUnavailable)
	if n := len(e.allOrders()); n != 1 {
		t.Errorf("%d orders stored", n)
	}
}

// paidLockerOrder is a locker order paid through the sandbox.
func (e *env) paidLockerOrder(code string) placed {
	e.t.Helper()
	key := e.shopKey()
	p := e.place(e.lockerRequest(code))
	wantStatus(e.t, e.payCard(p.Hash, key, sandbox.CardSuccess), http.StatusOK)
	e.waitStatus(p.Hash, order.Paid)
	return p
}

// The parcel's life: created and confirmed with the carrier, its label a
// PDF with the locker's code and the tracking number, and every status the
// carrier reports recorded once on the order, replayed webhooks
// included; the status page shows them, and delivery starts the
// withdrawal period. A forged webhook is refused and changes nothing.
func TestParcelLife(t *testing.T) {
	e, f := newLockerEnv(t)
	p := e.paidLockerOrder("KRA01M")
	o := e.storedOrder(p.Hash)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	by := orders.Actor{Name: "marek"}
	o, err := e.orders.CreateShipment(ctx, o.ID, by)
	if err != nil {
		t.Fatal(err)
	}
	if !o.Shipment.Printable() || len(o.Shipment.Tracking) != 24 || o.Shipment.Point != "KRA01M" || o.Shipment.Size != shipping.SizeSmall {
		t.Fatalf("shipment %+v", o.Shipment)
	}
	if _, err := e.orders.CreateShipment(ctx, o.ID, by); err == nil {
		t.Error("a second shipment created for the order")
	}
	_, pdf, err := e.orders.Label(ctx, o.ID, shipping.LabelA6)
	if err != nil {
		t.Fatal(err)
	}
	text := testutil.PDFText(t, pdf)
	if !strings.Contains(strings.ReplaceAll(text, " ", ""), o.Shipment.Tracking) || !strings.Contains(text, "KRA01M") {
		t.Errorf("label text lacks the tracking number %s or the locker:\n%s", o.Shipment.Tracking, text)
	}
	if _, _, err := e.orders.SendShipment(o.ID, by); err != nil {
		t.Fatal(err)
	}
	// A forged notification: refused, nothing recorded.
	req, body := f.ForgedWebhook(o.Shipment.ID, "delivered")
	r := e.do(http.MethodPost, "/v1/carriers/inpost/webhook", body, "Content-Type", "application/json",
		shipxfake.TimestampHeader, req.Header.Get(shipxfake.TimestampHeader), shipxfake.SignatureHeader, req.Header.Get(shipxfake.SignatureHeader))
	wantStatus(t, r, http.StatusUnauthorized)
	if _, ok := e.storedOrder(p.Hash).DeliveredAt(); ok {
		t.Fatal("a forged webhook delivered the parcel")
	}
	f.ReplayWebhooks(true)
	for range 4 {
		if _, err := f.Advance(o.Shipment.ID); err != nil {
			t.Fatal(err)
		}
	}
	o = e.storedOrder(p.Hash)
	var notes []shipping.Status
	for _, ev := range o.Timeline {
		if ev.Note == order.NoteParcel {
			notes = append(notes, ev.Parcel)
		}
	}
	want := []shipping.Status{shipping.StatusCollected, shipping.StatusInTransit, shipping.StatusReadyForPickup, shipping.StatusDelivered}
	if strings.Join(statusStrings(notes), ",") != strings.Join(statusStrings(want), ",") {
		t.Errorf("parcel notes %v, want %v (each once, replays ignored)", notes, want)
	}
	var view struct {
		Parcel struct {
			Status   string `json:"status"`
			Tracking string `json:"tracking"`
		} `json:"parcel"`
		Withdrawal struct {
			Deadline time.Time `json:"deadline"`
		} `json:"withdrawal"`
	}
	e.get("/v1/orders/"+p.Hash).Decode(t, &view)
	delivered, _ := o.DeliveredAt()
	if view.Parcel.Status != "delivered" || view.Parcel.Tracking != o.Shipment.Tracking ||
		view.Withdrawal.Deadline.Sub(delivered) > 15*24*time.Hour {
		t.Errorf("status page: %+v (delivered %v)", view, delivered)
	}
}

func statusStrings(s []shipping.Status) []string {
	out := make([]string, len(s))
	for i, v := range s {
		out[i] = string(v)
	}
	return out
}

// A carrier outage while creating the shipment loses nothing and creates
// nothing: the owner is told, and the next try creates the one parcel.
func TestShipmentCarrierOutage(t *testing.T) {
	e, f := newLockerEnv(t)
	p := e.paidLockerOrder("KRA02M")
	id := e.storedOrder(p.Hash).ID
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	f.FailNext(1)
	if _, err := e.orders.CreateShipment(ctx, id, orders.Actor{Name: "marek"}); err == nil || !errors.Is(err, shipping.ErrUnavailable) {
		t.Fatalf("create during an outage: %v", err)
	}
	if o := e.storedOrder(p.Hash); o.Shipment != nil || len(f.Shipments()) != 0 {
		t.Fatalf("after the outage: %+v, %d at the carrier", o.Shipment, len(f.Shipments()))
	}
	o, err := e.orders.CreateShipment(ctx, id, orders.Actor{Name: "marek"})
	if err != nil || o.Shipment == nil || len(f.Shipments()) != 1 {
		t.Fatalf("retry: %v, %+v, %d at the carrier", err, o.Shipment, len(f.Shipments()))
	}
}

// With "mark sent on collection" on, the carrier's "collected" marks the
// order sent with the shipment's number and tells the shopper once.
func TestAutoSentOnCollection(t *testing.T) {
	e, f := newLockerEnv(t)
	if err := e.orders.SetAutoSent(true, orders.Actor{Name: "marek"}); err != nil {
		t.Fatal(err)
	}
	p := e.paidLockerOrder("KRA03M")
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	o, err := e.orders.CreateShipment(ctx, e.storedOrder(p.Hash).ID, orders.Actor{Name: "marek"})
	if err != nil {
		t.Fatal(err)
	}
	f.ReplayWebhooks(true)
	if _, err := f.Advance(o.Shipment.ID); err != nil {
		t.Fatal(err)
	}
	o = e.storedOrder(p.Hash)
	if o.Status != order.Sent || o.Tracking != o.Shipment.Tracking || o.TrackingURL == "" {
		t.Fatalf("after collection: %s, tracking %q %q", o.Status, o.Tracking, o.TrackingURL)
	}
	testutil.Eventually(t, "one order_sent e-mail", func() error {
		queued, sent := e.mails(p.Hash, "order_sent")
		if queued+sent != 1 {
			return fmt.Errorf("%d queued, %d sent", queued, sent)
		}
		return nil
	})
}
