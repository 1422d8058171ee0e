package daemon_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"sabershop/internal/admin"
	"sabershop/internal/daemon"
	"sabershop/internal/mail"
	"sabershop/internal/store"
	"sabershop/internal/testutil"
)

func postOrder(t *testing.T, base string, body []byte) (int, map[string]any) {
	t.Helper()
	res, err := http.Post(base+"/v1/orders", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var ans map[string]any
	if err := json.NewDecoder(res.Body).Decode(&ans); err != nil {
		t.Fatalf("answer %d: %v", res.StatusCode, err)
	}
	return res.StatusCode, ans
}

// TestRun: the wired daemon takes an order over HTTP, writes its e-mail
// as an .eml file (no SMTP settings), serves the site, answers the
// owner's commands on its socket with links to itself, and on cancel
// drains, removes the socket and closes the data file.
func TestRun(t *testing.T) {
	site, data := fixtureSite(t), shortDir(t)
	r := startRun(t, daemon.Config{Site: site, Data: data})

	code, ans := postOrder(t, r.base, orderJSON(t, "anna@example.com"))
	if code != http.StatusCreated {
		t.Fatalf("POST /v1/orders: %d %v", code, ans)
	}
	hash, _ := ans["hash"].(string)

	res, err := http.Get(r.base + "/v1/orders/" + hash)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Errorf("GET the order: %d", res.StatusCode)
	}
	res, err = http.Get(r.base + "/")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK || !strings.Contains(string(page), "home") {
		t.Errorf("GET /: %d %q", res.StatusCode, page)
	}
	res, err = http.Get(r.base + "/no/such/page")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusNotFound {
		t.Errorf("unknown page: %d", res.StatusCode)
	}

	// The worker delivers the e-mail to mail/ without SMTP settings; its
	// status link leads back to this daemon (loopback development).
	eml := orderPlacedEML(t, data)
	if !strings.Contains(string(eml), "anna@example.com") {
		t.Errorf("the .eml is not to the shopper")
	}
	fi, err := os.Stat(data)
	if err != nil || fi.Mode().Perm() != 0o700 {
		t.Errorf("data directory mode: %v %v", fi.Mode(), err)
	}

	// The owner's socket runs commands inside the daemon.
	c, err := admin.Dial(data)
	if err != nil {
		t.Fatal(err)
	}
	// The .eml file is written before the outbox records the delivery.
	var out bytes.Buffer
	testutil.Eventually(t, "orders show to list the e-mail as sent", func() error {
		out.Reset()
		if err := c.Run([]string{"orders", "show", hash}, &out); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out.String(), "sent    ") {
			return errors.New("not sent yet:\n" + out.String())
		}
		return nil
	})
	if !strings.Contains(out.String(), "anna@example.com") || !strings.Contains(out.String(), "sent    ") {
		t.Errorf("orders show over the socket:\n%s", out.String())
	}
	out.Reset()
	if err := c.Run([]string{"orders", "cancel", "1", "--reason", "test"}, &out); err != nil {
		t.Fatal(err)
	}
	sock := filepath.Join(data, admin.SocketName)
	if fi, err := os.Stat(sock); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("socket: %v %v", fi.Mode(), err)
	}

	// A second daemon on the same data directory is refused before it
	// touches anything.
	err = daemon.Run(t.Context(), daemon.Config{Addr: "127.0.0.1:0", Site: site, Data: data, Log: quiet})
	if err == nil || !strings.Contains(err.Error(), "another orderd already serves") {
		t.Errorf("second daemon: %v", err)
	}

	if err := r.stop(t); err != nil {
		t.Fatalf("Run after cancel: %v", err)
	}
	if _, err := os.Stat(sock); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("socket left: %v", err)
	}
	// The file is closed: it opens at once, and holds the cancellation
	// e-mail (sent or queued) with the status link to this daemon.
	db, err := store.Open(filepath.Join(data, daemon.DBName), store.Options{Timeout: time.Second})
	if err != nil {
		t.Fatalf("data file after Run: %v", err)
	}
	defer db.Close()
	sent, _ := db.Sent(hash)
	outbox, _ := db.Outbox()
	kinds := map[string]bool{}
	for _, s := range sent {
		kinds[s.Kind] = true
	}
	for _, m := range outbox {
		kinds[m.Kind] = true
		if m.Kind == mail.KindOrderCancelled && !strings.Contains(m.Text, r.base[len("http://127.0.0.1"):]+"/pl/status/"+hash) {
			t.Errorf("cancellation e-mail without the status link:\n%s", m.Text)
		}
	}
	if !kinds[mail.KindOrderPlaced] || !kinds[mail.KindOrderCancelled] {
		t.Errorf("e-mails of the order: %v", kinds)
	}
}

// TestRunStaleSocket: a socket file left by a killed daemon does not stop
// the next one.
func TestRunStaleSocket(t *testing.T) {
	site, data := fixtureSite(t), shortDir(t)
	if err := os.MkdirAll(data, 0o700); err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("unix", filepath.Join(data, admin.SocketName))
	if err != nil {
		t.Fatal(err)
	}
	ln.(*net.UnixListener).SetUnlinkOnClose(false)
	ln.Close()

	r := startRun(t, daemon.Config{Site: site, Data: data})
	c, err := admin.Dial(data)
	if err != nil {
		t.Fatalf("the new daemon's socket: %v", err)
	}
	if err := c.Run([]string{"shop", "status"}, io.Discard); err != nil {
		t.Error(err)
	}
	if err := r.stop(t); err != nil {
		t.Error(err)
	}
}

func TestRunErrors(t *testing.T) {
	site := fixtureSite(t)

	// No built site: say how to make one, leave no socket behind.
	data := shortDir(t)
	err := daemon.Run(t.Context(), daemon.Config{Addr: "127.0.0.1:0", Site: filepath.Join(t.TempDir(), "public"), Data: data, Log: quiet})
	if err == nil || !strings.Contains(err.Error(), "go run ./cmd/build") {
		t.Errorf("without a site: %v", err)
	}
	if _, err := os.Stat(filepath.Join(data, admin.SocketName)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("socket left: %v", err)
	}

	// The address is taken: an error, and the data file is released.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	data = shortDir(t)
	if err := daemon.Run(t.Context(), daemon.Config{Addr: ln.Addr().String(), Site: site, Data: data, Log: quiet}); err == nil {
		t.Error("listening on a taken address succeeded")
	}
	db, err := store.Open(filepath.Join(data, daemon.DBName), store.Options{Timeout: time.Second})
	if err != nil {
		t.Fatalf("data file after a failed start: %v", err)
	}
	db.Close()

	// The data file is held by another process (here: another handle).
	data = shortDir(t)
	os.MkdirAll(data, 0o700)
	db, err = store.Open(filepath.Join(data, daemon.DBName), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	err = daemon.Run(t.Context(), daemon.Config{Addr: "127.0.0.1:0", Site: site, Data: data, Log: quiet})
	if err == nil || !strings.Contains(err.Error(), "is in use by another process") {
		t.Errorf("locked data file: %v", err)
	}
}
