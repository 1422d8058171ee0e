package main

import (
	"net"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Under systemd (Type=notify, WatchdogSec): the binary says READY=1 once it
// serves, pings WATCHDOG=1 while /healthz answers, and STOPPING=1 on
// SIGTERM. The notification socket is a real unixgram socket, as systemd's.
func TestSystemdNotify(t *testing.T) {
	needBinary(t)
	sock := filepath.Join(filepath.Dir(dataDir(t)), "notify")
	conn, err := net.ListenUnixgram("unixgram", &net.UnixAddr{Name: sock, Net: "unixgram"})
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	// A bound that only a broken daemon reaches.
	_ = conn.SetReadDeadline(time.Now().Add(60 * time.Second))
	next := func() string {
		t.Helper()
		buf := make([]byte, 512)
		n, err := conn.Read(buf)
		if err != nil {
			t.Fatalf("no notification: %v", err)
		}
		return string(buf[:n])
	}

	d := startDaemonEnv(t, dataDir(t), []string{"NOTIFY_SOCKET=" + sock, "WATCHDOG_USEC=400000"})
	if got := next(); got != "READY=1" {
		t.Fatalf("first notification %q, want READY=1", got)
	}
	for i := 0; i < 2; i++ {
		if got := next(); got != "WATCHDOG=1" {
			t.Fatalf("notification %q, want WATCHDOG=1", got)
		}
	}
	if code := d.stop(syscall.SIGTERM); code != 0 {
		t.Errorf("exit %d after SIGTERM", code)
	}
	for {
		got := next()
		if got == "STOPPING=1" {
			break
		}
		if !strings.HasPrefix(got, "WATCHDOG=") {
			t.Fatalf("notification %q while stopping", got)
		}
	}
}
