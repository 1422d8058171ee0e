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
	m, err := RefundIssued(testCatalog(), o, statusURL, o.Refunds[0], nil, nil)
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
	m, err = RefundIssued(testCatalog(), o, statusURL, o.Refunds[0], nil, nil)
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

// The correcting document of the refund: attached (the message names it
// for the worker) and said so, or, bound for KSeF, said to follow in its
// own e-mail and not attached; in each language.
func TestRefundIssuedDocuments(t *testing.T) {
	for _, c := range []struct{ loc, attached, receipt, follow string }{
		{"pl", "W załączniku przesyłamy fakturę korygującą FK/2026/0001", "korektę potwierdzenia sprzedaży RK/2026/0001",
			"Fakturę korygującą FK/2026/0001 do tego zwrotu właśnie rejestrujemy w KSeF"},
		{"en", "The correcting invoice FK/2026/0001 for this refund is attached", "The correction RK/2026/0001 of your sales receipt",
			"The correcting invoice FK/2026/0001 for this refund is being registered in KSeF"},
		{"de", "Die Rechnungskorrektur FK/2026/0001 zu dieser Erstattung hängt als PDF-Datei an", "Die Korrektur RK/2026/0001 deines Kaufbelegs",
			"Die Rechnungskorrektur FK/2026/0001 zu dieser Erstattung wird gerade in KSeF registriert"},
	} {
		o := refundedOrder(c.loc)
		for _, k := range []struct {
			attached, follow []string
			says             string
		}{
			{[]string{"FK/2026/0001"}, nil, c.attached},
			{[]string{"RK/2026/0001"}, nil, c.receipt},
			{nil, []string{"FK/2026/0001"}, c.follow},
		} {
			m, err := RefundIssued(testCatalog(), o, statusURL, o.Refunds[0], k.attached, k.follow)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(m.Text, k.says) || !strings.Contains(m.HTML, k.says) {
				t.Errorf("%s: the e-mail does not say %q:\n%s", c.loc, k.says, m.Text)
			}
			if len(m.Documents) != len(k.attached) {
				t.Errorf("%s: the message names %v to attach, want %v", c.loc, m.Documents, k.attached)
			}
		}
		m, err := RefundIssued(testCatalog(), o, statusURL, o.Refunds[0], nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(m.Text, "/2026/") || len(m.Documents) != 0 {
			t.Errorf("%s: no document, yet:\n%s", c.loc, m.Text)
		}
	}
}
