package desk_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"sabershop/internal/admin"
	"sabershop/internal/backoffice"
	"sabershop/internal/catalog"
	"sabershop/internal/desk"
	"sabershop/internal/owners"
	"sabershop/internal/store"
	"sabershop/internal/store/storetest"
)

var start = time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC)

type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

type env struct {
	t     *testing.T
	db    *store.DB
	clock *clock
	srv   *httptest.Server
}

func newEnv(t *testing.T, options ...func(*desk.Config)) *env {
	t.Helper()
	db := storetest.Open(t, store.Options{})
	e := &env{t: t, db: db, clock: &clock{now: start}}
	cfg := desk.Config{Store: db, Now: e.clock.Now}
	for _, o := range options {
		o(&cfg)
	}
	d, err := desk.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	e.srv = httptest.NewServer(d.Handler())
	t.Cleanup(e.srv.Close)
	return e
}

// addOwner makes an account as `orderd owners add` does and returns its
// setup token.
func (e *env) addOwner(name string) string {
	e.t.Helper()
	o := &owners.Owner{Name: name, Created: e.clock.Now()}
	token, err := o.NewSetup(e.clock.Now())
	if err != nil {
		e.t.Fatal(err)
	}
	if err := e.db.Update(func(tx *store.Tx) error { return tx.PutOwner(o) }); err != nil {
		e.t.Fatal(err)
	}
	return token
}

type answer struct {
	status int
	header http.Header
	body   map[string]any
	raw    string
}

// call sends a request as the desk's page does (same origin, JSON);
// headers are pairs, "Cookie" among them.
func (e *env) call(method, path string, body any, headers ...string) answer {
	e.t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, e.srv.URL+path, rd)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	for i := 0; i+1 < len(headers); i += 2 {
		if headers[i] == "Host" { // the address the browser used
			req.Host = headers[i+1]
			continue
		}
		req.Header.Set(headers[i], headers[i+1])
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	a := answer{status: res.StatusCode, header: res.Header, raw: string(raw)}
	_ = json.Unmarshal(raw, &a.body)
	return a
}

// cookie is the session cookie an answer set, as "desk_session=ID".
func (a answer) cookie(t *testing.T) string {
	t.Helper()
	for _, c := range (&http.Response{Header: a.header}).Cookies() {
		if c.Name == desk.CookieName && c.Value != "" {
			if !c.HttpOnly || !c.Secure || c.SameSite != http.SameSiteStrictMode || c.Path != "/admin" {
				t.Errorf("cookie attributes %+v", c)
			}
			return c.Name + "=" + c.Value
		}
	}
	t.Fatalf("no session cookie in %d %s", a.status, a.raw)
	return ""
}

func (e *env) want(a answer, status int, code string) {
	e.t.Helper()
	if a.status != status || (code != "" && a.body["code"] != code) {
		e.t.Fatalf("got %d %s, want %d %s", a.status, a.raw, status, code)
	}
}

const password = "a good long password"

// signedIn sets up the account and returns its cookie and CSRF token.
func (e *env) signedIn(name string) (cookie, csrf string) {
	e.t.Helper()
	token := e.addOwner(name)
	a := e.call("POST", "/admin/api/setup", map[string]string{"name": name, "token": token, "password": password})
	e.want(a, 200, "")
	return a.cookie(e.t), a.body["csrf"].(string)
}

