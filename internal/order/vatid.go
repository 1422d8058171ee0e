package order

import (
	"regexp"
	"strings"
)

// A company's invoice (docs/legal.md#vat) names the buyer's VAT ID: the
// Polish NIP (checked by its checksum) or another EU member state's VAT
// number (checked by its country's format, as the EU's VIES service
// describes them; whether it is registered is the owner's check in VIES
// before a reverse-charge invoice, not the checkout's).

// vatFormats are the EU VAT number formats after the country prefix
// (VIES; Greece's prefix is EL, Northern Ireland's XI).
var vatFormats = map[string]*regexp.Regexp{
	"AT": regexp.MustCompile(`^U\d{8}$`),
	"BE": regexp.MustCompile(`^[01]\d{9}$`),
	"BG": regexp.MustCompile(`^\d{9,10}$`),
	"CY": regexp.MustCompile(`^\d{8}[A-Z]$`),
	"CZ": regexp.MustCompile(`^\d{8,10}$`),
	"DE": regexp.MustCompile(`^\d{9}$`),
	"DK": regexp.MustCompile(`^\d{8}$`),
	"EE": regexp.MustCompile(`^\d{9}$`),
	"EL": regexp.MustCompile(`^\d{9}$`),
	"ES": regexp.MustCompile(`^[A-Z0-9]\d{7}[A-Z0-9]$`),
	"FI": regexp.MustCompile(`^\d{8}$`),
	"FR": regexp.MustCompile(`^[A-HJ-NP-Z0-9]{2}\d{9}$`),
	"HR": regexp.MustCompile(`^\d{11}$`),
	"HU": regexp.MustCompile(`^\d{8}$`),
	"IE": regexp.MustCompile(`^(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$`),
	"IT": regexp.MustCompile(`^\d{11}$`),
	"LT": regexp.MustCompile(`^(\d{9}|\d{12})$`),
	"LU": regexp.MustCompile(`^\d{8}$`),
	"LV": regexp.MustCompile(`^\d{11}$`),
	"MT": regexp.MustCompile(`^\d{8}$`),
	"NL": regexp.MustCompile(`^\d{9}B\d{2}$`),
	"PL": regexp.MustCompile(`^\d{10}$`),
	"PT": regexp.MustCompile(`^\d{9}$`),
	"RO": regexp.MustCompile(`^[1-9]\d{1,9}$`),
	"SE": regexp.MustCompile(`^\d{10}01$`),
	"SI": regexp.MustCompile(`^\d{8}$`),
	"SK": regexp.MustCompile(`^\d{10}$`),
	"XI": regexp.MustCompile(`^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$`),
}

// NormalizeVATID is a VAT ID as it is stored: upper case, without the
// spaces, dashes and dots people type, with its country prefix; a number
// of digits alone is a Polish NIP (the shop's home country), so "PL" is
// added. Greece's ISO code GR becomes its VAT prefix EL.
func NormalizeVATID(s string) string {
	s = strings.ToUpper(strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' || r == '.' || r == '\u00a0' {
			return -1
		}
		return r
	}, s))
	if s == "" {
		return ""
	}
	if s[0] >= '0' && s[0] <= '9' {
		s = "PL" + s
	}
	if strings.HasPrefix(s, "GR") {
		s = "EL" + s[2:]
	}
	return s
}

// ValidVATID reports whether a normalised VAT ID has an EU country prefix,
// that country's format and, for a Polish NIP, the right check digit.
func ValidVATID(id string) bool {
	if len(id) < 3 {
		return false
	}
	format, ok := vatFormats[id[:2]]
	if !ok || !format.MatchString(id[2:]) {
		return false
	}
	if id[:2] == "PL" {
		return nipChecksum(id[2:])
	}
	return true
}

// nipChecksum is the NIP's check: the first nine digits weighted 6, 5, 7,
// 2, 3, 4, 5, 6, 7, summed modulo 11, equal the tenth (a sum of 10 is
// never issued).
func nipChecksum(nip string) bool {
	weights := [9]int{6, 5, 7, 2, 3, 4, 5, 6, 7}
	sum := 0
	for i, w := range weights {
		sum += int(nip[i]-'0') * w
	}
	sum %= 11
	return sum != 10 && sum == int(nip[9]-'0')
}
