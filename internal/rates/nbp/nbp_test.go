package nbp_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"sabershop/internal/rates"
	"sabershop/internal/rates/nbp"
	"sabershop/internal/rates/nbpfake"
)

func day(s string) time.Time {
	d, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic(err)
	}
	return d
}

// The rate of a sale is the last working day's before it: over a
// weekend, Independence Day (11 November), Christmas and New Year, and
// Easter Monday; numbered as the bank numbers its tables.
func TestBeforeTheSale(t *testing.T) {
	later := func() time.Time { return day("2027-06-01") } // every table asked for is out
	bank := httptest.NewServer(&nbpfake.Fake{Now: later})
	defer bank.Close()
	client := &nbp.Client{BaseURL: bank.URL}
	for _, c := range []struct{ sale, rateOf, table string }{
		{"2026-11-24", "2026-11-23", "227/A/NBP/2026"}, // Tuesday: Monday's
		{"2026-11-23", "2026-11-20", "226/A/NBP/2026"}, // Monday: Friday's
		{"2026-11-12", "2026-11-10", "219/A/NBP/2026"}, // after the 11th
		{"2027-01-04", "2026-12-31", "253/A/NBP/2026"}, // after Christmas and New Year
		{"2026-01-05", "2026-01-02", "001/A/NBP/2026"}, // the year's first table
		{"2026-04-07", "2026-04-03", "065/A/NBP/2026"}, // after Easter Monday
	} {
		r, err := client.Before(context.Background(), "EUR", day(c.sale))
		if err != nil {
			t.Fatalf("sale %s: %v", c.sale, err)
		}
		want := rates.Rate{Source: "NBP", Table: c.table, Date: c.rateOf, Currency: "EUR", Mid: nbpfake.Mid("EUR", day(c.rateOf)).String()}
		if r != want {
			t.Errorf("sale %s: %+v, want %+v", c.sale, r, want)
		}
	}
}

// A table is not out before noon of its day: a question on Tuesday
// morning about Tuesday gets nothing, in the afternoon Tuesday's.
func TestFakePublishesAtNoon(t *testing.T) {
	warsaw, err := time.LoadLocation("Europe/Warsaw")
	if err != nil {
		t.Skip("no time zone database")
	}
	now := time.Date(2026, 11, 24, 11, 0, 0, 0, warsaw)
	bank := httptest.NewServer(&nbpfake.Fake{Now: func() time.Time { return now }})
	defer bank.Close()
	client := &nbp.Client{BaseURL: bank.URL}
	r, err := client.Before(context.Background(), "EUR", day("2026-11-25"))
	if err != nil || r.Date != "2026-11-23" {
		t.Errorf("at 11:00: %+v %v, want Monday's", r, err)
	}
	now = now.Add(2 * time.Hour)
	if r, err = client.Before(context.Background(), "EUR", day("2026-11-25")); err != nil || r.Date != "2026-11-24" {
		t.Errorf("at 13:00: %+v %v, want Tuesday's", r, err)
	}
}

// What the bank does not know is ErrNoRate; a bank that fails, a
// broken answer or a bad code are errors of their own.
func TestBeforeFails(t *testing.T) {
	bank := httptest.NewServer(&nbpfake.Fake{})
	defer bank.Close()
	client := &nbp.Client{BaseURL: bank.URL}
	ctx := context.Background()
	if _, err := client.Before(ctx, "XYZ", day("2026-11-24")); !errors.Is(err, rates.ErrNoRate) {
		t.Errorf("unknown currency: %v", err)
	}
	if _, err := client.Before(ctx, "EUR", day("1990-01-10")); !errors.Is(err, rates.ErrNoRate) {
		t.Errorf("no table in the range: %v", err)
	}
	if _, err := client.Before(ctx, "E/R", day("2026-11-24")); err == nil || errors.Is(err, rates.ErrNoRate) {
		t.Errorf("bad code: %v", err)
	}
	for name, h := range map[string]http.HandlerFunc{
		"500":    func(w http.ResponseWriter, _ *http.Request) { http.Error(w, "down", http.StatusInternalServerError) },
		"broken": func(w http.ResponseWriter, _ *http.Request) { _, _ = w.Write([]byte(`{"rates":[{"no":`)) },
		"no mid": func(w http.ResponseWriter, _ *http.Request) {
			_, _ = w.Write([]byte(`{"rates":[{"no":"1/A/NBP/2026","effectiveDate":"2026-11-23"}]}`))
		},
	} {
		srv := httptest.NewServer(h)
		_, err := (&nbp.Client{BaseURL: srv.URL}).Before(ctx, "EUR", day("2026-11-24"))
		srv.Close()
		if err == nil || errors.Is(err, rates.ErrNoRate) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// The fake answers a bad range as the bank does.
func TestFakeBadRange(t *testing.T) {
	bank := httptest.NewServer(&nbpfake.Fake{})
	defer bank.Close()
	for _, path := range []string{"/api/exchangerates/rates/a/eur/2026-11-24/2026-11-01/", "/api/exchangerates/rates/a/eur/2024-01-01/2026-01-01/",
		"/api/exchangerates/rates/c/eur/2026-11-01/2026-11-02/"} {
		resp, err := http.Get(bank.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusBadRequest {
			t.Errorf("%s: %s", path, resp.Status)
		}
	}
}
