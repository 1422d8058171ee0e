package desk

import (
	"fmt"

	"sabershop/internal/buildsheet"
)

// The build sheet is buildsheet.Resolve's, in the owner's language: the
// order page's text lines below and the printed sheet (the lines' build,
// read by desk/pages/BuildSheet.tsx) show the same value the terminal's
// `orderd orders show` prints.

// sheet is the order page's build sheet in lines of text, from the
// line's build: each slot's part, the generator, the button, then the
// presets; ids stay beside the names (the workshop's parts are labelled by
// id).
func sheet(b *buildsheet.Build) (rows, presets, colours []string) {
	for _, p := range b.Parts {
		rows = append(rows, p.SlotName+": "+p.Label())
	}
	if b.Generator.ID != "" {
		rows = append(rows, "generator: "+b.Generator.Label())
	}
	if b.Button.ID != "" {
		rows = append(rows, "button: "+b.Button.Label())
	}
	for i, p := range b.Presets {
		presets = append(presets, fmt.Sprintf("%d. %s + white %d · %s · %s / %s · %s · clash %s", i+1, p.Colour, p.White,
			p.Effect.Label(), p.Ignition.Label(), p.Retraction.Label(), p.Sound.Label(), p.Clash))
		colours = append(colours, p.Colour)
	}
	return rows, presets, colours
}
