package order

import (
	"fmt"
	"testing"

	"sabershop/internal/catalog/catalogtest"
)

// The shop's own creator catalogue, slot by slot and option by option:
// every part of every slot and every preset option is orderable, and every
// bad value is refused on its own field.

// TestRealCreatorEveryPartAndOption orders the default design with each
// part, generator and option swapped in, in every locale.
func TestRealCreatorEveryPartAndOption(t *testing.T) {
	cat := catalogtest.Shop(t)
	if cat.Creator.Presets != 6 && cat.Creator.Presets != 5 {
		t.Errorf("presets %d, the rule says 6 (or 5)", cat.Creator.Presets)
	}
	if len(cat.Creator.Slots) != 3 {
		t.Fatalf("%d slots, want the three image areas", len(cat.Creator.Slots))
	}
	n := len(cat.Creator.Generators)
	for _, s := range cat.Creator.Slots {
		n *= len(s.Options)
	}
	if n < 5000 {
		t.Errorf("%d combinations, the shop claims over 5000", n)
	}
	var variants []func(*CreatorConfig)
	for _, s := range cat.Creator.Slots {
		for _, p := range s.Options {
			variants = append(variants, func(c *CreatorConfig) { c.Parts[s.ID] = p.ID })
		}
	}
	for _, g := range cat.Creator.Generators {
		variants = append(variants, func(c *CreatorConfig) { c.Generator = g.ID })
	}
	for _, b := range cat.Creator.Options[GroupButtons] {
		variants = append(variants, func(c *CreatorConfig) { c.Button = b.ID })
	}
	for group, set := range map[string]func(*Preset, string){
		GroupEffects:   func(p *Preset, id string) { p.Effect = id },
		GroupIgnitions: func(p *Preset, id string) { p.Ignition = id; p.Retraction = id },
		GroupSounds:    func(p *Preset, id string) { p.Sound = id },
	} {
		for _, o := range cat.Creator.Options[group] {
			variants = append(variants, func(c *CreatorConfig) { set(&c.Presets[len(c.Presets)-1], o.ID) })
		}
	}
	for i, change := range variants {
		design := DefaultCreator(cat)
		change(&design)
		for _, l := range cat.Locales {
			req := validRequest()
			req.Locale = l.Code
			req.Items = []ItemRequest{{Creator: &design, Quantity: 1}}
			if _, errs := Price(cat, req, testAt); len(errs) != 0 {
				t.Errorf("variant %d (%+v) in %s: %v", i, design, l.Code, errs)
			}
		}
	}
}

// TestRealCreatorPricesEveryPart: the design's price is the base price plus
// the chosen parts and generator, for every part in both currencies, and a
// design line carries the waste fee and no return.
func TestRealCreatorPricesEveryPart(t *testing.T) {
	cat := catalogtest.Shop(t)
	for _, l := range cat.Locales {
		cur := l.Currency
		for si, s := range cat.Creator.Slots {
			for _, p := range s.Options {
				g := cat.Creator.Generators[len(cat.Creator.Generators)-1]
				design := DefaultCreator(cat)
				design.Parts[s.ID] = p.ID
				design.Generator = g.ID
				want := cat.Creator.BasePrice[cur] + p.Price[cur] + g.Price[cur]
				for sj, other := range cat.Creator.Slots {
					if sj != si {
						want += other.Options[0].Price[cur]
					}
				}
				req := validRequest()
				req.Locale = l.Code
				req.Items = []ItemRequest{{Creator: &design, Quantity: 2}}
				priced, errs := Price(cat, req, testAt)
				if len(errs) != 0 {
					t.Fatalf("%s %s=%s: %v", l.Code, s.ID, p.ID, errs)
				}
				line := priced.Lines[0]
				if line.UnitPrice != want || line.Total != 2*want || line.WasteFee != 2*cat.Fees.Waste[cur] || line.Returnable || line.BuildDays != cat.Creator.BuildDays {
					t.Errorf("%s %s=%s: line %+v, want unit %d", l.Code, s.ID, p.ID, line, want)
				}
			}
		}
	}
}

