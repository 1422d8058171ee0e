package admin_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sabershop/internal/admin"
	"sabershop/internal/order"
	"sabershop/internal/store"
	"sabershop/internal/testutil"
)

// serve starts the command socket on a fresh directory, as the daemon
// does, and stops it when the test ends.
func (f *fixture) serve() (dir string, c *admin.Client) {
	f.t.Helper()
	dir = shortTempDir(f.t)
	ln, err := admin.Listen(dir)
	if err != nil {
		f.t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- admin.Serve(ctx, ln, f.env) }()
	f.t.Cleanup(func() {
		cancel()
		select {
		case err := <-done:
			if err != nil {
				f.t.Errorf("Serve: %v", err)
			}
		case <-testutil.UntilDeadline(f.t):
			f.t.Error("Serve did not return after its context ended")
		}
	})
	c, err = admin.Dial(dir)
	if err != nil {
		f.t.Fatal(err)
	}
	return dir, c
}

// shortTempDir is a temporary directory with a short path: a Unix socket
// path is limited to about 100 bytes, and t.TempDir() names can be longer.
func shortTempDir(t testing.TB) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "adm")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	return dir
}

func TestSocketRunsCommands(t *testing.T) {
	f := newFixture(t)
	design := order.DefaultCreator(f.cat)
	o := f.place("pl", customer("Anna", "anna@example.com", "pl"), arc(1), order.ItemRequest{Creator: &design, Quantity: 1})
	f.place("de", customer("Bernd", "bernd@example.com", "de"), arc(1))
	dir, c := f.serve()

	fi, err := os.Stat(filepath.Join(dir, admin.SocketName))
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode()&os.ModeSocket == 0 || fi.Mode().Perm() != 0o600 {
		t.Errorf("socket mode %v, want a socket with 0600", fi.Mode())
	}

	// The same output as Run in this process.
	for _, args := range [][]string{
		{"orders", "list"},
		{"orders", "show", o.Hash},
		{"shop", "status"},
		{"coupons", "list"},
		{"subscribers", "export"},
		{"help"},
	} {
		var viaSocket bytes.Buffer
		if err := c.Run(args, &viaSocket); err != nil {
			t.Errorf("%v over the socket: %v", args, err)
		}
		want := f.ok(args...)
		if viaSocket.String() != want {
			t.Errorf("%v over the socket:\n%s\nwant\n%s", args, viaSocket.String(), want)
		}
	}

	// Commands that write: done by the serving side, seen by this one.
	var out bytes.Buffer
	if err := c.Run([]string{"shop", "pause"}, &out); err != nil || !strings.HasPrefix(out.String(), "orders are paused") {
		t.Errorf("shop pause: %v %q", err, out.String())
	}
	if open, set := f.ordersOpen(); open || !set {
		t.Errorf("after pause over the socket: open %v set %v", open, set)
	}
	out.Reset()
	if err := c.Run([]string{"orders", "cancel", "1", "--reason", "test"}, &out); err != nil {
		t.Errorf("cancel: %v", err)
	}
	if got := f.order(o.Hash); got.Status != order.Cancelled {
		t.Errorf("status %s", got.Status)
	}
	if f.kicks.Load() != 1 {
		t.Errorf("the serving side's worker was kicked %d times", f.kicks.Load())
	}

	// Mistakes keep their kind: usage errors as *UsageError with the same
	// message, others as plain errors.
	for _, args := range [][]string{{"orders", "send", "1"}, {"nonsense"}, {}, {"coupons", "add", "X"}} {
		var sockOut bytes.Buffer
		err := c.Run(args, &sockOut)
		_, local := f.run(args...)
		var u *admin.UsageError
		if !errors.As(err, &u) || err.Error() != local.Error() {
			t.Errorf("%v over the socket: %v (%T), want the UsageError %q", args, err, err, local)
		}
	}
	err = c.Run([]string{"orders", "show", "99"}, io.Discard)
	var u *admin.UsageError
	if err == nil || errors.As(err, &u) || err.Error() != "no order with ID 99 (orderd orders list shows them)" {
		t.Errorf("unknown order over the socket: %v", err)
	}
}

