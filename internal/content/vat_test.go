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
		p := filepath.Join(dir, name)
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(b), old) {
			t.Fatalf("%s has no %q", name, old)
		}
		if err := os.WriteFile(p, []byte(strings.Replace(string(b), old, new, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
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
