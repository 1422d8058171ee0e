package catalog

import (
	"testing"
	"time"
)

func day(s string) time.Time {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic(err)
	}
	return t
}

// product is a hilt with a EUR price list: day, amount, day, amount...
func product(entries ...any) *Product {
	p := &Product{Slug: "arc", Kind: KindHilt}
	for i := 0; i < len(entries); i += 2 {
		p.Prices = append(p.Prices, Price{From: entries[i].(string), Amounts: map[string]int64{"EUR": int64(entries[i+1].(int))}})
	}
	return p
}

func TestPriceAt(t *testing.T) {
	p := testCatalog().Products[0]
	at := func(s string) time.Time {
		v, err := time.Parse(time.RFC3339, s)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	cases := []struct {
		at       string
		currency string
		want     int64
		ok       bool
	}{
		{"2025-12-31T23:59:59Z", "EUR", 0, false},
		{"2026-01-01T00:00:00Z", "EUR", 34900, true},
		{"2026-05-31T23:59:59Z", "EUR", 34900, true},
		{"2026-06-01T00:00:00Z", "EUR", 29900, true},
		// 01:00 in Warsaw on 1 June is still 31 May in UTC.
		{"2026-06-01T01:00:00+02:00", "EUR", 34900, true},
		{"2030-01-01T00:00:00Z", "EUR", 29900, true},
		{"2026-02-01T00:00:00Z", "PLN", 149900, true},
		// The entry in force has no PLN: no price rather than an old one.
		{"2026-07-01T00:00:00Z", "PLN", 0, false},
		{"2026-02-01T00:00:00Z", "USD", 0, false},
	}
	for _, c := range cases {
		got, ok := p.PriceAt(c.currency, at(c.at))
		if got != c.want || ok != c.ok {
			t.Errorf("%s %s: %d %v, want %d %v", c.at, c.currency, got, ok, c.want, c.ok)
		}
	}
	var none *Product
	if _, ok := none.PriceAt("EUR", time.Now()); ok {
		t.Error("a price for no product")
	}
}

func TestReductionLowest30Days(t *testing.T) {
	// 349 since Jan, 329 from Mar 1, 299 from Mar 20: the 30 days before
	// Mar 20 (from Feb 18) saw 349 and 329, so the lowest is 329.
	p := product("2026-01-01", 34900, "2026-03-01", 32900, "2026-03-20", 29900)
	r, ok := p.ReductionAt("EUR", day("2026-04-01"))
	if !ok || r.Previous != 32900 || r.Lowest30 != 32900 || !r.Since.Equal(day("2026-03-20")) {
		t.Errorf("got %+v %v", r, ok)
	}
	// A price that went down then up and down again: the lowest of the
	// window counts even if it was not the one just before.
	p = product("2026-01-01", 34900, "2026-02-10", 27900, "2026-02-20", 34900, "2026-03-01", 29900)
	r, ok = p.ReductionAt("EUR", day("2026-03-02"))
	if !ok || r.Lowest30 != 27900 || r.Previous != 34900 {
		t.Errorf("got %+v %v, want lowest 279.00", r, ok)
	}
	// The same list out of order reads the same (catalog.json is a file).
	p = product("2026-03-01", 29900, "2026-01-01", 34900, "2026-02-20", 34900, "2026-02-10", 27900)
	if r2, ok := p.ReductionAt("EUR", day("2026-03-02")); !ok || r2 != r {
		t.Errorf("unsorted: got %+v %v, want %+v", r2, ok, r)
	}
	// A price that went up is no reduction.
	if _, ok := product("2026-01-01", 29900, "2026-02-01", 34900).ReductionAt("EUR", day("2026-03-01")); ok {
		t.Error("a raise reported as a reduction")
	}
	// Out of the window: a low price 40 days before does not count.
	p = product("2026-01-01", 19900, "2026-01-10", 34900, "2026-03-01", 29900)
	r, _ = p.ReductionAt("EUR", day("2026-03-05"))
	if r.Lowest30 != 34900 {
		t.Errorf("lowest = %d, want 349.00 (199.00 ended 50 days before)", r.Lowest30)
	}
	// A scheduled (future) sale is not shown before it starts.
	if _, ok := product("2026-01-01", 34900, "2026-12-01", 29900).ReductionAt("EUR", day("2026-11-30")); ok {
		t.Error("a future sale shown early")
	}
	// No price in the currency before: nothing was reduced.
	p = product("2026-01-01", 34900, "2026-03-01", 29900)
	delete(p.Prices[0].Amounts, "EUR")
	if _, ok := p.ReductionAt("EUR", day("2026-03-02")); ok {
		t.Error("a reduction from no price")
	}
	// An unreadable line is left out, not read as a day.
	p = product("2026-01-01", 34900, "junk", 100, "2026-03-01", 29900)
	if r, ok := p.ReductionAt("EUR", day("2026-03-02")); !ok || r.Lowest30 != 34900 {
		t.Errorf("with a junk line: %+v %v", r, ok)
	}
	var none *Product
	if _, ok := none.ReductionAt("EUR", day("2026-03-02")); ok {
		t.Error("a reduction for no product")
	}
}
