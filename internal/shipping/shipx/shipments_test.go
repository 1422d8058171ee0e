package shipx_test

import (
	"errors"
	"slices"
	"testing"
	"time"

	"sabershop/internal/shipping"
	"sabershop/internal/shipping/shipxfake"
	"sabershop/internal/testutil"
)

func TestLockerShipment(t *testing.T) {
	e := newEnv(t, 0)
	s, err := e.c.Create(ctx(t), lockerReq())
	if err != nil {
		t.Fatal(err)
	}
	if s.Status != shipping.StatusCreated || s.Carrier != "created" || s.Tracking != "" || s.ID == "" {
		t.Fatalf("created = %+v", s)
	}
	u := e.confirmed(t, s.ID)
	got, err := e.c.Shipment(ctx(t), s.ID)
	if err != nil || got.Status != shipping.StatusConfirmed || got.Tracking != u.Tracking || got.At.IsZero() {
		t.Fatalf("Shipment = %+v, %v; want confirmed %s", got, err, u.Tracking)
	}

	for _, f := range []shipping.LabelFormat{shipping.LabelA6, shipping.LabelA4} {
		pdf, err := e.c.Label(ctx(t), s.ID, f)
		if err != nil {
			t.Fatalf("Label %s: %v", f, err)
		}
		mustContain(t, "label "+string(f), testutil.PDFText(t, pdf), u.Tracking, "KRA01M", "Zofia Łęcka", "600100200",
			"Warsztat Mieczy", "B (medium)", "order 42")
	}

	if err := e.c.Cancel(ctx(t), s.ID); !errors.Is(err, shipping.ErrTooLate) {
		t.Fatalf("Cancel confirmed: %v, want ErrTooLate", err)
	}

	want := []shipping.Status{shipping.StatusCollected, shipping.StatusInTransit, shipping.StatusReadyForPickup, shipping.StatusDelivered}
	carrier := []string{"dispatched_by_sender", "adopted_at_sorting_center", "ready_to_pickup", "delivered"}
	for i, w := range want {
		st, err := e.f.Advance(s.ID)
		if err != nil || st != w {
			t.Fatalf("Advance %d = %s, %v; want %s", i, st, err, w)
		}
		u := e.next(t)
		if u.ShipmentID != s.ID || u.Status != w || u.Carrier != carrier[i] || u.Tracking == "" || u.At.IsZero() {
			t.Fatalf("update %d = %+v, want %s (%s)", i, u, w, carrier[i])
		}
	}
	if _, err := e.f.Advance(s.ID); !errors.Is(err, shipxfake.ErrCannotAdvance) {
		t.Fatalf("Advance delivered: %v", err)
	}
}

func TestCourierShipment(t *testing.T) {
	e := newEnv(t, 0)
	s, err := e.c.Create(ctx(t), courierReq())
	if err != nil {
		t.Fatal(err)
	}
	u := e.confirmed(t, s.ID)
	// ShipX has no A4 courier label and answers A6; either way a PDF.
	pdf, err := e.c.Label(ctx(t), s.ID, shipping.LabelA4)
	if err != nil {
		t.Fatal(err)
	}
	mustContain(t, "courier label", testutil.PDFText(t, pdf), u.Tracking, "ul. Długa 5/3", "31-146 Kraków",
		"1200 x 200 x 120 mm, 2.30 kg", "order 43")
	want := []string{"dispatched_by_sender", "adopted_at_sorting_center", "out_for_delivery", "delivered"}
	for i, w := range want {
		if _, err := e.f.Advance(s.ID); err != nil {
			t.Fatal(err)
		}
		if u := e.next(t); u.Carrier != w {
			t.Fatalf("update %d = %+v, want %s", i, u, w)
		}
	}
	list := e.f.Shipments()
	if len(list) != 1 || list[0].Status != shipping.StatusDelivered || list[0].Reference != "order 43" {
		t.Fatalf("Shipments = %+v", list)
	}
}

