package mail

import (
	"strings"
	"testing"
	"time"
)

// Every kind renders in every locale, with a subject, both bodies and the
// data the reader needs, amounts formatted for the locale.
func TestEveryKindEveryLocale(t *testing.T) {
	total := map[string]string{ // the locale format's FormatMoney of 149900 in the order's currency
		"en": "€1,499.00", "de": "1.499,00\u00a0€", "pl": "1\u00a0499,00\u00a0zł",
	}
	waste := map[string]string{"en": "€0.08", "de": "0,08\u00a0€", "pl": "0,08\u00a0zł"}
	refunded := map[string]string{"en": "€50.00", "de": "50,00\u00a0€", "pl": "50,00\u00a0zł"}
	left := map[string]string{"en": "€1,449.00", "de": "1.449,00\u00a0€", "pl": "1\u00a0449,00\u00a0zł"}
	payBy := map[string]string{"en": "16 March 2026", "de": "16. März 2026", "pl": "16 marca 2026"}
	shipBy := map[string]string{"en": "23 March 2026", "de": "23. März 2026", "pl": "23 marca 2026"}
	withdrawnAt := map[string]string{"en": "13 March 2026", "de": "13. März 2026", "pl": "13 marca 2026"}
	stage := map[string]string{"en": "Hilt machined", "de": "Griff gefertigt", "pl": "Rękojeść wytoczona"}
	for _, loc := range Locales() {
		msgs, err := allKinds(loc)
		if err != nil {
			t.Fatalf("%s: %v", loc, err)
		}
		for _, kind := range Kinds {
			m := msgs[kind]
			name := loc + "/" + kind
			if m == nil {
				t.Errorf("%s: no message", name)
				continue
			}
			if m.Kind != kind || m.Locale != loc || m.Subject == "" || m.Text == "" || m.HTML == "" || m.To == "" || m.Created.IsZero() {
				t.Errorf("%s: incomplete message %+v", name, m)
			}
			if strings.Contains(m.Subject, "{") || strings.Contains(m.Text, "{") || strings.Contains(m.HTML, "{") {
				t.Errorf("%s: an unfilled placeholder", name)
			}
			if !strings.HasPrefix(m.HTML, "<!DOCTYPE html>") || !strings.Contains(m.HTML, `lang="`+loc+`"`) || !strings.Contains(m.HTML, "#b21826") {
				t.Errorf("%s: HTML lacks the layout", name)
			}
			// Company footer from catalog.Shop.
			for _, s := range []string{"Saber Forge Marek Kowalczyk", "ul. Rzemieślnicza 14/3", "676-245-18-91", "hello@saberforge.example"} {
				if !strings.Contains(m.Text, s) || !strings.Contains(m.HTML, s) {
					t.Errorf("%s: footer lacks %q", name, s)
				}
			}
			want := map[string][]string{
				KindOrderPlaced:      {"#12", statusURL, total[loc], waste[loc], "FORGE10", "Talon", "Warszawa"},
				KindPaymentReceived:  {"#12", statusURL, total[loc]},
				KindOrderSent:        {"#12", "PL123456789", "https://tracking.example/?n=PL123456789"},
				KindOrderCancelled:   {"#12", "Customer asked to cancel"},
				KindContactMessage:   {"Jan Kowalski", "jan@example.com", "is the Talon emitter in stock?", "(de)"},
				KindSubscribeConfirm: {"fan@example.com", "https://saberforge.example/v1/subscribers/sub-token/confirm"},
				KindSaleStart:        {"https://saberforge.example/shop", "https://saberforge.example/v1/subscribers/sub-token/unsubscribe"},
				KindOrderLinks:       {"#12", statusURL, total[loc], "#7", "https://saberforge.example/status/h4sh-0f-0rder-7", "Anna@Example.com"},
				KindPaymentReminder:  {"#12", statusURL, total[loc], payBy[loc], "Talon"},
				KindRefundIssued:     {"#12", statusURL, refunded[loc], left[loc], "Damaged in transit", "Tpay"},
				KindStageReached:     {"#12", statusURL, stage[loc], shipBy[loc]},
				KindWithdrawalReceived: {"#12", statusURL, withdrawnAt[loc], "Anna Nowak", "anna.returns@example.com",
					"1 × Arc", "1 × Custom saber", "ul. Rzemieślnicza 14/3"},
				KindDocumentIssued: {"#12", statusURL, "FV/2026/0001", testKSeFNumber},
			}[kind]
			if usesOwnerTemplate(kind) {
				// The whole order, the customer's data and the build sheet.
				want = []string{"#12", statusURL, total[loc], "Anna Nowak", "anna@example.com", "+48 600 100 200", "Warszawa",
					"Talon", "talon", "#1e90ff", "#ffffff", "Tpay (blik)", "FORGE10"}
				switch kind {
				case KindOwnerWithdrawal:
					want = append(want, withdrawnAt[loc], "anna.returns@example.com")
				case KindOwnerKSeFRefused:
					want = append(want, "FV/2026/0001", "450", "orderd ksef retry FV/2026/0001", "Błąd weryfikacji semantyki dokumentu faktury")
				}
			}
			for _, s := range want {
				html := strings.NewReplacer("&", "&amp;", "+", "&#43;").Replace(s) // URLs in attributes and text
				if !strings.Contains(m.Text, s) {
					t.Errorf("%s: text lacks %q", name, s)
				}
				if !strings.Contains(m.HTML, s) && !strings.Contains(m.HTML, html) {
					t.Errorf("%s: HTML lacks %q", name, s)
				}
			}
			if (strings.HasPrefix(kind, "order_") && kind != KindOrderLinks) || kind == KindPaymentReceived || kind == KindRefundIssued ||
				kind == KindStageReached || kind == KindDocumentIssued {
				if !strings.Contains(m.Subject, "#12") || m.Ref != "h4sh-0f-0rder-12" || !strings.Contains(m.To, "anna@example.com") {
					t.Errorf("%s: subject %q, ref %q, to %q", name, m.Subject, m.Ref, m.To)
				}
			}
		}
		if m := msgs[KindContactMessage]; m.To != `"Saber Forge" <hello@saberforge.example>` || m.ReplyTo != `"Jan Kowalski" <jan@example.com>` {
			t.Errorf("%s contact: To %q Reply-To %q", loc, m.To, m.ReplyTo)
		}
		if m := msgs[KindSaleStart]; m.Ref != "sub-token" || m.To != "fan@example.com" ||
			m.ListUnsubscribe != "https://saberforge.example/v1/subscribers/sub-token/unsubscribe" {
			t.Errorf("%s sale_start: Ref %q To %q List-Unsubscribe %q", loc, m.Ref, m.To, m.ListUnsubscribe)
		}
		// The order links: newest first as given, in the asked locale.
		if m := msgs[KindOrderLinks]; m.To != "Anna@Example.com" || m.Ref != "" ||
			strings.Index(m.Text, "#12") > strings.Index(m.Text, "#7") {
			t.Errorf("%s order_links: To %q Ref %q\n%s", loc, m.To, m.Ref, m.Text)
		}
	}
}

