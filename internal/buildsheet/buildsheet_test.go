package buildsheet_test

import (
	"fmt"
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
		order.GroupColors: {{ID: "red", Names: map[string]string{"en": "Red", "pl": "Czerwony", "de": "Rot"}, Hex: "#ff1a1a"},
			{ID: "white", Names: map[string]string{"en": "White", "pl": "Biały"}, Hex: "#FFFFFF"}},
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
		Presets: []order.Preset{{Color: "#ff1a1a", White: 10, Effect: "stable", Ignition: "fast", Retraction: "slow", Sound: "hum", Clash: "#ffffff"}},
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
	rows := []buildsheet.Row{
		{Key: "part", Label: "Emiter", Name: "Szpon", ID: "talon"},
		{Key: "part", Label: "Grip", ID: "bare"},
		{Key: "part", Label: "aura", ID: "old"},
		{Key: "part", Label: "blade", ID: "gone<U+202E>id"},
		{Key: "generator", Name: "Kryształ", ID: "crystal"},
		{Key: "button", Name: "One button"},
	}
	if !reflect.DeepEqual(b.Rows, rows) {
		t.Errorf("rows:\n%+v\nwant\n%+v", b.Rows, rows)
	}
	white := 10
	preset := []buildsheet.Row{
		{Key: "colour", Name: "Czerwony", Swatch: "#ff1a1a"},
		{Key: "white", Level: &white},
		{Key: "effect", Name: "Stabilne"},
		{Key: "ignition", Name: "Fast"},
		{Key: "retraction", Name: "slow"},
		{Key: "sound", Name: "Hum"},
		{Key: "clash", Name: "Biały", Swatch: "#ffffff"},
	}
	if len(b.Presets) != 1 || !reflect.DeepEqual(b.Presets[0], preset) {
		t.Errorf("preset:\n%+v\nwant\n%+v", b.Presets, preset)
	}
	var keys []string
	for _, r := range b.Presets[0] {
		keys = append(keys, r.Key)
	}
	if !reflect.DeepEqual(keys, buildsheet.Fields) {
		t.Errorf("a preset's rows %v, want Fields %v", keys, buildsheet.Fields)
	}
}

// A preset's colours are named as the shopper picked them in the palette,
// in the locale asked for (else English); a colour the palette does not
// have (the creator's colour picker) stays its "#rrggbb", and only that
// form is drawn as a swatch.
func TestResolveColourNames(t *testing.T) {
	for _, c := range []struct {
		locale, colour, clash string
		want                  [2]buildsheet.Row
	}{
		{"de", "#ff1a1a", "#FFFFFF", [2]buildsheet.Row{{Key: "colour", Name: "Rot", Swatch: "#ff1a1a"}, {Key: "clash", Name: "White", Swatch: "#FFFFFF"}}},
		{"pl", "#ff2020", "#ffffff", [2]buildsheet.Row{{Key: "colour", Name: "#ff2020", Swatch: "#ff2020"}, {Key: "clash", Name: "Biały", Swatch: "#ffffff"}}},
		{"en", "red<b>", "", [2]buildsheet.Row{{Key: "colour", Name: "red<b>"}, {Key: "clash"}}},
	} {
		d := design()
		d.Presets[0].Color, d.Presets[0].Clash = c.colour, c.clash
		o := &order.Order{Lines: []order.Line{{Product: order.CreatorSlug, Creator: d}}}
		p := buildsheet.Resolve(o, testCatalog(), c.locale, placed).Lines[0].Build.Presets[0]
		if got := [2]buildsheet.Row{p[0], p[6]}; got != c.want {
			t.Errorf("%s %s/%s: %+v, want %+v", c.locale, c.colour, c.clash, got, c.want)
		}
	}
}

// The text form of a row, as the terminal and the e-mail's text part
// print it: the id beside a part's name only.
func TestRowText(t *testing.T) {
	white := func(p int) string { return fmt.Sprintf("%d of 255", p) }
	forty := 40
	for _, c := range []struct {
		row  buildsheet.Row
		want string
	}{
		{buildsheet.Row{Key: "part", Label: "Emitter", Name: "Crown", ID: "crown"}, "Crown [crown]"},
		{buildsheet.Row{Key: "part", Label: "Emitter", ID: "crown"}, "crown"},
		{buildsheet.Row{Key: "effect", Name: "Steady"}, "Steady"},
		{buildsheet.Row{Key: "white", Level: &forty}, "40 of 255"},
	} {
		if got := c.row.Text(white); got != c.want {
			t.Errorf("%+v: %q, want %q", c.row, got, c.want)
		}
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
