package api_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"sabershop/internal/store"
)

func (e *env) contacts() []*store.Contact {
	e.t.Helper()
	return stored(e, func(tx *store.Tx) ([]*store.Contact, error) { return tx.Contacts() })
}

// POST /v1/contact: 201, the message kept, and e-mailed to the owner with
// Reply-To the sender; HTML in the message arrives escaped in the HTML
// part and as written in the text part.
func TestContact(t *testing.T) {
	e := newEnv(t)
	msg := "Hello <script>alert(1)</script> & <b>bold</b>\nSecond line"
	r := e.post("/v1/contact", map[string]string{"name": " Jan Kowalski ", "email": "jan@example.com", "message": msg, "locale": "pl"})
	wantStatus(t, r, http.StatusCreated)
	if m := r.JSON(t)["message"]; m != "Dziękujemy! Wiadomość została wysłana." {
		t.Errorf("message %q", m)
	}
	cs := e.contacts()
	if len(cs) != 1 || cs[0].Name != "Jan Kowalski" || cs[0].Email != "jan@example.com" || cs[0].Message != msg ||
		cs[0].Locale != "pl" || !cs[0].Created.Equal(testNow) {
		t.Fatalf("stored %+v", cs)
	}
	if e.kicks.Load() != 1 {
		t.Errorf("kicks %d", e.kicks.Load())
	}

	got := e.drain()
	if len(got) != 1 {
		t.Fatalf("%d e-mails", len(got))
	}
	m := got[0]
	if address(t, m.Header, "To") != ownerEmail || len(m.RcptTo) != 1 || m.RcptTo[0] != ownerEmail {
		t.Errorf("To %q, RCPT %v", m.Header.Get("To"), m.RcptTo)
	}
	if address(t, m.Header, "Reply-To") != "jan@example.com" {
		t.Errorf("Reply-To %q", m.Header.Get("Reply-To"))
	}
	if !strings.Contains(m.Subject, "Jan Kowalski") {
		t.Errorf("subject %q", m.Subject)
	}
	contains(t, "HTML part", m.HTML, "&lt;script&gt;alert(1)&lt;/script&gt;", "&lt;b&gt;bold&lt;/b&gt;")
	if strings.Contains(m.HTML, "<script>") || strings.Contains(m.HTML, "<b>bold") {
		t.Errorf("HTML part carries the sender's markup:\n%s", m.HTML)
	}
	contains(t, "text part", m.Text, "<script>alert(1)</script> & <b>bold</b>", "Second line")
}

// Without OwnerEmail the catalogue's company address gets the message.
func TestContactDefaultOwner(t *testing.T) {
	e := newEnv(t, func(c *config) { c.OwnerEmail = "" })
	wantStatus(t, e.post("/v1/contact", map[string]string{"email": "jan@example.com", "message": "Hi"}), http.StatusCreated)
	m := e.drain()[0]
	if got := address(t, m.Header, "To"); got != e.cat.Shop.Company.Email || got == "" {
		t.Errorf("To %q, want %q", got, e.cat.Shop.Company.Email)
	}
}

