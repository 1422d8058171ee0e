package order

import "testing"

func TestVATID(t *testing.T) {
	for _, c := range []struct {
		typed, stored string
		valid         bool
	}{
		{"526-025-02-74", "PL5260250274", true},    // a NIP as printed, dashes and all
		{"pl 526 025 02 74", "PL5260250274", true}, // with its prefix, lower case
		{"5260250275", "PL5260250275", false},      // wrong check digit
		{"1234567890", "PL1234567890", false},      // sum 10: never issued
		{"526025027", "PL526025027", false},        // nine digits
		{"DE 123456789", "DE123456789", true},
		{"DE12345678", "DE12345678", false},
		{"ATU12345678", "ATU12345678", true},
		{"NL123456789B01", "NL123456789B01", true},
		{"GR123456789", "EL123456789", true}, // Greece's VAT prefix is EL
		{"FR12345678901", "FR12345678901", true},
		{"US123456789", "US123456789", false}, // not an EU prefix
		{"CH123456789", "CH123456789", false},
		{"", "", false},
	} {
		got := NormalizeVATID(c.typed)
		if got != c.stored || ValidVATID(got) != c.valid {
			t.Errorf("%q: stored %q valid %v, want %q %v", c.typed, got, ValidVATID(got), c.stored, c.valid)
		}
	}
}
