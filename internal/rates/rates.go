// Package rates is what a foreign-currency sale's exchange rate to złoty
// is and where it comes from: the National Bank of Poland's table A
// average rate of the last working day before the day of the sale, which
// the Polish VAT Act (art. 31a) names for converting an invoice's amounts.
// It is the rate and the Source interface only, no I/O, so the store keeps
// rates without linking an HTTP client: rates/nbp speaks NBP's Web API and
// rates/nbpfake serves the same contract offline.
package rates

import (
	"context"
	"errors"
	"time"
)

// Rate is one published exchange rate: złoty per unit of Currency.
type Rate struct {
	Source   string `json:"source"`   // "NBP"
	Table    string `json:"table"`    // the table's number: "227/A/NBP/2026"
	Date     string `json:"date"`     // the day it was published for: "2026-11-23"
	Currency string `json:"currency"` // "EUR"
	Mid      string `json:"mid"`      // as published, a decimal: "4.2512"
}

// Source gives the rate of currency that applies to a sale on day.
type Source interface {
	Before(ctx context.Context, currency string, day time.Time) (Rate, error)
}

// ErrNoRate is returned by a Source's Before when the bank published no
// rate of the currency in the fortnight before the day (an unknown
// currency, or a day long before or after the bank's records).
var ErrNoRate = errors.New("rates: no rate published in the days before the sale")
