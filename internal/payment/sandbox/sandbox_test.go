package sandbox

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"sabershop/internal/payment"
	"sabershop/internal/testutil"
)

const shopOrigin = "https://shop.example"

// syncBuffer collects log output written from several goroutines.
type syncBuffer = testutil.SyncBuffer

// newTest makes a provider on a temp data dir with a short delay; its log
// goes to the returned buffer (debug level, no timestamps, so the scan
// sees only what the sandbox wrote).
func newTest(t *testing.T, cfg Config) (*Provider, *syncBuffer) {
	t.Helper()
	logs := &syncBuffer{}
	if cfg.DataDir == "" {
		cfg.DataDir = t.TempDir()
	}
	if cfg.Delay == 0 {
		cfg.Delay = 50 * time.Millisecond
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{
			Level: slog.LevelDebug,
			ReplaceAttr: func(groups []string, a slog.Attr) slog.Attr {
				if a.Key == slog.TimeKey && len(groups) == 0 {
					return slog.Attr{}
				}
				return a
			},
		}))
	}
	p, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	p.retryBase = 20 * time.Millisecond
	t.Cleanup(p.Stop)
	return p, logs
}

// encrypt does what components/payment/encrypt.ts does, from PublicKey().
func encrypt(t *testing.T, publicKey, plain string) string {
	t.Helper()
	pemBytes, err := base64.StdEncoding.DecodeString(publicKey)
	if err != nil {
		t.Fatal(err)
	}
	block, _ := pem.Decode(pemBytes)
	if block == nil || block.Type != "PUBLIC KEY" {
		t.Fatalf("PublicKey is not base64 of a PEM PUBLIC KEY: %q", pemBytes)
	}
	pub, err := x509.ParsePKIXPublicKey(block.Bytes)
	if err != nil {
		t.Fatal(err)
	}
	//lint:ignore SA1019 the format under test
	ct, err := rsa.EncryptPKCS1v15(rand.Reader, pub.(*rsa.PublicKey), []byte(plain))
	if err != nil {
		t.Fatal(err)
	}
	return base64.StdEncoding.EncodeToString(ct)
}

func futureExpiry() string {
	return fmt.Sprintf("%02d/%02d", int(time.Now().Month()), (time.Now().Year()+2)%100)
}

func order(locale string) payment.Order {
	return payment.Order{Hash: "h4sh", ID: 12, Amount: 36400, Currency: "EUR", Locale: locale, Email: "a@b.example", Name: "Ann Bee", Description: "Saber Forge order #12",
		AmountText: "364.00 in " + locale}
}

func cardRequest(blob string) payment.StartRequest {
	return payment.StartRequest{
		Order: order("en"), Method: payment.Card, Card: &payment.CardData{Encrypted: blob, Name: "Ann Bee"},
		ReturnURL: shopOrigin + "/en/order/h4sh", NotifyURL: "https://api.shop.example/v1/webhooks/sandbox",
	}
}

func TestKeyGeneratedOnceAndReused(t *testing.T) {
	dir := t.TempDir()
	a, _ := newTest(t, Config{DataDir: dir})
	b, _ := newTest(t, Config{DataDir: dir})
	if a.PublicKey() == "" || a.PublicKey() != b.PublicKey() {
		t.Fatal("a second New on the same data dir has another key")
	}
	for _, f := range []string{KeyFile, SecretFile} {
		st, err := os.Stat(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		if st.Mode().Perm() != 0o600 {
			t.Errorf("%s: mode %v, want 0600", f, st.Mode().Perm())
		}
	}
	// Same secret too: a notification signed before a restart verifies after.
	body, sig := a.SignedNotification(payment.Notification{EventID: "evt_1", Reference: "sbx_1", OrderHash: "h", Status: payment.StatusPaid, Amount: 1, Currency: "EUR"})
	if _, _, err := b.Notification(context.Background(), signed(body, sig), body); err != nil {
		t.Fatalf("secret not reused: %v", err)
	}
	if n := len(a.key.N.Bytes()) * 8; n != 2048 {
		t.Errorf("key size %d", n)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Errorf("data dir holds %d files, want the key and the secret only", len(entries))
	}
}

func TestPublicKeyFormat(t *testing.T) {
	p, _ := newTest(t, Config{})
	pemBytes, err := base64.StdEncoding.DecodeString(p.PublicKey())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(pemBytes), "-----BEGIN PUBLIC KEY-----\n") {
		t.Fatalf("not a PEM PUBLIC KEY: %.40q", pemBytes)
	}
}