// A shipment ShipX has not confirmed yet has no label and can be
// cancelled; once cancelled, it cannot be again.
func TestBeforeConfirmation(t *testing.T) {
	e := newEnv(t, time.Hour)
	s, err := e.c.Create(ctx(t), lockerReq())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.c.Label(ctx(t), s.ID, shipping.LabelA6); !errors.Is(err, shipping.ErrNotConfirmed) {
		t.Fatalf("Label before confirmation: %v, want ErrNotConfirmed", err)
	}
	if _, err := e.f.Advance(s.ID); !errors.Is(err, shipxfake.ErrCannotAdvance) {
		t.Fatalf("Advance created: %v", err)
	}
	if err := e.c.Cancel(ctx(t), s.ID); err != nil {
		t.Fatalf("Cancel created: %v", err)
	}
	if u := e.next(t); u.Status != shipping.StatusCancelled || u.Carrier != "canceled" {
		t.Fatalf("cancel webhook = %+v", u)
	}
	got, err := e.c.Shipment(ctx(t), s.ID)
	if err != nil || got.Status != shipping.StatusCancelled {
		t.Fatalf("Shipment = %+v, %v", got, err)
	}
	if err := e.c.Cancel(ctx(t), s.ID); !errors.Is(err, shipping.ErrTooLate) {
		t.Fatalf("Cancel cancelled: %v, want ErrTooLate", err)
	}
	if _, err := e.c.Label(ctx(t), s.ID, shipping.LabelA6); !errors.Is(err, shipping.ErrNotConfirmed) {
		t.Fatalf("Label cancelled: %v, want ErrNotConfirmed", err)
	}
	var inv *shipping.InvalidError
	if _, err := e.c.Shipment(ctx(t), "999"); !errors.As(err, &inv) {
		t.Fatalf("Shipment(999): %v, want InvalidError (404)", err)
	}
}

func TestValidation(t *testing.T) {
	e := newEnv(t, time.Hour)
	tests := []struct {
		name  string
		req   func() shipping.ShipmentRequest
		field string
		key   string
	}{
		{"phone", func() shipping.ShipmentRequest { r := lockerReq(); r.Receiver.Phone = "12345"; return r },
			"receiver.phone", "invalid_format"},
		{"no phone", func() shipping.ShipmentRequest { r := lockerReq(); r.Receiver.Phone = ""; return r },
			"receiver.phone", "required"},
		{"e-mail", func() shipping.ShipmentRequest { r := lockerReq(); r.Receiver.Email = "zofia@"; return r },
			"receiver.email", "invalid_format"},
		{"no point", func() shipping.ShipmentRequest { r := lockerReq(); r.Point = ""; return r },
			"custom_attributes.target_point", "required"},
		{"unknown point", func() shipping.ShipmentRequest { r := lockerReq(); r.Point = "ZZZ99M"; return r },
			"custom_attributes.target_point", "does_not_exist"},
		{"closed point", func() shipping.ShipmentRequest { r := lockerReq(); r.Point = "KRA14M"; return r },
			"custom_attributes.target_point", "point_not_operating"},
		{"template", func() shipping.ShipmentRequest { r := lockerReq(); r.Parcel.Size = "huge"; return r },
			"parcels.template", "invalid"},
		{"no building", func() shipping.ShipmentRequest { r := courierReq(); r.Receiver.Street = "ul. Długa"; return r },
			"receiver.address.building_number", "required"},
		{"postcode", func() shipping.ShipmentRequest { r := courierReq(); r.Receiver.Zip = "3O-363"; return r },
			"receiver.address.post_code", "invalid_format"},
		{"sender postcode", func() shipping.ShipmentRequest { r := lockerReq(); r.Sender.Zip = "303-63"; return r },
			"sender.address.post_code", "invalid_format"},
		{"no dimensions", func() shipping.ShipmentRequest { r := courierReq(); r.Parcel.LengthMM = 0; return r },
			"parcels.dimensions.length", "required"},
		{"too heavy", func() shipping.ShipmentRequest { r := courierReq(); r.Parcel.WeightG = 51000; return r },
			"parcels.weight.amount", "too_big"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := e.c.Create(ctx(t), tt.req())
			var inv *shipping.InvalidError
			if !errors.As(err, &inv) {
				t.Fatalf("Create: %v, want InvalidError", err)
			}
			if !slices.Contains(inv.Fields[tt.field], tt.key) {
				t.Fatalf("fields %v, want %s: %s", inv.Fields, tt.field, tt.key)
			}
		})
	}
	if n := len(e.f.Shipments()); n != 0 {
		t.Fatalf("%d shipments created from refused requests", n)
	}
}
