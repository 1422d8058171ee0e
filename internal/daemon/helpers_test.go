package daemon_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"testing"
	"time"

	"sabershop/internal/catalog"
	"sabershop/internal/catalog/catalogtest"
	"sabershop/internal/daemon"
	"sabershop/internal/order/ordertest"
	"sabershop/internal/testutil"
)

// fixtureSite is the least the daemon serves: the real catalogue and a
// home and a 404 page per locale (the static handler's requirements; the
// static package has its own tests over the real build).
func fixtureSite(t testing.TB) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{"catalog.json": string(catalogtest.JSON())}
	for _, loc := range []string{"", "pl/", "de/"} {
		files[loc+"index.html"] = "<!doctype html><title>home " + loc + "</title><p>home</p>"
		files[loc+"404.html"] = "<!doctype html><title>404 " + loc + "</title><p>not found</p>"
		files[loc+"status/index.html"] = "<!doctype html><title>status " + loc + "</title><p>status</p>"
	}
	for name, body := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// shortDir is a data directory with a short path: the command socket
// lives in it and Unix socket paths are limited to about 100 bytes.
func shortDir(t testing.TB) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "dmn")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	return filepath.Join(dir, "var")
}

// quiet is the daemon's text log, formatted and thrown away.
var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// running is a daemon.Run in this process.
type running struct {
	base   string
	cancel context.CancelFunc
	done   chan error
}

// startRun starts daemon.Run and waits for its Ready.
func startRun(t testing.TB, cfg daemon.Config) *running {
	t.Helper()
	if cfg.Addr == "" {
		cfg.Addr = "127.0.0.1:0"
	}
	if cfg.Log == nil {
		cfg.Log = quiet
	}
	ready := make(chan string, 1)
	cfg.Ready = func(addr string) { ready <- addr }
	ctx, cancel := context.WithCancel(context.Background())
	r := &running{cancel: cancel, done: make(chan error, 1)}
	go func() { r.done <- daemon.Run(ctx, cfg) }()
	select {
	case addr := <-ready:
		r.base = "http://" + addr
	case err := <-r.done:
		cancel()
		t.Fatalf("daemon.Run returned before serving: %v", err)
	case <-testutil.UntilDeadline(t):
		cancel()
		t.Fatal("daemon.Run not ready before the test's deadline")
	}
	t.Cleanup(func() {
		if r.cancel != nil {
			r.stop(t)
		}
	})
	return r
}

// stop cancels Run's context and returns its error.
func (r *running) stop(t testing.TB) error {
	t.Helper()
	r.cancel()
	r.cancel = nil
	select {
	case err := <-r.done:
		return err
	case <-testutil.UntilDeadline(t):
		t.Fatal("daemon.Run did not return before the test's deadline after the cancel")
		return nil
	}
}

// orderPlacedEML waits until the mail worker has written the one
// order_placed e-mail into data/mail (no SMTP settings) and returns it.
func orderPlacedEML(t testing.TB, data string) []byte {
	t.Helper()
	var eml []byte
	testutil.Eventually(t, "the order_placed .eml", func() error {
		files, err := filepath.Glob(filepath.Join(data, "mail", "*-order_placed.eml"))
		if err != nil || len(files) != 1 {
			return fmt.Errorf("files %v (%v)", files, err)
		}
		eml, err = os.ReadFile(files[0])
		return err
	})
	return eml
}

// orderJSON is a valid POST /v1/orders body for email, with the total
// priced from the same catalogue at now.
func orderJSON(t testing.TB, email string) []byte {
	t.Helper()
	cat, err := catalog.Parse(catalogtest.JSON())
	if err != nil {
		t.Fatal(err)
	}
	req := ordertest.Request("pl")
	req.Customer.Email = email
	return ordertest.Body(t, cat, req, time.Now())
}

func emailN(prefix string, n uint64) string { return fmt.Sprintf("%s-%d@example.com", prefix, n) }
