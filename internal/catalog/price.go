package catalog

import (
	"sort"
	"time"
)

// The two price rules live here and nowhere else: the build asks them for
// the price and the reduction a page shows, the daemon for the price a
// quote and an order charge (and the invoice will), all from the same
// catalogue, so a page can never show what an order does not charge.

// OmnibusWindow is how far back the EU Omnibus rule looks for the lowest
// price before a reduction.
const OmnibusWindow = 30 * 24 * time.Hour

// dated is a price list line with its day read.
type dated struct {
	from    time.Time
	amounts map[string]int64
}

// history is the product's price list oldest first. The build writes it
// sorted, but catalog.json is a file that may have been edited: order is
// not trusted, and a line with an unreadable date is left out rather than
// guessed.
func (p *Product) history() []dated {
	if p == nil {
		return nil
	}
	out := make([]dated, 0, len(p.Prices))
	for _, e := range p.Prices {
		from, err := time.Parse(time.DateOnly, e.From)
		if err != nil {
			continue
		}
		out = append(out, dated{from: from, amounts: e.Amounts})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].from.Before(out[j].from) })
	return out
}

// inForce is the index of the newest line with from <= at, or -1.
func inForce(lines []dated, at time.Time) int {
	idx := -1
	for i, e := range lines {
		if !e.from.After(at) {
			idx = i
		}
	}
	return idx
}

// PriceAt is the product's price in currency in force at the instant at:
// the line with the latest From not after at (From is a day, in force from
// 00:00 UTC). ok is false for no product, before the first line, and when
// the line in force has no amount in the currency (no price rather than
// an old one).
func (p *Product) PriceAt(currency string, at time.Time) (int64, bool) {
	lines := p.history()
	i := inForce(lines, at)
	if i < 0 {
		return 0, false
	}
	v, ok := lines[i].amounts[currency]
	return v, ok
}

// Reduction describes a price that is lower than the one before it.
type Reduction struct {
	Previous int64     // the price in force just before the reduction
	Lowest30 int64     // lowest price of the 30 days before the reduction
	Since    time.Time // when the reduced price took effect
}

// ReductionAt reports whether the product's price in currency at the
// instant at is a reduction and, if so, the lowest price of the 30 days
// before it (EU Omnibus directive, art. 6a): every price in force at any
// moment of [Since-30d, Since). A line without an amount in the currency
// was no price in it, so it neither makes nor lowers a reduction.
func (p *Product) ReductionAt(currency string, at time.Time) (Reduction, bool) {
	lines := p.history()
	i := inForce(lines, at)
	if i < 1 {
		return Reduction{}, false
	}
	cur, okCur := lines[i].amounts[currency]
	prev, okPrev := lines[i-1].amounts[currency]
	if !okCur || !okPrev || cur >= prev {
		return Reduction{}, false
	}
	since := lines[i].from
	windowStart := since.Add(-OmnibusWindow)
	lowest := prev
	for j := i - 1; j >= 0; j-- {
		if v, ok := lines[j].amounts[currency]; ok && v < lowest {
			lowest = v
		}
		if !lines[j].from.After(windowStart) {
			break // this line was already in force when the window opened
		}
	}
	return Reduction{Previous: prev, Lowest30: lowest, Since: since}, true
}