// No session, no data: every API route behind a session (all of
// desk.go's d.session routes) answers 401 without a session or
// with one the desk never made, and says nothing else.
func TestNoSessionNoData(t *testing.T) {
	e := newEnv(t)
	e.signedIn("marek") // an account exists, with a live session elsewhere
	for _, c := range sessionRoutes(t) {
		for _, cookie := range []string{"", desk.CookieName + "=made-up", desk.CookieName + "="} {
			a := e.call(c[0], c[1], map[string]string{}, "Cookie", cookie)
			if a.status != 401 || a.body["code"] != "unauthorized" || strings.Contains(a.raw, "marek") {
				t.Errorf("%s %s with %q: %d %s", c[0], c[1], cookie, a.status, a.raw)
			}
		}
	}
	// Every /admin answer, errors too, carries the desk's headers.
	for _, path := range []string{"/admin/api/me", "/admin/api/nothing"} {
		a := e.call("GET", path, nil)
		h := a.header
		if !strings.Contains(h.Get("Content-Security-Policy"), "frame-ancestors 'none'") || h.Get("X-Frame-Options") != "DENY" ||
			h.Get("Cache-Control") != "no-store" || !strings.Contains(h.Get("X-Robots-Tag"), "noindex") {
			t.Errorf("%s: headers %v", path, h)
		}
	}
}

// The setup link signs the owner in once; a wrong or used token and a
// short password are refused in the owner's language.
func TestSetup(t *testing.T) {
	e := newEnv(t)
	token := e.addOwner("marek")
	a := e.call("POST", "/admin/api/setup", map[string]string{"name": "marek", "token": token + "x", "password": password})
	e.want(a, 400, "setup_invalid")
	a = e.call("POST", "/admin/api/setup", map[string]string{"name": "marek", "token": token, "password": "short"}, "Accept-Language", "de-DE")
	e.want(a, 422, "password_rules")
	if a.body["message"] != "Das Passwort braucht mindestens 12 Zeichen." {
		t.Errorf("German message %q", a.body["message"])
	}
	a = e.call("POST", "/admin/api/setup", map[string]string{"name": "marek", "token": token, "password": password})
	e.want(a, 200, "")
	cookie := a.cookie(t)
	me := e.call("GET", "/admin/api/me", nil, "Cookie", cookie)
	e.want(me, 200, "")
	if me.body["name"] != "marek" || me.body["csrf"] == "" || me.body["method"] != "setup" {
		t.Errorf("me %s", me.raw)
	}
	// Polish when the browser asks for nothing the desk speaks.
	a = e.call("POST", "/admin/api/setup", map[string]string{"name": "marek", "token": token, "password": password}, "Accept-Language", "fr")
	e.want(a, 400, "setup_invalid")
	if !strings.Contains(a.body["message"].(string), "nieważny") {
		t.Errorf("default message %q", a.body["message"])
	}
}

// Writes need the session's CSRF token and a same-origin request: a
// stolen cookie in a form post from another site, or a script without
// the token, changes nothing.
func TestCSRF(t *testing.T) {
	e := newEnv(t)
	cookie, csrf := e.signedIn("marek")
	e.want(e.call("POST", "/admin/api/signout", map[string]string{}, "Cookie", cookie), 403, "csrf")
	e.want(e.call("POST", "/admin/api/signout", map[string]string{}, "Cookie", cookie, desk.CSRFHeader, "wrong"), 403, "csrf")
	e.want(e.call("POST", "/admin/api/signout", map[string]string{}, "Cookie", cookie, desk.CSRFHeader, csrf,
		"Sec-Fetch-Site", "cross-site"), 403, "cross_site")
	e.want(e.call("POST", "/admin/api/signout", map[string]string{}, "Cookie", cookie, desk.CSRFHeader, csrf,
		"Sec-Fetch-Site", "", "Origin", "https://evil.example"), 403, "cross_site")
	e.want(e.call("GET", "/admin/api/me", nil, "Cookie", cookie), 200, "") // still signed in
	e.want(e.call("POST", "/admin/api/signout", map[string]string{}, "Cookie", cookie, desk.CSRFHeader, csrf), 200, "")
	e.want(e.call("GET", "/admin/api/me", nil, "Cookie", cookie), 401, "unauthorized")
	// A sign-in posted by another site's form is refused too.
	e.want(e.call("POST", "/admin/api/signin", map[string]string{"name": "marek", "password": password},
		"Sec-Fetch-Site", "cross-site"), 403, "cross_site")
}

