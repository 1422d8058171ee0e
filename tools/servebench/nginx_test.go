package main

import (
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The generated configuration is one nginx accepts (nginx -t), with the
// headers orderd sent; skipped where nginx is not installed (make
// bench-deps installs it).
func TestNginxConfAccepted(t *testing.T) {
	if _, err := exec.LookPath("nginx"); err != nil {
		t.Skip("nginx is not installed")
	}
	tmp, site := t.TempDir(), t.TempDir()
	h := http.Header{}
	h.Set("Content-Security-Policy", "default-src 'self'; script-src 'self' 'sha256-abc='")
	h.Set("X-Frame-Options", "DENY")
	const module = "/usr/lib/nginx/modules/ngx_http_brotli_static_module.so"
	_, err := os.Stat(module)
	conf := nginxConf("127.0.0.1:1", site, tmp, h, err == nil, module)
	for _, want := range []string{`add_header Content-Security-Policy "default-src 'self'; script-src 'self' 'sha256-abc='" always;`,
		`add_header X-Frame-Options "DENY" always;`, "gzip_static on;", "sendfile on;", "access_log off;"} {
		if !strings.Contains(conf, want) {
			t.Errorf("configuration lacks %s", want)
		}
	}
	path := filepath.Join(tmp, "nginx.conf")
	if err := os.WriteFile(path, []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("nginx", "-t", "-p", tmp, "-c", path, "-e", filepath.Join(tmp, "error.log")).CombinedOutput()
	if err != nil {
		t.Fatalf("nginx -t: %v\n%s", err, out)
	}
}
