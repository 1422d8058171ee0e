package main

import (
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"sabershop/internal/admin"
	"sabershop/internal/backups"
	"sabershop/internal/daemon"
	"sabershop/internal/order"
	"sabershop/internal/store"
)

// TestOwnerCommandsWhileServing: the owner's commands are separate
// processes that reach the serving daemon over its socket (the data file
// is locked by the daemon), then, once it stopped, open the file
// themselves.
func TestOwnerCommandsWhileServing(t *testing.T) {
	needBinary(t)
	data := dataDir(t)
	d := startDaemon(t, data)
	client := &http.Client{}

	code, a, err := post(client, d.base, orderBody(t, "anna@example.com"), "")
	if err != nil || code != http.StatusCreated || !order.ValidHash(a.Hash) {
		t.Fatalf("POST: %d %+v %v", code, a, err)
	}

	out := mustRun(t, "-data", data, "orders", "list")
	if ls := strings.Split(strings.TrimSpace(out), "\n"); len(ls) != 2 || !strings.Contains(ls[1], "anna@example.com") ||
		!strings.Contains(ls[1], " placed ") || !strings.HasPrefix(ls[1], fmt.Sprint(a.Order.ID)+" ") {
		t.Errorf("orders list:\n%s", out)
	}
	out = mustRun(t, "-data", data, "orders", "show", a.Hash)
	if !strings.Contains(out, "Order #1  placed") || !strings.Contains(out, "order_placed") {
		t.Errorf("orders show:\n%s", out)
	}
	// The daemon's catalogue writes the e-mail: no -site needed.
	mustRun(t, "-data", data, "coupons", "add", "SPRING", "--percent", "10")
	if out := mustRun(t, "-data", data, "coupons", "list"); !strings.Contains(out, "SPRING") {
		t.Errorf("coupons list: %q", out)
	}

	// Pausing takes effect in the daemon at once.
	if out := mustRun(t, "-data", data, "shop", "pause"); !strings.HasPrefix(out, "orders are paused") {
		t.Errorf("shop pause: %q", out)
	}
	code, p, err := post(client, d.base, orderBody(t, "bernd@example.com"), "")
	if err != nil || code != http.StatusConflict || p.Code != "orders_paused" {
		t.Errorf("POST while paused: %d %+v %v", code, p, err)
	}
	if out := mustRun(t, "-data", data, "shop", "status"); out != "orders are paused\n" {
		t.Errorf("shop status: %q", out)
	}
	mustRun(t, "-data", data, "shop", "resume")
	if code, _, err := post(client, d.base, orderBody(t, "bernd@example.com"), ""); err != nil || code != http.StatusCreated {
		t.Errorf("POST after resume: %d %v", code, err)
	}

	// A consistent backup while serving, readable as a data file.
	backup := filepath.Join(t.TempDir(), "copy.db")
	if out := mustRun(t, "-data", data, "backup", backup); !strings.HasPrefix(out, "backup written: "+backup+" (") {
		t.Errorf("backup: %q", out)
	}
	assertOrders(t, backup, 2)

	// The daily timer's form: a dated file in a folder, the oldest pruned.
	dir := t.TempDir()
	for _, old := range []string{"orderd-2026-01-01T030000Z.db", "orderd-2026-01-02T030000Z.db", "orderd-2026-01-03T030000Z.db"} {
		if err := os.WriteFile(filepath.Join(dir, old), []byte("old"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	out = mustRun(t, "-data", data, "backup", "-dir", dir, "-keep", "2")
	left, err := backups.List(dir)
	if err != nil || len(left) != 2 || left[0] != "orderd-2026-01-03T030000Z.db" {
		t.Fatalf("after backup -dir -keep 2: %v %v\n%s", left, err, out)
	}
	if !strings.Contains(out, "removed old backup: "+filepath.Join(dir, "orderd-2026-01-01T030000Z.db")) {
		t.Errorf("output %q", out)
	}
	assertOrders(t, filepath.Join(dir, left[1]), 2)

	// Mistakes: usage exits 2 with the message on stderr, other errors 1.
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"orders", "send", "1"}, 2, "--tracking NUMBER is required"},
		{[]string{"orders", "list", "--status", "lost"}, 2, `unknown status "lost"`},
		{[]string{"frobnicate"}, 2, `unknown command "frobnicate"`},
		{[]string{"backup"}, 2, "usage: orderd backup FILE"},
		{[]string{"backup", "-dir", "x", "-keep", "0"}, 2, "usage: orderd backup FILE | orderd backup -dir DIR"},
		{[]string{}, 2, "usage: orderd <command>"},
		{[]string{"coupons", "add", "X", "--percent", "5", "--amount", "5"}, 2, "not both"},
		{[]string{"orders", "show", "99"}, 1, "orderd: no order with ID 99"},
		{[]string{"orders", "send", "1", "--tracking", "X1"}, 1, "orderd: order #1 is placed: illegal status transition"},
		{[]string{"coupons", "add", "spring", "--percent", "5"}, 1, "a coupon SPRING exists already"},
		{[]string{"coupons", "disable", "NOPE"}, 1, "no coupon NOPE"},
		// The daemon's providers reach the command: the order's own rule answers.
		{[]string{"orders", "refund", "1"}, 1, "order #1: no refund: order: nothing to refund through a provider: order #1 is placed"},
		{[]string{"orders", "refund", "1", "--amount", "x"}, 2, "want a positive amount"},
	} {
		args := append([]string{"-data", data}, tc.args...)
		out, errOut, code := runOrderd(t, args...)
		if code != tc.code || !strings.Contains(errOut, tc.want) {
			t.Errorf("orderd %s: exit %d, stderr %q; want exit %d with %q", strings.Join(tc.args, " "), code, errOut, tc.code, tc.want)
		}
		if out != "" {
			t.Errorf("orderd %s: stdout %q on a mistake", strings.Join(tc.args, " "), out)
		}
	}
	// An unknown global flag is a usage mistake too.
	if _, errOut, code := runOrderd(t, "-dta", data, "orders", "list"); code != 2 || !strings.Contains(errOut, "flag provided but not defined: -dta") {
		t.Errorf("unknown flag: exit %d %q", code, errOut)
	}

	// A second daemon on the same data directory is refused.
	if _, errOut, code := runOrderd(t, "serve", "-addr", "127.0.0.1:0", "-data", data, "-site", sitePath); code != 1 ||
		!strings.Contains(errOut, "another orderd already serves data directory") {
		t.Errorf("second daemon: exit %d\n%s", code, errOut)
	}

	if code := d.stop(syscall.SIGTERM); code != 0 {
		t.Fatalf("SIGTERM: exit %d", code)
	}
	if _, err := os.Stat(filepath.Join(data, admin.SocketName)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("socket left after shutdown: %v", err)
	}

	// Without a daemon the commands open the file themselves.
	if out := mustRun(t, "-data", data, "orders", "list"); strings.Count(out, "@example.com") != 2 {
		t.Errorf("orders list without a daemon:\n%s", out)
	}
	if out := mustRun(t, "-data", data, "shop", "status"); out != "orders are open\n" {
		t.Errorf("shop status without a daemon: %q", out)
	}
	// A refund asks a payment provider: only the daemon has them.
	if _, errOut, code := runOrderd(t, "-data", data, "-site", sitePath, "orders", "refund", "1"); code != 1 || !strings.Contains(errOut, "needs the running daemon") {
		t.Errorf("refund without a daemon: exit %d %q", code, errOut)
	}
	// Commands that write e-mails need the built site then.
	if _, errOut, code := runOrderd(t, "-data", data, "-site", filepath.Join(t.TempDir(), "nosite"), "orders", "cancel", "1", "--reason", "test"); code != 1 || !strings.Contains(errOut, "no catalogue") {
		t.Errorf("cancel without a site: exit %d %q", code, errOut)
	}
	out = mustRun(t, "-data", data, "-site", sitePath, "orders", "cancel", a.Hash, "--reason", "test")
	if out != "order #1 is now cancelled; e-mail to anna@example.com queued\n" {
		t.Errorf("cancel without a daemon: %q", out)
	}
	backup2 := filepath.Join(t.TempDir(), "copy2.db")
	mustRun(t, "-data", data, "backup", backup2)
	assertOrders(t, backup2, 2)

	// A data directory without a data file: say so, create nothing.
	empty := dataDir(t)
	os.MkdirAll(empty, 0o700)
	for _, args := range [][]string{{"orders", "list"}, {"backup", filepath.Join(t.TempDir(), "x.db")}} {
		if _, errOut, code := runOrderd(t, append([]string{"-data", empty}, args...)...); code != 1 || !strings.Contains(errOut, "no data file at") {
			t.Errorf("%v without a data file: exit %d %q", args, code, errOut)
		}
	}
	if _, err := os.Stat(filepath.Join(empty, daemon.DBName)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a data file was created: %v", err)
	}
}

