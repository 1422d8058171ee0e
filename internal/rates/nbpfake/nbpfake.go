// Package nbpfake serves the part of the National Bank of Poland's Web
// API the shop uses (table A rates of one currency over a range of days,
// https://api.nbp.pl/en.html) from made-up rates, offline: for the
// sandbox shop (make run) and the tests. It keeps the contract's shape:
// tables on working days only (no weekends, no Polish public holidays),
// numbered from 1 each year, none for a day not yet published (a day's
// table comes out at noon, Warsaw time), "404 NotFound - Brak danych"
// for a range without one, "400 BadRequest" for a bad range.
package nbpfake

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"time"
)

// Warsaw is the bank's clock; a fixed +01:00 when the zone database is
// missing (the publication hour need not be exact to the hour).
var warsaw = func() *time.Location {
	if l, err := time.LoadLocation("Europe/Warsaw"); err == nil {
		return l
	}
	return time.FixedZone("CET", 3600)
}()

// Fake is the fake bank. Now is its clock (nil: time.Now).
type Fake struct {
	Now func() time.Time
}

// firstTable is the first day the API has tables for.
var firstTable = time.Date(2002, 1, 2, 0, 0, 0, 0, time.UTC)

// maxRange is the API's longest range of days in one question.
const maxRange = 367

// ServeHTTP answers GET /api/exchangerates/rates/{table}/{code}/{from}/{to}/.
func (f *Fake) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	parts := strings.Split(strings.Trim(strings.TrimPrefix(r.URL.Path, "/api/exchangerates/rates/"), "/"), "/")
	if r.Method != http.MethodGet || !strings.HasPrefix(r.URL.Path, "/api/exchangerates/rates/") || len(parts) != 4 {
		http.Error(w, "404 NotFound", http.StatusNotFound)
		return
	}
	table, code := strings.ToLower(parts[0]), strings.ToUpper(parts[1])
	from, err1 := time.Parse(time.DateOnly, parts[2])
	to, err2 := time.Parse(time.DateOnly, parts[3])
	if table != "a" || err1 != nil || err2 != nil || to.Before(from) || to.Sub(from) > maxRange*24*time.Hour {
		http.Error(w, "400 BadRequest - Błędny zakres dat / Invalid date range", http.StatusBadRequest)
		return
	}
	if _, ok := bases[code]; !ok {
		http.Error(w, "404 NotFound - Not Found - Brak danych", http.StatusNotFound)
		return
	}
	now := time.Now
	if f.Now != nil {
		now = f.Now
	}
	type rate struct {
		No            string      `json:"no"`
		EffectiveDate string      `json:"effectiveDate"`
		Mid           json.Number `json:"mid"`
	}
	var out []rate
	for d := from; !d.After(to); d = d.AddDate(0, 0, 1) {
		if n := TableNumber(d); n > 0 && !d.Before(firstTable) && Published(d, now()) {
			out = append(out, rate{No: fmt.Sprintf("%03d/A/NBP/%d", n, d.Year()), EffectiveDate: d.Format(time.DateOnly), Mid: Mid(code, d)})
		}
	}
	if len(out) == 0 {
		http.Error(w, "404 NotFound - Not Found - Brak danych", http.StatusNotFound)
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	_ = json.NewEncoder(w).Encode(map[string]any{"table": "A", "currency": names[code], "code": code, "rates": out})
}

// bases are the currencies the fake knows and their rates, in
// ten-thousandths of a złoty, around which a day's rate moves.
var bases = map[string]int{"EUR": 42500, "USD": 39000, "GBP": 49000, "CHF": 45000, "CZK": 1700}

var names = map[string]string{"EUR": "euro", "USD": "dolar amerykański", "GBP": "funt szterling", "CHF": "frank szwajcarski", "CZK": "korona czeska"}

// Mid is the fake's rate of code on day d: the currency's base moved by
// up to ±0.0500 zł, the same every time for the same day.
func Mid(code string, d time.Time) json.Number {
	v := bases[code] + (d.YearDay()*37+int(d.Year())*11)%1000 - 500
	return json.Number(fmt.Sprintf("%d.%04d", v/10000, v%10000))
}

// Published reports whether day's table is out at now: from noon,
// Warsaw time, of that day.
func Published(day, now time.Time) bool {
	noon := time.Date(day.Year(), day.Month(), day.Day(), 12, 0, 0, 0, warsaw)
	return !now.Before(noon)
}

// TableNumber is the number of day's table A in its year (1 for the
// year's first working day), or 0 for a day without one.
func TableNumber(day time.Time) int {
	if !workingDay(day) {
		return 0
	}
	n := 0
	for d := time.Date(day.Year(), 1, 1, 0, 0, 0, 0, time.UTC); !d.After(day); d = d.AddDate(0, 0, 1) {
		if workingDay(d) {
			n++
		}
	}
	return n
}

// workingDay is a weekday that is not a Polish public holiday.
func workingDay(d time.Time) bool {
	if wd := d.Weekday(); wd == time.Saturday || wd == time.Sunday {
		return false
	}
	md := d.Format("01-02")
	for _, h := range fixedHolidays {
		if md == h {
			return false
		}
	}
	e := easter(d.Year())
	for _, off := range []int{1, 60} { // Easter Monday, Corpus Christi
		if m := e.AddDate(0, 0, off); m.Month() == d.Month() && m.Day() == d.Day() {
			return false
		}
	}
	return true
}

// fixedHolidays are Poland's public holidays on fixed days (Christmas Eve
// since 2025).
var fixedHolidays = []string{"01-01", "01-06", "05-01", "05-03", "08-15", "11-01", "11-11", "12-24", "12-25", "12-26"}

// easter is Easter Sunday of year (the anonymous Gregorian algorithm).
func easter(year int) time.Time {
	a, b, c := year%19, year/100, year%100
	d, e := b/4, b%4
	f := (b + 8) / 25
	g := (b - f + 1) / 3
	h := (19*a + b - d - g + 15) % 30
	i, k := c/4, c%4
	l := (32 + 2*e + 2*i - h - k) % 7
	m := (a + 11*h + 22*l) / 451
	month := (h + l - 7*m + 114) / 31
	day := (h+l-7*m+114)%31 + 1
	return time.Date(year, time.Month(month), day, 0, 0, 0, 0, time.UTC)
}

// Client is an HTTP client whose every request the fake answers in
// process, for the sandbox shop: the same requests and answers as over
// the network, without a listener.
func (f *Fake) Client() *http.Client {
	return &http.Client{Transport: roundTripper{f}}
}

type roundTripper struct{ h http.Handler }

func (rt roundTripper) RoundTrip(r *http.Request) (*http.Response, error) {
	rec := httptest.NewRecorder()
	rt.h.ServeHTTP(rec, r)
	resp := rec.Result()
	resp.Request = r
	return resp, nil
}