// A session id the browser brought along is never adopted: signing in
// makes a new one, and the planted one stays dead.
func TestSessionFixation(t *testing.T) {
	e := newEnv(t)
	e.signedIn("marek")
	planted := desk.CookieName + "=attacker-chosen-id-0123456789abcdefghijklmnopqrstuv"
	a := e.call("POST", "/admin/api/signin", map[string]string{"name": "marek", "password": password}, "Cookie", planted)
	e.want(a, 200, "")
	if got := a.cookie(t); got == planted {
		t.Fatal("the planted id was kept")
	}
	e.want(e.call("GET", "/admin/api/me", nil, "Cookie", planted), 401, "unauthorized")
}

// 100 wrong passwords from one address: only the first few are even
// checked, the rest wait (429 with Retry-After: the failures' delay, or
// the address's request limit) and so does the right password while the
// wait runs, so a guesser gets nowhere; once the wait is over (never
// more than owners.MaxDelay) the owner signs in.
func TestGuessing(t *testing.T) {
	e := newEnv(t)
	e.signedIn("marek")
	checked, waited := 0, 0
	for i := range 100 {
		a := e.call("POST", "/admin/api/signin", map[string]string{"name": "marek", "password": "guess number " + string(rune('a'+i%26))})
		switch {
		case a.status == 401 && a.body["code"] == "signin_failed":
			checked++
		case a.status == 429 && (a.body["code"] == "too_many_attempts" || a.body["code"] == "rate_limited") && a.header.Get("Retry-After") != "":
			waited++
		default:
			t.Fatalf("try %d: %d %s", i, a.status, a.raw)
		}
		e.clock.add(100 * time.Millisecond) // a fast guesser: 10 tries a second
	}
	t.Logf("%d passwords checked, %d tries told to wait", checked, waited)
	if checked > owners.FreeTries+4 || waited == 0 {
		t.Errorf("%d passwords checked, %d tries told to wait", checked, waited)
	}
	if a := e.call("POST", "/admin/api/signin", map[string]string{"name": "marek", "password": password}); a.status != 429 {
		t.Fatalf("the right password while the wait runs: %d %s", a.status, a.raw)
	}
	e.clock.add(owners.MaxDelay)
	a := e.call("POST", "/admin/api/signin", map[string]string{"name": "marek", "password": password})
	e.want(a, 200, "")
	// Success clears the record: the next mistake is not slowed.
	e.want(e.call("POST", "/admin/api/signin", map[string]string{"name": "marek", "password": "typo"}), 401, "signin_failed")
	e.want(e.call("POST", "/admin/api/signin", map[string]string{"name": "marek", "password": password}), 200, "")
	// An unknown name fails like a wrong password.
	e.want(e.call("POST", "/admin/api/signin", map[string]string{"name": "nobody", "password": password}), 401, "signin_failed")
}

// Sessions end after IdleTimeout unused and after MaxLifetime in any
// case; sign-out everywhere ends all of them.
func TestSessionLimits(t *testing.T) {
	e := newEnv(t)
	cookie, _ := e.signedIn("marek")
	e.clock.add(owners.IdleTimeout - time.Minute)
	e.want(e.call("GET", "/admin/api/me", nil, "Cookie", cookie), 200, "") // used: idle time starts again
	e.clock.add(owners.IdleTimeout - time.Minute)
	e.want(e.call("GET", "/admin/api/me", nil, "Cookie", cookie), 200, "")
	e.clock.add(owners.IdleTimeout)
	e.want(e.call("GET", "/admin/api/me", nil, "Cookie", cookie), 401, "unauthorized")

	laptop := e.call("POST", "/admin/api/signin", map[string]string{"name": "marek", "password": password}).cookie(t)
	for tt := time.Duration(0); tt < owners.MaxLifetime; tt += time.Hour {
		e.want(e.call("GET", "/admin/api/me", nil, "Cookie", laptop), 200, "")
		e.clock.add(time.Hour)
	}
	e.want(e.call("GET", "/admin/api/me", nil, "Cookie", laptop), 401, "unauthorized")

	e.clock.add(time.Hour)
	phone := e.call("POST", "/admin/api/signin", map[string]string{"name": "marek", "password": password}).cookie(t)
	csrf := e.call("GET", "/admin/api/me", nil, "Cookie", phone).body["csrf"].(string)
	laptop = e.call("POST", "/admin/api/signin", map[string]string{"name": "marek", "password": password}).cookie(t)
	e.want(e.call("POST", "/admin/api/signout-everywhere", map[string]string{}, "Cookie", phone, desk.CSRFHeader, csrf), 200, "")
	for _, c := range []string{phone, laptop} {
		e.want(e.call("GET", "/admin/api/me", nil, "Cookie", c), 401, "unauthorized")
	}
}

