package order

import "testing"

func TestStatusPath(t *testing.T) {
	for locale, want := range map[string]string{"en": "/status/H", "pl": "/pl/status/H", "de": "/de/status/H"} {
		if got := (&Order{Locale: locale, Hash: "H"}).StatusPath(); got != want {
			t.Errorf("%s: %q, want %q", locale, got, want)
		}
	}
}
