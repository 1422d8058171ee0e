package mail

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"sabershop/internal/i18n"
)

var placeholder = regexp.MustCompile(`\{[a-z_]+\}`)

// Every locale has exactly English's keys (Miniflux style: a missing or a
// stray key fails), the plural forms its language needs, and no
// placeholder English does not fill in.
func TestLocalesHaveSameKeys(t *testing.T) {
	b, err := loadBundles()
	if err != nil {
		t.Fatal(err)
	}
	en := b["en"]
	for _, loc := range Locales {
		bl := b[loc]
		for _, k := range en.Keys() {
			if _, ok := bl[k]; !ok {
				t.Errorf("%s: missing key %s", loc, k)
			}
		}
		for _, k := range bl.Keys() {
			ref, ok := en[k]
			if !ok {
				t.Errorf("%s: key %s is not in en", loc, k)
				continue
			}
			m := bl[k]
			if (m.Plural == nil) != (ref.Plural == nil) {
				t.Errorf("%s: %s is plural in one locale and not in the other", loc, k)
			}
			texts := []string{m.Text}
			if m.Plural != nil {
				texts = nil
				for _, form := range i18n.RequiredPluralForms(loc) {
					if m.Plural[form] == "" {
						t.Errorf("%s: %s lacks plural form %q", loc, k, form)
					}
				}
				for _, v := range m.Plural {
					texts = append(texts, v)
				}
			}
			allowed := placeholder.FindAllString(ref.Text+strings.Join(mapValues(ref.Plural), ""), -1)
			for _, text := range texts {
				if strings.TrimSpace(text) == "" {
					t.Errorf("%s: %s is empty", loc, k)
				}
				for _, p := range placeholder.FindAllString(text, -1) {
					if !slices.Contains(allowed, p) {
						t.Errorf("%s: %s uses %s, which en does not have", loc, k, p)
					}
				}
			}
		}
	}
}

func mapValues(m map[string]string) []string {
	var out []string
	for _, v := range m {
		out = append(out, v)
	}
	return out
}

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