// With TOTP the password alone asks for the code; a wrong code fails.
func TestTOTP(t *testing.T) {
	e := newEnv(t)
	e.signedIn("marek")
	secret := []byte("12345678901234567890")
	err := e.db.Update(func(tx *store.Tx) error {
		o, err := tx.Owner("marek")
		if err != nil {
			return err
		}
		o.TOTPSecret = secret
		return tx.PutOwner(o)
	})
	if err != nil {
		t.Fatal(err)
	}
	e.want(e.call("POST", "/admin/api/signin", map[string]string{"name": "marek", "password": password}), 401, "totp_required")
	e.want(e.call("POST", "/admin/api/signin", map[string]string{"name": "marek", "password": password, "code": "000000"}), 401, "signin_failed")
	code := owners.CodeAt(secret, e.clock.Now())
	a := e.call("POST", "/admin/api/signin", map[string]string{"name": "marek", "password": password, "code": code})
	e.want(a, 200, "")
	if a.body["method"] != "password+totp" || a.body["totp"] != true {
		t.Errorf("me %s", a.raw)
	}
}

// The audit log has every sign-in, failure and sign-out with who and from
// where, newest first; what a stranger typed is shown inert.
func TestAuditLog(t *testing.T) {
	e := newEnv(t)
	cookie, _ := e.signedIn("marek")
	e.call("POST", "/admin/api/signin", map[string]string{"name": "evil\u202e<b>x", "password": "whatever"})
	a := e.call("GET", "/admin/api/audit", nil, "Cookie", cookie)
	e.want(a, 200, "")
	var log struct {
		Entries []owners.Entry `json:"entries"`
	}
	if err := json.Unmarshal([]byte(a.raw), &log); err != nil {
		t.Fatal(err)
	}
	if len(log.Entries) != 2 || log.Entries[0].What != "signin.failed" || log.Entries[1].What != "owner.setup" ||
		log.Entries[1].Owner != "marek" || log.Entries[1].IP != "127.0.0.1" {
		t.Fatalf("audit %+v", log.Entries)
	}
	if strings.Contains(a.raw, "\u202e") || strings.Contains(a.raw, "\\u202e") {
		t.Errorf("a bidi override reached the desk: %s", a.raw)
	}
}

