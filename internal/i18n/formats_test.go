package i18n

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// siteFormats are the shop's own formats (content/i18n/LOCALE.toml
// [format]) and a French one written here with the other kind of date
// ({dd}/{mm}) and a narrow no-break space between thousands, so the
// agreement tests cover every placeholder.
func siteFormats(t testing.TB) map[string]Format {
	t.Helper()
	out := map[string]Format{}
	for _, loc := range []string{"en", "pl", "de"} {
		src, err := os.ReadFile(filepath.Join("..", "..", "content", "i18n", loc+".toml"))
		if err != nil {
			t.Fatal(err)
		}
		if out[loc], err = ParseFormat(string(src)); err != nil {
			t.Fatalf("%s.toml: %v", loc, err)
		}
	}
	fr, err := ParseFormat(`[format]
decimal = ","
group = "\u202f"
money = "{amount}\u00a0{symbol}"
date = "{dd}/{mm}/{year}"
date_time = "{date} à {hour}h{minute}"
[format.symbols]
EUR = "€"
`)
	if err != nil {
		t.Fatal(err)
	}
	out["fr"] = fr
	return out
}

// formatsScript sets the global that stands in for the bundles'
// __LOCALE_FORMATS__ in a script run by testutil.RunTS.
func formatsScript(t testing.TB, formats map[string]Format) string {
	b, err := json.Marshal(formats)
	if err != nil {
		t.Fatal(err)
	}
	return "(globalThis as any).__LOCALE_FORMATS__ = " + string(b) + ";\n"
}

func TestReadFormatReportsEveryProblem(t *testing.T) {
	lines := map[string]int{"format.money": 3, "format.date": 4, "format.months": 5, "format.decimal": 2}
	_, problems := ReadFormat(map[string]any{
		"decimal": "",
		"money":   "{symbol}",
		"date":    "{day} {month} {yr}",
		"months":  []any{"Jan", "Feb"},
		"spacing": " ",
	}, func(key string) int { return lines[key] })
	var got []string
	for _, p := range problems {
		got = append(got, fmt.Sprintf("%d %s: %s", p.Line, p.Key, p.Text))
	}
	want := []string{
		"2 format.decimal: must not be empty",
		"0 format.group: missing (see docs/adding-a-locale.md)",
		"3 format.money: must contain {amount}",
		"4 format.date: {yr} is not one of {day} {dd} {month} {mm} {year}",
		"0 format.date_time: missing (see docs/adding-a-locale.md)",
		"0 format.symbols: missing: a table of currency symbols, e.g. EUR = \"€\"",
		"5 format.months: must be a list of the 12 months' names, January first",
		"0 format.spacing: unknown (known: decimal, group, money, symbols, date, date_time, months)",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
