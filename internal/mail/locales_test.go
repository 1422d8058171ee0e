package mail

import (
	"strings"
	"testing"
)

// Keys, parameters and plural forms of every locale are checked with every
// other set of strings in internal/i18n/strings_test.go.

// Polish e-mails are written with Polish letters (a file saved without
// diacritics would still have all its keys).
func TestLocalesLookNative(t *testing.T) {
	for loc, letters := range map[string]string{"pl": "ąćęłńóśźż", "de": "äöüß"} {
		src, err := localeFS.ReadFile("locales/" + loc + ".toml")
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range letters {
			if loc == "pl" && strings.ContainsRune("ńź", r) || loc == "de" && r == 'ä' {
				continue // not every letter has to occur
			}
			if !strings.ContainsRune(string(src), r) {
				t.Errorf("%s.toml has no %q", loc, r)
			}
		}
	}
}
