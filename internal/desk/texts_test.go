package desk_test

import (
	"os"
	"testing"

	"sabershop/internal/desk"
	"sabershop/internal/i18n"
)

// Every text of the desk, its answers and its pages, exists in every
// language it speaks, with the same placeholders.
func TestEveryTextInEveryLocale(t *testing.T) {
	for _, dir := range []string{"messages", "ui"} {
		set, err := i18n.LoadSet("desk/"+dir, "en", os.DirFS(dir), nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range set.Check(desk.Locales) {
			t.Errorf("%s", p)
		}
	}
}
