package deploy

import (
	"bytes"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"sabershop/internal/order/ordertest"
	"sabershop/internal/testutil"
)

var (
	buildOnce sync.Once
	binPath   string
	sitePath  string
	buildErr  error
	buildDir  string
)

// build makes the orderd binary and the real site once for the package's
// tests, in a folder removed by TestMain.
func build(t testing.TB) {
	t.Helper()
	buildOnce.Do(func() {
		buildDir, buildErr = os.MkdirTemp("", "deploy-test")
		if buildErr != nil {
			return
		}
		binPath = filepath.Join(buildDir, "orderd")
		if out, err := exec.Command("go", "build", "-o", binPath, "../cmd/orderd").CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
			return
		}
		sitePath = filepath.Join(buildDir, "public")
		cmd := exec.Command("go", "run", "./cmd/build", "-no-compress", "-workers", "1", "-out", sitePath)
		cmd.Dir = ".."
		if out, err := cmd.CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("building the site: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
}

func TestMain(m *testing.M) {
	code := m.Run()
	if buildDir != "" {
		os.RemoveAll(buildDir)
	}
	os.Exit(code)
}

func orderdBinary(t testing.TB) string {
	build(t)
	return binPath
}

func freePort(t testing.TB) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// running is a started process; done is closed when it has exited.
type running struct {
	cmd  *exec.Cmd
	done chan struct{}
}

func (r *running) exited() bool {
	select {
	case <-r.done:
		return true
	default:
		return false
	}
}

// proc runs a command until the test ends; its output goes to a file that
// a failed test prints.
func proc(t testing.TB, name string, env []string, args ...string) *running {
	t.Helper()
	logFile := filepath.Join(t.TempDir(), filepath.Base(name)+".log")
	f, err := os.Create(logFile)
	if err != nil {
		t.Fatal(err)
	}
	r := &running{cmd: exec.Command(name, args...), done: make(chan struct{})}
	r.cmd.Env, r.cmd.Stdout, r.cmd.Stderr = env, f, f
	if err := r.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { _ = r.cmd.Wait(); close(r.done) }()
	t.Cleanup(func() {
		_ = r.cmd.Process.Signal(os.Interrupt)
		<-r.done
		f.Close()
		if t.Failed() {
			b, _ := os.ReadFile(logFile)
			t.Logf("%s log:\n%s", filepath.Base(name), b)
		}
	})
	return r
}

// until polls f until it returns nil (testutil.Eventually: only the
// test's deadline bounds the wait, as a busy machine may take seconds to
// start Caddy), and gives up at once when a process it waits on stopped.
func until(t testing.TB, what string, exited func() bool, f func() error) {
	t.Helper()
	testutil.Eventually(t, what, func() error {
		err := f()
		if err != nil && exited() {
			t.Fatalf("%s: the process stopped: %v", what, err)
		}
		return err
	})
}

// The guide's production shape on loopback: Caddy (this Caddyfile, its
// internal CA for "localhost" in place of Let's Encrypt for a real
// domain) in front of the real orderd binary in -demo mode (the sandbox
// provider in place of real keys). HTTP redirects to HTTPS; the pages come
// with HSTS; an order is placed, paid by bank transfer on the sandbox's
// page, and confirmed by the sandbox's notification, which travels over
// HTTPS through Caddy as a real provider's would.
func TestShopBehindCaddy(t *testing.T) {
	build(t)
	orderdPort := freePort(t)
	front := startCaddy(t, orderdPort)
	data := filepath.Join(t.TempDir(), "var")
	d := proc(t, binPath, append(os.Environ(), "SSL_CERT_FILE="+front.rootCert),
		"serve", "-addr", fmt.Sprintf("127.0.0.1:%d", orderdPort), "-site", sitePath, "-data", data,
		"-trust-proxy", "-demo", "-base-url", front.base, "-sandbox-delay", "100ms", "-log-format", "json")
	both := func() bool { return front.caddy.exited() || d.exited() }
	front.waitReady(t, both)

	// HTTP goes to HTTPS, on its standard port (where the server has it).
	res, _, err := front.get(fmt.Sprintf("http://localhost:%d/shop?x=1", front.httpPort))
	if err != nil || res.StatusCode != http.StatusPermanentRedirect || res.Header.Get("Location") != "https://localhost/shop?x=1" {
		t.Fatalf("HTTP: %v %v", res, err)
	}
	// A page, over TLS 1.2+, with HSTS once and the demo banner.
	res, body, err := front.get(front.base + "/pl/")
	if err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("GET /pl/: %v %v", res, err)
	}
	if hsts := res.Header.Values("Strict-Transport-Security"); len(hsts) != 1 || !strings.Contains(hsts[0], "max-age=63072000") {
		t.Errorf("HSTS %q", hsts)
	}
	if !strings.Contains(body, "demo-shop-banner") {
		t.Error("the demo shop has no banner")
	}
	front.placeAndPay(t, both, "deploy-test-1")
}

// front is Caddy with the deploy/Caddyfile on loopback ports, signing for
// "localhost" with its internal CA, and a client that trusts that CA.
type front struct {
	caddy    *running
	base     string // https://localhost:PORT
	httpPort int
	rootCert string // Caddy's root certificate (PEM), for SSL_CERT_FILE
	client   *http.Client
}

// startCaddy runs Caddy with this Caddyfile in front of orderd on
// orderdPort, and waits for its CA.
func startCaddy(t testing.TB, orderdPort int) *front {
	t.Helper()
	caddy := tool(t, "caddy", "caddy")
	httpsPort, httpPort := freePort(t), freePort(t)
	f := &front{base: fmt.Sprintf("https://localhost:%d", httpsPort), httpPort: httpPort}
	env := append(caddyEnv(t), "SHOP_DOMAIN=localhost", fmt.Sprintf("HTTP_PORT=%d", httpPort),
		fmt.Sprintf("HTTPS_PORT=%d", httpsPort), fmt.Sprintf("ORDERD_ADDR=127.0.0.1:%d", orderdPort), fmt.Sprintf("CADDY_ADMIN=127.0.0.1:%d", freePort(t)))
	f.caddy = proc(t, caddy, env, "run", "--config", "Caddyfile", "--adapter", "caddyfile")

	// Caddy makes its CA on start; orderd and the test trust its root.
	var dataHome string
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, "XDG_DATA_HOME="); ok {
			dataHome = v
		}
	}
	f.rootCert = filepath.Join(dataHome, "caddy", "pki", "authorities", "local", "root.crt")
	until(t, "Caddy's root certificate", f.caddy.exited, func() error { _, err := os.Stat(f.rootCert); return err })
	pem, err := os.ReadFile(f.rootCert)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(pem) {
		t.Fatal("root.crt holds no certificate")
	}
	f.client = &http.Client{
		Transport:     &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		Timeout:       60 * time.Second,
	}
	return f
}

