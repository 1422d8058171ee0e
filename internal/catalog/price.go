package catalog

import (
	"time"

	"sabershop/internal/content"
)

// OmnibusWindow is how far back the EU Omnibus rule looks for the lowest
// price before a reduction.
const OmnibusWindow = 30 * 24 * time.Hour

// inForce is the index of the newest entry with From <= at, or -1.
func inForce(prices []content.PriceEntry, at time.Time) int {
	idx := -1
	for i, e := range prices {
		if !e.From.After(at) {
			idx = i
		}
	}
	return idx
}

// PriceAt is the price in currency at the instant at.
func PriceAt(prices []content.PriceEntry, currency string, at time.Time) (int64, bool) {
	i := inForce(prices, at)
	if i < 0 {
		return 0, false
	}
	v, ok := prices[i].Amounts[currency]
	return v, ok
}

// Reduction describes a price that is lower than the one before it.
type Reduction struct {
	Previous int64     // the price in force just before the reduction
	Lowest30 int64     // lowest price of the 30 days before the reduction
	Since    time.Time // when the reduced price took effect
}

// ReductionAt reports whether the price at the instant is a reduction and,
// if so, the lowest price of the 30 days before it (EU Omnibus directive,
// art. 6a): every price in force at any moment of [since-30d, since).
func ReductionAt(prices []content.PriceEntry, currency string, at time.Time) (Reduction, bool) {
	i := inForce(prices, at)
	if i < 1 {
		return Reduction{}, false
	}
	cur, prev := prices[i].Amounts[currency], prices[i-1].Amounts[currency]
	if cur >= prev {
		return Reduction{}, false
	}
	since := prices[i].From
	windowStart := since.Add(-OmnibusWindow)
	lowest := prev
	for j := i - 1; j >= 0; j-- {
		if v := prices[j].Amounts[currency]; v < lowest {
			lowest = v
		}
		if !prices[j].From.After(windowStart) {
			break // this entry was already in force when the window opened
		}
	}
	return Reduction{Previous: prev, Lowest30: lowest, Since: since}, true
}
