package paypal_test

import (
	"strings"
	"testing"

	"sabershop/internal/payment/paypal"
)

func TestConfigFromEnv(t *testing.T) {
	env := map[string]string{
		"ORDERD_PAYPAL_BASE_URL":    "https://api-m.sandbox.paypal.com",
		"ORDERD_PAYPAL_CLIENT_ID":   "id",
		"ORDERD_PAYPAL_SECRET":      "secret",
		"ORDERD_PAYPAL_WEBHOOK_ID":  "WH1",
		"ORDERD_PAYPAL_CERT_PREFIX": "",
	}
	get := func(k string) string { return env[k] }
	cfg, err := paypal.ConfigFromEnv(get)
	if err != nil {
		t.Fatal(err)
	}
	if len(cfg.CertURLPrefixes) != 2 || cfg.CertURLPrefixes[0] != "https://api.sandbox.paypal.com/" {
		t.Errorf("sandbox default prefixes %v", cfg.CertURLPrefixes)
	}
	env["ORDERD_PAYPAL_BASE_URL"] = "http://127.0.0.1:9999"
	if _, err := paypal.ConfigFromEnv(get); err == nil || !strings.Contains(err.Error(), "ORDERD_PAYPAL_CERT_PREFIX") {
		t.Errorf("a fake's URL without prefixes: %v", err)
	}
	env["ORDERD_PAYPAL_CERT_PREFIX"] = " http://127.0.0.1:9999/certs/ , http://127.0.0.1:9999/more/"
	if cfg, err = paypal.ConfigFromEnv(get); err != nil || len(cfg.CertURLPrefixes) != 2 || cfg.CertURLPrefixes[1] != "http://127.0.0.1:9999/more/" {
		t.Errorf("%v, %v", cfg.CertURLPrefixes, err)
	}
	env["ORDERD_PAYPAL_CERT_PREFIX"] = "https://api.paypal.com"
	if _, err := paypal.ConfigFromEnv(get); err == nil {
		t.Error("a prefix without a path was accepted")
	}
	delete(env, "ORDERD_PAYPAL_SECRET")
	delete(env, "ORDERD_PAYPAL_WEBHOOK_ID")
	if _, err := paypal.ConfigFromEnv(get); err == nil || !strings.Contains(err.Error(), "ORDERD_PAYPAL_SECRET, ORDERD_PAYPAL_WEBHOOK_ID") {
		t.Errorf("missing: %v", err)
	}
	if _, err := paypal.New(paypal.Config{BaseURL: paypal.LiveBaseURL, ClientID: "a", Secret: "b"}); err == nil {
		t.Error("New without a webhook id")
	}
}
