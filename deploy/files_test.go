package deploy

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// tool is the path of a Debian package's command the tests need; make
// test-deps (and .ci/run) install them.
func tool(t testing.TB, name, pkg string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		t.Fatalf("%s not found: install the Debian package %s (make test-deps)", name, pkg)
	}
	return p
}

// unitLines are the KEY=VALUE lines of a unit file, in order.
func unitLines(t *testing.T, file string) map[string][]string {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string][]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if k, v, ok := strings.Cut(line, "="); ok && !strings.HasPrefix(line, "#") {
			out[k] = append(out[k], v)
		}
	}
	return out
}

// verify runs systemd-analyze verify on copies of the units whose
// ExecStart names bin instead of /usr/local/bin/orderd (verify checks that
// the binary exists); it returns what verify printed. Any line is a
// problem: verify warns about unknown keys and bad values, and ignores
// them, with exit status 0.
func verify(t *testing.T, bin string, edit func(name, text string) string, units ...string) (string, error) {
	t.Helper()
	dir := t.TempDir()
	var paths []string
	for _, u := range units {
		b, err := os.ReadFile(u)
		if err != nil {
			t.Fatal(err)
		}
		text := strings.ReplaceAll(string(b), "/usr/local/bin/orderd", bin)
		if edit != nil {
			text = edit(u, text)
		}
		p := filepath.Join(dir, filepath.Base(u))
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	cmd := exec.Command(tool(t, "systemd-analyze", "systemd"), append([]string{"verify", "--man=no"}, paths...)...)
	out, err := cmd.CombinedOutput()
	return strings.TrimSpace(string(out)), err
}

func TestUnitsVerify(t *testing.T) {
	bin := orderdBinary(t)
	units := []string{"orderd.service", "orderd-backup.service", "orderd-backup.timer"}
	if out, err := verify(t, bin, nil, units...); err != nil || out != "" {
		t.Errorf("systemd-analyze verify: %v\n%s", err, out)
	}
	// The check can fail: a mistyped value is reported.
	broken := func(_, text string) string { return strings.Replace(text, "WatchdogSec=30s", "WatchdogSec=thirty", 1) }
	if out, _ := verify(t, bin, broken, "orderd.service"); !strings.Contains(out, "thirty") {
		t.Errorf("a broken unit passed verify: %q", out)
	}
}

// The daemon's unit is hardened as the guide promises: its own user, the
// file system read-only but for the data directory, no new privileges,
// private /tmp, restarted on failure, stopped with SIGTERM, watched.
func TestUnitHardening(t *testing.T) {
	u := unitLines(t, "orderd.service")
	for key, want := range map[string]string{
		"User": "orderd", "Group": "orderd", "Type": "notify", "ProtectSystem": "strict",
		"ReadWritePaths": "/var/lib/orderd", "NoNewPrivileges": "yes", "PrivateTmp": "yes",
		"Restart": "on-failure", "KillSignal": "SIGTERM", "StateDirectory": "orderd", "StateDirectoryMode": "0700",
		"ProtectHome": "yes", "CapabilityBoundingSet": "",
	} {
		if got := u[key]; !slices.Equal(got, []string{want}) {
			t.Errorf("%s=%q, want %q", key, got, want)
		}
	}
	if len(u["WatchdogSec"]) != 1 {
		t.Error("no WatchdogSec")
	}
	exec := strings.Join(u["ExecStart"], " ")
	for _, flag := range []string{"serve", "-addr 127.0.0.1:", "-data /var/lib/orderd", "-trust-proxy", "-log-format json", "-metrics-addr 127.0.0.1:"} {
		if !strings.Contains(exec, flag) {
			t.Errorf("ExecStart %q lacks %q", exec, flag)
		}
	}
	// Secrets come from the environment file, never the command line (ps shows it).
	if strings.Contains(exec, "PASSWORD") || strings.Contains(exec, "SECRET") || len(u["EnvironmentFile"]) != 1 {
		t.Errorf("ExecStart %q / EnvironmentFile %q", exec, u["EnvironmentFile"])
	}
	b := unitLines(t, "orderd-backup.service")
	if !slices.Equal(b["ReadWritePaths"], []string{"/var/lib/orderd /var/backups/orderd"}) || !slices.Equal(b["User"], []string{"orderd"}) {
		t.Errorf("backup unit: %v", b)
	}
}

func TestCaddyfileValidates(t *testing.T) {
	caddy := tool(t, "caddy", "caddy")
	for _, env := range [][]string{
		{"SHOP_DOMAIN=shop.example.com", "ACME_EMAIL=owner@shop.example.com"},
		{"SHOP_DOMAIN=localhost", "HTTP_PORT=8081", "HTTPS_PORT=8443", "ORDERD_ADDR=127.0.0.1:9090"},
	} {
		cmd := exec.Command(caddy, "validate", "--config", "Caddyfile", "--adapter", "caddyfile")
		cmd.Env = append(caddyEnv(t), env...)
		if out, err := cmd.CombinedOutput(); err != nil || !strings.Contains(string(out), "Valid configuration") {
			t.Errorf("%v: caddy validate: %v\n%s", env, err, out)
		}
	}
	// Caddy, not orderd, queues a crowd: the connections to orderd (so
	// the requests in it) are capped, in the JSON Caddy runs.
	cmd := exec.Command(caddy, "adapt", "--config", "Caddyfile", "--adapter", "caddyfile")
	cmd.Env = append(caddyEnv(t), "SHOP_DOMAIN=shop.example.com")
	adapted, err := cmd.Output()
	if err != nil || !strings.Contains(string(adapted), `"max_conns_per_host":256`) {
		t.Errorf("the proxy's connections to orderd are not capped at 256: %v\n%s", err, adapted)
	}
	// The file is as caddy fmt writes it (the guide's diff stays readable).
	out, err := exec.Command(caddy, "fmt", "Caddyfile").Output()
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile("Caddyfile"); string(b) != string(out) {
		t.Error("Caddyfile is not formatted: caddy fmt --overwrite deploy/Caddyfile")
	}
}

// caddyEnv keeps Caddy's state (its internal CA, certificates) in the
// test's own folder, never the machine's.
func caddyEnv(t testing.TB) []string {
	t.Helper()
	home := t.TempDir()
	return append(os.Environ(), "HOME="+home, "XDG_DATA_HOME="+filepath.Join(home, "data"), "XDG_CONFIG_HOME="+filepath.Join(home, "config"))
}

// The alerts fire when they should and not before: promtool's own
// rule tests feed series and expect alerts at given times.
func TestAlertRules(t *testing.T) {
	promtool := tool(t, "promtool", "prometheus")
	for _, args := range [][]string{{"check", "rules", "alerts.yml"}, {"test", "rules", "alerts_test.yml"}} {
		if out, err := exec.Command(promtool, args...).CombinedOutput(); err != nil || !strings.Contains(string(out), "SUCCESS") {
			t.Errorf("promtool %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
}
