package catalog

import (
	"time"

	"sabershop/internal/i18n"
)

// Retention is how long the shop keeps personal data (content/config.toml's
// [retention]; docs/legal.md#personal-data). It lives in the catalogue so
// the privacy page the build prints and the daemon's sweep read the same
// numbers. A zero field (a catalogue built before the table existed) means
// its default: see OrDefaults.
type Retention struct {
	// OrdersYears is how many years after the end of the year an order's
	// tax is due the order keeps its customer's data; then it is
	// anonymised. The tax on a sale is due the year after it at the latest
	// (the annual income tax return, December's VAT), so an order of year Y
	// is anonymised on 1 January of Y + OrdersYears + 2 (OrderAnonymisedOn).
	OrdersYears int `json:"orders_years"`
	// MessagesMonths is how long contact-form messages are kept.
	MessagesMonths int `json:"messages_months"`
	// UnconfirmedDays is how long a notify-me sign-up whose address was
	// never confirmed is kept.
	UnconfirmedDays int `json:"unconfirmed_days"`
}

// Defaults of Retention, and the least the content loader accepts for the
// orders: Poland's Ordynacja podatkowa (art. 70 §1, art. 86 §1) keeps the
// books until the tax liability expires, five years after the end of the
// year the tax was due.
const (
	DefaultOrdersYears     = 5
	MinOrdersYears         = 5
	DefaultMessagesMonths  = 24
	DefaultUnconfirmedDays = 30
)

// OrDefaults is r with every zero field set to its default.
func (r Retention) OrDefaults() Retention {
	if r.OrdersYears <= 0 {
		r.OrdersYears = DefaultOrdersYears
	}
	if r.MessagesMonths <= 0 {
		r.MessagesMonths = DefaultMessagesMonths
	}
	if r.UnconfirmedDays <= 0 {
		r.UnconfirmedDays = DefaultUnconfirmedDays
	}
	return r
}

// OrderAnonymisedOn is the day an order created at created loses its
// customer's data: 1 January of the year OrdersYears + 2 after the
// order's year, on the workshop's clock (an order placed at 00:30 on 1
// January in Kraków belongs to the new year whatever the server's zone).
func (r Retention) OrderAnonymisedOn(created time.Time) time.Time {
	r = r.OrDefaults()
	return time.Date(created.In(i18n.Workshop).Year()+r.OrdersYears+2, time.January, 1, 0, 0, 0, 0, i18n.Workshop)
}

// OrdersCutoff is the creation time before which orders are due for
// anonymisation at now: OrderAnonymisedOn(created) is not after now
// exactly when created is before it.
func (r Retention) OrdersCutoff(now time.Time) time.Time {
	r = r.OrDefaults()
	return time.Date(now.In(i18n.Workshop).Year()-r.OrdersYears-1, time.January, 1, 0, 0, 0, 0, i18n.Workshop)
}

// MessagesCutoff is the creation time before which contact messages are
// deleted at now.
func (r Retention) MessagesCutoff(now time.Time) time.Time {
	return now.AddDate(0, -r.OrDefaults().MessagesMonths, 0)
}

// UnconfirmedCutoff is the sign-up time before which an unconfirmed
// subscriber is deleted at now.
func (r Retention) UnconfirmedCutoff(now time.Time) time.Time {
	return now.AddDate(0, 0, -r.OrDefaults().UnconfirmedDays)
}
