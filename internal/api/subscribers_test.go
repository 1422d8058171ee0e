package api_test

import (
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"sabershop/internal/store"
)

func (e *env) subscriber(email string) *store.Subscriber {
	e.t.Helper()
	return stored(e, func(tx *store.Tx) (*store.Subscriber, error) { return tx.Subscriber(email) })
}

var confirmLink = regexp.MustCompile(regexp.QuoteMeta(baseURL) + `/v1/subscribers/confirm/([A-Za-z0-9_-]+)`)

// signUp posts the notify-me form, wants 202 and the confirmation e-mail,
// and returns the link's path.
func (e *env) signUp(email, locale string) string {
	e.t.Helper()
	r := e.post("/v1/subscribers", map[string]string{"email": email, "locale": locale})
	wantStatus(e.t, r, http.StatusAccepted)
	got := e.drain()
	if len(got) != 1 {
		e.t.Fatalf("%d e-mails after signing up", len(got))
	}
	m := got[0]
	if address(e.t, m.Header, "To") != strings.ToLower(email) {
		e.t.Errorf("To %q", m.Header.Get("To"))
	}
	match := confirmLink.FindStringSubmatch(m.Text)
	if match == nil || !strings.Contains(m.HTML, match[0]) {
		e.t.Fatalf("no confirmation link in the e-mail:\n%s", m.Text)
	}
	return strings.TrimPrefix(match[0], baseURL)
}

// The double opt-in: 202 and a confirmation e-mail; the link answers a
// page in the subscriber's language with its CSP and confirms; a
// repeated click shows the same page; signing up again when confirmed
// sends nothing and answers the same; unsubscribing by GET or POST.
func TestSubscriberDoubleOptIn(t *testing.T) {
	e := newEnv(t)
	link := e.signUp("Kasia@Example.com", "de")
	s := e.subscriber("kasia@example.com")
	if s.Confirmed || s.Locale != "de" || s.Email != "kasia@example.com" {
		t.Errorf("before confirming: %+v", s)
	}
	token := strings.TrimPrefix(link, "/v1/subscribers/confirm/")
	if token != s.Token || len(token) < 22 {
		t.Errorf("token %q, stored %q", token, s.Token)
	}

	for range 2 {
		r := e.get(link, "Accept-Language", "pl") // the subscriber's language wins
		wantStatus(t, r, http.StatusOK)
		checkPage(t, r, "de", "E-Mail bestätigt")
	}
	s = e.subscriber("kasia@example.com")
	if !s.Confirmed || s.Unsubscribed || !s.ConfirmedAt.Equal(testNow) {
		t.Errorf("after confirming: %+v", s)
	}

	first := e.post("/v1/subscribers", map[string]string{"email": "kasia@example.com", "locale": "de"})
	again := e.post("/v1/subscribers", map[string]string{"email": "KASIA@example.com", "locale": "de"})
	wantStatus(t, again, http.StatusAccepted)
	if string(again.Body) != string(first.Body) {
		t.Errorf("answers differ: %s / %s", first.Body, again.Body)
	}
	fresh := e.post("/v1/subscribers", map[string]string{"email": "new@example.com", "locale": "de"})
	if string(fresh.Body) != string(first.Body) {
		t.Errorf("a known address is told apart from a new one: %s / %s", first.Body, fresh.Body)
	}
	if got := e.drain(); len(got) != 1 || got[0].RcptTo[0] != "new@example.com" {
		t.Errorf("%d e-mails after signing up again (want only the new address's)", len(got))
	}

	unsub := "/v1/subscribers/unsubscribe/" + token
	r := e.get(unsub)
	wantStatus(t, r, http.StatusOK)
	checkPage(t, r, "de", "Abgemeldet")
	if s := e.subscriber("kasia@example.com"); !s.Unsubscribed {
		t.Error("GET did not unsubscribe")
	}
	// One-click (RFC 8058): a POST without a JSON body.
	r = e.do(http.MethodPost, unsub, []byte("List-Unsubscribe=One-Click"), "Content-Type", "application/x-www-form-urlencoded")
	wantStatus(t, r, http.StatusOK)
	checkPage(t, r, "de", "Abgemeldet")

	// Signing up after unsubscribing asks for confirmation again (once
	// the per-address gap between confirmations has passed).
	e.clock.Set(testNow.Add(11 * time.Minute))
	link2 := e.signUp("kasia@example.com", "pl")
	if s := e.subscriber("kasia@example.com"); s.Unsubscribed || s.Locale != "pl" {
		t.Errorf("after signing up again: %+v", s)
	}
	checkPage(t, e.get(link2), "pl", "Adres potwierdzony")
}