// Polish plurals of the build time, and the no-build case.
func TestBuildTimePlurals(t *testing.T) {
	for days, want := range map[int]string{
		1: "zajmie 1 dzień roboczy", 3: "zajmie 3 dni robocze", 15: "zajmie 15 dni roboczych", 22: "zajmie 22 dni robocze",
	} {
		o := testOrder("pl")
		o.BuildDays = days
		m, err := OrderPlaced(testCatalog(), o, statusURL)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(m.Text, want) {
			t.Errorf("%d days: text lacks %q", days, want)
		}
	}
	o := testOrder("en")
	o.BuildDays = 0
	m, err := PaymentReceived(testCatalog(), o, statusURL, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(m.Text, "We are packing your order now.") {
		t.Errorf("no build days: %s", m.Text)
	}
}

// The delivery window counts build days as working days from the order,
// then delivery days from dispatch.
func TestEstimate(t *testing.T) {
	o := testOrder("en") // placed Monday 2 March 2026, 15 working days, 1-3 days
	m, err := OrderPlaced(testCatalog(), o, statusURL)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(m.Text, "between 24 March 2026 and 26 March 2026") {
		t.Errorf("estimate missing:\n%s", m.Text)
	}
}

// The mails' dates are the workshop's (Europe/Warsaw): an order placed at
// 23:30 UTC on Sunday 1 March 2026 is placed on Monday in Kraków, so its
// 15 working days end on 23 March, not 20 March; a contact message of the
// same minute was received on 2 March at 00:30 CET.
func TestMailDatesInWorkshopZone(t *testing.T) {
	sunday := time.Date(2026, 3, 1, 23, 30, 0, 0, time.UTC)
	o := testOrder("en")
	o.CreatedAt = sunday
	m, err := OrderPlaced(testCatalog(), o, statusURL)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(m.Text, "between 24 March 2026 and 26 March 2026") {
		t.Errorf("estimate not from the workshop's Monday:\n%s", m.Text)
	}
	for loc, want := range map[string]string{"en": "2 March 2026, 00:30 CET", "pl": "2 marca 2026, 00:30 CET", "de": "2. März 2026, 00:30 CET"} {
		m, err := ContactMessage(testCatalog(), loc, Contact{Name: "Anna", Email: "anna@example.com", Locale: "en", Message: "Hello", Received: sunday})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(m.Text, want) || !strings.Contains(m.HTML, want) {
			t.Errorf("%s contact message lacks %q:\n%s", loc, want, m.Text)
		}
	}
	// In summer the workshop's zone is CEST.
	m, err = ContactMessage(testCatalog(), "en", Contact{Name: "Anna", Email: "anna@example.com", Locale: "en", Message: "Hello",
		Received: time.Date(2026, 7, 9, 13, 2, 0, 0, time.UTC)})
	if err != nil {
		t.Fatal(err)
	}
	if want := "9 July 2026, 15:02 CEST"; !strings.Contains(m.Text, want) {
		t.Errorf("summer contact message lacks %q:\n%s", want, m.Text)
	}
}

// Without discount or waste fee those rows are left out.
func TestOptionalTotals(t *testing.T) {
	o := testOrder("en")
	o.Totals.Discount, o.Totals.WasteFee, o.Coupon = 0, 0, ""
	m, err := OrderPlaced(testCatalog(), o, statusURL)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"Discount", "waste-management"} {
		if strings.Contains(m.Text, s) || strings.Contains(m.HTML, s) {
			t.Errorf("shows %q with a zero amount", s)
		}
	}
}
