package mail

import (
	"regexp"
	"strings"
	"testing"

	"sabershop/internal/catalog"
)

var imgPattern = regexp.MustCompile(`<img src="([^"]+)"`)

// TestOrderPlacedShowsTheDesignedHilt: the e-mail that carries the payment
// link shows a creator design as the basket and the status page do – its
// part pictures lying down (pommel, grip, emitter), absolute on the site the
// status link points to – and a ready model its picture; the text e-mail
// names the parts (the most expensive line had no picture).
func TestOrderPlacedShowsTheDesignedHilt(t *testing.T) {
	cat := testCatalog()
	part := func(id, en, pl, image string) catalog.Part {
		return catalog.Part{ID: id, Names: map[string]string{"en": en, "pl": pl, "de": en}, Image: image}
	}
	cat.Creator.Slots[0].Options[0].Image = "/images/creator/emitter-talon.svg"
	cat.Creator.Slots[1].Options[0].Image = "/images/creator/grip-ribbed.svg"
	cat.Creator.Slots = append(cat.Creator.Slots, catalog.Slot{ID: "pommel",
		Names: map[string]string{"en": "Pommel", "pl": "Głowica", "de": "Knauf"}, Options: []catalog.Part{
			part("spike", "Spike", "Kolec", "/images/creator/pommel-spike.svg"),
			part("plain", "Plain", "Gładka", ""), // no picture: left out
		}})
	for _, loc := range Locales() {
		o := testOrder(loc)
		o.Lines[0].Image = "/images/products/arc.svg"
		o.Lines[1].Creator.Parts["pommel"] = "spike"
		m, err := OrderPlaced(cat, o, statusURL)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, sm := range imgPattern.FindAllStringSubmatch(m.HTML, -1) {
			got = append(got, sm[1])
		}
		want := []string{
			"https://saberforge.example/images/products/arc.svg",
			"https://saberforge.example/images/creator/pommel-spike.svg",
			"https://saberforge.example/images/creator/grip-ribbed.svg",
			"https://saberforge.example/images/creator/emitter-talon.svg",
		}
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%s: pictures\n%v\nwant\n%v", loc, got, want)
		}
		at := strings.Index(m.HTML, "pommel-spike.svg")
		if at < 0 {
			t.Errorf("%s: no picture of the design", loc)
			continue
		}
		creator := m.HTML[at:]
		names := map[string][]string{
			"en": {"Emitter: Talon", "Grip: Ribbed", "Pommel: Spike"},
			"pl": {"Emiter: Talon", "Uchwyt: Żebrowany", "Głowica: Kolec"},
			"de": {"Emitter: Talon", "Griff: Gerippt", "Knauf: Spike"},
		}[loc]
		for _, n := range names {
			if !strings.Contains(m.Text, n) || !strings.Contains(creator, n) {
				t.Errorf("%s: the design's part %q is not named in both bodies", loc, n)
			}
		}
		if strings.Contains(m.Text, "<img") || strings.Contains(m.Text, ".svg") {
			t.Errorf("%s: the text e-mail has pictures", loc)
		}

		// A part whose picture is gone shows the others, never a broken link.
		o.Lines[1].Creator.Parts["pommel"] = "plain"
		m, err = OrderPlaced(cat, o, statusURL)
		if err != nil {
			t.Fatal(err)
		}
		if n := len(imgPattern.FindAllString(m.HTML, -1)); n != 3 {
			t.Errorf("%s: %d pictures with a part that has none, want 3", loc, n)
		}
	}
}
