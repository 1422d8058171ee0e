// Package buildsheet resolves an order against the catalogue into what the
// workshop builds: each creator design in labelled rows (every part by its
// slot, the generator, the button, then each preset field by field with
// its colours by the palette's names), a hilt's generator variant, and
// the production stages with the day the order reached each and, while
// paid, the day it should ship by.
//
// It is the one build sheet: the terminal's `orderd orders show` prints it
// as text (internal/admin), the desk answers it as JSON for the order's
// page and its printed sheet (internal/desk) and the owner's e-mail about
// an order lays it out (internal/mail), so none can tell the workshop
// different things. Each labels the rows by their keys in its own texts.
//
// Names are in the locale asked for, else in English; an entry the
// catalogue has no name for, or no longer has at all, is its id alone.
// Every id and colour the order kept is made inert: an order outlives the
// catalogue it was checked against, and what it kept is printed to a
// terminal and shown in a page.
package buildsheet

import (
	"maps"
	"regexp"
	"slices"
	"strings"
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

// Build is a creator design laid out for the workshop as the owner reads
// it at the bench: labelled rows, the same on the desk's screen, on its
// printed sheet, in the owner's e-mail and in the terminal. Rows are the
// parts in the catalogue's slot order (then, by slot id, any part of a
// slot the catalogue no longer has), the generator and the button;
// Presets are each preset's rows in Fields' order. Parts are the parts
// again for the hilt's picture. The desk answers it as it is
// (DeskLine.build).
type Build struct {
	Parts   []Part  `json:"parts"`
	Rows    []Row   `json:"rows"`
	Presets [][]Row `json:"presets"`
}

// The keys of the rows: each but KeyPart is labelled by the bundles'
// "sheet.<key>" (the desk's internal/desk/ui, the mail's
// internal/mail/locales); a part is labelled by its slot's name.
const (
	KeyPart       = "part"
	KeyGenerator  = "generator"
	KeyButton     = "button"
	KeyColour     = "colour"
	KeyWhite      = "white"
	KeyEffect     = "effect"
	KeyIgnition   = "ignition"
	KeyRetraction = "retraction"
	KeySound      = "sound"
	KeyClash      = "clash"
)

// Fields are a preset's rows in the order the workshop sets them up: the
// blade's colour and its white LED, the effect, ignition and retraction,
// the sound and the clash's colour.
var Fields = []string{KeyColour, KeyWhite, KeyEffect, KeyIgnition, KeyRetraction, KeySound, KeyClash}

// Labels are the keys under "sheet." that every place showing the sheet
// takes from its bundles, in every language: each row's label but a
// part's, "preset" ("Preset {n}", each preset's heading), "white_value"
// ("{value} of 255", the white LED's level) and "id" (the name of the id a
// part is looked up by). The missing-translation tests check them.
var Labels = append([]string{KeyGenerator, KeyButton}, append(slices.Clone(Fields), "preset", "white_value", "id")...)

// Row is one labelled row of the sheet.
type Row struct {
	// Key says what the row is (KeyPart, KeyGenerator, …) and so which
	// label it has.
	Key string `json:"key"`
	// Label is a part's label: its slot's name, else the slot's id.
	Label string `json:"label,omitempty"`
	// Name is the value: the catalogue's name in the locale, a colour's
	// name in the palette, else what the order kept (an option's id, a
	// colour's "#rrggbb"); "" for a part the catalogue has no name for
	// (its ID says it) and for the white LED (Level says it).
	Name string `json:"name,omitempty"`
	// ID is the catalogue id a part is looked up by in the workshop (the
	// parts are labelled by id): set for the parts and the generator only.
	ID string `json:"id,omitempty"`
	// Swatch is the colour of a colour's row, "#rrggbb" (the order
	// accepts no other form).
	Swatch string `json:"swatch,omitempty"`
	// Level is the white LED's level, 0 to 255 as the blade's firmware
	// takes it and the creator showed it to the shopper ("40 of 255").
	Level *int `json:"level,omitempty"`
}

// Name is a catalogue id with its name ("" when the catalogue in force has
// none or no longer has the entry: the sheet then shows the id alone).
type Name struct {
	ID   string `json:"id"`
	Name string `json:"name,omitempty"`
}

// Part is one slot's part of a design, for the hilt's picture.
type Part struct {
	Slot     string `json:"slot"`
	SlotName string `json:"slot_name"` // the slot's name, else its id
	Name
	Image string `json:"image,omitempty"` // the part's picture on this site
}

// Label is "Name [id]", or the id alone when there is no name.
func (n Name) Label() string {
	if n.Name == "" {
		return n.ID
	}
	return n.Name + " [" + n.ID + "]"
}

// Text is the row's value as plain text (the terminal, an e-mail's text
// part): the name, then the id to look a part up by in brackets, or the
// id alone; white writes the white LED's level in the reader's words.
func (r Row) Text(white func(level int) string) string {
	switch {
	case r.Level != nil:
		return white(*r.Level)
	case r.ID == "":
		return r.Name
	}
	return Name{ID: r.ID, Name: r.Name}.Label()
}

// Row is a generator (a hilt's variant, a design's) as the sheet's row:
// the name with the id it is looked up by.
func (n Name) Row(key string) Row { return Row{Key: key, Name: n.Name, ID: n.ID} }

// Stage is a production stage and the day the order reached it.
type Stage struct {
	Name
	Reached time.Time // zero: not yet
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
	b := &Build{Parts: []Part{}, Rows: []Row{}, Presets: [][]Row{}}
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
	for _, p := range b.Parts {
		b.Rows = append(b.Rows, Row{Key: KeyPart, Label: p.SlotName, Name: p.Name.Name, ID: p.ID})
	}
	if c.Generator != "" {
		b.Rows = append(b.Rows, r.generator(c.Generator).Row(KeyGenerator))
	}
	if c.Button != "" {
		b.Rows = append(b.Rows, r.option(KeyButton, order.GroupButtons, c.Button))
	}
	for _, p := range c.Presets {
		white := p.White
		b.Presets = append(b.Presets, []Row{
			r.colour(KeyColour, p.Color),
			{Key: KeyWhite, Level: &white},
			r.option(KeyEffect, order.GroupEffects, p.Effect),
			r.option(KeyIgnition, order.GroupIgnitions, p.Ignition),
			r.option(KeyRetraction, order.GroupIgnitions, p.Retraction),
			r.option(KeySound, order.GroupSounds, p.Sound),
			r.colour(KeyClash, p.Clash),
		})
	}
	return b
}

// colour is a colour's row: the palette's name for it in the locale (the
// shopper picked it by that name; the creator stores its "#rrggbb"), else
// the "#rrggbb" itself, as one from the colour picker has no name.
func (r resolver) colour(key, hex string) Row {
	row := Row{Key: key, Name: inert.String(hex)}
	if hexColour.MatchString(hex) {
		row.Swatch = hex
	}
	for _, o := range r.cat.Creator.Options[order.GroupColors] {
		if o.Hex != "" && strings.EqualFold(o.Hex, hex) {
			if n := r.local(o.Names); n != "" {
				row.Name = n
			}
			break
		}
	}
	return row
}

// hexColour is the one colour form an order keeps (order.CreatorConfig's
// check): anything else is not drawn.
var hexColour = regexp.MustCompile(`^#[0-9a-fA-F]{6}$`)

func (r resolver) generator(id string) Name {
	n := Name{ID: inert.String(id)}
	if g, ok := r.cat.Generator(id); ok {
		n.Name = r.local(g.Names)
	}
	return n
}

// option is an option's row: its name, else its id. No id beside the
// name: an option is set up, not looked up.
func (r resolver) option(key, group, id string) Row {
	row := Row{Key: key, Name: inert.String(id)}
	if o, ok := r.cat.Option(group, id); ok {
		if n := r.local(o.Names); n != "" {
			row.Name = n
		}
	}
	return row
}
