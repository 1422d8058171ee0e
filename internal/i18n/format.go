package i18n

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	_ "time/tzdata" // Workshop without the system's zone files
	"unicode"
	"unicode/utf8"

	"github.com/BurntSushi/toml"
)

// Format is how one locale writes numbers, prices and dates. It is data,
// not code: the [format] table of the locale's content/i18n/LOCALE.toml
// (read by ReadFormat), carried to the daemon in catalog.json and to the
// browser in the page bundles, so that a new language brings its own style
// without a Go or TypeScript edit (docs/adding-a-locale.md). Go (here) and
// the browser (components/formats.ts) apply it the same way to the
// character; a test runs both.
//
//	        money                  date                 date_time
//	en  €1,499.00, PLN 2,083.00  24 November 2026   24 November 2026, 15:02
//	pl  1 499,00 zł           24 listopada 2026    24 listopada 2026, 15:02
//	de  1.499,00 €            24. November 2026    24. November 2026, 15:02
type Format struct {
	// Decimal separates the cents; Group every three digits of the whole
	// part ("" for none).
	Decimal string `json:"decimal"`
	Group   string `json:"group"`
	// Money places {amount} and {symbol}: "{symbol}{amount}",
	// "{amount}\u00a0{symbol}". A negative amount is the whole preceded by
	// "-".
	Money string `json:"money"`
	// Symbols by ISO 4217 code; a currency without one is written as its
	// code.
	Symbols map[string]string `json:"symbols"`
	// Date is the long date: {day} {month} (Months' name) {year}, or the
	// two-digit {dd} and {mm}. DateTime adds a 24-hour clock to {date}:
	// {hour} and {minute}, two digits each.
	Date     string   `json:"date"`
	DateTime string   `json:"date_time"`
	Months   []string `json:"months,omitempty"` // January first; needed by {month}
}

// FormatTable is the table of a LOCALE.toml that holds its Format.
const FormatTable = "format"

// The placeholders each pattern may use.
var (
	moneyParams    = []string{"{amount}", "{symbol}"}
	dateParams     = []string{"{day}", "{dd}", "{month}", "{mm}", "{year}"}
	dateTimeParams = []string{"{date}", "{hour}", "{minute}"}
)

// FormatKeys are the keys of a [format] table, each required.
var FormatKeys = []string{"decimal", "group", "money", "symbols", "date", "date_time", "months"}

// ReadFormat reads a [format] table as TOML decodes it. line, if not nil,
// gives the line of a key ("format.money"). Every key is required (months
// only when date uses {month}); what is missing or wrong is reported with
// the key, and the Format is only usable when there is nothing to report.
func ReadFormat(data map[string]any, line func(key string) int) (Format, []Problem) {
	if line == nil {
		line = func(string) int { return 0 }
	}
	var f Format
	var problems []Problem
	report := func(key, format string, args ...any) {
		problems = append(problems, Problem{Line: line("format." + key), Key: "format." + key, Text: fmt.Sprintf(format, args...)})
	}
	text := func(key string) string {
		v, ok := data[key]
		if !ok {
			report(key, "missing (see docs/adding-a-locale.md)")
			return ""
		}
		s, ok := v.(string)
		if !ok {
			report(key, "must be text, got %s", describe(v))
		}
		return s
	}
	pattern := func(key string, allowed []string, required string) string {
		s := text(key)
		if _, ok := data[key]; !ok {
			return s
		}
		if required != "" && !strings.Contains(s, required) {
			report(key, "must contain %s", required)
		}
		for _, p := range paramPattern.FindAllString(s, -1) {
			if !slices.Contains(allowed, p) {
				report(key, "%s is not one of %s", p, strings.Join(allowed, " "))
			}
		}
		return s
	}
	f.Decimal = text("decimal")
	if _, ok := data["decimal"]; ok && f.Decimal == "" {
		report("decimal", "must not be empty")
	}
	f.Group = text("group")
	f.Money = pattern("money", moneyParams, "{amount}")
	f.Date = pattern("date", dateParams, "")
	f.DateTime = pattern("date_time", dateTimeParams, "{date}")
	switch v := data["symbols"].(type) {
	case nil:
		report("symbols", "missing: a table of currency symbols, e.g. EUR = \"€\"")
	case map[string]any:
		f.Symbols = make(map[string]string, len(v))
		for code, s := range v {
			if sym, ok := s.(string); ok && sym != "" {
				f.Symbols[code] = sym
			} else {
				report("symbols."+code, "must be text")
			}
		}
	default:
		report("symbols", "must be a table, got %s", describe(v))
	}
	if v, ok := data["months"]; ok {
		list, _ := v.([]any)
		for _, m := range list {
			if s, ok := m.(string); ok && s != "" {
				f.Months = append(f.Months, s)
			}
		}
		if len(list) != 12 || len(f.Months) != 12 {
			report("months", "must be a list of the 12 months' names, January first")
		}
	} else if strings.Contains(f.Date, "{month}") {
		report("months", "missing: date uses {month}")
	}
	for key := range data {
		if !slices.Contains(FormatKeys, key) {
			report(key, "unknown (known: %s)", strings.Join(FormatKeys, ", "))
		}
	}
	return f, problems
}

