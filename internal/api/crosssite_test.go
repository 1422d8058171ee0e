package api_test

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"sabershop/internal/payment/sandbox"
)

// A page of another site can make its visitors' browsers POST anything
// that needs no CORS preflight: every write route refuses it (403
// cross_site), whatever the headers say, and refuses bodies that are not
// JSON (415), form posts excepted on the contact and notify-me routes. A
// browser on the shop's own pages, and clients that are not browsers,
// get through to the handler.
func TestWritesFromOtherSites(t *testing.T) {
	e := newEnv(t)
	p := e.place(e.priced(e.orderRequest()))
	own := e.srv.URL // the address the test client uses: http://127.0.0.1:port
	routes := []struct {
		path string
		form bool // takes plain HTML form posts
	}{
		{"/v1/quote", false},
		{"/v1/orders", false},
		{"/v1/orders/links", false},
		{"/v1/orders/" + p.Hash + "/coupon", false},
		{"/v1/orders/" + p.Hash + "/payments", false},
		{"/v1/orders/" + p.Hash + "/stage-emails", false},
		{"/v1/contact", true},
		{"/v1/subscribers", true},
	}
	const (
		json  = "application/json"
		form  = "application/x-www-form-urlencoded"
		plain = "text/plain;charset=UTF-8"
		pass  = 0 // reaches the handler: anything but 403 and 415
	)
	cases := []struct {
		name             string
		ct, site, origin string
		want, wantForm   int
	}{
		// Not from a browser (no Origin, no Sec-Fetch-Site).
		{"json, no browser headers", json, "", "", pass, pass},
		{"no content type", "", "", "", 415, 415},
		{"text/plain", plain, "", "", 415, 415},
		{"multipart", "multipart/form-data; boundary=x", "", "", 415, 415},
		{"form", form, "", "", 415, pass},
		{"json-like type", "application/jsonx", "", "", 415, 415},
		{"json with charset", "application/json; charset=utf-8", "", "", pass, pass},
		// The shop's own pages.
		{"same-origin", json, "same-origin", own, pass, pass},
		{"same-origin form", form, "same-origin", own, 415, pass},
		{"user typed it", json, "none", "", pass, pass},
		{"old browser, own host", json, "", own, pass, pass},
		{"old browser, base URL", json, "", baseURL, pass, pass},
		{"cross-site but the base URL", json, "cross-site", baseURL, pass, pass},
		{"same-site but the base URL, default port", form, "same-site", baseURL + ":80", 415, pass},
		// Another site's pages.
		{"cross-site json", json, "cross-site", "https://evil.example", 403, 403},
		{"cross-site form", form, "cross-site", "https://evil.example", 403, 403},
		{"cross-site no-cors text", plain, "cross-site", "https://evil.example", 403, 403},
		{"cross-site without Origin", json, "cross-site", "", 403, 403},
		{"same-site other origin", json, "same-site", "http://blog.shop.test", 403, 403},
		{"same-site other scheme", form, "same-site", "https://shop.test", 403, 403},
		{"unknown Sec-Fetch-Site", json, "sideways", "https://evil.example", 403, 403},
		{"old browser, other origin", form, "", "https://evil.example", 403, 403},
		{"old browser, opaque origin", form, "", "null", 403, 403},
		// Safari < 16.4 on the status page (Referrer-Policy: no-referrer).
		{"old browser, opaque origin, json", json, "", "null", pass, pass},
		{"opaque origin, cross-site", json, "cross-site", "null", 403, 403},
		{"old browser, origin with a path", json, "", "https://evil.example/x", 403, 403},
	}
	for _, route := range routes {
		for _, c := range cases {
			h := []string{"Accept-Language", "de"}
			if c.ct != "" {
				h = append(h, "Content-Type", c.ct)
			}
			if c.site != "" {
				h = append(h, "Sec-Fetch-Site", c.site)
			}
			if c.origin != "" {
				h = append(h, "Origin", c.origin)
			}
			body := []byte(`{}`)
			if c.ct == form {
				body = []byte("email=x&locale=de") // 422 when it gets through: nothing stored
			}
			r := e.postWith(route.path, body, h...)
			want := c.want
			if route.form {
				want = c.wantForm
			}
			name := route.path + ": " + c.name
			switch {
			case want == pass && (r.Status == 403 || r.Status == 415):
				t.Errorf("%s: refused with %d: %s", name, r.Status, r.Body)
			case want == 403 && r.Status == 403:
				if b := r.Err(t); b.Code != "cross_site" || !strings.Contains(b.Message, "anderen Website") {
					t.Errorf("%s: %s", name, r.Body)
				}
			case want == 415 && r.Status == 415:
				if b := r.Err(t); b.Code != "unsupported_media_type" {
					t.Errorf("%s: %s", name, r.Body)
				}
			case want != pass && r.Status != want:
				t.Errorf("%s: %d, want %d: %s", name, r.Status, want, r.Body)
			}
		}
	}
	if n := len(e.allOrders()); n != 1 {
		t.Errorf("%d orders", n)
	}
	if c := e.counts(); c["subscribers"] != 0 || c["contacts"] != 0 {
		t.Errorf("refused writes stored something: %v", c)
	}
}

