package buildsheet_test

import (
	"os"
	"testing"

	"sabershop/internal/buildsheet"
	"sabershop/internal/desk"
	"sabershop/internal/i18n"
	"sabershop/internal/mail"
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
