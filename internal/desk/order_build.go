package desk

import (
	"fmt"

	"sabershop/internal/catalog"
	"sabershop/internal/inert"
	"sabershop/internal/order"
)

// deskBuild is a creator design laid out for the printed build sheet:
// every part with its slot, catalogue id, name and picture (the desk draws
// the hilt from them with the creator's HiltThumb), the generator, the
// button and each preset field by field. Names are in the owner's
// language; ids stay inert, as the order's own words.
type deskBuild struct {
	Parts     []deskPart   `json:"parts"`
	Generator deskName     `json:"generator"`
	Button    deskName     `json:"button"`
	Presets   []deskPreset `json:"presets"`
}

// deskName is a catalogue id with its name ("" when the catalogue in
// force no longer has it: the sheet then shows the id alone).
type deskName struct {
	ID   string `json:"id"`
	Name string `json:"name,omitempty"`
}

type deskPart struct {
	Slot     string `json:"slot"`
	SlotName string `json:"slot_name"`
	deskName
	Image string `json:"image,omitempty"` // the part's picture on this site
}

type deskPreset struct {
	Colour     string   `json:"colour"` // "#rrggbb"
	White      int      `json:"white"`
	Effect     deskName `json:"effect"`
	Ignition   deskName `json:"ignition"`
	Retraction deskName `json:"retraction"`
	Sound      deskName `json:"sound"`
	Clash      string   `json:"clash"` // "#rrggbb"
}

// label is "Name [id]", or the id alone when the catalogue lacks it.
func (n deskName) label() string {
	if n.Name == "" {
		return n.ID
	}
	return n.Name + " [" + n.ID + "]"
}

// build is c's deskBuild in the catalogue's slot order (cat may be empty).
func build(cat *catalog.Catalog, loc string, c *order.CreatorConfig) *deskBuild {
	b := &deskBuild{Parts: []deskPart{}, Presets: []deskPreset{}}
	for _, s := range cat.Creator.Slots {
		id, ok := c.Parts[s.ID]
		if !ok {
			continue
		}
		p := deskPart{Slot: s.ID, SlotName: local(s.Names, loc, s.ID), deskName: deskName{ID: inert.String(id)}}
		if part, ok := s.Part(id); ok {
			p.Name, p.Image = local(part.Names, loc, id), part.Image
		}
		b.Parts = append(b.Parts, p)
	}
	b.Generator = generator(cat, loc, c.Generator)
	b.Button = option(cat, loc, "buttons", c.Button)
	for _, p := range c.Presets {
		b.Presets = append(b.Presets, deskPreset{Colour: inert.String(p.Color), White: p.White,
			Effect: option(cat, loc, "effects", p.Effect), Ignition: option(cat, loc, "ignitions", p.Ignition),
			Retraction: option(cat, loc, "ignitions", p.Retraction), Sound: option(cat, loc, "sounds", p.Sound),
			Clash: inert.String(p.Clash)})
	}
	return b
}

// sheet is the order page's build sheet in lines of text, from the same
// build: each slot's part, the generator, the button, then the presets;
// ids stay beside the names (the workshop's parts are labelled by id).
func sheet(b *deskBuild) (rows, presets, colours []string) {
	for _, p := range b.Parts {
		rows = append(rows, p.SlotName+": "+p.label())
	}
	if b.Generator.ID != "" {
		rows = append(rows, "generator: "+b.Generator.label())
	}
	if b.Button.ID != "" {
		rows = append(rows, "button: "+b.Button.label())
	}
	for i, p := range b.Presets {
		presets = append(presets, fmt.Sprintf("%d. %s + white %d · %s · %s / %s · %s · clash %s", i+1, p.Colour, p.White,
			p.Effect.label(), p.Ignition.label(), p.Retraction.label(), p.Sound.label(), p.Clash))
		colours = append(colours, p.Colour)
	}
	return rows, presets, colours
}

func generator(cat *catalog.Catalog, loc, id string) deskName {
	if g, ok := cat.Generator(id); ok {
		return deskName{ID: id, Name: local(g.Names, loc, id)}
	}
	return deskName{ID: inert.String(id)}
}

func option(cat *catalog.Catalog, loc, group, id string) deskName {
	if o, ok := cat.Option(group, id); ok {
		return deskName{ID: id, Name: local(o.Names, loc, id)}
	}
	return deskName{ID: inert.String(id)}
}
