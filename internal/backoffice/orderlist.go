package backoffice

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"sabershop/internal/order"
	"sabershop/internal/store"
)

// dateLayout is how the owner writes a day on the command line.
const dateLayout = "2006-01-02"

// OrderFilter is the list's filter from the owner's words: a status
// (checked against the state machine's) or a queue (order.Queue:
// "waiting", "to_build"), a production stage, a country and a currency
// code (any case), and the first and last day (UTC, both included,
// YYYY-MM-DD). Empty means any. The CLI and the desk read their filters
// through it, so both refuse the same mistakes (a FilterError), and the
// desk's Today counts through it the orders its figures link to.
func OrderFilter(status, stage, country, currency, from, to string) (store.OrderFilter, error) {
	f := store.OrderFilter{
		Status: order.Status(strings.TrimSpace(status)), Stage: strings.TrimSpace(stage),
		Country: strings.TrimSpace(country), Currency: strings.TrimSpace(currency),
	}
	if q := order.Queue(f.Status); slices.Contains(order.Queues, q) {
		f.Status, f.Queue = "", q
	}
	if f.Status != "" && !validStatus(f.Status) {
		return f, FilterError(fmt.Sprintf("unknown status %q (one of %s)", status, statusList()))
	}
	var err error
	if f.From, err = day("from", from); err != nil {
		return f, err
	}
	if f.To, err = day("to", to); err != nil {
		return f, err
	}
	if !f.To.IsZero() {
		f.To = f.To.AddDate(0, 0, 1) // the last day is included
	}
	if !f.From.IsZero() && !f.To.IsZero() && !f.From.Before(f.To) {
		return f, FilterError(fmt.Sprintf("--from %s is after --to %s", from, to))
	}
	return f, nil
}

func day(name, s string) (time.Time, error) {
	if strings.TrimSpace(s) == "" {
		return time.Time{}, nil
	}
	t, err := time.Parse(dateLayout, strings.TrimSpace(s))
	if err != nil {
		return time.Time{}, FilterError(fmt.Sprintf("--%s %q is not a day like 2026-11-30", name, s))
	}
	return t, nil
}

var statuses = []order.Status{order.Placed, order.PaymentPending, order.Paid, order.Sent, order.Cancelled}

func validStatus(s order.Status) bool {
	for _, v := range statuses {
		if v == s {
			return true
		}
	}
	return false
}

func statusList() string {
	var s []string
	for _, v := range statuses {
		s = append(s, string(v))
	}
	for _, q := range order.Queues {
		s = append(s, string(q))
	}
	return strings.Join(s, ", ")
}
