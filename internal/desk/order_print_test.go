package desk_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"sabershop/internal/order"
	"sabershop/internal/store"
)

// printView is what the printed build sheet and packing slip read of an
// order (desk/pages/Print.tsx).
type printView struct {
	ShipBy      string `json:"ship_by"`
	TrackingURL string `json:"tracking_url"`
	Sender      struct {
		Name, City string
	} `json:"sender"`
	Customer struct {
		FirstName string `json:"first_name"`
	} `json:"customer"`
	Lines []struct {
		Variant *sheetRow `json:"variant"`
		Build   *struct {
			Parts []struct {
				Slot, ID, Name, Image string
				SlotName              string `json:"slot_name"`
			} `json:"parts"`
			Rows    []sheetRow   `json:"rows"`
			Presets [][]sheetRow `json:"presets"`
		} `json:"build"`
	} `json:"lines"`
}

type sheetRow struct {
	Key, Label, Name, ID, Swatch string
	Level                        *int
}

// An order for print: each creator part with its slot, id, name and
// picture, the generator, the button, each preset field by field (an id
// the catalogue lacks stays, alone and inert), the ship-by day of a paid
// order, the tracking link and the shop's address as the sender. The
// text sheet of the order page says the same.
func TestOrderForPrint(t *testing.T) {
	e, cookie, _ := withOrders(t)
	at := start
	o := &order.Order{ID: 4, Hash: "hash-4-0123456789abcdef", Locale: "de", Currency: "EUR", Status: order.Placed, CreatedAt: at, BuildDays: 10,
		Customer: order.Customer{FirstName: "<b>Ola</b>\u202Eevil", LastName: "Nowak", Email: "o4@example.com", Country: "de"},
		Lines: []order.Line{
			{Product: order.CreatorSlug, Name: "Custom saber", Quantity: 2, Creator: &order.CreatorConfig{
				Parts: map[string]string{"emitter": "talon"}, Generator: "crystal", Button: "single",
				Presets: []order.Preset{
					{Color: "#ff0000", White: 10, Effect: "stable", Ignition: "fast", Retraction: "fast", Sound: "hum", Clash: "#ffffff"},
					{Color: "#00ff00", Effect: "stable", Ignition: "fast", Retraction: "fast", Sound: "hum", Clash: "#ffffff"},
					{Color: "#0000ff", Effect: "stable", Ignition: "fast", Retraction: "fast", Sound: "hum", Clash: "#ffffff"},
				}}},
			{Product: order.CreatorSlug, Name: "Custom saber", Quantity: 1, Creator: &order.CreatorConfig{
				Parts: map[string]string{"emitter": "gone\u202Eid"}, Generator: "old"}},
		},
		Tracking: "PL1", TrackingURL: "https://track.example/PL1\u202E", Timeline: []order.Event{{Status: order.Placed, At: at}}}
	if _, err := o.Transition(order.Paid, at.Add(time.Minute), "test"); err != nil {
		t.Fatal(err)
	}
	if err := e.db.Update(func(tx *store.Tx) error { return tx.InsertOrder(o) }); err != nil {
		t.Fatal(err)
	}
	a := e.call("GET", "/admin/api/orders/4", nil, "Cookie", cookie)
	e.want(a, 200, "")
	if strings.Contains(a.raw, "\u202e") {
		t.Error("a bidi override reached the desk")
	}
	var v printView
	if err := json.Unmarshal([]byte(a.raw), &v); err != nil {
		t.Fatal(err)
	}
	// Ten working days from Tuesday 24 November.
	if v.ShipBy != "2026-12-08" || v.Sender.Name != "Saber Forge Marek" || v.Sender.City != "Kraków" ||
		v.TrackingURL != "https://track.example/PL1<U+202E>" || v.Customer.FirstName != "<b>Ola</b><U+202E>evil" {
		t.Errorf("ship by %q, sender %+v, tracking %q, name %q", v.ShipBy, v.Sender, v.TrackingURL, v.Customer.FirstName)
	}
	b := v.Lines[0].Build
	if b == nil || len(b.Parts) != 1 || len(b.Presets) != 3 {
		t.Fatalf("build: %s", a.raw)
	}
	if p := b.Parts[0]; p.Slot != "emitter" || p.SlotName != "Emiter" || p.ID != "talon" || p.Name != "Szpon" || p.Image != "/images/creator/emitter-talon.svg" {
		t.Errorf("part: %+v", p)
	}
	rows := []sheetRow{{Key: "part", Label: "Emiter", Name: "Szpon", ID: "talon"}, {Key: "generator", Name: "Kryształ", ID: "crystal"},
		{Key: "button", Name: "Jeden przycisk"}}
	if !reflect.DeepEqual(b.Rows, rows) {
		t.Errorf("rows %+v, want %+v", b.Rows, rows)
	}
	// The palette's name of a colour; a colour it lacks by its "#rrggbb";
	// an option the catalogue has no name for by its id; no ids beside
	// options.
	ten := 10
	preset := []sheetRow{{Key: "colour", Name: "Czerwony", Swatch: "#ff0000"}, {Key: "white", Level: &ten}, {Key: "effect", Name: "Stabilne"},
		{Key: "ignition", Name: "fast"}, {Key: "retraction", Name: "fast"}, {Key: "sound", Name: "Szum"}, {Key: "clash", Name: "#ffffff", Swatch: "#ffffff"}}
	if !reflect.DeepEqual(b.Presets[0], preset) {
		t.Errorf("preset %+v, want %+v", b.Presets[0], preset)
	}
	if got := b.Presets[1][0]; got != (sheetRow{Key: "colour", Name: "#00ff00", Swatch: "#00ff00"}) {
		t.Errorf("an unnamed colour: %+v", got)
	}
	// A part and a generator the catalogue no longer has: the ids, inert.
	if b := v.Lines[1].Build; b == nil || !reflect.DeepEqual(b.Rows, []sheetRow{{Key: "part", Label: "Emiter", ID: "gone<U+202E>id"}, {Key: "generator", ID: "old"}}) {
		t.Errorf("unknown ids: %s", a.raw)
	}
	// An unpaid order has no ship-by day yet.
	if a := e.call("GET", "/admin/api/orders/1", nil, "Cookie", cookie); strings.Contains(a.raw, "ship_by") {
		t.Errorf("placed order: %s", a.raw)
	}
}
