package api_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"sabershop/internal/order"
)

// Unknown paths under /v1 are a JSON 404 and a known path with the wrong
// method a JSON 405, translated.
func TestNotFoundAndMethod(t *testing.T) {
	e := newEnv(t)
	for _, c := range []struct {
		method, path string
		status       int
		code, allow  string
	}{
		{http.MethodGet, "/v1/nope", http.StatusNotFound, "not_found", ""},
		{http.MethodGet, "/v1/", http.StatusNotFound, "not_found", ""},
		{http.MethodPost, "/v1/orders/x/y", http.StatusNotFound, "not_found", ""},
		{http.MethodDelete, "/v1/orders", http.StatusMethodNotAllowed, "method_not_allowed", "POST"},
		{http.MethodGet, "/v1/orders", http.StatusMethodNotAllowed, "method_not_allowed", "POST"},
		{http.MethodGet, "/v1/contact", http.StatusMethodNotAllowed, "method_not_allowed", "POST"},
		{http.MethodPut, "/v1/shop", http.StatusMethodNotAllowed, "method_not_allowed", "GET, HEAD"},
		{http.MethodPost, "/v1/deliveries", http.StatusMethodNotAllowed, "method_not_allowed", "GET, HEAD"},
		{http.MethodDelete, "/v1/orders/AAAAAAAAAAAAAAAAAAAAAAAA", http.StatusMethodNotAllowed, "method_not_allowed", "GET, HEAD"},
		{http.MethodGet, "/v1/orders/AAAAAAAAAAAAAAAAAAAAAAAA/coupon", http.StatusMethodNotAllowed, "method_not_allowed", "POST"},
		{http.MethodPost, "/v1/subscribers/confirm/tok", http.StatusMethodNotAllowed, "method_not_allowed", "GET"},
		// The last route of the table (mux reports its mismatch itself).
		{http.MethodDelete, "/v1/subscribers/unsubscribe/tok", http.StatusMethodNotAllowed, "method_not_allowed", "GET, POST"},
	} {
		r := e.do(c.method, c.path+"?locale=pl", nil)
		if r.Status != c.status {
			t.Errorf("%s %s: %d, want %d: %s", c.method, c.path, r.Status, c.status, r.Body)
			continue
		}
		if !strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
			t.Errorf("%s %s: Content-Type %q", c.method, c.path, r.Header.Get("Content-Type"))
		}
		if b := r.Err(t); b.Code != c.code || b.Message == "" || b.Message == c.code {
			t.Errorf("%s %s: %s", c.method, c.path, r.Body)
		}
		if got := r.Header.Get("Allow"); got != c.allow {
			t.Errorf("%s %s: Allow %q, want %q", c.method, c.path, got, c.allow)
		}
	}
	if b := e.get("/v1/nope", "Accept-Language", "pl").Err(t); b.Message != "Pod tym adresem nic nie ma." {
		t.Errorf("Polish 404: %q", b.Message)
	}
}

// Bodies over the limits are 413 (an order: 64 KiB), nothing stored; a
// body of exactly the limit is read (and judged on its content).
func TestTooLarge(t *testing.T) {
	e := newEnv(t)
	req := e.priced(e.orderRequest())
	body, _ := json.Marshal(req)
	pad := func(b []byte, size int) []byte {
		// Spaces before the closing brace: still one valid JSON object.
		return append(append(b[:len(b)-1:len(b)-1], strings.Repeat(" ", size-len(b))...), '}')
	}
	big := pad(body, order.MaxBodyBytes+1)
	r := e.post("/v1/orders", big, "Accept-Language", "de")
	wantStatus(t, r, http.StatusRequestEntityTooLarge)
	if b := r.Err(t); b.Code != "too_large" || b.Message != "Die Anfrage ist zu groß." {
		t.Errorf("%s", r.Body)
	}
	if c := e.counts(); c["orders"] != 0 || c["outbox"] != 0 {
		t.Errorf("counts %v", c)
	}
	wantStatus(t, e.post("/v1/orders", pad(body, order.MaxBodyBytes)), http.StatusCreated)

	huge := `{"email":"a@example.com","message":"` + strings.Repeat("x", 40<<10) + `"}`
	wantStatus(t, e.post("/v1/contact", huge), http.StatusRequestEntityTooLarge)
	wantStatus(t, e.post("/v1/subscribers", `{"email":"`+strings.Repeat("x", 5<<10)+`"}`), http.StatusRequestEntityTooLarge)
}

