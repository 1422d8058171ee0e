package i18n

import (
	"encoding/json"
	"os/exec"
	"path/filepath"
	"testing"

	"sabershop/internal/testutil"
)

// TestMoneyFormatMatchesBrowser runs components/money.ts in node over the
// same cases and the same format data (as the bundles carry it) as
// Format.FormatMoney: a price must read the same in the page the build
// wrote and in an island that formats it in the browser.
func TestMoneyFormatMatchesBrowser(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Fatal("node is needed (the build needs it too)")
	}
	type tc struct {
		Locale   string `json:"locale"`
		Minor    int64  `json:"minor"`
		Currency string `json:"currency"`
	}
	formats := siteFormats(t)
	// A symbol written right after the digits, for CLDR's spacing on
	// that side too.
	formats["xx"] = Format{Decimal: ".", Group: ",", Money: "{amount}{symbol}", Symbols: map[string]string{"EUR": "€"}}
	var cases []tc
	for _, loc := range []string{"en", "pl", "de", "fr", "xx"} {
		for _, cur := range []string{"EUR", "PLN", "CHF"} {
			for _, m := range []int64{0, 4, 12, 99, 100, 1990, 34900, 149900, 100000, 1234567, 123456789, -500} {
				cases = append(cases, tc{loc, m, cur})
			}
		}
	}
	input, _ := json.Marshal(cases)
	root, _ := filepath.Abs("../..")
	out := testutil.RunTS(t, root, "money-check.ts",
		`import { formatMoney } from "./components/money";`+formatsScript(t, formats)+`const cases = `+string(input)+`; console.log(JSON.stringify(cases.map(c => formatMoney(c.locale, c.minor, c.currency))));`)
	var got []string
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	for i, c := range cases {
		if want := formats[c.Locale].FormatMoney(c.Minor, c.Currency); got[i] != want {
			t.Errorf("%s %d %s: browser %q, server %q", c.Locale, c.Minor, c.Currency, got[i], want)
		}
	}
}

// The shop's formats write money as CLDR does in each language: złoty in
// English is its code with a no-break space (en has no "zł"), the euro
// its sign without one.
func TestSiteMoney(t *testing.T) {
	formats := siteFormats(t)
	formats["xx"] = Format{Decimal: ".", Group: ",", Money: "{amount}{symbol}", Symbols: map[string]string{"EUR": "€"}}
	for _, c := range []struct {
		locale   string
		minor    int64
		currency string
		want     string
	}{
		{"en", 208300, "PLN", "PLN\u00a02,083.00"},
		{"en", -500, "PLN", "-PLN\u00a05.00"},
		{"en", 149900, "EUR", "€1,499.00"},
		{"pl", 149900, "PLN", "1\u00a0499,00\u00a0zł"},
		{"pl", 149900, "EUR", "1\u00a0499,00\u00a0€"},
		{"de", 149900, "EUR", "1.499,00\u00a0€"},
		{"de", 208300, "PLN", "2.083,00\u00a0PLN"},
		{"xx", 1200, "CHF", "12.00\u00a0CHF"},
		{"xx", 1200, "EUR", "12.00€"},
	} {
		if got := formats[c.locale].FormatMoney(c.minor, c.currency); got != c.want {
			t.Errorf("%s %d %s: %q, want %q", c.locale, c.minor, c.currency, got, c.want)
		}
	}
}
