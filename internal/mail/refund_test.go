package mail

import (
	"strings"
	"testing"

	"sabershop/internal/order"
)

// A refund of everything says so and, when the order was cancelled by
// it, that too; a partial one says what remains. The wait is the
// provider's.
func TestRefundIssuedWholeAndPart(t *testing.T) {
	o := refundedOrder("en")
	o.Refunds[0].Amount, o.Refunds[0].Reason, o.Refunds[0].Provider = 149900, "", "paypal"
	o.Status = order.Cancelled
	m, err := RefundIssued(testCatalog(), o, statusURL, o.Refunds[0])
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"€1,499.00", "That is everything you paid", "Your order #12 is cancelled.", "PayPal usually"} {
		if !strings.Contains(m.Text, want) || !strings.Contains(m.HTML, want) {
			t.Errorf("whole refund lacks %q:\n%s", want, m.Text)
		}
	}
	if strings.Contains(m.Text, "Reason:") || strings.Contains(m.Text, "remains paid") {
		t.Errorf("whole refund without a reason:\n%s", m.Text)
	}
	if m.About != "€1,499.00" { // the desk's list of the order's e-mails names the amount
		t.Errorf("about %q", m.About)
	}

	o = refundedOrder("en")
	o.Refunds[0].Provider = "sandbox"
	m, err = RefundIssued(testCatalog(), o, statusURL, o.Refunds[0])
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"€1,449.00 of your payment remains paid", "The money goes back the way you paid"} {
		if !strings.Contains(m.Text, want) {
			t.Errorf("partial refund lacks %q:\n%s", want, m.Text)
		}
	}
	if strings.Contains(m.Text, "is cancelled") {
		t.Errorf("a partial refund cancels nothing:\n%s", m.Text)
	}
}
