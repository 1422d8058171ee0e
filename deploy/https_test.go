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
func build(t *testing.T) {
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

func orderdBinary(t *testing.T) string {
	build(t)
	return binPath
}

func freePort(t *testing.T) int {
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
func proc(t *testing.T, name string, env []string, args ...string) *running {
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

// until polls f every 100 ms until it returns nil; the test's own timeout
// bounds the wait (a busy machine may take seconds to start Caddy).
func until(t *testing.T, what string, exited func() bool, f func() error) {
	t.Helper()
	var err error
	for {
		if err = f(); err == nil {
			return
		}
		if exited() {
			t.Fatalf("%s: the process stopped: %v", what, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// The guide's production shape on loopback: Caddy (this Caddyfile, its
// internal CA for "localhost" in place of Let's Encrypt for a real
// domain) in front of the real orderd binary in -demo mode (the sandbox
// provider in place of real keys). HTTP redirects to HTTPS; the pages come
// with HSTS; an order is placed, paid by bank transfer on the sandbox's
// page, and confirmed by the sandbox's notification, which travels over
// HTTPS through Caddy as a real provider's would.
func TestShopBehindCaddy(t *testing.T) {
	caddy := tool(t, "caddy", "caddy")
	build(t)
	httpsPort, httpPort, orderdPort := freePort(t), freePort(t), freePort(t)
	base := fmt.Sprintf("https://localhost:%d", httpsPort)
	env := append(caddyEnv(t), "SHOP_DOMAIN=localhost", fmt.Sprintf("HTTP_PORT=%d", httpPort),
		fmt.Sprintf("HTTPS_PORT=%d", httpsPort), fmt.Sprintf("ORDERD_ADDR=127.0.0.1:%d", orderdPort), fmt.Sprintf("CADDY_ADMIN=127.0.0.1:%d", freePort(t)))
	c := proc(t, caddy, env, "run", "--config", "Caddyfile", "--adapter", "caddyfile")

	// Caddy makes its CA on start; orderd and the test trust its root.
	var dataHome string
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, "XDG_DATA_HOME="); ok {
			dataHome = v
		}
	}
	root := filepath.Join(dataHome, "caddy", "pki", "authorities", "local", "root.crt")
	until(t, "Caddy's root certificate", c.exited, func() error { _, err := os.Stat(root); return err })
	pem, err := os.ReadFile(root)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(pem) {
		t.Fatal("root.crt holds no certificate")
	}

	data := filepath.Join(t.TempDir(), "var")
	d := proc(t, binPath, append(os.Environ(), "SSL_CERT_FILE="+root),
		"serve", "-addr", fmt.Sprintf("127.0.0.1:%d", orderdPort), "-site", sitePath, "-data", data,
		"-trust-proxy", "-demo", "-base-url", base, "-sandbox-delay", "100ms", "-log-format", "json")

	client := &http.Client{
		Transport:     &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		Timeout:       60 * time.Second,
	}
	get := func(u string) (*http.Response, string, error) {
		res, err := client.Get(u)
		if err != nil {
			return nil, "", err
		}
		defer res.Body.Close()
		b, err := io.ReadAll(res.Body)
		return res, string(b), err
	}
	both := func() bool { return c.exited() || d.exited() }
	until(t, "the shop over HTTPS", both, func() error {
		res, _, err := get(base + "/readyz")
		if err == nil && res.StatusCode != http.StatusOK {
			err = fmt.Errorf("/readyz: %d", res.StatusCode)
		}
		return err
	})

	// HTTP goes to HTTPS, on its standard port (where the server has it).
	res, _, err := get(fmt.Sprintf("http://localhost:%d/shop?x=1", httpPort))
	if err != nil || res.StatusCode != http.StatusPermanentRedirect || res.Header.Get("Location") != "https://localhost/shop?x=1" {
		t.Fatalf("HTTP: %v %v", res, err)
	}
	// A page, over TLS 1.2+, with HSTS once and the demo banner.
	res, body, err := get(base + "/pl/")
	if err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("GET /pl/: %v %v", res, err)
	}
	if hsts := res.Header.Values("Strict-Transport-Security"); len(hsts) != 1 || !strings.Contains(hsts[0], "max-age=63072000") {
		t.Errorf("HSTS %q", hsts)
	}
	if !strings.Contains(body, "demo-shop-banner") {
		t.Error("the demo shop has no banner")
	}

	post := func(path string, v any, hdr ...string) (int, map[string]any) {
		t.Helper()
		b, _ := json.Marshal(v)
		req, _ := http.NewRequest("POST", base+path, bytes.NewReader(b))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Origin", base)
		req.Header.Set("Sec-Fetch-Site", "same-origin")
		for i := 0; i+1 < len(hdr); i += 2 {
			req.Header.Set(hdr[i], hdr[i+1])
		}
		res, err := client.Do(req)
		if err != nil {
			t.Fatalf("POST %s: %v", path, err)
		}
		defer res.Body.Close()
		var out map[string]any
		_ = json.NewDecoder(res.Body).Decode(&out)
		return res.StatusCode, out
	}

	req := ordertest.Request("pl")
	code, quote := post("/v1/quote", map[string]any{"locale": "pl", "country": "pl", "code": "", "items": req.Items})
	if code != http.StatusOK {
		t.Fatalf("quote: %d %v", code, quote)
	}
	req.ExpectedTotal = int64(quote["totals"].(map[string]any)["total"].(float64))
	code, placed := post("/v1/orders", req, "Idempotency-Key", "deploy-test-1")
	if code != http.StatusCreated {
		t.Fatalf("order: %d %v", code, placed)
	}
	hash := placed["hash"].(string)

	code, pay := post("/v1/orders/"+hash+"/payments", map[string]string{"method": "bank", "locale": "pl"})
	payURL, _ := pay["url"].(string)
	if code != http.StatusOK || !strings.HasPrefix(payURL, base+"/v1/sandbox/bank/") {
		t.Fatalf("payment: %d %v", code, pay)
	}
	form, _ := http.NewRequest("POST", payURL, strings.NewReader(url.Values{"decision": {"pay"}}.Encode()))
	form.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	form.Header.Set("Origin", base)
	res, err = client.Do(form)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != base+"/pl/status/"+hash {
		t.Fatalf("the bank page: %d, Location %q", res.StatusCode, res.Header.Get("Location"))
	}
	// The sandbox's notification reaches the webhook through Caddy.
	until(t, "the order paid", both, func() error {
		_, body, err := get(base + "/v1/orders/" + hash + "?locale=pl")
		if err == nil && !strings.Contains(body, `"status":"paid"`) {
			err = fmt.Errorf("not paid yet")
		}
		return err
	})
}
