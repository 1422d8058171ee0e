package order

import "regexp"

// zipPatterns are the postal code formats of the shipping countries, keyed
// by the catalogue's delivery codes (which are the shop's own: "uk" for the
// United Kingdom, "cr" for Croatia). Input is upper-cased with single
// spaces first (Normalize), so the patterns need not allow lower case or
// runs of spaces. Where a country prefix is customary in writing ("L-1234",
// "LV-1050", "LT-01100") it is accepted.
var zipPatterns = map[string]*regexp.Regexp{
	"pl": regexp.MustCompile(`^\d{2}-\d{3}$`),
	"cz": regexp.MustCompile(`^\d{3} ?\d{2}$`),
	"sk": regexp.MustCompile(`^\d{3} ?\d{2}$`),
	"de": regexp.MustCompile(`^\d{5}$`),
	// Outward code (area, district) and inward code (sector, unit), with
	// or without the space; GIR 0AA is the one historic exception.
	"uk": regexp.MustCompile(`^([A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}|GIR ?0AA)$`),
	"cr": regexp.MustCompile(`^(HR-)?\d{5}$`),
	"at": regexp.MustCompile(`^\d{4}$`),
	"nl": regexp.MustCompile(`^[1-9]\d{3} ?[A-Z]{2}$`),
	"be": regexp.MustCompile(`^\d{4}$`),
	"lu": regexp.MustCompile(`^(L-)?\d{4}$`),
	"it": regexp.MustCompile(`^\d{5}$`),
	"fr": regexp.MustCompile(`^\d{5}$`),
	"dk": regexp.MustCompile(`^(DK-)?\d{4}$`),
	"lt": regexp.MustCompile(`^(LT-)?\d{5}$`),
	"lv": regexp.MustCompile(`^(LV-)?\d{4}$`),
	"ee": regexp.MustCompile(`^\d{5}$`),
}

// zipFallback accepts a plausible code for a country the owner adds to the
// catalogue before this table learns it: an order should not be refused
// for want of a regexp.
var zipFallback = regexp.MustCompile(`^[A-Z0-9][A-Z0-9 -]{1,10}[A-Z0-9]$`)

// validZip reports whether zip is a postal code of the country (both
// normalised).
func validZip(country, zip string) bool {
	if re, ok := zipPatterns[country]; ok {
		return re.MatchString(zip)
	}
	return zipFallback.MatchString(zip)
}
