package daemon

import (
	"context"
	"testing"
	"time"

	"sabershop/internal/rates/nbp"
)

// The sandbox shop gets the sandbox's rates, offline; a shop with real
// payments the bank's; a bad setting is refused with what is allowed.
func TestRatesSource(t *testing.T) {
	src, err := ratesSource("", "sandbox")
	if err != nil {
		t.Fatal(err)
	}
	r, err := src.Before(context.Background(), "EUR", time.Date(2026, 11, 24, 0, 0, 0, 0, time.UTC))
	if err != nil || r.Date != "2026-11-23" || r.Table == "" {
		t.Errorf("the sandbox's rate: %+v %v", r, err)
	}
	for setting, payments := range map[string]string{"": "tpay, sandbox", "nbp": "sandbox"} {
		src, err := ratesSource(setting, payments)
		if c, ok := src.(*nbp.Client); err != nil || !ok || c.BaseURL != nbp.URL || c.Client != nil {
			t.Errorf("%q with %q: %+v %v, want the bank", setting, payments, src, err)
		}
	}
	if src, err := ratesSource("https://rates.example/nbp", "tpay"); err != nil || src.(*nbp.Client).BaseURL != "https://rates.example/nbp" {
		t.Errorf("an address: %+v %v", src, err)
	}
	for _, bad := range []string{"ecb", "ftp://x", "https://"} {
		if _, err := ratesSource(bad, "tpay"); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
