package admin_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"sabershop/internal/order"
	"sabershop/internal/store"
)

// placedOn moves a stored order's creation to the instant at (orders
// from different days).
func (f *fixture) placedOn(o *order.Order, at time.Time) {
	f.t.Helper()
	err := f.db.UpdateNow(func(tx *store.Tx) error {
		cur, err := tx.Order(o.Hash)
		if err != nil {
			return err
		}
		cur.CreatedAt = at
		return tx.PutOrder(cur)
	})
	if err != nil {
		f.t.Fatal(err)
	}
}

// ids are the order numbers of the rows of a list, top to bottom.
func ids(out string) string {
	var got []string
	for _, l := range lines(out)[1:] {
		if strings.HasPrefix(l, "(") {
			got = append(got, "more")
			continue
		}
		got = append(got, strings.Fields(l)[0])
	}
	return strings.Join(got, " ")
}

func TestOrdersListFilters(t *testing.T) {
	f := newFixture(t)
	a := f.place("pl", customer("Łukasz", "lukasz@example.com", "pl"), arc(1))
	b := f.place("de", customer("Bernd", "Bernd@Example.com", "de"), arc(1))
	c := f.place("pl", customer("Cleo", "cleo@example.com", "pl"), arc(1))
	d := f.place("de", customer("Dora", "dora@example.com", "de"), arc(1))
	f.setStatus(b, order.Paid)
	f.setStatus(d, order.Paid)
	day := func(n int) time.Time { return time.Date(2026, 11, n, 10, 0, 0, 0, time.UTC) }
	f.placedOn(a, day(1))
	f.placedOn(b, day(2))
	f.placedOn(c, day(3))
	f.placedOn(d, day(4))

	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, "1 2 3 4"}, // oldest first, as before
		{[]string{"--status", "paid"}, "2 4"},
		{[]string{"--country", "DE"}, "2 4"},
		{[]string{"--currency", "pln"}, "1 3"},
		{[]string{"--status", "paid", "--currency", "EUR", "--country", "de"}, "2 4"},
		{[]string{"--status", "placed", "--country", "de"}, ""},
		{[]string{"--from", "2026-11-02"}, "2 3 4"},
		{[]string{"--to", "2026-11-02"}, "1 2"}, // the last day included
		{[]string{"--from", "2026-11-02", "--to", "2026-11-03", "--country", "pl"}, "3"},
		{[]string{"--limit", "2"}, "3 4 more"}, // the newest two
		{[]string{"--limit", "4"}, "1 2 3 4"},
		{[]string{"--stage", "tested"}, ""},
		{[]string{"--status", "waiting"}, "1 3"},  // a queue: placed or paying
		{[]string{"--status", "to_build"}, "2 4"}, // paid, no stage yet
		{[]string{"--status", "to_build", "--country", "de", "--from", "2026-11-03"}, "4"},
	} {
		out := f.ok(append([]string{"orders", "list"}, tc.args...)...)
		if tc.want == "" {
			if out != "no orders\n" {
				t.Errorf("%v: %q", tc.args, out)
			}
			continue
		}
		if got := ids(out); got != tc.want {
			t.Errorf("%v: %s, want %s\n%s", tc.args, got, tc.want, out)
		}
	}
	f.usage(`--from "2026-13-01" is not a day`, "orders", "list", "--from", "2026-13-01")
	f.usage("after --to", "orders", "list", "--from", "2026-11-05", "--to", "2026-11-01")
	f.usage("--limit must be", "orders", "list", "--limit", "-1")
	f.usage("invalid value", "orders", "list", "--limit", "x")
}

func TestOrdersSearch(t *testing.T) {
	f := newFixture(t)
	a := f.place("pl", customer("Łukasz", "lukasz@example.com", "pl"), arc(1))
	b := f.place("de", customer("Bernd", "Bernd@Example.com", "de"), arc(2))
	f.place("pl", customer("Lucyna", "lucy@example.com", "pl"), arc(1))

	for q, want := range map[string]string{
		"lukasz":               fmt.Sprint(a.ID),
		"ŁUKASZ nowak":         fmt.Sprint(a.ID),
		"lu":                   fmt.Sprintf("%d 3", a.ID), // Łukasz, Lucyna and lucy@
		fmt.Sprint(b.ID):       fmt.Sprint(b.ID),
		"#" + fmt.Sprint(b.ID): fmt.Sprint(b.ID),
		"bernd@example.com":    fmt.Sprint(b.ID),
		"BERND@EXAMPLE.COM":    fmt.Sprint(b.ID),
		b.Hash:                 fmt.Sprint(b.ID),
		"nowak":                fmt.Sprintf("%d %d 3", a.ID, b.ID),
		"zenon":                "",
	} {
		out := f.ok("orders", "search", q)
		if want == "" {
			if out != "no orders\n" {
				t.Errorf("search %q: %q", q, out)
			}
			continue
		}
		if got := ids(out); got != want {
			t.Errorf("search %q: %s, want %s\n%s", q, got, want, out)
		}
	}
	// Words as separate arguments are one query; rows as orders list's.
	out := f.ok("orders", "search", "bernd", "nowak", "--limit", "5")
	if ls := lines(out); len(ls) != 2 || !strings.Contains(strings.Join(strings.Fields(ls[1]), " "), fmt.Sprintf("Bernd Nowak Bernd@example.com 2 %d.%02d EUR", b.Totals.Total/100, b.Totals.Total%100)) {
		t.Errorf("search bernd nowak:\n%s", out)
	}
	if got := ids(f.ok("orders", "search", "nowak", "--limit", "1")); got != "3 more" {
		t.Errorf("--limit 1: %s", got)
	}
	f.usage("give an order number, a name or an e-mail address", "orders", "search")
}
