// Package rates is where a foreign-currency sale's exchange rate to złoty
// comes from (issue 16): the National Bank of Poland's table A average
// rate of the last working day before the day of the sale, which the
// Polish VAT Act (art. 31a) names for converting an invoice's amounts. It
// speaks NBP's public Web API (https://api.nbp.pl), documented and free,
// no key; nbpfake serves the same contract offline.
package rates

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
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

// ErrNoRate is returned by Before when the bank published no rate of the
// currency in the fortnight before the day (an unknown currency, or a day
// long before or after the bank's records).
var ErrNoRate = errors.New("rates: no rate published in the days before the sale")

// NBPURL is the National Bank of Poland's Web API.
const NBPURL = "https://api.nbp.pl"

// lookBack is how far before a sale Before looks for the last working
// day: the longest run of days without a table (Christmas to the first
// working day, or Easter) is well inside it.
const lookBack = 14

// NBP is a client of the National Bank of Poland's Web API.
type NBP struct {
	BaseURL string       // NBPURL, or a fake's
	Client  *http.Client // nil: a client with a 15-second timeout
}

// series is the API's answer for one currency over a range of days.
type series struct {
	Table string `json:"table"`
	Code  string `json:"code"`
	Rates []struct {
		No            string      `json:"no"`
		EffectiveDate string      `json:"effectiveDate"`
		Mid           json.Number `json:"mid"`
	} `json:"rates"`
}

// Before is the table A average rate of currency of the last working day
// before day (a civil date; its clock time is ignored).
func (n *NBP) Before(ctx context.Context, currency string, day time.Time) (Rate, error) {
	code := strings.ToLower(currency)
	if len(code) != 3 || strings.Trim(code, "abcdefghijklmnopqrstuvwxyz") != "" {
		return Rate{}, fmt.Errorf("rates: %q is not a currency code", currency)
	}
	d := time.Date(day.Year(), day.Month(), day.Day(), 0, 0, 0, 0, time.UTC)
	from, to := d.AddDate(0, 0, -lookBack).Format(time.DateOnly), d.AddDate(0, 0, -1).Format(time.DateOnly)
	url := fmt.Sprintf("%s/api/exchangerates/rates/a/%s/%s/%s/?format=json", strings.TrimSuffix(n.BaseURL, "/"), code, from, to)
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return Rate{}, err
	}
	req.Header.Set("Accept", "application/json")
	client := n.Client
	if client == nil {
		client = &http.Client{Timeout: 15 * time.Second}
	}
	resp, err := client.Do(req)
	if err != nil {
		return Rate{}, fmt.Errorf("rates: NBP: %w", err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if err != nil {
		return Rate{}, fmt.Errorf("rates: NBP: %w", err)
	}
	switch {
	case resp.StatusCode == http.StatusNotFound:
		// "404 NotFound - Brak danych": no table in the range.
		return Rate{}, fmt.Errorf("%w: %s %s to %s", ErrNoRate, currency, from, to)
	case resp.StatusCode != http.StatusOK:
		return Rate{}, fmt.Errorf("rates: NBP answered %s: %.200q", resp.Status, body)
	}
	dec := json.NewDecoder(strings.NewReader(string(body)))
	dec.UseNumber() // the rate exactly as published, no float rounding
	var s series
	if err := dec.Decode(&s); err != nil {
		return Rate{}, fmt.Errorf("rates: NBP's answer: %w", err)
	}
	// The API lists the days in order; the last one before day is the
	// rate, whatever order it came in.
	best := -1
	for i, r := range s.Rates {
		if r.EffectiveDate < d.Format(time.DateOnly) && (best < 0 || r.EffectiveDate > s.Rates[best].EffectiveDate) {
			best = i
		}
	}
	if best < 0 {
		return Rate{}, fmt.Errorf("%w: %s %s to %s", ErrNoRate, currency, from, to)
	}
	r := s.Rates[best]
	if _, err := time.Parse(time.DateOnly, r.EffectiveDate); err != nil || r.No == "" || r.Mid == "" {
		return Rate{}, fmt.Errorf("rates: NBP's answer: a rate without its table, day or value: %+v", r)
	}
	return Rate{Source: "NBP", Table: r.No, Date: r.EffectiveDate, Currency: strings.ToUpper(currency), Mid: r.Mid.String()}, nil
}
