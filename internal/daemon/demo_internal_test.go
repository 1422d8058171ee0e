package daemon

import (
	"errors"
	"strings"
	"testing"
)

// On a public listen address without -base-url the links (and the check)
// use the catalogue's base_url; the message says so. Only lists with the
// sandbox are checked, and -demo lets it through.
func TestCheckSandbox(t *testing.T) {
	err := checkSandbox(Config{Payments: "sandbox"}, "", "https://saberforge.example", "0.0.0.0:8080")
	if !errors.Is(err, ErrSandboxPublic) || !strings.Contains(err.Error(), "base_url in content/config.toml") ||
		!strings.Contains(err.Error(), "0.0.0.0:8080") {
		t.Errorf("catalogue address: %v", err)
	}
	if err := checkSandbox(Config{Payments: "tpay, sandbox"}, "https://shop.example", "", "127.0.0.1:8080"); !errors.Is(err, ErrSandboxPublic) {
		t.Errorf("sandbox second in the list: %v", err)
	}
	for _, cfg := range []Config{
		{Payments: "sandbox", Demo: true},
		{Payments: "tpay,paypal"},
	} {
		if err := checkSandbox(cfg, "https://shop.example", "", "0.0.0.0:8080"); err != nil {
			t.Errorf("%+v: %v", cfg, err)
		}
	}
	if err := checkSandbox(Config{Payments: "sandbox"}, "", "http://localhost:8080", "0.0.0.0:8080"); err != nil {
		t.Errorf("catalogue at localhost: %v", err)
	}
}
