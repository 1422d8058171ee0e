package content

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The VAT settings' mistakes are each one message at their line: a
// scheme that is not one, a country without its rate, a document kind or
// a rate source that is not one.
func TestVATSettingsErrors(t *testing.T) {
	dir := siteWithoutDocs(t)
	edit := func(name, old, new string) {
		t.Helper()
		editSite(t, dir, name, old, new)
	}
	edit("config.toml", `scheme = "pl"`, `scheme = "eu"`)
	edit("config.toml", `consumers = "invoice"`, `consumers = "bill"`)
	edit("config.toml", `exchange_rate = "nbp"`, `exchange_rate = "ecb"`)
	edit("data/deliveries.toml", "vat = 19\n", "")
	_, err := Load(dir)
	if err == nil {
		t.Fatal("loaded")
	}
	msg := strings.ReplaceAll(err.Error(), filepath.ToSlash(dir), "content")
	for _, want := range []string{
		`content/config.toml:`, `: vat.scheme: "eu" is not a VAT scheme: "pl" (Polish VAT on every sale) or "oss" (the EU One-Stop-Shop)`,
		`content/data/deliveries.toml:`, `: countries.3.vat: missing`,
		`: vat.consumers: "bill": want "invoice" (a VAT invoice for every order) or "receipt"`,
		`: vat.exchange_rate: "ecb": want "nbp"`,
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("lacks %q in:\n%s", want, msg)
		}
	}
	// (The folder has no images: those messages are not this test's.)
	if n := strings.Count(msg, "vat"); n != 4 {
		t.Errorf("%d VAT messages for four mistakes:\n%s", n, msg)
	}
}

// [ksef]'s mistakes are each one message at their line, and a site
// without the table sends nothing, to KSeF's test environment.
func TestKSeFSettings(t *testing.T) {
	dir := siteWithoutDocs(t)
	p := filepath.Join(dir, "config.toml")
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "[ksef]\nsend = \"business\"\nenvironment = \"test\"\n") {
		t.Fatal("the fixture's config.toml has no [ksef] as the shop's")
	}
	bad := strings.Replace(string(b), "[ksef]\nsend = \"business\"\nenvironment = \"test\"\n", "[ksef]\nsend = \"b2b\"\nenvironment = \"prod\"\n", 1)
	if err := os.WriteFile(p, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = Load(dir)
	if err == nil {
		t.Fatal("loaded")
	}
	msg := strings.ReplaceAll(err.Error(), filepath.ToSlash(dir), "content")
	for _, want := range []string{
		`: ksef.send: "b2b": want "off" (nothing), "business" (invoices to companies, required from 2027) or "all" (every invoice)`,
		`: ksef.environment: "prod": want "test", "demo" or "production"`,
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("lacks %q in:\n%s", want, msg)
		}
	}
	without := strings.Replace(string(b), "[ksef]\nsend = \"business\"\nenvironment = \"test\"\n", "", 1)
	if err := os.WriteFile(p, []byte(without), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err = Load(dir); err != nil && strings.Contains(err.Error(), "ksef") {
		t.Errorf("without [ksef]: %v", err)
	}
	var cfg Config
	if readKSeFTable(t, &cfg, ""); cfg.KSeF.Send != "off" || cfg.KSeF.Environment != "test" {
		t.Errorf("without [ksef]: %+v, want off and test", cfg.KSeF)
	}
	if readKSeFTable(t, &cfg, "[ksef]\nsend = \"all\"\nenvironment = \"production\"\n"); cfg.KSeF.Send != "all" || cfg.KSeF.Environment != "production" {
		t.Errorf("all, production: %+v", cfg.KSeF)
	}
}

// readKSeFTable reads [ksef] from src, a config.toml's text, into cfg.
func readKSeFTable(t *testing.T, cfg *Config, src string) {
	t.Helper()
	data, lines, err := decodeTOMLFile([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var diags Diagnostics
	cfg.KSeF = readKSeF(newFields(reporter{file: "config.toml", diags: &diags}, lines, "", data))
	if len(diags) > 0 {
		t.Fatal(diags)
	}
}
