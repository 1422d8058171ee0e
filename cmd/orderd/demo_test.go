package main

import (
	"io"
	"net/http"
	"os/exec"
	"strings"
	"syscall"
	"testing"

	"sabershop/internal/testutil"
)

// runServe runs `orderd serve` that must exit by itself; extraEnv are
// KEY=VALUE pairs.
func runServe(t *testing.T, extraEnv []string, args ...string) (stderr string, code int) {
	t.Helper()
	cmd := exec.Command(binPath, append([]string{"serve", "-addr", "127.0.0.1:0", "-data", dataDir(t), "-site", sitePath}, args...)...)
	cmd.Env = append(cleanEnv(), extraEnv...)
	var errb strings.Builder
	cmd.Stderr = &errb
	done := make(chan error, 1)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-testutil.UntilDeadline(t):
		cmd.Process.Kill()
		<-done
		t.Fatalf("orderd serve %s did not exit before the test's deadline:\n%s", strings.Join(args, " "), errb.String())
	}
	return errb.String(), cmd.ProcessState.ExitCode()
}

// The sandbox payments (the default) on a public address exit at start
// with what to do, by flag and by environment
// (docs/decisions/operations.md#the-sandbox-is-refused-on-a-public-address).
func TestServeRefusesSandboxOnPublicAddress(t *testing.T) {
	needBinary(t)
	for name, c := range map[string]struct {
		env  []string
		args []string
	}{
		"flag": {args: []string{"-base-url", "https://saberforge.example"}},
		"env":  {env: []string{"ORDERD_BASE_URL=https://saberforge.example", "ORDERD_PAYMENTS=sandbox"}},
	} {
		stderr, code := runServe(t, c.env, c.args...)
		if code != 2 {
			t.Errorf("%s: exit %d, want 2\n%s", name, code, stderr)
		}
		for _, want := range []string{"orderd serve: the sandbox payments are on for a public shop", `"https://saberforge.example"`,
			"4242 4242 4242 4242", "-payments tpay,paypal", "add -demo (ORDERD_DEMO=1)", "-base-url http://localhost:PORT"} {
			if !strings.Contains(stderr, want) {
				t.Errorf("%s: stderr lacks %q:\n%s", name, want, stderr)
			}
		}
	}
}

// With -demo (or ORDERD_DEMO) the same daemon starts as a demo shop; on
// localhost it starts without being one.
func TestServeDemoAndLoopback(t *testing.T) {
	needBinary(t)
	page := func(d *daemonProc, path string) string {
		res, err := http.Get(d.base + path)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return string(b)
	}
	d := startDaemon(t, dataDir(t), "-base-url", "https://saberforge.example", "-demo")
	if p := page(d, "/pl/"); !strings.Contains(p, `class="demo-shop-banner"`) || !strings.Contains(p, "Sklep demonstracyjny") {
		t.Errorf("-demo: /pl/ without the banner")
	}
	d.stop(syscall.SIGTERM)

	d = startDaemonEnv(t, dataDir(t), []string{"ORDERD_DEMO=1", "ORDERD_BASE_URL=https://saberforge.example"})
	if p := page(d, "/de/"); !strings.Contains(p, "Demo-Shop: Hier wird nichts verkauft.") {
		t.Errorf("ORDERD_DEMO=1: /de/ without the banner")
	}
	d.stop(syscall.SIGTERM)

	d = startDaemon(t, dataDir(t), "-base-url", "http://localhost:8080")
	if p := page(d, "/"); strings.Contains(p, "demo-shop-banner") {
		t.Errorf("localhost: a banner without -demo")
	}
	d.stop(syscall.SIGTERM)
}
