package api

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"sabershop/internal/order"
)

// TestMessagesComplete fails on any text missing from a locale, on any
// field key of the order package without a translation, and on any code
// the handlers answer with that has no text.
func TestMessagesComplete(t *testing.T) {
	m, err := loadMessages()
	if err != nil {
		t.Fatal(err)
	}
	en := m["en"]
	for _, loc := range Locales[1:] {
		for k := range en {
			if m[loc][k] == "" {
				t.Errorf("messages/%s.toml: %s: missing (English: %q)", loc, k, en[k])
			}
		}
		for k := range m[loc] {
			if _, ok := en[k]; !ok {
				t.Errorf("messages/%s.toml: %s: not in en.toml", loc, k)
			}
		}
	}
	for _, k := range order.MessageKeys {
		if en[k] == "" {
			t.Errorf("order key %q has no text in messages/en.toml", k)
		}
	}
	// Codes written literally in the handlers: s.fail(..., "code"),
	// errors map values and s.msg.T(..., "key", ...).
	re := regexp.MustCompile(`(?:s\.fail\(w, [^,]+, [^,]+, |msg\.T\([^,]+, |errs\["\w+"\] = )"([a-z_]+)"`)
	files, _ := filepath.Glob("*.go")
	var used []string
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, match := range re.FindAllStringSubmatch(string(src), -1) {
			used = append(used, match[1])
		}
	}
	sort.Strings(used)
	if len(used) < 10 {
		t.Fatalf("found only %d codes in the handlers; the scan is broken", len(used))
	}
	for _, k := range used {
		if en[k] == "" {
			t.Errorf("code %q is answered but has no text", k)
		}
	}
}

func TestPickLocale(t *testing.T) {
	cases := []struct{ explicit, accept, want string }{
		{"pl", "de", "pl"},
		{"xx", "de-DE,de;q=0.9,en;q=0.8", "de"},
		{"", "fr-FR, pl;q=0.5", "pl"},
		{"", "", "en"},
		{"", "fr", "en"},
	}
	for _, c := range cases {
		if got := pickLocale(c.explicit, c.accept); got != c.want {
			t.Errorf("pickLocale(%q, %q) = %q, want %q", c.explicit, c.accept, got, c.want)
		}
	}
}