func signed(body []byte, sig string) *http.Request {
	r := httptest.NewRequest(http.MethodPost, "/v1/webhooks/sandbox", bytes.NewReader(body))
	if sig != "" {
		r.Header.Set(SignatureHeader, sig)
	}
	return r
}

// cardCase is one card the shopper might type, and what must happen.
type cardCase struct {
	name, number, expiry, cvc, origin string
	want                              payment.Outcome
	declined                          bool
}

func cardCases() []cardCase {
	exp := futureExpiry()
	past := fmt.Sprintf("%02d/%02d", 1, (time.Now().Year()-1)%100)
	return []cardCase{
		{"success", "4242424242424242", exp, "123", shopOrigin, payment.OutcomePending, false},
		{"success with spaces", "4242 4242 4242 4242", exp, "987", shopOrigin, payment.OutcomePending, false},
		{"3ds", "4000 0027 6000 3184", exp, "456", shopOrigin, payment.Outcome3DS, false},
		{"declined", "4000000000000002", exp, "123", shopOrigin, "", true},
		{"other number", "5555555555554444", exp, "123", shopOrigin, "", true},
		{"wrong origin", "4242424242424242", exp, "123", "https://evil.example", "", true},
		{"origin with a path", "4242424242424242", exp, "123", shopOrigin + "/", "", true},
		{"expired", "4242424242424242", past, "123", shopOrigin, "", true},
		{"month 13", "4242424242424242", "13/" + exp[3:], "123", shopOrigin, "", true},
		{"expiry without slash", "4242424242424242", exp[:2] + exp[3:], "123", shopOrigin, "", true},
		{"short cvc", "4242424242424242", exp, "12", shopOrigin, "", true},
		{"letters in cvc", "4242424242424242", exp, "12a", shopOrigin, "", true},
		{"letters in number", "4242x24242424242", exp, "123", shopOrigin, "", true},
	}
}

// TestCardOutcomes also scans everything the sandbox logged and every
// error it returned for the card data.
func TestCardOutcomes(t *testing.T) {
	p, logs := newTest(t, Config{})
	var errTexts []string
	for _, c := range cardCases() {
		t.Run(c.name, func(t *testing.T) {
			blob := encrypt(t, p.PublicKey(), strings.Join([]string{c.number, c.expiry, c.cvc, c.origin}, "|"))
			res, err := p.Start(context.Background(), cardRequest(blob))
			if c.declined {
				if !errors.Is(err, payment.ErrDeclined) {
					t.Fatalf("err %v, want ErrDeclined", err)
				}
				errTexts = append(errTexts, err.Error())
				if strings.ContainsAny(err.Error(), "0123456789") {
					t.Errorf("error text has digits: %q", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if res.Outcome != c.want || !strings.HasPrefix(res.Reference, "sbx_") {
				t.Fatalf("got %+v, want outcome %s", res, c.want)
			}
			if c.want == payment.Outcome3DS {
				if want := "https://api.shop.example/v1/sandbox/3ds/" + res.Reference; res.URL != want {
					t.Errorf("3ds URL %q, want %q", res.URL, want)
				}
			}
		})
	}
	for _, blob := range []string{"", "not base64!", base64.StdEncoding.EncodeToString([]byte("4242424242424242|12/30|123|" + shopOrigin)), strings.Repeat("QUFB", 200)} {
		_, err := p.Start(context.Background(), cardRequest(blob))
		if !errors.Is(err, payment.ErrDeclined) || strings.ContainsAny(err.Error(), "0123456789") {
			t.Errorf("garbage blob: %v", err)
		}
		errTexts = append(errTexts, err.Error())
	}
	if _, err := p.Start(context.Background(), payment.StartRequest{Order: order("en"), Method: payment.Card, ReturnURL: shopOrigin + "/"}); !errors.Is(err, payment.ErrDeclined) {
		t.Errorf("no card data: %v", err)
	}

	// Let the 4242 confirmations go out too, every attempt at their
	// (unreachable) notify URL, so that all their log lines are scanned.
	settled(t, p)
	scanned := logs.String() + strings.Join(errTexts, "\n")
	if !strings.Contains(scanned, "card declined") {
		t.Fatalf("log capture is not working:\n%s", scanned)
	}
	for _, c := range cardCases() {
		digits := strings.ReplaceAll(c.number, " ", "")
		for _, secret := range []string{c.number, digits, c.expiry} {
			if strings.Contains(scanned, secret) {
				t.Errorf("log or error holds card data %q:\n%s", secret, scanned)
			}
		}
		if regexp.MustCompile(`\b` + regexp.QuoteMeta(c.cvc) + `\b`).MatchString(scanned) {
			t.Errorf("log or error holds the CVC %q:\n%s", c.cvc, scanned)
		}
	}
}

// webhook is an httptest server that records verified notifications.
type webhook struct {
	*httptest.Server
	mu    sync.Mutex
	got   []payment.Notification
	fails int // answer 503 this many times first
	seen  chan struct{}
}

func newWebhook(t *testing.T, p *Provider) *webhook {
	w := &webhook{seen: make(chan struct{}, 16)}
	w.Server = httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		w.mu.Lock()
		if w.fails > 0 {
			w.fails--
			w.mu.Unlock()
			http.Error(rw, "busy", http.StatusServiceUnavailable)
			return
		}
		w.mu.Unlock()
		n, ack, err := p.Notification(r.Context(), r, body)
		if err != nil {
			t.Errorf("webhook: %v", err)
			http.Error(rw, err.Error(), http.StatusBadRequest)
			return
		}
		w.mu.Lock()
		w.got = append(w.got, n)
		w.mu.Unlock()
		rw.Header().Set("Content-Type", ack.ContentType)
		rw.WriteHeader(ack.Status)
		io.WriteString(rw, ack.Body)
		w.seen <- struct{}{}
	}))
	t.Cleanup(w.Close)
	return w
}

