package catalog

import (
	"testing"
	"time"

	"sabershop/internal/content"
)

func day(s string) time.Time {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic(err)
	}
	return t
}

func list(entries ...any) []content.PriceEntry {
	var out []content.PriceEntry
	for i := 0; i < len(entries); i += 2 {
		out = append(out, content.PriceEntry{From: day(entries[i].(string)), Amounts: content.Amounts{"EUR": int64(entries[i+1].(int))}})
	}
	return out
}

func TestPriceAt(t *testing.T) {
	prices := list("2026-01-01", 34900, "2026-06-01", 29900)
	cases := map[string]int64{"2026-01-01": 34900, "2026-05-31": 34900, "2026-06-01": 29900, "2027-01-01": 29900}
	for at, want := range cases {
		got, ok := PriceAt(prices, "EUR", day(at).Add(time.Hour))
		if !ok || got != want {
			t.Errorf("at %s: %d %v, want %d", at, got, ok, want)
		}
	}
	if _, ok := PriceAt(prices, "EUR", day("2025-12-31")); ok {
		t.Error("a price before the first entry")
	}
	if _, ok := PriceAt(prices, "PLN", day("2026-02-01")); ok {
		t.Error("a price in a currency the list lacks")
	}
}

func TestReductionLowest30Days(t *testing.T) {
	// 349 since Jan, 329 from Mar 1, 299 from Mar 20: the 30 days before
	// Mar 20 (from Feb 18) saw 349 and 329, so the lowest is 329.
	prices := list("2026-01-01", 34900, "2026-03-01", 32900, "2026-03-20", 29900)
	r, ok := ReductionAt(prices, "EUR", day("2026-04-01"))
	if !ok || r.Previous != 32900 || r.Lowest30 != 32900 || !r.Since.Equal(day("2026-03-20")) {
		t.Errorf("got %+v %v", r, ok)
	}
	// A price that went down then up and down again: the lowest of the
	// window counts even if it was not the one just before.
	prices = list("2026-01-01", 34900, "2026-02-10", 27900, "2026-02-20", 34900, "2026-03-01", 29900)
	r, ok = ReductionAt(prices, "EUR", day("2026-03-02"))
	if !ok || r.Lowest30 != 27900 || r.Previous != 34900 {
		t.Errorf("got %+v %v, want lowest 279.00", r, ok)
	}
	// A price that went up is no reduction.
	if _, ok := ReductionAt(list("2026-01-01", 29900, "2026-02-01", 34900), "EUR", day("2026-03-01")); ok {
		t.Error("a raise reported as a reduction")
	}
	// Out of the window: a low price 40 days before does not count.
	prices = list("2026-01-01", 19900, "2026-01-10", 34900, "2026-03-01", 29900)
	r, _ = ReductionAt(prices, "EUR", day("2026-03-05"))
	if r.Lowest30 != 34900 {
		t.Errorf("lowest = %d, want 349.00 (199.00 ended 50 days before)", r.Lowest30)
	}
	// A scheduled (future) sale is not shown before it starts.
	if _, ok := ReductionAt(list("2026-01-01", 34900, "2026-12-01", 29900), "EUR", day("2026-11-30")); ok {
		t.Error("a future sale shown early")
	}
}
