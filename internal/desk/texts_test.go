package desk_test

import (
	"os"
	"regexp"
	"sabershop/internal/order"
	"sabershop/internal/payment"
	"sabershop/internal/payment/paypal"
	"sabershop/internal/payment/sandbox"
	"sabershop/internal/payment/tpay"
	"strings"
	"testing"

	"sabershop/internal/desk"
	"sabershop/internal/i18n"
	"sabershop/internal/testutil"
)

// Every text of the desk, its answers and its pages, exists in every
// language it speaks, with the same placeholders.
func TestEveryTextInEveryLocale(t *testing.T) {
	for _, dir := range []string{"messages", "ui"} {
		set, err := i18n.LoadSet("desk/"+dir, "en", os.DirFS(dir), nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range set.Check(desk.Locales) {
			t.Errorf("%s", p)
		}
	}
}

// Every action the audit log records has a name in the activity page's
// texts: the codes are read from the sources that write audit entries,
// so a new action without a label fails here instead of showing as code.
func TestEveryAuditActionHasALabel(t *testing.T) {
	set, err := i18n.LoadSet("desk/ui", "en", os.DirFS("ui"), nil)
	if err != nil {
		t.Fatal(err)
	}
	code := regexp.MustCompile(`"([a-z]+(?:\.[a-z_]+)+)"`)
	seen := map[string]bool{}
	for _, src := range testutil.Sources(t, ".", "../admin", "../backoffice", "../orders") {
		for _, line := range strings.Split(src, "\n") {
			if !strings.Contains(line, "Audit(") && !strings.Contains(line, "audit(") && !strings.Contains(line, "What:") &&
				!strings.Contains(line, "what = ") && !strings.Contains(line, "what := ") {
				continue
			}
			for _, m := range code.FindAllStringSubmatch(line, -1) {
				seen[m[1]] = true
			}
		}
	}
	// "order." + the new status: the statuses the owner's changes reach.
	delete(seen, "order.")
	seen["order.sent"], seen["order.cancelled"] = true, true
	if len(seen) < 20 {
		t.Fatalf("found only %d audit actions: has the way they are written changed? %v", len(seen), seen)
	}
	for what := range seen {
		for _, loc := range desk.Locales {
			if _, ok := set.Lookup(loc, "activity.codes."+what, nil); !ok {
				t.Errorf("%s: no activity.codes.%q", loc, what)
			}
		}
	}
}

// Every code of the order's timeline (order.Describe) has a text in the
// [timeline] table of every desk language, and so have the payment
// methods and providers a timeline names: the owner reads no stored
// English cause ("order placed", "sandbox: paid") in the desk.
func TestEveryTimelineCodeHasAText(t *testing.T) {
	set, err := i18n.LoadSet("desk/ui", "en", os.DirFS("ui"), nil)
	if err != nil {
		t.Fatal(err)
	}
	keys := []string{"timeline.terminal"}
	for _, code := range order.DescCodes {
		keys = append(keys, "timeline."+code)
	}
	for _, m := range []payment.Method{payment.Card, payment.Bank, payment.PayPal} {
		keys = append(keys, "timeline.methods."+string(m))
	}
	for _, p := range []string{tpay.Name, paypal.Name, sandbox.Name} {
		keys = append(keys, "timeline.providers."+p)
	}
	for _, key := range keys {
		for _, loc := range desk.Locales {
			if _, ok := set.Lookup(loc, key, nil); !ok {
				t.Errorf("%s: no %s (internal/desk/ui/%s.toml)", loc, key, loc)
			}
		}
	}
}
