package desk_test

import (
	"net/http"
	"strings"
	"testing"

	"sabershop/internal/desk"
)

// localhost is the Host of a browser at http://localhost:PORT, the one
// development address passkeys work at without a base URL.
const localhost = "localhost:8080"

// The passkey list and the registration need a session, and their
// writes its CSRF token; signing in with a passkey needs neither.
func TestPasskeyRoutesNeedSessionAndCSRF(t *testing.T) {
	e := newEnv(t)
	cookie, _ := e.signedIn("marek")
	for _, c := range [][2]string{
		{"GET", "/admin/api/passkeys"}, {"POST", "/admin/api/passkeys/begin"},
		{"POST", "/admin/api/passkeys/finish"}, {"POST", "/admin/api/passkeys/remove"},
	} {
		a := e.call(c[0], c[1], map[string]string{}, "Host", localhost)
		e.want(a, 401, "unauthorized")
		if c[0] == "POST" {
			a = e.call(c[0], c[1], map[string]string{}, "Host", localhost, "Cookie", cookie)
			e.want(a, 403, "csrf")
		}
	}
	a := e.call("GET", "/admin/api/passkeys", nil, "Cookie", cookie)
	e.want(a, 200, "")
	if strings.TrimSpace(a.raw) != "[]" {
		t.Errorf("no passkeys yet: %s", a.raw)
	}
	a = e.call("POST", "/admin/api/passkey-signin/begin", map[string]string{}, "Host", localhost)
	e.want(a, 200, "")
}

// Registration: the options name the host as the relying party, ask for
// a discoverable credential with user verification preferred, and carry
// a user handle that is not the name; the challenge is used once.
func TestPasskeyRegistrationCeremony(t *testing.T) {
	e := newEnv(t)
	cookie, csrf := e.signedIn("marek")
	auth := []string{"Host", localhost, "Cookie", cookie, desk.CSRFHeader, csrf}
	finish := map[string]any{"name": "phone", "credential": map[string]any{"id": "AAAA", "type": "public-key"}}

	// A finish without a begin has nothing to be checked against.
	e.want(e.call("POST", "/admin/api/passkeys/finish", finish, auth...), 400, "passkey_expired")

	a := e.call("POST", "/admin/api/passkeys/begin", map[string]string{}, auth...)
	e.want(a, 200, "")
	pk, _ := a.body["publicKey"].(map[string]any)
	rp, _ := pk["rp"].(map[string]any)
	sel, _ := pk["authenticatorSelection"].(map[string]any)
	user, _ := pk["user"].(map[string]any)
	if pk["challenge"] == "" || rp["id"] != "localhost" || sel["residentKey"] != "required" ||
		sel["userVerification"] != "preferred" || user["name"] != "marek" || user["id"] == "" ||
		strings.Contains(user["id"].(string), "marek") {
		t.Fatalf("creation options %s", a.raw)
	}
	// The same handle on the next begin: it was kept on the account.
	b := e.call("POST", "/admin/api/passkeys/begin", map[string]string{}, auth...)
	if b.body["publicKey"].(map[string]any)["user"].(map[string]any)["id"] != user["id"] {
		t.Errorf("user handle changed: %s then %s", a.raw, b.raw)
	}

	// A credential that does not answer the challenge is refused, and the
	// challenge is spent: the same finish again has nothing to match.
	e.want(e.call("POST", "/admin/api/passkeys/finish", finish, auth...), 400, "passkey_failed")
	e.want(e.call("POST", "/admin/api/passkeys/finish", finish, auth...), 400, "passkey_expired")

	// Another session's begin is not this session's.
	other, otherCSRF := signIn(e, "marek")
	e.want(e.call("POST", "/admin/api/passkeys/begin", map[string]string{}, auth...), 200, "")
	e.want(e.call("POST", "/admin/api/passkeys/finish", finish, "Host", localhost, "Cookie", other, desk.CSRFHeader, otherCSRF),
		400, "passkey_expired")

	// Removing a passkey the account does not have.
	e.want(e.call("POST", "/admin/api/passkeys/remove", map[string]string{"id": "AAAA"}, auth...), 404, "not_found")
}