// Behind a reverse proxy (-trust-proxy) the browser's origin is the
// proxy's host, which the daemon learns from X-Forwarded-Host; without
// trust-proxy that header counts for nothing.
func TestWritesBehindProxy(t *testing.T) {
	for _, trust := range []bool{true, false} {
		e := newEnv(t, func(c *config) { c.TrustProxy = trust })
		r := e.post("/v1/subscribers", map[string]string{"email": "proxy@example.com", "locale": "en"},
			"Origin", "https://www.saberforge.example", "X-Forwarded-Host", "www.saberforge.example", "X-Forwarded-Proto", "https")
		want := http.StatusForbidden
		if trust {
			want = http.StatusAccepted
		}
		if r.Status != want {
			t.Errorf("trust-proxy %v: %d, want %d: %s", trust, r.Status, want, r.Body)
		}
	}
}

// Servers post without a browser's headers and are left alone: a
// provider's webhook (tpay posts a form) and the one-click unsubscribe,
// even marked cross-site (a webmail client may send it from its page; the
// token in the link is the authority).
func TestServerPostsNotChecked(t *testing.T) {
	e, _ := newSandboxEnv(t, 0)
	r := e.do(http.MethodPost, "/v1/webhooks/sandbox", []byte("a=b"), "Content-Type", "application/x-www-form-urlencoded")
	if r.Status == http.StatusForbidden || r.Status == http.StatusUnsupportedMediaType {
		t.Errorf("webhook: %d %s", r.Status, r.Body)
	}
	link := e.signUp("one@example.com", "en")
	wantStatus(t, e.get(link), http.StatusOK)
	token := strings.TrimPrefix(link, "/v1/subscribers/confirm/")
	r = e.do(http.MethodPost, "/v1/subscribers/unsubscribe/"+token, []byte("List-Unsubscribe=One-Click"),
		"Content-Type", "application/x-www-form-urlencoded", "Sec-Fetch-Site", "cross-site", "Origin", "https://mail.example")
	wantStatus(t, r, http.StatusOK)
	if !e.subscriber("one@example.com").Unsubscribed {
		t.Error("not unsubscribed")
	}
}

// Every answer says nosniff: JSON, errors, 404s, 405s, static files and
// their 404, webhooks, the payment sandbox's pages, the daemon's own
// pages and a panic's 500.
func TestNosniffEverywhere(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte("<!doctype html><p>hi"), 0o644); err != nil {
		t.Fatal(err)
	}
	files := http.FileServer(http.Dir(dir))
	st := &shopTransport{}
	var sbx *sandbox.Provider
	e := newEnv(t, func(c *config) {
		var err error
		if sbx, err = sandbox.New(sandbox.Config{DataDir: t.TempDir(), Log: c.apiConfig.Log,
			Client: &http.Client{Transport: st, Timeout: 10 * time.Second}}); err != nil {
			t.Fatal(err)
		}
		c.Payments = registry(t, sbx)
		c.Static = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/boom" {
				panic("boom")
			}
			files.ServeHTTP(w, r)
		})
	})
	st.point(e.srv.URL)
	t.Cleanup(sbx.Stop)
	p := e.place(e.priced(e.orderRequest()))
	for _, c := range []struct {
		method, path string
		body         []byte
		status       int
	}{
		{http.MethodGet, "/", nil, 200},
		{http.MethodGet, "/nope.css", nil, 404},
		{http.MethodGet, "/boom", nil, 500},
		{http.MethodGet, "/v1/shop", nil, 200},
		{http.MethodGet, "/v1/orders/" + p.Hash, nil, 200},
		{http.MethodGet, "/v1/orders/AAAAAAAAAAAAAAAAAAAAAAAA", nil, 404},
		{http.MethodGet, "/v1/nope", nil, 404},
		{http.MethodDelete, "/v1/orders", nil, 405},
		{http.MethodPost, "/v1/orders", []byte(`{`), 400},
		{http.MethodPost, "/v1/webhooks/nope", []byte(`{}`), 404},
		{http.MethodPost, "/v1/webhooks/sandbox", []byte(`{}`), 400},
		{http.MethodGet, "/v1/subscribers/confirm/nope", nil, 404},
		{http.MethodGet, "/v1/sandbox/nope", nil, 404},
	} {
		r := e.do(c.method, c.path, c.body)
		if r.Status != c.status {
			t.Errorf("%s %s: %d, want %d", c.method, c.path, r.Status, c.status)
		}
		if got := r.Header.Get("X-Content-Type-Options"); got != "nosniff" {
			t.Errorf("%s %s: X-Content-Type-Options %q", c.method, c.path, got)
		}
	}
}

// postWith posts body with headers in pairs, without the JSON Content-Type do adds.
func (e *env) postWith(path string, body []byte, headers ...string) response {
	e.t.Helper()
	h := http.Header{}
	for i := 0; i+1 < len(headers); i += 2 {
		h.Set(headers[i], headers[i+1])
	}
	return e.postRaw(path, body, h)
}
