package mail

import (
	"strings"
	"testing"

	"sabershop/internal/order"
)

// TestOrderPlacedCarriesTheContract: the order e-mail is the contract on a
// durable medium (docs/legal.md#confirmation-on-a-durable-medium): the
// seller, the payment, the right of withdrawal for returnable goods or its
// exclusion for a design, and the full text of the terms version the order
// records, in both parts.
func TestOrderPlacedCarriesTheContract(t *testing.T) {
	cat := testCatalog()
	for _, loc := range Locales() {
		o := testOrder(loc)
		o.TermsVersion = cat.Terms.Version
		o.Lines[0].Returnable = true
		m, err := OrderPlaced(cat, o, statusURL)
		if err != nil {
			t.Fatal(err)
		}
		terms := cat.Terms.Text[loc]
		heading := strings.TrimPrefix(strings.SplitN(terms, "\n", 2)[0], "# ")
		body := strings.TrimSpace(strings.SplitN(terms, "\n\n", 3)[2]) // after the title and the first heading
		withdrawalPage := "https://saberforge.example" + order.LocalePath(loc, "/legal-withdrawal")
		for _, s := range []string{"Saber Forge Marek Kowalczyk", "+48 512 345 678", cat.Terms.Version, withdrawalPage,
			mustT(t, loc, "order_placed.creator_no_return"), heading} {
			if !strings.Contains(m.Text, s) || !strings.Contains(m.HTML, strings.ReplaceAll(s, "+", "&#43;")) {
				t.Errorf("%s: order e-mail lacks %q", loc, s)
			}
		}
		if !strings.Contains(m.Text, body) {
			t.Errorf("%s: the text part lacks the terms' text", loc)
		}
		if !strings.Contains(m.HTML, "Saber Forge</strong>") && !strings.Contains(m.HTML, "**Saber Forge**") {
			t.Errorf("%s: the HTML part lacks the terms' text", loc)
		}

		// Only a design: no right of withdrawal to announce.
		o.Lines = o.Lines[1:]
		m, err = OrderPlaced(cat, o, statusURL)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(m.Text, withdrawalPage) || !strings.Contains(m.Text, mustT(t, loc, "order_placed.creator_no_return")) {
			t.Errorf("%s: a design's order e-mail offers a withdrawal or lacks its exclusion", loc)
		}
	}
}

// TestWithdrawalReceivedDatesTheReceipt: the acknowledgement names the
// date and the time of receipt in the workshop's zone, what it covers and
// what it cannot (a design), and where the goods go back.
func TestWithdrawalReceivedDatesTheReceipt(t *testing.T) {
	m, err := WithdrawalReceived(testCatalog(), withdrawnOrder("en"), statusURL)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"13 March 2026", "15:04", "CET", "It covers:\n* 1 × Arc", "* 1 × Custom saber",
		"send the goods back to Saber Forge Marek Kowalczyk, ul. Rzemieślnicza 14/3, 30-363 Kraków, Poland"} {
		if !strings.Contains(m.Text, s) {
			t.Errorf("acknowledgement lacks %q:\n%s", s, m.Text)
		}
	}
	if !strings.Contains(m.To, "anna.returns@example.com") {
		t.Errorf("to %q: want the address the shopper gave for it", m.To)
	}
}

func mustT(t *testing.T, loc, key string) string {
	t.Helper()
	s, err := tr(loc, key)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// A design recorded returnable (priced while [legal] creator_returnable
// was on, docs/legal.md#withdrawal): the order e-mail announces the right
// of withdrawal and not the design's exclusion, and the acknowledgement
// lists the design among what the withdrawal covers.
func TestReturnableDesignInTheEmails(t *testing.T) {
	cat := testCatalog()
	for _, loc := range Locales() {
		o := testOrder(loc)
		o.Lines = o.Lines[1:] // the design only
		o.Lines[0].Returnable = true
		m, err := OrderPlaced(cat, o, statusURL)
		if err != nil {
			t.Fatal(err)
		}
		withdrawalPage := "https://saberforge.example" + order.LocalePath(loc, "/legal-withdrawal")
		noReturn := mustT(t, loc, "order_placed.creator_no_return")
		if !strings.Contains(m.Text, withdrawalPage) || strings.Contains(m.Text, noReturn) || strings.Contains(m.HTML, noReturn) {
			t.Errorf("%s: a returnable design's order e-mail lacks the withdrawal or still excludes it", loc)
		}
		w := withdrawnOrder(loc)
		w.Lines[1].Returnable = true
		m, err = WithdrawalReceived(cat, w, statusURL)
		if err != nil {
			t.Fatal(err)
		}
		if excluded := mustT(t, loc, "withdrawal_received.excluded"); strings.Contains(m.Text, excluded) {
			t.Errorf("%s: the acknowledgement excludes a returnable design:\n%s", loc, m.Text)
		}
		if loc == "en" && !strings.Contains(m.Text, "It covers:\n* 1 × Arc\n* 1 × Custom saber") {
			t.Errorf("en: the acknowledgement does not cover the design:\n%s", m.Text)
		}
	}
}