func TestSocketBackup(t *testing.T) {
	f := newFixture(t)
	a := f.place("pl", customer("Anna", "anna@example.com", "pl"), arc(1))
	b := f.place("de", customer("Bernd", "bernd@example.com", "de"), arc(2))
	f.ok("coupons", "add", "KEEP", "--percent", "5")
	_, c := f.serve()

	file := filepath.Join(t.TempDir(), "backup.db")
	n, err := admin.WriteBackup(file, c.Backup)
	if err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(file)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Size() != n || n == 0 || fi.Mode().Perm() != 0o600 {
		t.Errorf("backup: %d bytes reported, %d on disk, mode %v", n, fi.Size(), fi.Mode())
	}
	if left, _ := filepath.Glob(filepath.Join(filepath.Dir(file), ".orderd-backup-*")); len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}

	db, err := store.Open(file, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.Check(); err != nil {
		t.Fatal(err)
	}
	var got []*order.Order
	var cp *order.Coupon
	if err := db.View(func(tx *store.Tx) error {
		var err error
		if got, err = tx.Orders(nil); err != nil {
			return err
		}
		cp, err = tx.Coupon("KEEP")
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Hash != a.Hash || got[1].Hash != b.Hash || got[1].Totals != b.Totals || cp.Percent != 5 {
		t.Errorf("backup holds %d orders, coupon %+v", len(got), cp)
	}
	outbox, err := db.Outbox()
	if err != nil || len(outbox) != 2 {
		t.Errorf("backup outbox: %d messages, %v", len(outbox), err)
	}
}

// TestWriteBackupFailure: a copy that fails leaves neither the file nor a
// temporary one behind, and an older backup under the name stays intact.
func TestWriteBackupFailure(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "backup.db")
	if err := os.WriteFile(file, []byte("old backup"), 0o600); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("connection reset")
	_, err := admin.WriteBackup(file, func(w io.Writer) (int64, error) {
		w.Write([]byte("half a file"))
		return 11, boom
	})
	if !errors.Is(err, boom) {
		t.Errorf("err = %v", err)
	}
	if data, _ := os.ReadFile(file); string(data) != "old backup" {
		t.Errorf("the old backup became %q", data)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("files left: %v", entries)
	}
}

func TestDialWithoutDaemon(t *testing.T) {
	dir := shortTempDir(t)
	if _, err := admin.Dial(dir); !errors.Is(err, admin.ErrNoDaemon) {
		t.Errorf("empty dir: %v", err)
	}
	// A socket file left by a killed daemon: nobody answers.
	stale := leaveStaleSocket(t, dir)
	if _, err := admin.Dial(dir); !errors.Is(err, admin.ErrNoDaemon) {
		t.Errorf("stale socket: %v", err)
	}
	if _, err := os.Stat(stale); err != nil {
		t.Fatalf("the stale socket should still be there: %v", err)
	}
}

// leaveStaleSocket leaves a socket file nobody listens on, as a daemon
// killed with SIGKILL does.
func leaveStaleSocket(t *testing.T, dir string) string {
	t.Helper()
	path := filepath.Join(dir, admin.SocketName)
	ln, err := net.Listen("unix", path)
	if err != nil {
		t.Fatal(err)
	}
	ln.(*net.UnixListener).SetUnlinkOnClose(false)
	ln.Close()
	return path
}

func TestListen(t *testing.T) {
	f := newFixture(t)
	dir := shortTempDir(t)
	leaveStaleSocket(t, dir)
	// A stale socket does not stop a new daemon.
	ln, err := admin.Listen(dir)
	if err != nil {
		t.Fatalf("over a stale socket: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- admin.Serve(ctx, ln, f.env) }()

	// A second daemon on the same directory is refused, and the first one
	// keeps its socket.
	if ln2, err := admin.Listen(dir); err == nil || !strings.Contains(err.Error(), "another daemon answers") {
		if ln2 != nil {
			ln2.Close()
		}
		t.Errorf("second Listen: %v", err)
	}
	c, err := admin.Dial(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Run([]string{"shop", "status"}, io.Discard); err != nil {
		t.Errorf("first daemon after the second Listen: %v", err)
	}

	cancel()
	if err := <-done; err != nil {
		t.Errorf("Serve: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, admin.SocketName)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("socket left after Serve returned: %v", err)
	}
	if _, err := admin.Dial(dir); !errors.Is(err, admin.ErrNoDaemon) {
		t.Errorf("Dial after shutdown: %v", err)
	}
}