// An unknown token is a 404 page, for confirm and unsubscribe alike.
func TestSubscriberUnknownToken(t *testing.T) {
	e := newEnv(t)
	for _, p := range []string{"/v1/subscribers/confirm/nope", "/v1/subscribers/unsubscribe/nope"} {
		r := e.get(p, "Accept-Language", "pl")
		wantStatus(t, r, http.StatusNotFound)
		checkPage(t, r, "pl", "Link nieważny")
	}
	r := e.do(http.MethodPost, "/v1/subscribers/unsubscribe/nope", nil)
	wantStatus(t, r, http.StatusNotFound)
}

// checkPage checks one of the daemon's small HTML pages.
func checkPage(t *testing.T, r response, lang, title string) {
	t.Helper()
	h := r.Header
	if !strings.HasPrefix(h.Get("Content-Type"), "text/html") {
		t.Errorf("Content-Type %q", h.Get("Content-Type"))
	}
	csp := h.Get("Content-Security-Policy")
	if !strings.Contains(csp, "default-src 'none'") || !strings.Contains(csp, "style-src 'sha256-") || !strings.Contains(csp, "frame-ancestors 'none'") {
		t.Errorf("CSP %q", csp)
	}
	if h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Cache-Control") != "no-store" {
		t.Errorf("headers %v", h)
	}
	body := string(r.Body)
	contains(t, "page", body, `<html lang="`+lang+`">`, "<h1>"+title+"</h1>")
}

// A bad address is 422; bodies that are not the form's JSON are 400.
func TestSubscriberInvalid(t *testing.T) {
	e := newEnv(t)
	r := e.post("/v1/subscribers", map[string]string{"email": "kasia@", "locale": "pl"})
	wantStatus(t, r, http.StatusUnprocessableEntity)
	if b := r.Err(t); b.Errors["email"] != "email_invalid" || b.Messages["email"] != "Podaj poprawny adres e-mail." {
		t.Errorf("%s", r.Body)
	}
	wantStatus(t, e.post("/v1/subscribers", `{"email":"kasia@example.com","name":"K"}`), http.StatusBadRequest)
	wantStatus(t, e.post("/v1/subscribers", `{"email":`), http.StatusBadRequest)
	if c := e.counts(); c["subscribers"] != 0 || c["outbox"] != 0 {
		t.Errorf("counts %v", c)
	}
}

// The notify-me form as a plain form post: 202 with a page, and the same
// confirmation e-mail.
func TestSubscriberFormPost(t *testing.T) {
	e := newEnv(t)
	form := url.Values{"email": {"ola@example.com"}, "locale": {"pl"}}
	r := e.do(http.MethodPost, "/v1/subscribers", []byte(form.Encode()), "Content-Type", "application/x-www-form-urlencoded")
	wantStatus(t, r, http.StatusAccepted)
	checkPage(t, r, "pl", "Dziękujemy! Potwierdź swój adres e-mail linkiem, który właśnie wysłaliśmy.")
	got := e.drain()
	if len(got) != 1 || confirmLink.FindString(got[0].Text) == "" {
		t.Fatalf("%d e-mails", len(got))
	}
	bad := url.Values{"email": {"ola"}, "locale": {"pl"}}
	r = e.do(http.MethodPost, "/v1/subscribers", []byte(bad.Encode()), "Content-Type", "application/x-www-form-urlencoded")
	wantStatus(t, r, http.StatusUnprocessableEntity)
	contains(t, "422 page", string(r.Body), "Podaj poprawny adres e-mail.")
}
