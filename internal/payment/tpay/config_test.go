package tpay_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sabershop/internal/payment/tpay"
	"sabershop/internal/payment/tpay/tpaytest"
)

func TestConfigFromEnv(t *testing.T) {
	_, err := tpay.ConfigFromEnv(func(string) string { return "" })
	for _, name := range []string{"ORDERD_TPAY_CLIENT_ID", "ORDERD_TPAY_CLIENT_SECRET", "ORDERD_TPAY_SECURITY_CODE", "ORDERD_TPAY_ROOT_CA"} {
		if err == nil || !strings.Contains(err.Error(), name) {
			t.Fatalf("err = %v, want it to name %s", err, name)
		}
	}
	fake, err := tpaytest.NewServer(tpaytest.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer fake.Close()
	root := filepath.Join(t.TempDir(), "tpay-jws-root.pem")
	if err := os.WriteFile(root, fake.RootCAPEM(), 0o600); err != nil {
		t.Fatal(err)
	}
	vars := map[string]string{
		"ORDERD_TPAY_CLIENT_ID": "id", "ORDERD_TPAY_CLIENT_SECRET": "secret",
		"ORDERD_TPAY_SECURITY_CODE": "code", "ORDERD_TPAY_ROOT_CA": root,
		"ORDERD_TPAY_CARD_PUBLIC_KEY": fake.PublicKey(),
	}
	cfg, err := tpay.ConfigFromEnv(func(k string) string { return vars[k] })
	if err != nil {
		t.Fatal(err)
	}
	if cfg.BaseURL != tpay.ProductionAPI || len(cfg.CertURLPrefixes) != 1 || cfg.CertURLPrefixes[0] != tpay.ProductionCertPrefix || cfg.RootCAs == nil {
		t.Fatalf("defaults: %+v", cfg)
	}
	p, err := tpay.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Methods()) != 2 || p.PublicKey() != fake.PublicKey() {
		t.Fatalf("methods %v", p.Methods())
	}

	vars["ORDERD_TPAY_ROOT_CA"] = filepath.Join(t.TempDir(), "missing.pem")
	if _, err := tpay.ConfigFromEnv(func(k string) string { return vars[k] }); err == nil || !strings.Contains(err.Error(), tpay.RootCAURL) {
		t.Fatalf("missing root file: %v, want a hint where to get it", err)
	}
	cfg.PublicKey = "not a key"
	if _, err := tpay.New(cfg); err == nil {
		t.Fatal("New accepted a broken card key")
	}
	cfg.PublicKey = ""
	p, _ = tpay.New(cfg)
	if m := p.Methods(); len(m) != 1 || m[0] != "bank" {
		t.Fatalf("without a card key methods = %v, want bank only", m)
	}
}
