package i18n

import (
	"testing"
	"time"
)

func TestPolishPlurals(t *testing.T) {
	cases := map[int]string{0: "many", 1: "one", 2: "few", 4: "few", 5: "many", 11: "many", 12: "many", 14: "many",
		21: "many", 22: "few", 24: "few", 25: "many", 102: "few", 112: "many", 122: "few"}
	for n, want := range cases {
		if got := PluralCategory("pl", n); got != want {
			t.Errorf("pl %d = %s, want %s", n, got, want)
		}
	}
	for n, want := range map[int]string{0: "other", 1: "one", 2: "other"} {
		for _, loc := range []string{"en", "de"} {
			if got := PluralCategory(loc, n); got != want {
				t.Errorf("%s %d = %s, want %s", loc, n, got, want)
			}
		}
	}
}

func TestTranslate(t *testing.T) {
	b := Bundle{
		"days":  {Plural: map[string]string{"one": "{count} dzień roboczy", "few": "{count} dni robocze", "many": "{count} dni roboczych", "other": "{count} dnia roboczego"}},
		"hello": {Text: "Cześć, {name}! {unknown}"},
	}
	if got := b.T("pl", "days", map[string]any{"count": 3}); got != "3 dni robocze" {
		t.Errorf("got %q", got)
	}
	if got := b.T("pl", "days", map[string]any{"count": 12}); got != "12 dni roboczych" {
		t.Errorf("got %q", got)
	}
	if got := b.T("pl", "hello", map[string]any{"name": "Anna"}); got != "Cześć, Anna! {unknown}" {
		t.Errorf("got %q", got)
	}
	if got := b.T("pl", "missing.key", nil); got != "missing.key" {
		t.Errorf("a missing key must show itself, got %q", got)
	}
}

func TestFormatMoney(t *testing.T) {
	cases := []struct {
		locale   string
		minor    int64
		currency string
		want     string
	}{
		{"en", 34900, "EUR", "€349.00"},
		{"en", 149900, "EUR", "€1,499.00"},
		{"de", 34900, "EUR", "349,00\u00a0€"},
		{"de", 149900, "EUR", "1.499,00\u00a0€"},
		{"pl", 149900, "PLN", "1\u00a0499,00\u00a0zł"},
		{"pl", 12, "PLN", "0,12\u00a0zł"},
		{"en", 4, "EUR", "€0.04"},
		{"en", -500, "EUR", "-€5.00"},
		{"pl", 123456789, "PLN", "1\u00a0234\u00a0567,89\u00a0zł"},
		{"fr", 123456789, "EUR", "1\u202f234\u202f567,89\u00a0€"},
		{"fr", 100, "CHF", "1,00\u00a0CHF"}, // no symbol: the code
	}
	formats := siteFormats(t)
	for _, c := range cases {
		if got := formats[c.locale].FormatMoney(c.minor, c.currency); got != c.want {
			t.Errorf("FormatMoney(%s, %d, %s) = %q, want %q", c.locale, c.minor, c.currency, got, c.want)
		}
	}
}

func TestFormatDate(t *testing.T) {
	d := time.Date(2026, 3, 3, 0, 0, 0, 0, time.UTC)
	formats := siteFormats(t)
	for loc, want := range map[string]string{"en": "3 March 2026", "pl": "3 marca 2026", "de": "3. März 2026", "fr": "03/03/2026"} {
		if got := formats[loc].FormatDate(d); got != want {
			t.Errorf("%s: %q, want %q", loc, got, want)
		}
	}
}
