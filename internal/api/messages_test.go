package api

import (
	"regexp"
	"sort"
	"testing"

	"sabershop/internal/order"
	"sabershop/internal/testutil"
)

// TestMessagesCoverCodes fails on any field key of the order package
// without a text, and on any code the handlers answer with that has none.
// (That every locale has every text is checked with the other sets of
// strings in internal/i18n/strings_test.go.)
func TestMessagesCoverCodes(t *testing.T) {
	m, err := LoadMessages(nil)
	if err != nil {
		t.Fatal(err)
	}
	en := m.Bundle(defaultMessages)
	for _, k := range order.MessageKeys {
		if en[k].Text == "" {
			t.Errorf("order key %q has no text in messages/en.toml", k)
		}
	}
	// Codes written literally in the handlers: s.fail(..., "code"),
	// errors map values and s.msg.T(..., "key", ...).
	re := regexp.MustCompile(`(?:s\.fail\(w, [^,]+, [^,]+, |msg\.T\([^,]+, |errs\["\w+"\] = )"([a-z_]+)"`)
	var used []string
	for _, src := range testutil.Sources(t, ".") {
		for _, match := range re.FindAllStringSubmatch(src, -1) {
			used = append(used, match[1])
		}
	}
	sort.Strings(used)
	if len(used) < 10 {
		t.Fatalf("found only %d codes in the handlers; the scan is broken", len(used))
	}
	for _, k := range used {
		if en[k].Text == "" {
			t.Errorf("code %q is answered but has no text", k)
		}
	}
}

func TestPickLocale(t *testing.T) {
	// The shop's locales come from its catalogue; these are the site's.
	cases := []struct{ explicit, accept, want string }{
		{"pl", "de", "pl"},
		{"xx", "de-DE,de;q=0.9,en;q=0.8", "de"},
		{"", "fr-FR, pl;q=0.5", "pl"},
		{"", "", "en"},
		{"", "fr", "en"},
	}
	for _, c := range cases {
		if got := pickLocale([]string{"en", "pl", "de"}, c.explicit, c.accept); got != c.want {
			t.Errorf("pickLocale(%q, %q) = %q, want %q", c.explicit, c.accept, got, c.want)
		}
	}
}

// TestMessagesCoverWithdrawalRefusals: every reason a withdrawal is
// refused for has its text (the handler builds the code).
func TestMessagesCoverWithdrawalRefusals(t *testing.T) {
	m, err := LoadMessages(nil)
	if err != nil {
		t.Fatal(err)
	}
	en := m.Bundle(defaultMessages)
	for _, r := range []string{order.WithdrawalCustom, order.WithdrawalNotReturnable, order.WithdrawalCancelled, order.WithdrawalPeriodOver} {
		if en[withdrawalCode(r)].Text == "" {
			t.Errorf("refusal %q has no text", r)
		}
	}
}
