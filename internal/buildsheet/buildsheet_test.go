package buildsheet_test

import (
	"reflect"
	"testing"
	"time"

	"sabershop/internal/buildsheet"
	"sabershop/internal/catalog"
	"sabershop/internal/order"
)

var placed = time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC) // a Tuesday

func testCatalog() *catalog.Catalog {
	c := &catalog.Catalog{}
	c.Creator.Slots = []catalog.Slot{
		{ID: "emitter", Names: map[string]string{"en": "Emitter", "pl": "Emiter"},
			Options: []catalog.Part{{ID: "talon", Names: map[string]string{"en": "Talon", "pl": "Szpon"}, Image: "/talon.svg"}}},
		{ID: "grip", Names: map[string]string{"en": "Grip"},
			Options: []catalog.Part{{ID: "leather", Names: map[string]string{"en": "Leather"}}, {ID: "bare"}}},
		{ID: "pommel", Options: []catalog.Part{{ID: "spike", Names: map[string]string{"en": "Spike"}}}},
	}
	c.Creator.Generators = []catalog.Part{{ID: "crystal", Names: map[string]string{"en": "Crystal", "pl": "Kryształ"}}}
	c.Creator.Options = map[string][]catalog.Option{
		order.GroupButtons:   {{ID: "single", Names: map[string]string{"en": "One button"}}},
		order.GroupEffects:   {{ID: "stable", Names: map[string]string{"en": "Stable", "pl": "Stabilne"}}},
		order.GroupIgnitions: {{ID: "fast", Names: map[string]string{"en": "Fast"}}},
		order.GroupSounds:    {{ID: "hum", Names: map[string]string{"en": "Hum"}}},
	}
	c.Production.Stages = []catalog.Stage{
		{ID: "parts", Names: map[string]string{"en": "Parts ordered", "pl": "Części zamówione"}, Progress: 50},
		{ID: "ready", Names: map[string]string{"en": "Ready"}, Progress: 100},
	}
	return c
}

func design() *order.CreatorConfig {
	return &order.CreatorConfig{
		Parts:     map[string]string{"emitter": "talon", "grip": "bare", "blade": "gone\u202Eid", "aura": "old"},
		Generator: "crystal", Button: "single",
		Presets: []order.Preset{{Color: "#ff0000", White: 10, Effect: "stable", Ignition: "fast", Retraction: "slow", Sound: "hum", Clash: "#ffffff"}},
	}
}

// Resolve names every entry in the locale, else in English, else not at
// all (the id alone); parts follow the catalogue's slots, a slot the
// design lacks is left out and a part of a slot the catalogue no longer
// has follows, by slot id; ids the order kept are inert.
func TestResolveBuild(t *testing.T) {
	o := &order.Order{Status: order.Placed, Lines: []order.Line{
		{Product: "arc", Variant: "crystal"},
		{Product: order.CreatorSlug, Creator: design()},
		{Product: "belt-clip"},
	}}
	s := buildsheet.Resolve(o, testCatalog(), "pl", placed)
	if len(s.Lines) != 3 || s.Lines[2] != (buildsheet.Line{}) {
		t.Fatalf("lines: %+v", s.Lines)
	}
	if v := s.Lines[0].Variant; v == nil || *v != (buildsheet.Name{ID: "crystal", Name: "Kryształ"}) || s.Lines[0].Build != nil {
		t.Errorf("variant: %+v", s.Lines[0])
	}
	b := s.Lines[1].Build
	want := []buildsheet.Part{
		{Slot: "emitter", SlotName: "Emiter", Name: buildsheet.Name{ID: "talon", Name: "Szpon"}, Image: "/talon.svg"},
		{Slot: "grip", SlotName: "Grip", Name: buildsheet.Name{ID: "bare"}},
		{Slot: "aura", SlotName: "aura", Name: buildsheet.Name{ID: "old"}},
		{Slot: "blade", SlotName: "blade", Name: buildsheet.Name{ID: "gone<U+202E>id"}},
	}
	if !reflect.DeepEqual(b.Parts, want) {
		t.Errorf("parts:\n%+v\nwant\n%+v", b.Parts, want)
	}
	if b.Generator.Label() != "Kryształ [crystal]" || b.Button.Label() != "One button [single]" {
		t.Errorf("generator %q, button %q", b.Generator.Label(), b.Button.Label())
	}
	p := b.Presets[0]
	if p.Colour != "#ff0000" || p.White != 10 || p.Effect.Label() != "Stabilne [stable]" || p.Ignition.Label() != "Fast [fast]" ||
		p.Retraction.Label() != "slow" || p.Sound.Label() != "Hum [hum]" || p.Clash != "#ffffff" {
		t.Errorf("preset: %+v", p)
	}
	if got := b.Parts[1].Label(); got != "bare" {
		t.Errorf("a part without a name: %q", got)
	}
}

// Without a catalogue every part is its slot's id and its own, sorted by
// slot, and there are no stages.
func TestResolveWithoutCatalogue(t *testing.T) {
	o := &order.Order{Status: order.Paid, BuildDays: 5, Lines: []order.Line{{Product: order.CreatorSlug, Creator: design()}}}
	s := buildsheet.Resolve(o, nil, "en", placed)
	var slots []string
	for _, p := range s.Lines[0].Build.Parts {
		if p.SlotName != p.Slot || p.Name.Name != "" {
			t.Errorf("part without a catalogue: %+v", p)
		}
		slots = append(slots, p.Slot)
	}
	if !reflect.DeepEqual(slots, []string{"aura", "blade", "emitter", "grip"}) {
		t.Errorf("slots %v", slots)
	}
	if len(s.Stages) != 0 {
		t.Errorf("stages: %+v", s.Stages)
	}
}

// The stages carry the day each was reached; a paid order has the ship
// estimate of order.ShipEstimate, an unpaid one none.
func TestResolveStages(t *testing.T) {
	cat := testCatalog()
	o := &order.Order{Status: order.Placed, BuildDays: 10, CreatedAt: placed, Timeline: []order.Event{{Status: order.Placed, At: placed}}}
	if s := buildsheet.Resolve(o, cat, "pl", placed); !s.ShipBy.IsZero() || s.DaysLeft != 0 || len(s.Stages) != 2 {
		t.Errorf("placed: %+v", s)
	}
	if _, err := o.Transition(order.Paid, placed.Add(time.Minute), "test"); err != nil {
		t.Fatal(err)
	}
	reached := placed.Add(24 * time.Hour)
	o.Timeline = append(o.Timeline, order.Event{Status: order.Paid, At: reached, Note: order.NoteStage, Stage: "parts"})
	now := reached.Add(time.Hour)
	s := buildsheet.Resolve(o, cat, "pl", now)
	left, ready := o.ShipEstimate(cat.Production.Stages, now)
	if !s.ShipBy.Equal(ready) || s.DaysLeft != left || left != 5 {
		t.Errorf("ship by %v (%d days), want %v (%d)", s.ShipBy, s.DaysLeft, ready, left)
	}
	want := []buildsheet.Stage{
		{Name: buildsheet.Name{ID: "parts", Name: "Części zamówione"}, Reached: reached},
		{Name: buildsheet.Name{ID: "ready", Name: "Ready"}},
	}
	if !reflect.DeepEqual(s.Stages, want) {
		t.Errorf("stages:\n%+v\nwant\n%+v", s.Stages, want)
	}
}
