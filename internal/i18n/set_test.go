package i18n

import (
	"strings"
	"testing"
	"testing/fstest"
)

func TestPluralRulesOfOtherLanguages(t *testing.T) {
	cases := []struct {
		locale string
		n      int
		want   string
	}{
		{"fr", 0, "one"}, {"fr", 1, "one"}, {"fr", 2, "other"}, {"fr", 1000000, "many"},
		{"ru", 21, "one"}, {"ru", 22, "few"}, {"ru", 11, "many"}, {"ru", 25, "many"},
		{"cs", 3, "few"}, {"cs", 5, "other"}, {"ja", 1, "other"},
		{"pt-BR", 0, "one"},
		{"xx", 1, "one"}, {"xx", 2, "other"}, // not in plurals.toml: English's rules
	}
	for _, c := range cases {
		if got := PluralCategory(c.locale, c.n); got != c.want {
			t.Errorf("%s %d = %s, want %s", c.locale, c.n, got, c.want)
		}
	}
	for loc, want := range map[string]string{"en": "one other", "de": "one other", "pl": "one few many other",
		"fr": "one many other", "ja": "other", "xx": "one other"} {
		if got := strings.Join(RequiredPluralForms(loc), " "); got != want {
			t.Errorf("%s needs %q, want %q", loc, got, want)
		}
	}
}

// A set reports what is wrong in a locale and translates plurals with
// parameters, falling back to the default locale.
func TestSetCheckAndTranslate(t *testing.T) {
	files := fstest.MapFS{
		"en.toml": {Data: []byte("greeting = \"Hello {name}\"\nonly_en = \"x\"\n[days]\none = \"{count} day\"\nother = \"{count} days\"\n")},
		"pl.toml": {Data: []byte("greeting = \"Cześć {imie}\"\nstray = \"y\"\n[days]\none = \"{count} dzień\"\nother = \"{count} dnia\"\n")},
	}
	s, err := LoadSet("test", "en", files)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range s.Check([]string{"en", "pl", "fr"}) {
		got = append(got, p.String())
	}
	want := []string{
		`test/pl.toml: days: plural form "few" missing (pl needs one, few, many, other)`,
		`test/pl.toml: days: plural form "many" missing (pl needs one, few, many, other)`,
		`test/pl.toml: greeting: uses {imie}, which en.toml does not fill in (it has {name})`,
		`test/pl.toml: only_en: missing translation (en.toml has it)`,
		`test/pl.toml: stray: not in en.toml (a stale or misspelt key)`,
		`test/fr.toml: missing: the site has the locale fr`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if got := s.T("en", "days", map[string]any{"count": 3}); got != "3 days" {
		t.Errorf("got %q", got)
	}
	if got := s.T("pl", "only_en", nil); got != "x" {
		t.Errorf("a key missing in pl falls back to en, got %q", got)
	}
	if _, ok := s.Lookup("pl", "only_en", nil); ok {
		t.Error("Lookup must report the missing key")
	}
	if got := s.T("pl", "nowhere", nil); got != "nowhere" {
		t.Errorf("got %q", got)
	}
}