// signIn signs in with the password: a second session of the account.
func signIn(e *env, name string) (cookie, csrf string) {
	e.t.Helper()
	a := e.call("POST", "/admin/api/signin", map[string]string{"name": name, "password": password})
	e.want(a, 200, "")
	return a.cookie(e.t), a.body["csrf"].(string)
}

// The relying party is the host the browser used, and only the shop's
// own address (its base URL, with its scheme: behind the proxy the
// daemon speaks HTTP) or localhost.
func TestPasskeyRelyingParty(t *testing.T) {
	e := newEnv(t, func(c *desk.Config) { c.BaseURL = "https://saberforge.example" })
	for host, want := range map[string]int{"saberforge.example": 200, localhost: 200, "127.0.0.1:8080": 400, "evil.example": 400} {
		a := e.call("POST", "/admin/api/passkey-signin/begin", map[string]string{}, "Host", host)
		if a.status != want {
			t.Errorf("%s: %d %s", host, a.status, a.raw)
			continue
		}
		if want == 400 {
			e.want(a, 400, "passkey_host")
			continue
		}
		name, _, _ := strings.Cut(host, ":")
		if rp := a.body["publicKey"].(map[string]any)["rpId"]; rp != name {
			t.Errorf("%s: rpId %v", host, rp)
		}
	}
}

// Signing in with a passkey: the challenge waits under a short-lived
// cookie of its own path; a finish without it, or a second finish with
// it, is refused; a failure is audited and counts against the address
// like a wrong password, until the address must wait.
func TestPasskeySigninCeremony(t *testing.T) {
	e := newEnv(t)
	cookie, _ := e.signedIn("marek")
	assertion := map[string]any{"id": "AAAA", "type": "public-key", "rawId": "AAAA",
		"response": map[string]any{"clientDataJSON": "e30", "authenticatorData": "AAAA", "signature": "AAAA", "userHandle": "AAAA"}}

	e.want(e.call("POST", "/admin/api/passkey-signin/finish", assertion, "Host", localhost), 400, "passkey_expired")

	var ceremony string
	for i := range 5 {
		a := e.call("POST", "/admin/api/passkey-signin/begin", map[string]string{}, "Host", localhost)
		e.want(a, 200, "")
		pk, _ := a.body["publicKey"].(map[string]any)
		if pk["challenge"] == "" || pk["allowCredentials"] != nil || pk["userVerification"] != "preferred" {
			t.Fatalf("request options %s", a.raw)
		}
		for _, c := range (&http.Response{Header: a.header}).Cookies() {
			if c.Name == "desk_passkey" {
				if !c.HttpOnly || !c.Secure || c.SameSite != http.SameSiteStrictMode || c.Path != "/admin/api/passkey-signin" || c.MaxAge <= 0 {
					t.Errorf("ceremony cookie %+v", c)
				}
				ceremony = c.Name + "=" + c.Value
			}
		}
		if ceremony == "" {
			t.Fatalf("no ceremony cookie: %v", a.header)
		}
		f := e.call("POST", "/admin/api/passkey-signin/finish", assertion, "Host", localhost, "Cookie", ceremony)
		e.want(f, 401, "passkey_failed")
		if f.header.Get("Set-Cookie") == "" || strings.Contains(f.header.Get("Set-Cookie"), desk.CookieName+"=") {
			t.Errorf("a failure clears the ceremony and makes no session: %v", f.header)
		}
		if i == 0 { // replayed: the challenge was taken by the first finish
			e.want(e.call("POST", "/admin/api/passkey-signin/finish", assertion, "Host", localhost, "Cookie", ceremony),
				400, "passkey_expired")
		}
	}
	// Five failures from this address: the next try waits, before any
	// challenge is made.
	a := e.call("POST", "/admin/api/passkey-signin/begin", map[string]string{}, "Host", localhost)
	e.want(a, 429, "too_many_attempts")
	if a.header.Get("Retry-After") == "" {
		t.Errorf("no Retry-After: %v", a.header)
	}

	log := e.call("GET", "/admin/api/audit", nil, "Cookie", cookie)
	entries, _ := log.body["entries"].([]any)
	failed := 0
	for _, x := range entries {
		en := x.(map[string]any)
		if en["what"] == "signin.failed" && en["detail"] == "passkey" {
			failed++
		}
	}
	if failed != 5 {
		t.Errorf("%d passkey failures audited, want 5: %s", failed, log.raw)
	}
}