// settled waits until p has no confirmation waiting or being delivered:
// after it, p posts nothing more until a payment is started or decided.
func settled(t *testing.T, p *Provider) {
	t.Helper()
	testutil.Eventually(t, "the sandbox's confirmations done", func() error {
		if n := p.Scheduled(); n > 0 {
			return fmt.Errorf("%d still scheduled", n)
		}
		return nil
	})
}

func (w *webhook) wait(t *testing.T) payment.Notification {
	t.Helper()
	select {
	case <-w.seen:
	case <-testutil.UntilDeadline(t):
		t.Fatal("no notification")
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.got[len(w.got)-1]
}

func TestCardSuccessConfirmsAfterDelay(t *testing.T) {
	p, _ := newTest(t, Config{})
	hook := newWebhook(t, p)
	req := cardRequest(encrypt(t, p.PublicKey(), "4242424242424242|"+futureExpiry()+"|123|"+shopOrigin))
	req.NotifyURL = hook.URL + "/v1/webhooks/sandbox"
	start := time.Now()
	res, err := p.Start(context.Background(), req)
	if err != nil || res.Outcome != payment.OutcomePending || res.URL != "" {
		t.Fatalf("%+v %v", res, err)
	}
	if q, err := p.Query(context.Background(), res.Reference); err != nil || q.Status != payment.StatusPending {
		t.Fatalf("before the delay: %+v %v", q, err)
	}
	n := hook.wait(t)
	if time.Since(start) < 50*time.Millisecond {
		t.Error("confirmed before Delay")
	}
	want := payment.Notification{Provider: Name, EventID: n.EventID, OrderHash: "h4sh", Reference: res.Reference, Status: payment.StatusPaid, Amount: 36400, Currency: "EUR"}
	if n != want || !strings.HasPrefix(n.EventID, "evt_") {
		t.Fatalf("notification %+v, want %+v", n, want)
	}
	if q, err := p.Query(context.Background(), res.Reference); err != nil || q.Status != payment.StatusPaid || q.Amount != 36400 || q.OrderHash != "h4sh" {
		t.Fatalf("after: %+v %v", q, err)
	}
}

func TestQueryUnknown(t *testing.T) {
	p, _ := newTest(t, Config{})
	if _, err := p.Query(context.Background(), "sbx_nope"); !errors.Is(err, payment.ErrUnknown) {
		t.Fatal(err)
	}
}

func TestNotificationRetriesUntil2xx(t *testing.T) {
	p, logs := newTest(t, Config{})
	hook := newWebhook(t, p)
	hook.fails = 2
	req := cardRequest(encrypt(t, p.PublicKey(), "4242424242424242|"+futureExpiry()+"|123|"+shopOrigin))
	req.NotifyURL = hook.URL + "/v1/webhooks/sandbox"
	if _, err := p.Start(context.Background(), req); err != nil {
		t.Fatal(err)
	}
	if n := hook.wait(t); n.Status != payment.StatusPaid {
		t.Fatalf("%+v", n)
	}
	// The delivery line is written once the answer is back, after the
	// webhook saw the notification.
	testutil.Eventually(t, "the delivery logged", func() error {
		if !strings.Contains(logs.String(), `msg="sandbox: notification delivered"`) {
			return errors.New("no delivery line yet")
		}
		return nil
	})
	if !strings.Contains(logs.String(), `msg="sandbox: notification delivered"`) || !strings.Contains(logs.String(), "attempt=3") {
		t.Errorf("expected delivery on the third attempt:\n%s", logs)
	}
}

func TestStopEndsScheduledConfirmations(t *testing.T) {
	p, _ := newTest(t, Config{Delay: time.Hour})
	req := cardRequest(encrypt(t, p.PublicKey(), "4242424242424242|"+futureExpiry()+"|123|"+shopOrigin))
	if _, err := p.Start(context.Background(), req); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() { p.Stop(); close(done) }()
	select {
	case <-done:
	case <-testutil.UntilDeadline(t):
		t.Fatal("Stop waits for the hour-long delay")
	}
	if _, err := p.Start(context.Background(), req); err == nil {
		t.Error("Start after Stop")
	}
}

func TestNotificationForged(t *testing.T) {
	p, _ := newTest(t, Config{})
	other, _ := newTest(t, Config{})
	n := payment.Notification{EventID: "evt_1", Reference: "sbx_1", OrderHash: "h4sh", Status: payment.StatusPaid, Amount: 36400, Currency: "EUR"}
	body, sig := p.SignedNotification(n)
	_, otherSig := other.SignedNotification(n)
	tampered := bytes.Replace(body, []byte("36400"), []byte("100"), 1)
	for name, tc := range map[string]struct {
		body []byte
		sig  string
	}{
		"no signature":          {body, ""},
		"not hex":               {body, "zz" + sig[2:]},
		"short":                 {body, sig[:10]},
		"other secret":          {body, otherSig},
		"tampered amount":       {tampered, sig},
		"signature of an empty": {[]byte{}, sig},
		"flipped last nibble":   {body, sig[:len(sig)-1] + map[bool]string{true: "0", false: "1"}[sig[len(sig)-1] != '0']},
	} {
		if _, _, err := p.Notification(context.Background(), signed(tc.body, tc.sig), tc.body); !errors.Is(err, payment.ErrForged) {
			t.Errorf("%s: %v, want ErrForged", name, err)
		}
	}
	got, ack, err := p.Notification(context.Background(), signed(body, sig), body)
	if err != nil {
		t.Fatal(err)
	}
	if ack.Status != 200 || ack.Body != "OK" {
		t.Errorf("ack %+v", ack)
	}
	n.Provider = Name
	if got != n {
		t.Errorf("got %+v, want %+v", got, n)
	}
	// Signed but meaningless: not forged, still refused.
	bad, badSig := p.SignedNotification(payment.Notification{EventID: "evt_2", Reference: "sbx_1", OrderHash: "h", Status: "refunded"})
	if _, _, err := p.Notification(context.Background(), signed(bad, badSig), bad); err == nil || errors.Is(err, payment.ErrForged) {
		t.Errorf("unknown status: %v", err)
	}
}

// startPage starts a payment that continues on a sandbox page and returns
// the page's path.
func startPage(t *testing.T, p *Provider, method payment.Method, locale, notifyURL string) (payment.StartResult, string) {
	t.Helper()
	req := payment.StartRequest{
		Order: order(locale), Method: method,
		ReturnURL: shopOrigin + "/" + locale + "/order/h4sh", CancelURL: shopOrigin + "/" + locale + "/order/h4sh?cancelled=1",
		NotifyURL: notifyURL,
	}
	if method == payment.Card {
		req.Card = &payment.CardData{Encrypted: encrypt(t, p.PublicKey(), "4000002760003184|"+futureExpiry()+"|123|"+shopOrigin)}
	}
	res, err := p.Start(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	u, err := url.Parse(res.URL)
	if err != nil {
		t.Fatal(err)
	}
	return res, u.Path
}

var styleRe = regexp.MustCompile(`(?s)<style>(.*?)</style>`)

func TestPagesRenderInEachLocale(t *testing.T) {
	p, _ := newTest(t, Config{})
	pages := p.Pages()
	copyCheck := map[string]map[payment.Method]string{
		"en": {payment.Card: "3-D Secure", payment.Bank: "Sandbox bank – no real money moves", payment.PayPal: "PayPal sandbox"},
		"pl": {payment.Card: "Potwierdź płatność", payment.Bank: "Bank testowy", payment.PayPal: "Zapłać przez PayPal"},
		"de": {payment.Card: "Zahlung bestätigen", payment.Bank: "Testbank", payment.PayPal: "Mit PayPal bezahlen"},
	}
	for locale, methods := range copyCheck {
		for method, text := range methods {
			t.Run(locale+"/"+string(method), func(t *testing.T) {
				res, path := startPage(t, p, method, locale, "http://127.0.0.1:1/v1/webhooks/sandbox")
				wantKind := map[payment.Method]string{payment.Card: "3ds", payment.Bank: "bank", payment.PayPal: "paypal"}[method]
				if path != "/v1/sandbox/"+wantKind+"/"+res.Reference {
					t.Fatalf("page path %q", path)
				}
				rec := httptest.NewRecorder()
				pages.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
				body := rec.Body.String()
				if rec.Code != 200 {
					t.Fatalf("status %d: %s", rec.Code, body)
				}
				for _, want := range []string{`<html lang="` + locale + `"`, "364.00 in " + locale, "#12", text, `<form method="post">`, `name="decision"`} {
					if !strings.Contains(body, want) {
						t.Errorf("page lacks %q:\n%s", want, body)
					}
				}
				if strings.Contains(body, "<script") || regexp.MustCompile(` on[a-z]+=`).MatchString(body) {
					t.Error("page has script")
				}
				csp := rec.Header().Get("Content-Security-Policy")
				m := styleRe.FindStringSubmatch(body)
				if m == nil {
					t.Fatal("no style")
				}
				sum := sha256.Sum256([]byte(m[1]))
				hash := "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
				for _, want := range []string{"default-src 'none'", "style-src " + hash + ";", "form-action 'self' " + shopOrigin + ";", "frame-ancestors 'none'"} {
					if !strings.Contains(csp, want) {
						t.Errorf("CSP %q lacks %q", csp, want)
					}
				}
			})
		}
	}
}

func TestPageUnknownOrWrongKind(t *testing.T) {
	p, _ := newTest(t, Config{})
	res, _ := startPage(t, p, payment.Bank, "en", "")
	for _, path := range []string{"/v1/sandbox/bank/sbx_nope", "/v1/sandbox/paypal/" + res.Reference, "/v1/sandbox/", "/v1/sandbox/bank/"} {
		rec := httptest.NewRecorder()
		p.Pages().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		if rec.Code != http.StatusNotFound || rec.Header().Get("Content-Security-Policy") == "" {
			t.Errorf("%s: %d", path, rec.Code)
		}
	}
	// Relative page URL without a webhook URL, and the prefix stripped by a
	// mount still works.
	if res.URL != "/v1/sandbox/bank/"+res.Reference {
		t.Errorf("URL %q", res.URL)
	}
	rec := httptest.NewRecorder()
	http.StripPrefix("/v1/sandbox", p.Pages()).ServeHTTP(rec, httptest.NewRequest(http.MethodGet, res.URL, nil))
	if rec.Code != 200 {
		t.Errorf("stripped mount: %d", rec.Code)
	}
}

func post(t *testing.T, h http.Handler, path, decision string) *httptest.ResponseRecorder {
	t.Helper()
	r := httptest.NewRequest(http.MethodPost, path, strings.NewReader(url.Values{"decision": {decision}}.Encode()))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, r)
	return rec
}

func TestPageDecisions(t *testing.T) {
	p, _ := newTest(t, Config{})
	hook := newWebhook(t, p)
	notify := hook.URL + "/v1/webhooks/sandbox"
	for _, tc := range []struct {
		method   payment.Method
		decision string
		want     payment.Status
		redirect string
	}{
		{payment.Card, "approve", payment.StatusPaid, shopOrigin + "/pl/order/h4sh"},
		{payment.Card, "fail", payment.StatusFailed, shopOrigin + "/pl/order/h4sh"},
		{payment.Bank, "pay", payment.StatusPaid, shopOrigin + "/pl/order/h4sh"},
		{payment.Bank, "fail", payment.StatusFailed, shopOrigin + "/pl/order/h4sh"},
		{payment.PayPal, "approve", payment.StatusPaid, shopOrigin + "/pl/order/h4sh"},
		{payment.PayPal, "cancel", payment.StatusFailed, shopOrigin + "/pl/order/h4sh?cancelled=1"},
	} {
		t.Run(string(tc.method)+"/"+tc.decision, func(t *testing.T) {
			res, path := startPage(t, p, tc.method, "pl", notify)
			if !strings.HasPrefix(res.URL, hook.URL+"/v1/sandbox/") {
				t.Errorf("page URL %q not on the webhook's host", res.URL)
			}
			rec := post(t, p.Pages(), path, tc.decision)
			if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != tc.redirect {
				t.Fatalf("%d to %q", rec.Code, rec.Header().Get("Location"))
			}
			if q, _ := p.Query(context.Background(), res.Reference); q.Status != payment.StatusPending {
				t.Errorf("status %s before the delay", q.Status)
			}
			n := hook.wait(t)
			if n.Status != tc.want || n.Reference != res.Reference || n.Amount != 36400 {
				t.Fatalf("notification %+v", n)
			}
			if q, _ := p.Query(context.Background(), res.Reference); q.Status != tc.want {
				t.Errorf("query %s", q.Status)
			}
			// A second click or a reload changes nothing and goes back.
			if rec := post(t, p.Pages(), path, "fail"); rec.Code != http.StatusSeeOther {
				t.Errorf("second post %d", rec.Code)
			}
			get := httptest.NewRecorder()
			p.Pages().ServeHTTP(get, httptest.NewRequest(http.MethodGet, path, nil))
			if get.Code != http.StatusSeeOther || get.Header().Get("Location") != tc.redirect {
				t.Errorf("reload: %d %q", get.Code, get.Header().Get("Location"))
			}
			// Once nothing is scheduled, whatever the second click started
			// has been delivered.
			settled(t, p)
			select {
			case <-hook.seen:
				t.Error("a second notification")
			default:
			}
		})
	}
	res, path := startPage(t, p, payment.Bank, "en", notify)
	if rec := post(t, p.Pages(), path, "maybe"); rec.Code != http.StatusBadRequest {
		t.Errorf("unknown decision %d", rec.Code)
	}
	if q, _ := p.Query(context.Background(), res.Reference); q.Status != payment.StatusPending {
		t.Errorf("status %s", q.Status)
	}
}

func TestCSPAddsOnlyOtherOrigins(t *testing.T) {
	csp := pageCSPFor("https://Shop.example:443/pl/x", "https://shop.example/y", "javascript:alert(1)", "http://a.example:8080/")
	if !strings.Contains(csp, "form-action 'self' https://shop.example http://a.example:8080;") {
		t.Error(csp)
	}
}

func TestConfigContextEndsConfirmations(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	p, _ := newTest(t, Config{Context: ctx, Delay: time.Hour})
	req := cardRequest(encrypt(t, p.PublicKey(), "4242424242424242|"+futureExpiry()+"|123|"+shopOrigin))
	if _, err := p.Start(context.Background(), req); err != nil {
		t.Fatal(err)
	}
	cancel()
	done := make(chan struct{})
	go func() { p.wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-testutil.UntilDeadline(t):
		t.Fatal("cancelled context left the confirmation waiting")
	}
}

// On a developer's machine the shop's links say localhost while the browser
// may be on 127.0.0.1 or [::1]: the same shop. Another port or scheme, or
// a loopback page paying for a public shop, is not.
func TestCardOriginLoopbackAliases(t *testing.T) {
	p, _ := newTest(t, Config{})
	for _, c := range []struct {
		shop, page string
		ok         bool
	}{
		{"http://localhost:8080", "http://localhost:8080", true},
		{"http://localhost:8080", "http://127.0.0.1:8080", true},
		{"http://localhost:8080", "http://[::1]:8080", true},
		{"http://127.0.0.1:8080", "http://localhost:8080", true},
		{"http://localhost:8080", "http://127.0.0.1:9090", false},
		{"http://localhost:8080", "https://127.0.0.1:8080", false},
		{"http://localhost:8080", "http://127.0.0.1:8080/", false},
		{"https://shop.example", "http://127.0.0.1", false},
		{"http://localhost:8080", "http://192.168.1.5:8080", false},
	} {
		blob := encrypt(t, p.PublicKey(), strings.Join([]string{CardSuccess, futureExpiry(), "123", c.page}, "|"))
		req := cardRequest(blob)
		req.ReturnURL = c.shop + "/status/h4sh"
		_, err := p.Start(context.Background(), req)
		if c.ok != (err == nil) {
			t.Errorf("shop %s, page %s: err %v", c.shop, c.page, err)
		}
	}
}