// assertOrders opens a data file and checks it holds n orders.
func assertOrders(t *testing.T, file string, n int) {
	t.Helper()
	db, err := store.Open(file, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.Check(); err != nil {
		t.Errorf("%s: %v", file, err)
	}
	var got []*order.Order
	if err := db.View(func(tx *store.Tx) (err error) {
		got, err = tx.Orders(nil)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if len(got) != n {
		t.Errorf("%s holds %d orders, want %d", file, len(got), n)
	}
}

// orderd dkim makes the key once and prints the record to publish; the
// daemon started after it signs (the signature itself is verified in
// internal/mail TestDKIMSignedMailVerifies).
func TestDKIMCommand(t *testing.T) {
	needBinary(t)
	data := dataDir(t)
	out := mustRun(t, "-data", data, "dkim", "-domain", "Shop.Example.com")
	if !strings.Contains(out, "new DKIM key: "+filepath.Join(data, "dkim-shop.pem")) ||
		!strings.Contains(out, `shop._domainkey.shop.example.com. TXT "v=DKIM1; k=rsa; p=`) {
		t.Errorf("first run: %q", out)
	}
	again := mustRun(t, "-data", data, "dkim", "-domain", "shop.example.com")
	if !strings.Contains(again, "(kept)") || lastLine(again) != lastLine(out) {
		t.Errorf("second run changed the key:\n%s\n%s", out, again)
	}
	if _, stderr, code := runOrderd(t, "-data", data, "dkim", "-selector", "Bad_Name", "-domain", "x.example"); code != 1 || !strings.Contains(stderr, "selector") {
		t.Errorf("bad selector: %d %q", code, stderr)
	}
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}
