package paypal

import (
	"fmt"
	"strconv"
	"strings"
)

// formatAmount writes minor units as PayPal's decimal string with two
// decimals ("364.00"), in integers: floats would round cents away.
func formatAmount(minor int64, currency string) (string, error) {
	if err := checkCurrency(currency); err != nil {
		return "", err
	}
	if minor <= 0 {
		return "", fmt.Errorf("paypal: amount %d must be positive", minor)
	}
	return fmt.Sprintf("%d.%02d", minor/100, minor%100), nil
}

// parseAmount reads PayPal's decimal string ("1668.00", "12.5", "7") into
// minor units. More than two decimals, signs or exponents are errors.
func parseAmount(value, currency string) (int64, error) {
	if err := checkCurrency(currency); err != nil {
		return 0, err
	}
	whole, frac, dot := strings.Cut(value, ".")
	if whole == "" || (dot && frac == "") || len(whole) > 15 || len(frac) > 2 || !digits(whole) || !digits(frac) {
		return 0, fmt.Errorf("paypal: amount %q is not a decimal with at most two places", value)
	}
	frac += strings.Repeat("0", 2-len(frac))
	w, err := strconv.ParseInt(whole, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("paypal: amount %q: %w", value, err)
	}
	f, _ := strconv.ParseInt(frac, 10, 64)
	return w*100 + f, nil
}

func digits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// checkCurrency refuses what two-decimal arithmetic would get wrong:
// PayPal takes no decimals for these currencies.
func checkCurrency(c string) error {
	if len(c) != 3 || strings.ToUpper(c) != c {
		return fmt.Errorf("paypal: currency %q is not an ISO 4217 code", c)
	}
	switch c {
	case "HUF", "JPY", "TWD":
		return fmt.Errorf("paypal: currency %s has no decimals at PayPal; not supported", c)
	}
	return nil
}
