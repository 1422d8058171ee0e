package buildsheet_test

import (
	"os"
	"slices"
	"testing"

	"sabershop/internal/buildsheet"
	"sabershop/internal/desk"
	"sabershop/internal/i18n"
	"sabershop/internal/mail"
	"sabershop/internal/order"
)

// Every label of the build sheet (buildsheet.Labels, under "sheet.") is in
// every language of the desk's page texts, which label the sheet on screen
// and on paper, and of the e-mails, which label it in the owner's e-mail:
// a label missing in one language would show as its key.
func TestEveryLabelInEveryLocale(t *testing.T) {
	ui, err := i18n.LoadSet("desk/ui", "en", os.DirFS("../desk/ui"), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, set := range []struct {
		name    string
		set     *i18n.Set
		locales []string
	}{{"desk", ui, desk.Locales}, {"mail", mail.Strings(), mail.Locales()}} {
		if len(set.locales) < 3 {
			t.Errorf("%s speaks %v only", set.name, set.locales)
		}
		for _, loc := range set.locales {
			for _, key := range buildsheet.Labels {
				args := map[string]any{"n": 1, "value": 40}
				if s, ok := set.set.Lookup(loc, "sheet."+key, args); !ok || s == "" {
					t.Errorf("%s %s: no sheet.%s", set.name, loc, key)
				}
			}
		}
	}
}

// Every row the sheet makes is labelled by a key of Labels (a part by its
// slot's name), so the test above covers every label a place shows.
func TestEveryRowKeyIsALabel(t *testing.T) {
	o := &order.Order{Lines: []order.Line{{Product: "arc", Variant: "crystal"}, {Product: order.CreatorSlug, Creator: design()}}}
	s := buildsheet.Resolve(o, testCatalog(), "en", placed)
	rows := append([]buildsheet.Row{s.Lines[0].Variant.Row(buildsheet.KeyGenerator)}, s.Lines[1].Build.Rows...)
	for _, p := range s.Lines[1].Build.Presets {
		rows = append(rows, p...)
	}
	for _, r := range rows {
		if r.Key == buildsheet.KeyPart {
			if r.Label == "" {
				t.Errorf("a part without a label: %+v", r)
			}
		} else if !slices.Contains(buildsheet.Labels, r.Key) {
			t.Errorf("row key %q is not in Labels", r.Key)
		}
	}
}