// ParseFormat reads the [format] table of a LOCALE.toml file's source
// (tests and tools that have no content loader; the build reads the table
// with line numbers through ReadFormat).
func ParseFormat(src string) (Format, error) {
	var data struct {
		Format map[string]any `toml:"format"`
	}
	if _, err := toml.Decode(src, &data); err != nil {
		return Format{}, err
	}
	if data.Format == nil {
		return Format{}, errors.New("no [format] table")
	}
	f, problems := ReadFormat(data.Format, nil)
	if len(problems) > 0 {
		return f, errors.New(problems[0].String())
	}
	return f, nil
}

// Symbol is how f writes currency: its symbol, or the code.
func (f Format) Symbol(currency string) string {
	if s, ok := f.Symbols[currency]; ok {
		return s
	}
	return currency
}

// FormatMoney writes integer minor units in currency.
func (f Format) FormatMoney(minor int64, currency string) string {
	neg := minor < 0
	if neg {
		minor = -minor
	}
	whole, cents := minor/100, minor%100
	digits := itoa(whole)
	var b strings.Builder
	for i, d := range digits {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b.WriteString(f.Group)
		}
		b.WriteRune(d)
	}
	amount := b.String() + f.Decimal + twoDigits(int(cents))
	sign := ""
	if neg {
		sign = "-"
	}
	return sign + fill(f.Money, map[string]string{"amount": amount, "symbol": spaced(f.Money, f.Symbol(currency))})
}

// spaced is symbol as money writes it next to the amount: CLDR's currency
// spacing (https://unicode.org/reports/tr35/tr35-numbers.html#Currencies,
// currencySpacing) puts a no-break space between the digits and a symbol
// whose side next to them is not itself a symbol or a space, so a code
// reads "PLN 2,083.00", not "PLN2,083.00", while "€1,499.00" stays.
func spaced(pattern, symbol string) string {
	apart := func(r rune) bool { return r != utf8.RuneError && !unicode.IsSymbol(r) && !unicode.In(r, unicode.Z) }
	if strings.Contains(pattern, "{symbol}{amount}") {
		if r, _ := utf8.DecodeLastRuneInString(symbol); apart(r) {
			symbol += "\u00a0"
		}
	}
	if strings.Contains(pattern, "{amount}{symbol}") {
		if r, _ := utf8.DecodeRuneInString(symbol); apart(r) {
			symbol = "\u00a0" + symbol
		}
	}
	return symbol
}

// FormatDate writes t's date in the long form: "3 March 2026".
func (f Format) FormatDate(t time.Time) string {
	month := ""
	if len(f.Months) == 12 {
		month = f.Months[t.Month()-1]
	}
	return fill(f.Date, map[string]string{"day": itoa(int64(t.Day())), "dd": twoDigits(t.Day()),
		"month": month, "mm": twoDigits(int(t.Month())), "year": itoa(int64(t.Year()))})
}

// FormatDateTime writes t's date and 24-hour time: "3 March 2026, 09:05".
// Both write t's wall clock as it is: the caller picks the zone (Workshop
// for e-mails; the status page uses the shopper's own).
func (f Format) FormatDateTime(t time.Time) string {
	return fill(f.DateTime, map[string]string{"date": f.FormatDate(t), "hour": twoDigits(t.Hour()), "minute": twoDigits(t.Minute())})
}

// fill replaces each {name} of pattern in one pass (a value is never
// read as a pattern).
func fill(pattern string, values map[string]string) string {
	return paramPattern.ReplaceAllStringFunc(pattern, func(p string) string {
		if v, ok := values[p[1:len(p)-1]]; ok {
			return v
		}
		return p
	})
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