// Writes must be JSON (the contact and notify-me forms may also post
// url-encoded, see contact_test.go): another content type is 415 before
// anything is read.
func TestUnsupportedMediaType(t *testing.T) {
	e := newEnv(t)
	p := e.place(e.priced(e.orderRequest()))
	body, _ := json.Marshal(e.priced(e.orderRequest()))
	for _, c := range []struct {
		path string
		cts  []string
	}{
		{"/v1/orders", []string{"text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"}},
		{"/v1/orders/" + p.Hash + "/coupon", []string{"text/plain", "application/x-www-form-urlencoded", "text/html"}},
		{"/v1/contact", []string{"text/plain", "multipart/form-data; boundary=x"}},
		{"/v1/subscribers", []string{"text/plain", "multipart/form-data; boundary=x"}},
	} {
		path := c.path
		for _, ct := range c.cts {
			r := e.do(http.MethodPost, path, body, "Content-Type", ct, "Accept-Language", "pl")
			wantStatus(t, r, http.StatusUnsupportedMediaType)
			if b := r.Err(t); b.Code != "unsupported_media_type" || b.Message != "Zapytanie musi być wysłane jako JSON." {
				t.Errorf("%s %s: %s", path, ct, r.Body)
			}
		}
	}
	if n := len(e.allOrders()); n != 1 {
		t.Errorf("%d orders", n)
	}
	// The charset parameter is fine.
	wantStatus(t, e.do(http.MethodPost, "/v1/orders", body, "Content-Type", "application/json; charset=utf-8"), http.StatusCreated)
}

// Per-IP rate limit on writes: with a burst of 2 the third quick write is
// 429 with Retry-After; reads are not limited; another client (behind a
// trusted proxy) has its own bucket.
func TestRateLimit(t *testing.T) {
	e := newEnv(t, func(c *config) { c.WriteRate, c.WriteBurst, c.TrustProxy = 1, 2, true })
	req := e.priced(e.orderRequest())
	for range 2 {
		r := e.post("/v1/orders", req, "X-Forwarded-For", "203.0.113.7")
		wantStatus(t, r, http.StatusCreated)
	}
	r := e.post("/v1/orders", req, "X-Forwarded-For", "203.0.113.7", "Accept-Language", "pl")
	wantStatus(t, r, http.StatusTooManyRequests)
	if r.Header.Get("Retry-After") == "" {
		t.Error("no Retry-After")
	}
	if b := r.Err(t); b.Code != "rate_limited" || !strings.Contains(b.Message, "Zbyt wiele") {
		t.Errorf("%s", r.Body)
	}
	// Every write endpoint shares the bucket.
	wantStatus(t, e.post("/v1/contact", map[string]string{"email": "a@example.com", "message": "x"}, "X-Forwarded-For", "203.0.113.7"), http.StatusTooManyRequests)
	if n := len(e.allOrders()); n != 2 {
		t.Errorf("%d orders", n)
	}
	for range 10 {
		wantStatus(t, e.get("/v1/shop", "X-Forwarded-For", "203.0.113.7"), http.StatusOK)
		wantStatus(t, e.get("/v1/deliveries", "X-Forwarded-For", "203.0.113.7"), http.StatusOK)
	}
	wantStatus(t, e.post("/v1/orders", req, "X-Forwarded-For", "198.51.100.1"), http.StatusCreated)
}

// Without a proxy the limit is on the connection's address.
func TestRateLimitDirect(t *testing.T) {
	e := newEnv(t, func(c *config) { c.WriteRate, c.WriteBurst = 1, 2 })
	statuses := []int{}
	for range 3 {
		// A forged X-Forwarded-For does not buy a new bucket.
		r := e.post("/v1/subscribers", map[string]string{"email": "a@example.com"}, "X-Forwarded-For", "192.0.2."+strconv.Itoa(len(statuses)+1))
		statuses = append(statuses, r.Status)
	}
	if statuses[0] != http.StatusAccepted || statuses[1] != http.StatusAccepted || statuses[2] != http.StatusTooManyRequests {
		t.Errorf("statuses %v", statuses)
	}
}

// Everything outside /v1 goes to Config.Static; /v1 stays the API's.
func TestStaticFallthrough(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "hello.txt"), []byte("hello from the site"), 0o644); err != nil {
		t.Fatal(err)
	}
	e := newEnv(t, func(c *config) { c.Static = http.FileServer(http.Dir(dir)) })
	r := e.get("/hello.txt")
	wantStatus(t, r, http.StatusOK)
	if string(r.Body) != "hello from the site" {
		t.Errorf("body %q", r.Body)
	}
	wantStatus(t, e.get("/missing.html"), http.StatusNotFound)
	r = e.get("/v1/hello.txt")
	wantStatus(t, r, http.StatusNotFound)
	if b := r.Err(t); b.Code != "not_found" {
		t.Errorf("/v1 reached the site: %s", r.Body)
	}
	wantStatus(t, e.get("/v1/shop"), http.StatusOK)
}