// TestRealCreatorEveryBadValue breaks every slot and every field of every
// preset of the real catalogue, one at a time: each is refused on its own
// field path, nothing else.
func TestRealCreatorEveryBadValue(t *testing.T) {
	cat := catalogtest.Shop(t)
	type bad struct {
		field  string
		key    string
		change func(*CreatorConfig)
	}
	var cases []bad
	for i, s := range cat.Creator.Slots {
		other := cat.Creator.Slots[(i+1)%len(cat.Creator.Slots)]
		cases = append(cases,
			bad{"parts." + s.ID, KeyRequired, func(c *CreatorConfig) { delete(c.Parts, s.ID) }},
			bad{"parts." + s.ID, KeyPartUnknown, func(c *CreatorConfig) { c.Parts[s.ID] = "no-such-part" }},
			// The part of another slot, unless both slots have one of that name.
			bad{"parts." + s.ID, KeyPartUnknown, func(c *CreatorConfig) { c.Parts[s.ID] = other.Options[1].ID }},
		)
	}
	cases = append(cases,
		bad{"parts", KeyPartUnknown, func(c *CreatorConfig) { c.Parts["blade"] = "long" }},
		bad{"generator", KeyRequired, func(c *CreatorConfig) { c.Generator = "" }},
		bad{"generator", KeyGeneratorUnknown, func(c *CreatorConfig) { c.Generator = "kyber" }},
		bad{"button", KeyRequired, func(c *CreatorConfig) { c.Button = "" }},
		bad{"button", KeyOptionUnknown, func(c *CreatorConfig) { c.Button = "steady" }},
		bad{"presets", KeyPresetsCount, func(c *CreatorConfig) { c.Presets = c.Presets[1:] }},
		bad{"presets", KeyPresetsCount, func(c *CreatorConfig) { c.Presets = append(c.Presets, c.Presets[0]) }},
	)
	for m := 0; m < cat.Creator.Presets; m++ {
		pre := fmt.Sprintf("presets.%d.", m)
		at := func(f func(*Preset)) func(*CreatorConfig) { return func(c *CreatorConfig) { f(&c.Presets[m]) } }
		cases = append(cases,
			bad{pre + "color", KeyRequired, at(func(p *Preset) { p.Color = "" })},
			bad{pre + "color", KeyColorInvalid, at(func(p *Preset) { p.Color = "#12345g" })},
			bad{pre + "white", KeyWhiteRange, at(func(p *Preset) { p.White = 256 })},
			bad{pre + "white", KeyWhiteRange, at(func(p *Preset) { p.White = -1 })},
			bad{pre + "effect", KeyOptionUnknown, at(func(p *Preset) { p.Effect = "strobe" })},
			bad{pre + "effect", KeyRequired, at(func(p *Preset) { p.Effect = "" })},
			bad{pre + "ignition", KeyOptionUnknown, at(func(p *Preset) { p.Ignition = "steady" })},
			bad{pre + "retraction", KeyOptionUnknown, at(func(p *Preset) { p.Retraction = "implode" })},
			bad{pre + "sound", KeyOptionUnknown, at(func(p *Preset) { p.Sound = "click-hold" })},
			bad{pre + "clash", KeyColorInvalid, at(func(p *Preset) { p.Clash = "white" })},
		)
	}
	for _, c := range cases {
		design := DefaultCreator(cat)
		c.change(&design)
		req := validRequest()
		req.Items = []ItemRequest{{Product: "arc", Quantity: 1}, {Creator: &design, Quantity: 1}}
		_, errs := Price(cat, req, testAt)
		want := FieldErrors{"items.1.creator." + c.field: c.key}
		if len(errs) != 1 || errs["items.1.creator."+c.field] != c.key {
			t.Errorf("%s: got %v, want %v", c.field, errs, want)
		}
	}
}
