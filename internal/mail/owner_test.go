package mail

import (
	"strings"
	"testing"
	"time"

	"sabershop/internal/order"
	"sabershop/internal/payment"
	"sabershop/internal/payment/paypal"
	"sabershop/internal/payment/sandbox"
	"sabershop/internal/payment/tpay"
)

// What a stranger typed reaches the owner inert: an order kept before the
// API refused hidden characters, with HTML, a bidi override, an escape
// sequence and a line break in its fields, gives an e-mail without any of
// them acting (no tag in the HTML part, no control or bidi character
// anywhere, one-line headers).
func TestOwnerMailInert(t *testing.T) {
	o := testOrder("pl")
	c := &o.Customer
	c.FirstName = "Anna<script>alert(1)</script>"
	c.LastName = "Nowak\u202Ekcah"
	c.Street = "Długa 1\x1b[31m"
	c.City = "Warszawa\r\nBcc: victim@example.com"
	c.Phone = "+48 600\u2067 100 200"
	o.Coupon = "FORGE\u200B10"
	for _, kind := range OwnerKinds {
		m, err := OwnerOrder(kind, testCatalog(), "pl", "owner@saberforge.example", o, statusURL, time.Now())
		if err != nil {
			t.Fatalf("%s: %v", kind, err)
		}
		for part, s := range map[string]string{"subject": m.Subject, "reply-to": m.ReplyTo, "text": m.Text, "html": m.HTML} {
			for _, bad := range []string{"\u202E", "\x1b", "\u2067", "\u200B", "\r"} {
				if strings.Contains(s, bad) {
					t.Errorf("%s %s holds %q", kind, part, bad)
				}
			}
			// Plain text shows a tag as the characters typed; HTML escapes it.
			if part == "html" && strings.Contains(s, "<script>") {
				t.Errorf("%s: a tag in the HTML part", kind)
			}
		}
		if strings.ContainsAny(m.Subject+m.ReplyTo, "\n") || !strings.Contains(m.HTML, "&lt;script&gt;") {
			t.Errorf("%s: subject %q, reply-to %q", kind, m.Subject, m.ReplyTo)
		}
		if !strings.Contains(m.Text, "Nowak") || !strings.Contains(m.Text, "Warszawa") {
			t.Errorf("%s: the customer's data is gone, not made inert:\n%s", kind, m.Text)
		}
	}
}

// The owner's e-mail of a payment that came for a cancelled order says to
// refund it; the same e-mail for a paid order does not.
func TestOwnerPaidCancelledWarning(t *testing.T) {
	for status, want := range map[order.Status]bool{order.Cancelled: true, order.Paid: false} {
		o := testOrder("en")
		o.Status = status
		m, err := OwnerOrder(KindOwnerPaymentReceived, testCatalog(), "en", "owner@saberforge.example", o, statusURL, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Contains(m.Text, "refund the payment"); got != want {
			t.Errorf("%s: warning %v, want %v", status, got, want)
		}
	}
}

// The owner's e-mails name every payment provider and method in the
// owner's language ("tryb testowy (przelew / BLIK)"), as the desk does.
func TestOwnerPaymentNames(t *testing.T) {
	for _, loc := range []string{"pl", "en", "de"} {
		for _, key := range []string{"owner.providers." + tpay.Name, "owner.providers." + paypal.Name, "owner.providers." + sandbox.Name,
			"owner.methods." + string(payment.Card), "owner.methods." + string(payment.Bank), "owner.methods." + string(payment.PayPal)} {
			if _, err := tr(loc, key); err != nil {
				t.Errorf("%s: %v", loc, err)
			}
		}
	}
	if got := named("pl", "owner.providers.sandbox", "sandbox"); got != "tryb testowy" {
		t.Errorf("sandbox in Polish: %q", got)
	}
	if got := named("pl", "owner.providers.newpay", "newpay"); got != "newpay" {
		t.Errorf("a provider without a name: %q", got)
	}
}