// A path outside /v1 that is not clean is redirected to its clean form, as
// the router always did, though clean ones go to the site without it.
func TestStaticUncleanPathRedirected(t *testing.T) {
	var reached []string
	e := newEnv(t, func(c *config) {
		c.Static = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			reached = append(reached, r.URL.Path)
			w.WriteHeader(http.StatusNoContent)
		})
	})
	for _, p := range []string{"/", "/shop/arc", "/shop/arc/", "/assets/x-ABCDEFGH.js"} {
		wantStatus(t, e.get(p), http.StatusNoContent)
	}
	// The router's /v1 prefix takes any path starting so, as before.
	wantStatus(t, e.get("/v1x"), http.StatusNotFound)
	noFollow := *e.srv.Client()
	noFollow.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	for p, want := range map[string]string{"/shop//arc": "/shop/arc", "/a/./b/": "/a/b/", "/a/../shop": "/shop"} {
		res, err := noFollow.Get(e.srv.URL + p)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusMovedPermanently || res.Header.Get("Location") != want {
			t.Errorf("%s: %d Location %q, want 301 %q", p, res.StatusCode, res.Header.Get("Location"), want)
		}
	}
	if want := []string{"/", "/shop/arc", "/shop/arc/", "/assets/x-ABCDEFGH.js"}; !slices.Equal(reached, want) {
		t.Errorf("the site got %q, want %q", reached, want)
	}
}

// The site's handler gets a writer with ReadFrom, so http.ServeContent
// sends a large file from disk with sendfile, and the bytes arrive whole.
func TestStaticWriterKeepsReadFrom(t *testing.T) {
	dir := t.TempDir()
	big := []byte(strings.Repeat("0123456789abcdef", 64<<10)) // 1 MiB
	if err := os.WriteFile(filepath.Join(dir, "big.bin"), big, 0o644); err != nil {
		t.Fatal(err)
	}
	files := http.FileServer(http.Dir(dir))
	readerFrom := false
	e := newEnv(t, func(c *config) {
		c.Static = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			_, readerFrom = w.(io.ReaderFrom)
			files.ServeHTTP(w, r)
		})
	})
	r := e.get("/big.bin")
	wantStatus(t, r, http.StatusOK)
	if !bytes.Equal(r.Body, big) {
		t.Errorf("body: %d bytes, want %d", len(r.Body), len(big))
	}
	if !readerFrom {
		t.Error("the site's handler got a writer without ReadFrom: no sendfile")
	}
}

// A panic in a handler is a JSON 500, logged, and the server goes on.
func TestRecoverPanic(t *testing.T) {
	e := newEnv(t, func(c *config) {
		c.Static = http.HandlerFunc(func(http.ResponseWriter, *http.Request) { panic("boom") })
	})
	r := e.get("/anything")
	wantStatus(t, r, http.StatusInternalServerError)
	if b := r.Err(t); b.Code != "internal" {
		t.Errorf("%s", r.Body)
	}
	if !strings.Contains(e.logs.String(), "boom") {
		t.Error("the panic was not logged")
	}
	wantStatus(t, e.get("/v1/shop"), http.StatusOK)
}

// The log never holds a full order hash or subscriber token (they are the
// only keys to an order and a subscription), though it logs every call.
func TestLogsWithoutSecrets(t *testing.T) {
	e := newEnv(t)
	e.addCoupon(order.Coupon{Code: "LOG10", Percent: 10})
	req := e.minimumRequest("")
	p := e.place(req)
	e.drain()
	e.get("/v1/orders/" + p.Hash)
	e.post("/v1/orders/"+p.Hash+"/coupon", map[string]string{"code": "LOG10"})
	e.post("/v1/orders/"+p.Hash+"/coupon", map[string]string{"code": "LOG10"}) // refused
	link := e.signUp("kasia@example.com", "pl")
	token := strings.TrimPrefix(link, "/v1/subscribers/confirm/")
	e.get(link)
	e.get("/v1/subscribers/unsubscribe/" + token)
	e.drain()

	logs := e.logs.String()
	for _, want := range []string{"/v1/orders/" + p.Hash[:4], "order placed", "status=201", "mail sent"} {
		if !strings.Contains(logs, want) {
			t.Errorf("log lacks %q:\n%s", want, logs)
		}
	}
	for _, secret := range []string{p.Hash, p.Hash[:12], token, token[:12]} {
		if strings.Contains(logs, secret) {
			t.Errorf("log holds %q:\n%s", secret, logs)
		}
	}
}

// With LogLinks (no SMTP server in development) the status and
// confirmation links are logged in full: that is how a developer reaches
// them.
func TestLogLinks(t *testing.T) {
	e := newEnv(t, func(c *config) { c.LogLinks = true })
	p := e.place(e.priced(e.orderRequest()))
	wantStatus(t, e.post("/v1/subscribers", map[string]string{"email": "k@example.com"}), http.StatusAccepted)
	logs := e.logs.String()
	contains(t, "log", logs, baseURL+p.StatusURL, baseURL+"/v1/subscribers/confirm/")
}