// Field problems are 422 with translated messages; nothing is kept or
// sent.
func TestContactInvalid(t *testing.T) {
	e := newEnv(t)
	for _, c := range []struct {
		name   string
		body   map[string]string
		errors map[string]string
	}{
		{"bad e-mail", map[string]string{"email": "jan@", "message": "Hi"}, map[string]string{"email": "email_invalid"}},
		// The owner's reply (a mailto: link) would copy someone else in.
		{"e-mail with link headers", map[string]string{"email": "x?cc=someone@elsewhere.example", "message": "Hi"}, map[string]string{"email": "email_invalid"}},
		{"no e-mail", map[string]string{"message": "Hi"}, map[string]string{"email": "required"}},
		{"empty message", map[string]string{"email": "jan@example.com", "message": "  \n "}, map[string]string{"message": "message_required"}},
		{"both", map[string]string{"email": "x", "message": ""}, map[string]string{"email": "email_invalid", "message": "message_required"}},
		{"long message", map[string]string{"email": "jan@example.com", "message": strings.Repeat("ż", 5001)}, map[string]string{"message": "too_long"}},
		{"long name", map[string]string{"name": strings.Repeat("n", 101), "email": "jan@example.com", "message": "Hi"}, map[string]string{"name": "too_long"}},
	} {
		c.body["locale"] = "de"
		r := e.post("/v1/contact", c.body)
		wantStatus(t, r, http.StatusUnprocessableEntity)
		b := r.Err(t)
		if len(b.Errors) != len(c.errors) {
			t.Errorf("%s: %v", c.name, b.Errors)
		}
		for f, k := range c.errors {
			if b.Errors[f] != k || b.Messages[f] == "" {
				t.Errorf("%s: %s: %q %q", c.name, f, b.Errors[f], b.Messages[f])
			}
		}
	}
	b := e.post("/v1/contact", map[string]string{"email": "jan@example.com", "locale": "de"}).Err(t)
	if b.Messages["message"] != "Bitte schreib eine Nachricht." {
		t.Errorf("German: %q", b.Messages["message"])
	}
	b = e.post("/v1/contact", map[string]string{"email": "jan", "message": "x", "locale": "pl"}).Err(t)
	if b.Messages["email"] != "Podaj poprawny adres e-mail." {
		t.Errorf("Polish: %q", b.Messages["email"])
	}
	// The longest message passes.
	wantStatus(t, e.post("/v1/contact", map[string]string{"email": "jan@example.com", "message": strings.Repeat("ż", 5000)}), http.StatusCreated)
	if n := len(e.contacts()); n != 1 {
		t.Errorf("%d contacts kept", n)
	}
	if c := e.counts(); c["outbox"] != 1 {
		t.Errorf("counts %v", c)
	}
	wantStatus(t, e.post("/v1/contact", `{"email":"jan@example.com","message":"Hi","phone":"1"}`), http.StatusBadRequest)
}

// The contact form also works as a plain HTML form post (before or
// without JavaScript): the answer is a page, 201 or 422 with the
// translated field messages.
func TestContactFormPost(t *testing.T) {
	e := newEnv(t)
	form := url.Values{"name": {"Jan"}, "email": {"jan@example.com"}, "message": {"Czy robicie miecze dla dzieci?"}, "locale": {"pl"}}
	r := e.do(http.MethodPost, "/v1/contact", []byte(form.Encode()), "Content-Type", "application/x-www-form-urlencoded")
	wantStatus(t, r, http.StatusCreated)
	checkPage(t, r, "pl", "Dziękujemy! Wiadomość została wysłana.")
	if cs := e.contacts(); len(cs) != 1 || cs[0].Message != "Czy robicie miecze dla dzieci?" {
		t.Errorf("stored %+v", cs)
	}
	if got := e.drain(); len(got) != 1 || address(t, got[0].Header, "Reply-To") != "jan@example.com" {
		t.Errorf("e-mail %+v", got)
	}

	bad := url.Values{"email": {"jan@"}, "message": {""}, "locale": {"de"}}
	r = e.do(http.MethodPost, "/v1/contact", []byte(bad.Encode()), "Content-Type", "application/x-www-form-urlencoded")
	wantStatus(t, r, http.StatusUnprocessableEntity)
	checkPage(t, r, "de", "Bitte korrigiere die markierten Felder.")
	contains(t, "422 page", string(r.Body), "Bitte schreib eine Nachricht.", "Bitte gib eine gültige E-Mail-Adresse ein.")
	if n := len(e.contacts()); n != 1 {
		t.Errorf("%d contacts", n)
	}
}

// The owner reads contact messages in their own language (OwnerLocale),
// the desk's default, Polish, without one or with one the owner has not
// (the site's default is English: the owner's is not the shoppers').
func TestContactOwnerLocale(t *testing.T) {
	for _, c := range []struct{ locale, want string }{
		{"pl", "Formularz kontaktowy – nadawca: jan@example.com"},
		{"en", "Contact form: message from jan@example.com"},
		{"", "Formularz kontaktowy – nadawca: jan@example.com"},
		{"xx", "Formularz kontaktowy – nadawca: jan@example.com"},
	} {
		e := newEnv(t, func(cfg *config) { cfg.OwnerLocale = c.locale })
		wantStatus(t, e.post("/v1/contact", map[string]string{"email": "jan@example.com", "message": "Hi", "locale": "de"}), http.StatusCreated)
		if got := e.drain()[0].Subject; got != c.want {
			t.Errorf("OwnerLocale %q: subject %q, want %q", c.locale, got, c.want)
		}
	}
}
