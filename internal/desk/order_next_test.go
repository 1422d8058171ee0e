package desk_test

import (
	"encoding/json"
	"testing"

	"sabershop/internal/mail/outbox"
	"sabershop/internal/order"
	"sabershop/internal/store"
)

// The order's view says what a refund without an amount would pay back
// (what is left of the payment, through its provider), so the desk names
// it before the owner confirms; nothing when nothing can be refunded.
func TestOrderRefundable(t *testing.T) {
	e, cookie, _ := withOrders(t)
	if err := e.db.Update(func(tx *store.Tx) error {
		o, err := tx.OrderByID(2)
		if err != nil {
			return err
		}
		o.Attempts = []order.Attempt{{ID: "a1", Provider: "sandbox", Method: "bank", Amount: 100000, Currency: "PLN", State: order.AttemptPaid,
			Started: start}}
		o.Refunds = []order.Refund{{ID: "r1", Attempt: "a1", Provider: "sandbox", Amount: 30000, Currency: "PLN", State: order.RefundDone,
			At: start, Finished: start}}
		return tx.PutOrder(o)
	}); err != nil {
		t.Fatal(err)
	}
	refundable := func(id string) *struct {
		Provider string `json:"provider"`
		Amount   int64  `json:"amount"`
		Currency string `json:"currency"`
	} {
		t.Helper()
		a := e.call("GET", "/admin/api/orders/"+id, nil, "Cookie", cookie)
		e.want(a, 200, "")
		var v struct {
			Refundable *struct {
				Provider string `json:"provider"`
				Amount   int64  `json:"amount"`
				Currency string `json:"currency"`
			} `json:"refundable"`
		}
		if err := json.Unmarshal([]byte(a.raw), &v); err != nil {
			t.Fatal(err)
		}
		return v.Refundable
	}
	if r := refundable("2"); r == nil || r.Provider != "sandbox" || r.Amount != 70000 || r.Currency != "PLN" {
		t.Errorf("#2 paid 1000 zł, 300 zł refunded: refundable %+v, want 700 zł through sandbox", r)
	}
	if r := refundable("1"); r != nil {
		t.Errorf("#1 placed, nothing paid: refundable %+v", r)
	}
	if r := refundable("3"); r != nil {
		t.Errorf("#3 paid without a payment on record (nothing to refund through): refundable %+v", r)
	}
}

// The order's e-mails tell apart those of one kind: a stage e-mail names
// the stage it announced in the desk's language, an invoice e-mail its
// document; a stage the catalogue no longer has shows its id, inert.
func TestOrderMailsAbout(t *testing.T) {
	e, cookie, _ := withOrders(t)
	ref := "hash-2-0123456789abcdef"
	msgs := []*outbox.Message{
		{Kind: "stage_reached", Locale: "pl", To: "o2@example.com", Ref: ref, Subject: "wieści z warsztatu", Text: "t", About: "parts-ordered"},
		{Kind: "stage_reached", Locale: "pl", To: "o2@example.com", Ref: ref, Subject: "wieści z warsztatu", Text: "t", About: "ready"},
		{Kind: "stage_reached", Locale: "pl", To: "o2@example.com", Ref: ref, Subject: "wieści z warsztatu", Text: "t", About: "gone\u202eevil"},
		{Kind: "document_issued", Locale: "pl", To: "o2@example.com", Ref: ref, Subject: "Faktura", Text: "t", About: "FV/2026/0001"},
	}
	queued := &outbox.Message{Kind: "stage_reached", Locale: "pl", To: "o2@example.com", Ref: ref, Subject: "wieści z warsztatu", Text: "t",
		About: "parts-ordered"}
	if err := e.db.Update(func(tx *store.Tx) error { return tx.Enqueue(append(msgs, queued)...) }); err != nil {
		t.Fatal(err)
	}
	if err := e.db.DeliveredAll(msgs); err != nil {
		t.Fatal(err)
	}
	about := func(lang string) []string {
		t.Helper()
		a := e.call("GET", "/admin/api/orders/2", nil, "Cookie", cookie, "Accept-Language", lang)
		e.want(a, 200, "")
		var v struct {
			Mails []struct {
				About string `json:"about"`
			} `json:"mails"`
		}
		if err := json.Unmarshal([]byte(a.raw), &v); err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, m := range v.Mails {
			out = append(out, m.About)
		}
		return out
	}
	for lang, want := range map[string][]string{
		"pl": {"Części zamówione", "Gotowe", "gone<U+202E>evil", "FV/2026/0001", "Części zamówione"},
		"en": {"Parts ordered", "Ready", "gone<U+202E>evil", "FV/2026/0001", "Parts ordered"},
	} {
		got := about(lang)
		if len(got) != len(want) {
			t.Fatalf("%s: about %q, want %q", lang, got, want)
		}
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("%s: mail %d about %q, want %q", lang, i, got[i], want[i])
			}
		}
	}
}
