package daemon_test

import (
	"net"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"sabershop/internal/daemon"
	"sabershop/internal/mail"
	"sabershop/internal/mail/mailtest"
)

// The serving daemon answers both probes: /healthz always, /readyz with
// every check (here with a real SMTP server it probes), outside the
// request log.
func TestProbes(t *testing.T) {
	srv := mailtest.Start(t, mailtest.Options{})
	host, port := splitAddr(t, srv.Addr)
	r := startRun(t, daemon.Config{Site: fixtureSite(t), Data: shortDir(t),
		SMTP: &mail.SMTPConfig{Host: host, Port: port, TLS: mail.TLSNone, From: "shop@example.com"}})
	if code, body := get(t, r.base+"/healthz"); code != http.StatusOK || !strings.Contains(body, `"up"`) {
		t.Errorf("/healthz: %d %s", code, body)
	}
	code, body := get(t, r.base+"/readyz")
	if code != http.StatusOK || !strings.Contains(body, `"status":"ready"`) {
		t.Errorf("/readyz: %d %s", code, body)
	}
	for _, name := range []string{`"store"`, `"catalog"`, `"outbox"`, `"smtp"`} {
		if !strings.Contains(body, name) {
			t.Errorf("/readyz has no %s check: %s", name, body)
		}
	}
	if res, err := http.Post(r.base+"/readyz", "text/plain", nil); err != nil || res.StatusCode == http.StatusOK {
		t.Errorf("POST /readyz: %v %v", res, err)
	}
}

func splitAddr(t *testing.T, addr string) (string, int) {
	t.Helper()
	host, p, err := net.SplitHostPort(addr)
	if err != nil {
		t.Fatal(err)
	}
	port, err := strconv.Atoi(p)
	if err != nil {
		t.Fatal(err)
	}
	return host, port
}
