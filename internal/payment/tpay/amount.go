package tpay

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// amount is money in minor units (grosze) that travels to Tpay as a JSON
// decimal number with two places (364.00), never through a float.
type amount int64

var _ json.Marshaler = amount(0)

func (a amount) MarshalJSON() ([]byte, error) { return []byte(a.String()), nil }

// UnmarshalJSON reads Tpay's decimal number exactly.
func (a *amount) UnmarshalJSON(b []byte) error {
	v, err := parseAmount(strings.Trim(string(b), `"`))
	if err != nil {
		return err
	}
	*a = amount(v)
	return nil
}

func (a amount) String() string {
	return fmt.Sprintf("%d.%02d", int64(a)/100, int64(a)%100)
}

// parseAmount turns a decimal string like "1668.00" or "0.1" into minor
// units (166800, 10). More than two decimal places are refused unless
// they are zeros, so no amount is silently rounded.
func parseAmount(s string) (int64, error) {
	s = strings.TrimSpace(s)
	whole, frac, _ := strings.Cut(s, ".")
	if whole == "" || strings.TrimLeft(whole, "0123456789") != "" || strings.TrimLeft(frac, "0123456789") != "" {
		return 0, fmt.Errorf("tpay: bad amount %q", s)
	}
	if len(frac) > 2 {
		if strings.Trim(frac[2:], "0") != "" {
			return 0, fmt.Errorf("tpay: amount %q has more than two decimals", s)
		}
		frac = frac[:2]
	}
	for len(frac) < 2 {
		frac += "0"
	}
	if len(whole) > 15 {
		return 0, fmt.Errorf("tpay: amount %q too large", s)
	}
	w, err := strconv.ParseInt(whole, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("tpay: bad amount %q", s)
	}
	f, _ := strconv.ParseInt(frac, 10, 64)
	return w*100 + f, nil
}
