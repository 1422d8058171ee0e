package main

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"

	"sabershop/internal/testutil"
)

// A backup taken while orders pour in, restored after the daemon stopped,
// holds every order the shop acknowledged before the backup began; the
// restore is refused while the daemon serves and for a file that is not a
// backup, and keeps the data file it replaces.
func TestRestoreUnderLoad(t *testing.T) {
	needBinary(t)
	data := dataDir(t)
	d := startDaemon(t, data)
	client := &http.Client{}
	body := orderBody(t, "load@example.com")

	var (
		mu    sync.Mutex
		acked []string // hashes of 201 answers, in the order they came
		stop  = make(chan struct{})
		wg    sync.WaitGroup
		first = make(chan struct{})
		once  sync.Once
	)
	for w := range 4 {
		wg.Go(func() {
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				code, p, err := post(client, d.base, body, fmt.Sprintf("w%d-%d", w, i))
				if err != nil || code != http.StatusCreated {
					t.Errorf("order under load: %d %v", code, err)
					return
				}
				mu.Lock()
				acked = append(acked, p.Hash)
				if len(acked) >= 40 {
					once.Do(func() { close(first) })
				}
				mu.Unlock()
			}
		})
	}
	<-first
	mu.Lock()
	before := append([]string(nil), acked...)
	mu.Unlock()
	backup := filepath.Join(t.TempDir(), "under-load.db")
	mustRun(t, "-data", data, "backup", backup)
	mu.Lock()
	done := len(acked) // acknowledged once the backup was written
	mu.Unlock()
	// Some orders after it too: the restored file must not have them.
	testutil.Eventually(t, "ten orders acknowledged after the backup", func() error {
		mu.Lock()
		n := len(acked)
		mu.Unlock()
		if n < done+10 {
			return fmt.Errorf("%d so far", n-done)
		}
		return nil
	})
	close(stop)
	wg.Wait()
	after := acked[done:]

	// Refused while serving.
	if _, stderr, code := runOrderd(t, "-data", data, "restore", backup); code != 1 || !strings.Contains(stderr, "stop it first") {
		t.Errorf("restore while serving: exit %d, %q", code, stderr)
	}
	if code := d.stop(syscall.SIGTERM); code != 0 {
		t.Fatalf("daemon exit %d", code)
	}
	// Refused for a file that is not a backup; nothing changes.
	junk := filepath.Join(t.TempDir(), "junk.db")
	if err := os.WriteFile(junk, []byte("not a data file"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, stderr, code := runOrderd(t, "-data", data, "restore", junk); code != 1 || !strings.Contains(stderr, "not a usable backup") {
		t.Errorf("restore of junk: exit %d, %q", code, stderr)
	}
	if matches, _ := filepath.Glob(filepath.Join(data, "orderd.db.before-restore-*")); len(matches) != 0 {
		t.Errorf("a refused restore moved the data file: %v", matches)
	}

	out := mustRun(t, "-data", data, "restore", backup)
	if !strings.Contains(out, "restored "+backup) || !strings.Contains(out, "kept as ") {
		t.Errorf("restore said %q", out)
	}
	if matches, _ := filepath.Glob(filepath.Join(data, "orderd.db.before-restore-*")); len(matches) != 1 {
		t.Errorf("the replaced data file was not kept: %v", matches)
	}
	if fi, err := os.Stat(filepath.Join(data, "orderd.db")); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("restored file: %v %v", fi, err)
	}

	d2 := startDaemon(t, data)
	orderStatus := func(hash string) int {
		t.Helper()
		res, err := client.Get(d2.base + "/v1/orders/" + hash)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	missing := 0
	for _, h := range before {
		if orderStatus(h) != http.StatusOK {
			missing++
		}
	}
	if missing > 0 {
		t.Errorf("%d of the %d orders acknowledged before the backup are missing after the restore", missing, len(before))
	}
	for _, h := range after {
		if code := orderStatus(h); code != http.StatusNotFound {
			t.Errorf("an order placed after the backup was written is there after the restore: %d", code)
			break
		}
	}
}