func (f *front) get(u string) (*http.Response, string, error) {
	res, err := f.client.Get(u)
	if err != nil {
		return nil, "", err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	return res, string(b), err
}

// waitReady waits until /readyz answers 200 through Caddy.
func (f *front) waitReady(t testing.TB, exited func() bool) {
	t.Helper()
	until(t, "the shop over HTTPS", exited, func() error {
		res, _, err := f.get(f.base + "/readyz")
		if err == nil && res.StatusCode != http.StatusOK {
			err = fmt.Errorf("/readyz: %d", res.StatusCode)
		}
		return err
	})
}

func (f *front) post(t *testing.T, path string, v any, hdr ...string) (int, map[string]any) {
	t.Helper()
	b, _ := json.Marshal(v)
	req, _ := http.NewRequest("POST", f.base+path, bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", f.base)
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	res, err := f.client.Do(req)
	if err != nil {
		t.Fatalf("POST %s: %v", path, err)
	}
	defer res.Body.Close()
	var out map[string]any
	_ = json.NewDecoder(res.Body).Decode(&out)
	return res.StatusCode, out
}

// place places the sample Polish order over HTTPS and returns its hash.
func (f *front) place(t *testing.T, key string) string {
	t.Helper()
	req := ordertest.Request("pl")
	code, quote := f.post(t, "/v1/quote", map[string]any{"locale": "pl", "country": "pl", "code": "", "items": req.Items})
	if code != http.StatusOK {
		t.Fatalf("quote: %d %v", code, quote)
	}
	req.ExpectedTotal = int64(quote["totals"].(map[string]any)["total"].(float64))
	code, placed := f.post(t, "/v1/orders", req, "Idempotency-Key", key)
	if code != http.StatusCreated {
		t.Fatalf("order: %d %v", code, placed)
	}
	return placed["hash"].(string)
}

// placeAndPay places the sample order, pays it by bank transfer on the
// sandbox's page and waits for the sandbox's notification to make it
// paid; it returns the order's hash.
func (f *front) placeAndPay(t *testing.T, exited func() bool, key string) string {
	t.Helper()
	hash := f.place(t, key)
	code, pay := f.post(t, "/v1/orders/"+hash+"/payments", map[string]string{"method": "bank", "locale": "pl"})
	payURL, _ := pay["url"].(string)
	if code != http.StatusOK || !strings.HasPrefix(payURL, f.base+"/v1/sandbox/bank/") {
		t.Fatalf("payment: %d %v", code, pay)
	}
	form, _ := http.NewRequest("POST", payURL, strings.NewReader(url.Values{"decision": {"pay"}}.Encode()))
	form.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	form.Header.Set("Origin", f.base)
	res, err := f.client.Do(form)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != f.base+"/pl/status/"+hash {
		t.Fatalf("the bank page: %d, Location %q", res.StatusCode, res.Header.Get("Location"))
	}
	// The sandbox's notification reaches the webhook through Caddy.
	f.waitStatus(t, exited, hash, "paid")
	return hash
}

// waitStatus waits until the order's status is want.
func (f *front) waitStatus(t *testing.T, exited func() bool, hash, want string) {
	t.Helper()
	until(t, "the order "+want, exited, func() error {
		_, body, err := f.get(f.base + "/v1/orders/" + hash + "?locale=pl")
		if err == nil && !strings.Contains(body, `"status":"`+want+`"`) {
			err = fmt.Errorf("not %s yet", want)
		}
		return err
	})
}
