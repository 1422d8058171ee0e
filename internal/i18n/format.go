package i18n

import (
	"strings"
	"time"
	_ "time/tzdata" // Workshop without the system's zone files
)

// FormatMoney formats integer minor units the way each locale writes
// prices: €1,499.00 (en), 1.499,00 € (de), 1 499,00 zł (pl). It is written
// out rather than left to a library so that Go and the browser
// (components/money.ts) agree to the character; a test checks both.
func FormatMoney(locale string, minor int64, currency string) string {
	neg := minor < 0
	if neg {
		minor = -minor
	}
	whole, cents := minor/100, minor%100
	group, decimal := ",", "."
	switch locale {
	case "pl":
		group, decimal = "\u00a0", ","
	case "de":
		group, decimal = ".", ","
	}
	digits := itoa(whole)
	var b strings.Builder
	for i, d := range digits {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b.WriteString(group)
		}
		b.WriteRune(d)
	}
	num := b.String() + decimal + string(rune('0'+cents/10)) + string(rune('0'+cents%10))
	sign := ""
	if neg {
		sign = "-"
	}
	sym := currencySymbol(currency)
	if locale == "en" {
		return sign + sym + num
	}
	return sign + num + "\u00a0" + sym
}

func currencySymbol(code string) string {
	switch code {
	case "EUR":
		return "€"
	case "PLN":
		return "zł"
	}
	return code
}

// Dates and times have one style per locale, used everywhere a person
// reads one (the blog, the status page, e-mails): day first, the month's
// long name, a 24-hour clock after a comma.
//
//	en  24 November 2026    24 November 2026, 15:02
//	pl  24 listopada 2026   24 listopada 2026, 15:02
//	de  24. November 2026   24. November 2026, 15:02
//
// Like money they are written out rather than left to Intl, so that Go and
// the browser (components/dates.ts) agree to the character; a test runs
// both. They write t's wall clock as it is: the caller picks the zone
// (Workshop for e-mails; the status page uses the shopper's own).

var monthNames = map[string][12]string{
	"en": {"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"},
	"pl": {"stycznia", "lutego", "marca", "kwietnia", "maja", "czerwca", "lipca", "sierpnia", "września", "października", "listopada", "grudnia"},
	"de": {"Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"},
}

// FormatDate writes a date in the locale's long form: "3 March 2026",
// "3 marca 2026", "3. März 2026".
func FormatDate(locale string, t time.Time) string {
	names, ok := monthNames[locale]
	if !ok {
		names = monthNames["en"]
	}
	day := itoa(int64(t.Day()))
	month := names[t.Month()-1]
	year := itoa(int64(t.Year()))
	if locale == "de" {
		return day + ". " + month + " " + year
	}
	return day + " " + month + " " + year
}

// FormatDateTime writes a date and a 24-hour time: "3 March 2026, 09:05".
func FormatDateTime(locale string, t time.Time) string {
	return FormatDate(locale, t) + ", " + twoDigits(t.Hour()) + ":" + twoDigits(t.Minute())
}

func twoDigits(n int) string {
	return string(rune('0'+n/10)) + string(rune('0'+n%10))
}

// Workshop is the workshop's time zone (Kraków, Europe/Warsaw): e-mails
// give dates and times in it, whoever reads them, because the shop's days
// (when an order was placed, when it can ship) are the workshop's. The
// zone database is compiled in (time/tzdata), so a server without
// /usr/share/zoneinfo says the same.
var Workshop = mustZone("Europe/Warsaw")

func mustZone(name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		panic(err)
	}
	return loc
}
