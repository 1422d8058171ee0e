package api_test

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"sabershop/internal/mail"
	"sabershop/internal/store"
)

// A shopper who lost the order e-mail asks for the links: one e-mail to
// the address the orders were placed with, in the request's language,
// every order's status link newest first and no other address's; an
// address without orders gets the same answer and no e-mail; a second
// request within ten minutes is answered alike and sends nothing.
func TestOrderLinks(t *testing.T) {
	e := newEnv(t)
	first := e.place(e.priced(e.orderRequest()))
	req := e.orderRequest()
	req.Locale = "en"
	second := e.place(e.priced(req))
	other := e.orderRequest()
	other.Customer.Email = "bob@example.com"
	bob := e.place(e.priced(other))
	e.drain() // the three order e-mails

	ask := func(email string) response {
		t.Helper()
		r := e.post("/v1/orders/links", map[string]string{"email": email, "locale": "de"})
		wantStatus(t, r, http.StatusAccepted)
		return r
	}
	known := ask(" ANNA@example.com ")
	if m := known.JSON(t)["message"]; m != "Falls es zu dieser Adresse Bestellungen gibt, haben wir die Links dazu an sie geschickt." {
		t.Errorf("message %q", m)
	}
	got := e.drain()
	if len(got) != 1 {
		t.Fatalf("%d e-mails, want 1", len(got))
	}
	m := got[0]
	if address(t, m.Header, "To") != "anna@example.com" || m.Subject != "Deine Bestellungen bei Saber Forge" {
		t.Errorf("To %q, subject %q", m.Header.Get("To"), m.Subject)
	}
	l1, l2 := baseURL+"/pl/status/"+first.Hash, baseURL+"/status/"+second.Hash
	contains(t, "text", m.Text, l1, l2, "Bestellung #2", "Bestellung #1")
	contains(t, "HTML", m.HTML, l1, l2)
	if strings.Index(m.Text, l2) > strings.Index(m.Text, l1) {
		t.Errorf("not newest first:\n%s", m.Text)
	}
	if strings.Contains(m.Text, bob.Hash) || strings.Contains(m.HTML, bob.Hash) {
		t.Error("another address's order is in the e-mail")
	}
	// Each link opens its order.
	wantStatus(t, e.get("/v1/orders/"+first.Hash), http.StatusOK)

	unknown := ask("nobody@example.com")
	again := ask("anna@example.com")
	if string(unknown.Body) != string(known.Body) || string(again.Body) != string(known.Body) {
		t.Errorf("answers differ: %s / %s / %s", known.Body, unknown.Body, again.Body)
	}
	if got := e.drain(); len(got) != 0 {
		t.Errorf("%d e-mails for an unknown address and a repeat within 10 minutes", len(got))
	}
	e.clock.Set(testNow.Add(11 * time.Minute))
	ask("anna@example.com")
	if got := e.drain(); len(got) != 1 {
		t.Errorf("%d e-mails 11 minutes later, want 1", len(got))
	}

	r := e.post("/v1/orders/links", map[string]string{"email": "anna@", "locale": "pl"})
	wantStatus(t, r, http.StatusUnprocessableEntity)
	if b := r.Err(t); b.Errors["email"] != "email_invalid" {
		t.Errorf("%s", r.Body)
	}
	wantStatus(t, e.post("/v1/orders/links", `{"email":"anna@example.com","x":1}`), http.StatusBadRequest)
}

// The notify-me form cannot mail-bomb a third party: 20 requests for one
// address at once, each from another client IP, queue exactly one
// confirmation and get identical answers; later ones follow the cap of
// one per 10 minutes and three per 24 hours.
func TestSubscriberMailBomb(t *testing.T) {
	e := newEnv(t, func(c *config) { c.TrustProxy, c.WriteRate, c.WriteBurst = true, 1, 1 })
	var wg sync.WaitGroup
	bodies := make([]string, 20)
	for i := range bodies {
		wg.Go(func() {
			r := e.post("/v1/subscribers", map[string]string{"email": "victim@example.com", "locale": "pl"},
				"X-Forwarded-For", fmt.Sprintf("203.0.113.%d", i+1))
			bodies[i] = fmt.Sprint(r.Status, " ", string(r.Body))
		})
	}
	wg.Wait()
	for i, b := range bodies {
		if b != bodies[0] || !strings.HasPrefix(b, "202 ") {
			t.Errorf("answer %d: %s (first: %s)", i, b, bodies[0])
		}
	}
	if c := e.counts(); c["outbox"] != 1 {
		t.Fatalf("%d e-mails queued, want 1", c["outbox"])
	}
	e.drain()

	send := func(after time.Duration, want int) {
		t.Helper()
		e.clock.Set(testNow.Add(after))
		r := e.post("/v1/subscribers", map[string]string{"email": "Victim@example.com", "locale": "pl"},
			"X-Forwarded-For", "198.51.100."+fmt.Sprint(int(after.Minutes())%250))
		if got := fmt.Sprint(r.Status, " ", string(r.Body)); got != bodies[0] {
			t.Errorf("after %v: %s", after, got)
		}
		if got := len(e.drain()); got != want {
			t.Errorf("after %v: %d e-mails, want %d", after, got, want)
		}
	}
	send(9*time.Minute, 0)
	send(10*time.Minute, 1)
	send(25*time.Minute, 1) // the third today
	send(40*time.Minute, 0) // three in 24 h
	send(24*time.Hour+time.Minute, 1)
	// Another address has its own budget.
	wantStatus(t, e.post("/v1/subscribers", map[string]string{"email": "other@example.com", "locale": "pl"}), http.StatusAccepted)
	if got := len(e.drain()); got != 1 {
		t.Errorf("another address: %d e-mails", got)
	}
}

// The sale-start notice carries RFC 8058 one-click unsubscribe headers;
// the mailbox provider's POST to the URL (form body, no browser headers)
// unsubscribes through the real handler.
func TestSaleStartOneClickUnsubscribe(t *testing.T) {
	e := newEnv(t)
	wantStatus(t, e.get(e.signUp("fan@example.com", "de")), http.StatusOK)
	sub := e.subscriber("fan@example.com")
	msg, err := mail.SaleStart(e.cat, mail.Subscriber{Email: sub.Email, Locale: sub.Locale, Token: sub.Token},
		baseURL+"/de/", baseURL+"/v1/subscribers/unsubscribe/"+sub.Token)
	if err != nil {
		t.Fatal(err)
	}
	if err := e.db.Update(func(tx *store.Tx) error { return tx.Enqueue(msg) }); err != nil {
		t.Fatal(err)
	}
	got := e.drain()
	if len(got) != 1 {
		t.Fatalf("%d e-mails", len(got))
	}
	h := got[0].Header
	if p := h.Get("List-Unsubscribe-Post"); p != "List-Unsubscribe=One-Click" {
		t.Errorf("List-Unsubscribe-Post %q", p)
	}
	lu := h.Get("List-Unsubscribe")
	u, ok := strings.CutPrefix(lu, "<")
	u, ok2 := strings.CutSuffix(u, ">")
	if !ok || !ok2 || u != baseURL+"/v1/subscribers/unsubscribe/"+sub.Token {
		t.Fatalf("List-Unsubscribe %q", lu)
	}
	r := e.postWith(strings.TrimPrefix(u, baseURL), []byte("List-Unsubscribe=One-Click"),
		"Content-Type", "application/x-www-form-urlencoded")
	wantStatus(t, r, http.StatusOK)
	if s := e.subscriber("fan@example.com"); !s.Unsubscribed {
		t.Error("still subscribed after the one-click POST")
	}
}
