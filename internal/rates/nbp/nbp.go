// Package nbp is the National Bank of Poland's public Web API
// (https://api.nbp.pl, documented and free, no key) as a rates.Source:
// the table A average rate of the last working day before a sale.
// rates/nbpfake serves the same contract offline.
package nbp

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"sabershop/internal/rates"
)

// URL is the National Bank of Poland's Web API.
const URL = "https://api.nbp.pl"

// lookBack is how far before a sale Before looks for the last working
// day: the longest run of days without a table (Christmas to the first
// working day, or Easter) is well inside it.
const lookBack = 14

// Client is a client of the National Bank of Poland's Web API: a
// rates.Source.
type Client struct {
	BaseURL string       // URL, or a fake's
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
func (n *Client) Before(ctx context.Context, currency string, day time.Time) (rates.Rate, error) {
	code := strings.ToLower(currency)
	if len(code) != 3 || strings.Trim(code, "abcdefghijklmnopqrstuvwxyz") != "" {
		return rates.Rate{}, fmt.Errorf("rates: %q is not a currency code", currency)
	}
	d := time.Date(day.Year(), day.Month(), day.Day(), 0, 0, 0, 0, time.UTC)
	from, to := d.AddDate(0, 0, -lookBack).Format(time.DateOnly), d.AddDate(0, 0, -1).Format(time.DateOnly)
	url := fmt.Sprintf("%s/api/exchangerates/rates/a/%s/%s/%s/?format=json", strings.TrimSuffix(n.BaseURL, "/"), code, from, to)
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return rates.Rate{}, err
	}
	req.Header.Set("Accept", "application/json")
	client := n.Client
	if client == nil {
		client = &http.Client{Timeout: 15 * time.Second}
	}
	resp, err := client.Do(req)
	if err != nil {
		return rates.Rate{}, fmt.Errorf("rates: NBP: %w", err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if err != nil {
		return rates.Rate{}, fmt.Errorf("rates: NBP: %w", err)
	}
	switch {
	case resp.StatusCode == http.StatusNotFound:
		// "404 NotFound - Brak danych": no table in the range.
		return rates.Rate{}, fmt.Errorf("%w: %s %s to %s", rates.ErrNoRate, currency, from, to)
	case resp.StatusCode != http.StatusOK:
		return rates.Rate{}, fmt.Errorf("rates: NBP answered %s: %.200q", resp.Status, body)
	}
	dec := json.NewDecoder(strings.NewReader(string(body)))
	dec.UseNumber() // the rate exactly as published, no float rounding
	var s series
	if err := dec.Decode(&s); err != nil {
		return rates.Rate{}, fmt.Errorf("rates: NBP's answer: %w", err)
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
		return rates.Rate{}, fmt.Errorf("%w: %s %s to %s", rates.ErrNoRate, currency, from, to)
	}
	r := s.Rates[best]
	if _, err := time.Parse(time.DateOnly, r.EffectiveDate); err != nil || r.No == "" || r.Mid == "" {
		return rates.Rate{}, fmt.Errorf("rates: NBP's answer: a rate without its table, day or value: %+v", r)
	}
	return rates.Rate{Source: "NBP", Table: r.No, Date: r.EffectiveDate, Currency: strings.ToUpper(currency), Mid: r.Mid.String()}, nil
}

// Client is what the shop asks for a rate.
var _ rates.Source = (*Client)(nil)