// `orderd owners add` prints the one link that sets the account up in
// the desk; `owners reset` kills the old link, the password and every
// session; the terminal's actions are in the same audit log.
func TestOwnersCommand(t *testing.T) {
	e := newEnv(t)
	cat := &catalog.Catalog{}
	cat.Shop.Name, cat.Shop.BaseURL = "Saber Forge", "https://shop.example"
	env := backoffice.Office{DB: e.db, Catalog: func() *catalog.Catalog { return cat }, Now: e.clock.Now}
	run := func(args ...string) string {
		t.Helper()
		var out bytes.Buffer
		if err := admin.Run(context.Background(), env, args, &out); err != nil {
			t.Fatalf("orderd %s: %v", strings.Join(args, " "), err)
		}
		return out.String()
	}
	setupOf := func(out string) (name, token string) {
		t.Helper()
		m := regexp.MustCompile(`https://shop\.example/admin/setup#(\S+)`).FindStringSubmatch(out)
		if m == nil {
			t.Fatalf("no setup link in %q", out)
		}
		q, err := url.ParseQuery(m[1])
		if err != nil {
			t.Fatal(err)
		}
		return q.Get("name"), q.Get("token")
	}
	name, token := setupOf(run("owners", "add", "Marek"))
	if name != "marek" {
		t.Errorf("name %q", name)
	}
	if err := admin.Run(context.Background(), env, []string{"owners", "add", "marek"}, io.Discard); err == nil {
		t.Error("a second account of one name")
	}
	a := e.call("POST", "/admin/api/setup", map[string]string{"name": name, "token": token, "password": password})
	e.want(a, 200, "")
	cookie := a.cookie(t)
	if out := run("owners", "list"); !strings.Contains(out, "marek") || !strings.Contains(out, "ready") || !strings.Contains(out, "1 session") {
		t.Errorf("owners list: %q", out)
	}

	_, token2 := setupOf(run("owners", "reset", "marek"))
	e.want(e.call("GET", "/admin/api/me", nil, "Cookie", cookie), 401, "unauthorized")
	e.want(e.call("POST", "/admin/api/signin", map[string]string{"name": "marek", "password": password}), 401, "signin_failed")
	e.want(e.call("POST", "/admin/api/setup", map[string]string{"name": "marek", "token": token, "password": password}), 400, "setup_invalid")
	a = e.call("POST", "/admin/api/setup", map[string]string{"name": "marek", "token": token2, "password": password})
	e.want(a, 200, "")
	cookie = a.cookie(t)

	run("shop", "pause")
	a = e.call("GET", "/admin/api/audit", nil, "Cookie", cookie)
	var log struct {
		Entries []owners.Entry `json:"entries"`
	}
	if err := json.Unmarshal([]byte(a.raw), &log); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, en := range log.Entries {
		got = append(got, en.Owner+" "+en.What)
	}
	want := "terminal shop.pause|marek owner.setup|marek signin.failed|terminal owners.reset|marek owner.setup|terminal owners.add"
	if strings.Join(got, "|") != want {
		t.Errorf("audit, newest first:\n%s\nwant\n%s", strings.Join(got, "|"), want)
	}
	run("owners", "remove", "marek")
	e.want(e.call("GET", "/admin/api/me", nil, "Cookie", cookie), 401, "unauthorized")
}

// sessionRoutes reads desk.go for every route behind d.session, so a
// route added later is checked without anyone remembering to list it.
func sessionRoutes(t *testing.T) [][2]string {
	t.Helper()
	fill := strings.NewReplacer("{id}", "1", "{mail}", "1", "{code}", "WINTER", "{file}", "FV-2026-0001.pdf")
	var out [][2]string
	for _, rt := range sessionRouteTemplates(t) {
		out = append(out, [2]string{rt[0], fill.Replace(rt[1])})
	}
	return out
}

// sessionRouteTemplates is every route behind d.session in desk.go, as
// method and pattern ("/admin/api/orders/{id}/stage").
func sessionRouteTemplates(t *testing.T) [][2]string {
	t.Helper()
	src, err := os.ReadFile("desk.go")
	if err != nil {
		t.Fatal(err)
	}
	var out [][2]string
	for _, m := range regexp.MustCompile(`d\.mux\.Handle\("(GET|POST) (/admin/api/[^"]+)", d\.session\(`).FindAllSubmatch(src, -1) {
		out = append(out, [2]string{string(m[1]), string(m[2])})
	}
	if len(out) < 20 {
		t.Fatalf("found %d session routes in desk.go; has the way routes are written changed?", len(out))
	}
	return out
}
