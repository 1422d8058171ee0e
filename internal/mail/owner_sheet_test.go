package mail

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"sabershop/internal/catalog"
	"sabershop/internal/order"
)

// sheetCatalog is the test catalogue with the creator's options named: a
// palette with the order's blade colour (not its clash colour, as if
// picked with the colour picker), the effect, ignition, sound and button.
func sheetCatalog() *catalog.Catalog {
	c := testCatalog()
	n := func(en, pl, de string) map[string]string { return map[string]string{"en": en, "pl": pl, "de": de} }
	c.Creator.Options = map[string][]catalog.Option{
		order.GroupColors:    {{ID: "blue", Names: n("Blue", "Niebieski", "Blau"), Hex: "#1e90ff"}},
		order.GroupEffects:   {{ID: "stable", Names: n("Steady", "Stałe światło", "Ruhig")}},
		order.GroupIgnitions: {{ID: "standard", Names: n("Standard", "Standardowe", "Standard")}},
		order.GroupSounds:    {{ID: "hum", Names: n("Classic hum", "Klasyczny szum", "Klassisches Summen")}},
		order.GroupButtons:   {{ID: "single", Names: n("One button", "Jeden przycisk", "Ein Taster")}},
	}
	return c
}

// The owner's e-mail lays each line's build sheet out as the desk does, in
// the owner's language: labelled rows, ids beside the parts and the
// generator only, each preset headed once by its number, the colours by
// the palette's names (a colour it lacks by its "#rrggbb"). The text
// part's values of a line line up under each other.
func TestOwnerMailBuildSheet(t *testing.T) {
	want := map[string]string{
		"pl": `* 1 × Arc, ·
  Generator: Z kryształem [crystal]

* 1 × Custom saber, ·
  Emiter:            Talon [talon]
  Uchwyt:            Żebrowany [ribbed]
  Generator:         Standardowy [standard]
  Przycisk:          Jeden przycisk
  Preset 1
    Kolor ostrza:    Niebieski
    Biała dioda:     40 z 255
    Efekt:           Stałe światło
    Zapłon:          Standardowe
    Gaszenie:        Standardowe
    Dźwięk:          Klasyczny szum
    Kolor uderzenia: #ffffff
`,
		"en": `* 1 × Arc, ·
  Generator: With crystal [crystal]

* 1 × Custom saber, ·
  Emitter:        Talon [talon]
  Grip:           Ribbed [ribbed]
  Generator:      Standard [standard]
  Button:         One button
  Preset 1
    Blade colour: Blue
    White LED:    40 of 255
    Effect:       Steady
    Ignition:     Standard
    Retraction:   Standard
    Sound:        Classic hum
    Clash colour: #ffffff
`,
		"de": `* 1 × Arc, ·
  Generator: Mit Kristall [crystal]

* 1 × Custom saber, ·
  Emitter:        Talon [talon]
  Griff:          Gerippt [ribbed]
  Generator:      Standard [standard]
  Taster:         Ein Taster
  Preset 1
    Klingenfarbe: Blau
    Weiße LED:    40 von 255
    Effekt:       Ruhig
    Zündung:      Standard
    Ausschalten:  Standard
    Sound:        Klassisches Summen
    Clash-Farbe:  #ffffff
`,
	}
	// The lines' totals are the money format's (not this test's).
	total := regexp.MustCompile(`(?m)^(\* 1 × [^,]+, ).*$`)
	for loc, w := range want {
		m, err := OwnerOrder(KindOwnerOrderPlaced, sheetCatalog(), loc, "owner@saberforge.example", testOrder(loc), statusURL, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		text := m.Text[strings.Index(m.Text, "* 1 × Arc"):]
		at := strings.Index(text, "Preset")
		text = total.ReplaceAllString(text[:at+strings.Index(text[at:], "\n\n")+1], "$1·")
		if text != w {
			t.Errorf("%s text:\n%s\nwant\n%s", loc, text, w)
		}
		for _, no := range []string{"[stable]", "[single]", "[hum]", "+ ", "white 40", "generator:", "clash #"} {
			if strings.Contains(m.Text+m.HTML, no) {
				t.Errorf("%s: %q in the e-mail", loc, no)
			}
		}
		// The HTML part: a table of labels and values, the id muted after
		// a part's name, a swatch before each colour's name.
		lines := strings.Split(w, "\n")
		for _, l := range lines[1:] {
			label, value, ok := strings.Cut(strings.TrimSpace(l), ":")
			if !ok {
				continue
			}
			value = strings.TrimSpace(value)
			if name, id, ok := strings.Cut(value, " ["); ok {
				value = name + ` <code style="color:#777777;font-size:12px;">` + strings.TrimSuffix(id, "]") + "</code>"
			}
			row := `<td valign="top" style="padding:2px 12px 2px 0;color:#555555;">` + label + `</td><td valign="top" style="padding:2px 0;">`
			if !strings.Contains(m.HTML, row) || !strings.Contains(m.HTML, value+"</td></tr>") {
				t.Errorf("%s HTML lacks the row %s: %s", loc, label, value)
			}
		}
		for _, swatch := range []string{"background-color:#1e90ff;\"></span> " + strings.Fields(lines[9])[len(strings.Fields(lines[9]))-1], "background-color:#ffffff;\"></span> #ffffff"} {
			if !strings.Contains(m.HTML, swatch) {
				t.Errorf("%s HTML lacks %s", loc, swatch)
			}
		}
		if !strings.Contains(m.HTML, "<strong>Preset 1</strong></td></tr>") {
			t.Errorf("%s HTML lacks the preset's heading", loc)
		}
	}
}
