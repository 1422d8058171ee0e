// Package buildsheet resolves an order against the catalogue into what the
// workshop builds: each creator design part by part (slot, part, picture),
// its generator, its button and each preset field by field, a hilt's
// generator variant, and the production stages with the day the order
// reached each and, while paid, the day it should ship by.
//
// It is the one build sheet: the terminal's `orderd orders show` prints it
// as text (internal/admin) and the desk answers it as JSON for the order's
// page and its printed sheet (internal/desk), so the two cannot tell the
// workshop different things.
//
// Names are in the locale asked for, else in English; an entry the
// catalogue has no name for, or no longer has at all, is its id alone.
// Every id and colour the order kept is made inert: an order outlives the
// catalogue it was checked against, and what it kept is printed to a
// terminal and shown in a page.
package buildsheet

import (
	"maps"
	"slices"
	"time"

	"sabershop/internal/catalog"
	"sabershop/internal/inert"
	"sabershop/internal/order"
)

// Sheet is an order's build sheet.
type Sheet struct {
	// Lines are the order's lines, one for one and in their order.
	Lines []Line
	// Stages are the catalogue's production stages in their order, each
	// with the day the order reached it (zero: not yet).
	Stages []Stage
	// ShipBy is the day a paid order should be ready to ship
	// (order.ShipEstimate), DaysLeft the working days until then; zero
	// before payment and after the order was sent or cancelled.
	ShipBy   time.Time
	DaysLeft int
}

// Line is what one order line asks the workshop to build: a hilt with a
// generator variant, a creator design, or neither (an accessory).
type Line struct {
	Variant *Name  // the generator variant a hilt was ordered with
	Build   *Build // a creator design
}

// Build is a creator design laid out for the workshop: the parts in the
// catalogue's slot order (then, by slot id, any part of a slot the
// catalogue no longer has), the generator, the button and each preset
// field by field. The desk answers it as it is (DeskLine.build).
type Build struct {
	Parts     []Part   `json:"parts"`
	Generator Name     `json:"generator"`
	Button    Name     `json:"button"`
	Presets   []Preset `json:"presets"`
}

// Name is a catalogue id with its name ("" when the catalogue in force has
// none or no longer has the entry: the sheet then shows the id alone).
type Name struct {
	ID   string `json:"id"`
	Name string `json:"name,omitempty"`
}

// Part is one slot's part of a design.
type Part struct {
	Slot     string `json:"slot"`
	SlotName string `json:"slot_name"` // the slot's name, else its id
	Name
	Image string `json:"image,omitempty"` // the part's picture on this site
}

// Preset is one preset of a design.
type Preset struct {
	Colour     string `json:"colour"` // "#rrggbb"
	White      int    `json:"white"`
	Effect     Name   `json:"effect"`
	Ignition   Name   `json:"ignition"`
	Retraction Name   `json:"retraction"`
	Sound      Name   `json:"sound"`
	Clash      string `json:"clash"` // "#rrggbb"
}

// Stage is a production stage and the day the order reached it.
type Stage struct {
	Name
	Reached time.Time // zero: not yet
}

// Label is "Name [id]", or the id alone when there is no name. The id
// stays beside the name: the workshop's parts are labelled by id.
func (n Name) Label() string {
	if n.Name == "" {
		return n.ID
	}
	return n.Name + " [" + n.ID + "]"
}

// Resolve is o's build sheet against cat (nil: no catalogue, every entry
// by its id) with names in locale; now is the day the ship estimate
// counts from.
func Resolve(o *order.Order, cat *catalog.Catalog, locale string, now time.Time) *Sheet {
	if cat == nil {
		cat = &catalog.Catalog{}
	}
	r := resolver{cat: cat, locale: locale}
	s := &Sheet{Lines: make([]Line, len(o.Lines)), Stages: []Stage{}}
	for i, l := range o.Lines {
		if l.Variant != "" {
			g := r.generator(l.Variant)
			s.Lines[i].Variant = &g
		}
		if l.Creator != nil {
			s.Lines[i].Build = r.build(l.Creator)
		}
	}
	for _, p := range o.Progress(cat.Production.Stages) {
		s.Stages = append(s.Stages, Stage{Name: Name{ID: p.Stage.ID, Name: r.local(p.Stage.Names)}, Reached: p.At})
	}
	if o.Status == order.Paid {
		s.DaysLeft, s.ShipBy = o.ShipEstimate(cat.Production.Stages, now)
	}
	return s
}

// resolver names catalogue entries in one locale.
type resolver struct {
	cat    *catalog.Catalog
	locale string
}

// local is the name in the locale, else in English, else "".
func (r resolver) local(names map[string]string) string {
	if n := names[r.locale]; n != "" {
		return n
	}
	return names["en"]
}

func (r resolver) build(c *order.CreatorConfig) *Build {
	b := &Build{Parts: []Part{}, Presets: []Preset{}}
	for _, s := range r.cat.Creator.Slots {
		id, ok := c.Parts[s.ID]
		if !ok {
			continue
		}
		p := Part{Slot: s.ID, SlotName: r.local(s.Names), Name: Name{ID: inert.String(id)}}
		if part, ok := s.Part(id); ok {
			p.Name.Name, p.Image = r.local(part.Names), part.Image
		}
		if p.SlotName == "" {
			p.SlotName = inert.String(s.ID)
		}
		b.Parts = append(b.Parts, p)
	}
	// A slot the catalogue no longer has still holds a part to build.
	for _, slot := range slices.Sorted(maps.Keys(c.Parts)) {
		if _, ok := r.cat.Slot(slot); !ok {
			b.Parts = append(b.Parts, Part{Slot: inert.String(slot), SlotName: inert.String(slot), Name: Name{ID: inert.String(c.Parts[slot])}})
		}
	}
	b.Generator = r.generator(c.Generator)
	b.Button = r.option(order.GroupButtons, c.Button)
	for _, p := range c.Presets {
		b.Presets = append(b.Presets, Preset{Colour: inert.String(p.Color), White: p.White,
			Effect: r.option(order.GroupEffects, p.Effect), Ignition: r.option(order.GroupIgnitions, p.Ignition),
			Retraction: r.option(order.GroupIgnitions, p.Retraction), Sound: r.option(order.GroupSounds, p.Sound),
			Clash: inert.String(p.Clash)})
	}
	return b
}

func (r resolver) generator(id string) Name {
	n := Name{ID: inert.String(id)}
	if g, ok := r.cat.Generator(id); ok {
		n.Name = r.local(g.Names)
	}
	return n
}

func (r resolver) option(group, id string) Name {
	n := Name{ID: inert.String(id)}
	if o, ok := r.cat.Option(group, id); ok {
		n.Name = r.local(o.Names)
	}
	return n
}
