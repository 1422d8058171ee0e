package order

import (
	"errors"
	"testing"
	"time"

	"sabershop/internal/shipping"
)

func paidLockerOrder(t *testing.T) *Order {
	t.Helper()
	req := lockerRequest()
	p, errs := Price(testCatalog(), req, time.Now())
	assertErrors(t, errs, FieldErrors{})
	o := New(req, p, "h", "v", time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC))
	if _, err := o.Transition(Paid, o.CreatedAt.Add(time.Minute), "paid"); err != nil {
		t.Fatal(err)
	}
	return o
}

func parcelNotes(o *Order) []shipping.Status {
	var out []shipping.Status
	for _, e := range o.Timeline {
		if e.Note == NoteParcel {
			out = append(out, e.Parcel)
		}
	}
	return out
}

// Each status is noted once and never goes back: a replayed or a late
// notification changes nothing; another shipment's update is ignored
// while the order's stands.
func TestApplyShipment(t *testing.T) {
	o := paidLockerOrder(t)
	at := o.CreatedAt.Add(time.Hour)
	if err := o.CanShip(); err != nil {
		t.Fatal(err)
	}
	s := Shipment{Carrier: "inpost", ID: "1", Method: shipping.Locker, Point: "KRA01M", Status: shipping.StatusCreated}
	if !o.ApplyShipment(s, at) || o.Shipment.Printable() {
		t.Fatalf("created: %+v", o.Shipment)
	}
	if err := o.CanShip(); !errors.Is(err, ErrShipmentExists) {
		t.Errorf("CanShip with a shipment: %v", err)
	}
	confirmed := Shipment{ID: "1", Status: shipping.StatusConfirmed, Tracking: "620400000000000000000001", TrackingURL: "https://t/1"}
	if !o.ApplyShipment(confirmed, at) || !o.Shipment.Printable() || o.Shipment.Tracking == "" {
		t.Fatalf("confirmed: %+v", o.Shipment)
	}
	steps := []shipping.Status{shipping.StatusCollected, shipping.StatusInTransit, shipping.StatusReadyForPickup}
	for _, st := range steps {
		at = at.Add(time.Hour)
		if !o.ApplyShipment(Shipment{ID: "1", Status: st}, at) {
			t.Errorf("%s: no change", st)
		}
		if o.ApplyShipment(Shipment{ID: "1", Status: st}, at) {
			t.Errorf("%s replayed: changed", st)
		}
	}
	if o.ApplyShipment(Shipment{ID: "1", Status: shipping.StatusCollected}, at) {
		t.Error("a late 'collected' after 'ready for pickup' changed the order")
	}
	if o.ApplyShipment(Shipment{ID: "2", Status: shipping.StatusDelivered}, at) {
		t.Error("another shipment's update changed the order")
	}
	if got := parcelNotes(o); len(got) != 3 || got[2] != shipping.StatusReadyForPickup {
		t.Errorf("notes %v", got)
	}
	if _, ok := o.DeliveredAt(); ok {
		t.Error("delivered before the carrier said so")
	}
}

// Delivery starts the withdrawal period: 14 days from the day the
// parcel was picked up, instead of the sending day plus the delivery
// time and the grace.
func TestWithdrawalFromDelivery(t *testing.T) {
	o := paidLockerOrder(t)
	sent := time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC)
	if _, err := o.MarkSent(sent, "620400000000000000000001", ""); err != nil {
		t.Fatal(err)
	}
	before, _ := o.WithdrawalState(sent, 7)
	o.ApplyShipment(Shipment{ID: "1", Status: shipping.StatusConfirmed}, sent)
	delivered := time.Date(2026, 12, 4, 15, 0, 0, 0, time.UTC)
	o.ApplyShipment(Shipment{ID: "1", Status: shipping.StatusDelivered}, delivered)
	after, reason := o.WithdrawalState(delivered, 7)
	want := time.Date(2026, 12, 18, 23, 59, 59, 0, after.Location())
	if reason != "" || !after.Equal(want) {
		t.Errorf("deadline %v (%s), want %v", after, reason, want)
	}
	if !after.Before(before) {
		t.Errorf("deadline from delivery %v not before the estimate %v", after, before)
	}
}
