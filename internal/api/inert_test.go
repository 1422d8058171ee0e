package api_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"sabershop/internal/order"
	"sabershop/internal/payment/sandbox"
)

// hiddenTexts are the translations of chars_invisible the shopper reads.
var hiddenTexts = map[string]string{
	"en": "This contains invisible characters (such as text direction marks or zero-width spaces), perhaps from copying and pasting. Please type it in again.",
	"pl": "Ten tekst zawiera niewidoczne znaki (np. znaczniki kierunku tekstu lub spacje o zerowej szerokości), być może z kopiowania i wklejania. Wpisz go ponownie.",
	"de": "Das enthält unsichtbare Zeichen (etwa Textrichtungszeichen oder Leerzeichen ohne Breite), vielleicht durch Kopieren und Einfügen. Bitte tippe es neu ein.",
}

// wantHidden checks a 422 that names field (and only it) chars_invisible
// in locale's words.
func wantHidden(t *testing.T, r response, what, field, locale string) {
	t.Helper()
	wantStatus(t, r, http.StatusUnprocessableEntity)
	b := r.Err(t)
	if b.Code != "invalid_fields" || len(b.Errors) != 1 || b.Errors[field] != order.KeyCharsInvisible || b.Messages[field] != hiddenTexts[locale] {
		t.Errorf("%s (%s): %+v", what, locale, b)
	}
}

// A bidi override, a zero-width space, ESC and a line separator in any
// customer field were accepted and later printed raw to the owner.
// Each is now 422 on its field, in the shopper's language; nothing is kept.
func TestOrderHiddenCharacters(t *testing.T) {
	e := newEnv(t)
	fields := map[string]func(*order.Customer) *string{
		"first_name": func(c *order.Customer) *string { return &c.FirstName },
		"last_name":  func(c *order.Customer) *string { return &c.LastName },
		"email":      func(c *order.Customer) *string { return &c.Email },
		"phone":      func(c *order.Customer) *string { return &c.Phone },
		"street":     func(c *order.Customer) *string { return &c.Street },
		"zip":        func(c *order.Customer) *string { return &c.Zip },
		"city":       func(c *order.Customer) *string { return &c.City },
	}
	// (Not U+2028 here: it is white space, which Normalize folds in a zip.)
	hidden := []string{"\u202E", "\u2067", "\u200B", "\uFEFF", "\x1b[31m", "\u2060"}
	i := 0
	for field, at := range fields {
		for _, loc := range []string{"en", "pl", "de"} {
			req := e.orderRequest()
			req.Locale = loc
			p := at(&req.Customer)
			*p = (*p)[:2] + hidden[i%len(hidden)] + (*p)[2:]
			i++
			r := e.post("/v1/orders", e.priced(req))
			wantHidden(t, r, field, field, loc)
		}
	}
	if n := len(e.allOrders()); n != 0 {
		t.Errorf("%d orders kept", n)
	}
	// Real names of many scripts, with emoji, are orders like any other.
	req := e.orderRequest()
	req.Customer.FirstName, req.Customer.LastName = "Zażółć 👨‍👩‍👧", "Gęślą Straße Анна Σωκράτης 山田 محمد שרה"
	req.Customer.City = "Jürgen 🏳️‍🌈"
	e.place(e.priced(req))
}

// The name on the card is checked like the order's names.
func TestCardNameHiddenCharacters(t *testing.T) {
	e, _ := newSandboxEnv(t, 50*time.Millisecond)
	key := e.shopKey()
	p := e.placeIn("pl")
	for _, loc := range []string{"en", "pl", "de"} {
		r := e.pay(p.Hash, map[string]string{"method": "card", "name": "Anna \u202ENowak", "locale": loc,
			"encrypted": encryptCard(t, key, sandbox.CardSuccess, testExpiry, testCVC, shopOrigin)})
		wantHidden(t, r, "card name", "name", loc)
	}
	if o := e.storedOrder(p.Hash); o.Payment != nil || o.Status != order.Placed {
		t.Errorf("the refused payment changed the order: %s %v", o.Status, o.Payment)
	}
}

// ESC and BEL in a contact message reached the owner's e-mail.
// The message keeps its lines and tabs and loses every other hidden
// character before it is kept; the sender's name with one is 422.
func TestContactHiddenCharacters(t *testing.T) {
	e := newEnv(t)
	for _, loc := range []string{"en", "pl", "de"} {
		r := e.post("/v1/contact", map[string]string{"name": "Jan\u202Eelgoog", "email": "jan@example.com", "message": "Hi", "locale": loc})
		wantHidden(t, r, "contact name", "name", loc)
		r = e.post("/v1/contact", map[string]string{"email": "jan\u200B@example.com", "message": "Hi", "locale": loc})
		wantHidden(t, r, "contact e-mail", "email", loc)
	}
	msg := "Dzień dobry,\r\n\tczy Talon\x1b[2J\x1b]0;pwned\x07 będzie\u202Egnp.exe?\u2028Pozdrawiam 👨‍👩‍👧"
	wantStatus(t, e.post("/v1/contact", map[string]string{"name": "Jan", "email": "jan@example.com", "message": msg, "locale": "pl"}), http.StatusCreated)
	want := "Dzień dobry,\n\tczy Talon[2J]0;pwned będziegnp.exe?\nPozdrawiam 👨‍👩‍👧"
	if cs := e.contacts(); len(cs) != 1 || cs[0].Message != want {
		t.Fatalf("stored %+v, want %q", cs, want)
	}
	got := e.drain()
	if len(got) != 1 {
		t.Fatalf("%d e-mails", len(got))
	}
	for part, body := range map[string]string{"text": got[0].Text, "HTML": got[0].HTML} {
		if strings.ContainsAny(body, "\x1b\x07\u202E\u2028") {
			t.Errorf("%s part carries a hidden character: %q", part, body)
		}
		contains(t, part+" part", body, "czy Talon[2J]0;pwned będziegnp.exe?", "Pozdrawiam 👨‍👩‍👧")
	}
	contains(t, "text part", strings.ReplaceAll(got[0].Text, "\r\n", "\n"), "Dzień dobry,\n\tczy Talon")
}

// The subscriber form takes the order form's e-mail rule.
func TestSubscriberHiddenCharacters(t *testing.T) {
	e := newEnv(t)
	for _, loc := range []string{"en", "pl", "de"} {
		r := e.post("/v1/subscribers", map[string]string{"email": "ala\u202E@example.com", "locale": loc})
		wantHidden(t, r, "subscriber e-mail", "email", loc)
	}
}
