package health_test

import (
	"context"
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
	"time"

	"sabershop/internal/catalog"
	"sabershop/internal/health"
	"sabershop/internal/mail"
	"sabershop/internal/mail/mailtest"
	"sabershop/internal/mail/outbox"
	"sabershop/internal/store"
)

func openStore(t *testing.T) *store.DB {
	t.Helper()
	db, err := store.Open(filepath.Join(t.TempDir(), "orderd.db"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func loaded() *catalog.Catalog {
	return &catalog.Catalog{Version: "abc123", Products: []catalog.Product{{Slug: "arc"}}}
}

func get(t *testing.T, h http.HandlerFunc) (int, health.Report) {
	t.Helper()
	rec := httptest.NewRecorder()
	h(rec, httptest.NewRequest("GET", "/readyz", nil))
	if cc := rec.Header().Get("Cache-Control"); cc != "no-store" {
		t.Errorf("Cache-Control %q", cc)
	}
	var rep health.Report
	if err := json.Unmarshal(rec.Body.Bytes(), &rep); err != nil {
		t.Fatalf("%s: %v", rec.Body, err)
	}
	return rec.Code, rep
}

func failing(rep health.Report) []string {
	var out []string
	for _, c := range rep.Checks {
		if !c.OK {
			out = append(out, c.Name)
		}
	}
	return out
}

func smtpProbe(t *testing.T, addr string) func(context.Context) error {
	t.Helper()
	host, p, _ := net.SplitHostPort(addr)
	port, _ := strconv.Atoi(p)
	s, err := mail.NewSMTPSender(mail.SMTPConfig{Host: host, Port: port, TLS: mail.TLSNone, From: "shop@example.com"})
	if err != nil {
		t.Fatal(err)
	}
	return s.Probe
}

// Ready with a real data file, a catalogue and a live SMTP server (a real
// conversation); each broken part turns it 503 and names itself.
func TestReady(t *testing.T) {
	db := openStore(t)
	srv := mailtest.Start(t, mailtest.Options{})
	now := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	cfg := health.Config{Store: db, Catalog: loaded, SMTP: smtpProbe(t, srv.Addr), Now: func() time.Time { return now }}
	if code, rep := get(t, health.New(cfg).Ready); code != 200 || rep.Status != "ready" || len(rep.Checks) != 4 {
		t.Fatalf("all well: %d %+v", code, rep)
	}

	// No catalogue.
	noCat := cfg
	noCat.Catalog = func() *catalog.Catalog { return nil }
	if code, rep := get(t, health.New(noCat).Ready); code != 503 || rep.Status != "not_ready" || !equal(failing(rep), "catalog") {
		t.Errorf("no catalogue: %d %+v", code, rep)
	}

	// An e-mail waiting longer than the limit; a younger one is fine.
	msg := &outbox.Message{Kind: "order_placed", Locale: "pl", To: "anna@example.com", Subject: "s", Text: "t", Created: now.Add(-10 * time.Minute)}
	if err := db.Update(func(tx *store.Tx) error { return tx.Enqueue(msg) }); err != nil {
		t.Fatal(err)
	}
	if code, rep := get(t, health.New(cfg).Ready); code != 200 {
		t.Errorf("a 10-minute-old e-mail: %d %+v", code, rep)
	}
	stuck := cfg
	stuck.MailAge = 5 * time.Minute
	if code, rep := get(t, health.New(stuck).Ready); code != 503 || !equal(failing(rep), "outbox") {
		t.Errorf("a stuck outbox: %d %+v", code, rep)
	}

	// The SMTP server gone: the probe says so (and is not repeated within
	// its interval, however often /readyz is called).
	calls := 0
	gone := cfg
	gone.SMTP = func(ctx context.Context) error {
		calls++
		return smtpProbe(t, "127.0.0.1:1")(ctx)
	}
	c := health.New(gone)
	for range 3 {
		if code, rep := get(t, c.Ready); code != 503 || !equal(failing(rep), "smtp") {
			t.Errorf("no SMTP server: %d %+v", code, rep)
		}
	}
	if calls != 1 {
		t.Errorf("the SMTP server was probed %d times in a row, want once", calls)
	}

	// The data file closed.
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	if code, rep := get(t, health.New(cfg).Ready); code != 503 || !contains(failing(rep), "store") {
		t.Errorf("a closed data file: %d %+v", code, rep)
	}
}

func TestLive(t *testing.T) {
	rec := httptest.NewRecorder()
	health.New(health.Config{}).Live(rec, httptest.NewRequest("GET", "/healthz", nil))
	if rec.Code != 200 || rec.Body.String() != "{\"status\":\"up\"}\n" {
		t.Errorf("%d %q", rec.Code, rec.Body)
	}
}

func equal(got []string, want ...string) bool { return slices.Equal(got, want) }

func contains(got []string, name string) bool { return slices.Contains(got, name) }
