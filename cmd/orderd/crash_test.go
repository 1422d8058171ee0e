package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"sabershop/internal/admin"
	"sabershop/internal/daemon"
	"sabershop/internal/mail"
	"sabershop/internal/mail/outbox"
	"sabershop/internal/store"
	"sabershop/internal/testutil"
)

// TestCrashKeepsAnsweredOrders: an answered order is never lost. A burst of
// concurrent orders, SIGKILL in the middle of it, a restart on the same
// data directory (over the stale command socket), and every order that
// was answered 201 is there, with its order_placed e-mail sent (an .eml
// file) or still queued.
func TestCrashKeepsAnsweredOrders(t *testing.T) {
	needBinary(t)
	const clients = 32
	data := dataDir(t)
	d := startDaemon(t, data)

	// Every client's body is priced up front: the clients only post.
	bodies := make([][][]byte, clients)
	for c := range bodies {
		for i := range 200 {
			bodies[c] = append(bodies[c], orderBody(t, fmt.Sprintf("crash-%d-%d@example.com", c, i)))
		}
	}
	tr := &http.Transport{MaxIdleConnsPerHost: clients, MaxConnsPerHost: clients}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr, Timeout: 20 * time.Second}

	var (
		mu       sync.Mutex
		answered = map[string]string{} // hash -> e-mail
		failed   atomic.Int64          // requests that got no answer
		cut      atomic.Int64          // of which were sent before the kill
		other    atomic.Int64          // answers other than 201
		killed   atomic.Bool
		wg       sync.WaitGroup
		// The kill waits for answers, not for a time: a busy machine
		// answers slower, and the test is about what was answered.
		enough     = make(chan struct{})
		enoughOnce sync.Once
	)
	for c := range clients {
		wg.Go(func() {
			for i, body := range bodies[c] {
				code, p, err := post(client, d.base, body, fmt.Sprintf("crash-%d-%d", c, i))
				switch {
				case err != nil:
					failed.Add(1)
					if !errors.Is(err, syscall.ECONNREFUSED) {
						cut.Add(1) // sent, and the answer never came
					}
					if !killed.Load() {
						t.Errorf("client %d before the kill: %v", c, err)
					}
					return
				case code == http.StatusCreated:
					mu.Lock()
					answered[p.Hash] = fmt.Sprintf("crash-%d-%d@example.com", c, i)
					if len(answered) >= 2*clients {
						enoughOnce.Do(func() { close(enough) })
					}
					mu.Unlock()
				default:
					other.Add(1)
					t.Errorf("client %d: status %d", c, code)
				}
			}
		})
	}
	allDone := make(chan struct{})
	go func() { wg.Wait(); close(allDone) }()
	select {
	case <-enough:
	case <-allDone:
		t.Fatal("every client stopped before the daemon answered enough orders to kill it mid-burst")
	}
	killed.Store(true)
	if code := d.stop(syscall.SIGKILL); code != -1 {
		t.Fatalf("after SIGKILL: exit code %d", code)
	}
	wg.Wait()
	t.Logf("answered 201 before the kill: %d; cut off in flight: %d", len(answered), cut.Load())
	if len(answered) < 2*clients {
		t.Fatalf("only %d orders answered before the kill", len(answered))
	}
	// Each client stops at its first failure: all of them failing means
	// all were still posting when the process died.
	if failed.Load() != clients {
		t.Fatalf("%d of %d clients were still posting at the kill", failed.Load(), clients)
	}
	if _, err := os.Stat(filepath.Join(data, admin.SocketName)); err != nil {
		t.Fatalf("SIGKILL should leave the socket file behind: %v", err)
	}

	// The restart takes over the stale socket and finds every answered
	// order by its status hash.
	d2 := startDaemon(t, data)
	check := &http.Client{Timeout: 10 * time.Second}
	for hash, email := range answered {
		res, err := check.Get(d2.base + "/v1/orders/" + hash)
		if err != nil {
			t.Fatal(err)
		}
		var view struct {
			Status   string `json:"status"`
			Customer struct {
				Email string `json:"email"`
			} `json:"customer"`
		}
		err = json.NewDecoder(res.Body).Decode(&view)
		res.Body.Close()
		if res.StatusCode != http.StatusOK || err != nil || view.Status != "placed" || view.Customer.Email != email {
			t.Errorf("GET %s after the crash: %d %v %+v (want %s)", hash, res.StatusCode, err, view, email)
		}
	}
	// The owner's commands reach the restarted daemon.
	if out := mustRun(t, "-data", data, "orders", "list"); strings.Count(out, "@example.com") < len(answered) {
		t.Errorf("orders list after the restart lists fewer than %d orders", len(answered))
	}
	if code := d2.stop(syscall.SIGTERM); code != 0 {
		t.Fatalf("SIGTERM after the restart: exit %d", code)
	}

	// Every answered order's order_placed e-mail was sent (and its .eml
	// file is there) or is still in the outbox.
	db, err := store.Open(filepath.Join(data, daemon.DBName), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.Check(); err != nil {
		t.Errorf("data file after the crash: %v", err)
	}
	queued := map[string]int{}
	queue, err := db.Outbox()
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range queue {
		if m.Kind == mail.KindOrderPlaced {
			queued[m.Ref]++
		}
	}
	files := mail.FileSender{Dir: filepath.Join(data, "mail")}
	var sentN, queuedN int
	for hash, email := range answered {
		sent, err := db.Sent(hash)
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, s := range sent {
			if s.Kind != mail.KindOrderPlaced {
				continue
			}
			found = true
			path := files.Path(&outbox.Message{ID: s.ID, Created: s.Created, Kind: s.Kind})
			if eml, err := os.ReadFile(path); err != nil || !strings.Contains(string(eml), email) {
				t.Errorf("order %s: e-mail recorded as sent, but its file %s: %v", hash, path, err)
			}
		}
		switch {
		case found:
			sentN++
		case queued[hash] > 0:
			queuedN++
		default:
			t.Errorf("order %s (%s): no order_placed e-mail sent or queued", hash, email)
		}
	}
	t.Logf("order_placed e-mails: %d sent, %d still queued", sentN, queuedN)
}

// TestGracefulShutdown: SIGTERM while a request is in flight lets it
// finish (201, the order stored with its e-mail), then the process exits 0
// and removes its command socket.
func TestGracefulShutdown(t *testing.T) {
	needBinary(t)
	data := dataDir(t)
	d := startDaemon(t, data)

	body := orderBody(t, "slow@example.com")
	conn, err := net.Dial("tcp", d.addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if dl, ok := t.Deadline(); ok {
		conn.SetReadDeadline(dl.Add(-5 * time.Second))
	}
	answers := bufio.NewReader(conn)
	half := len(body) / 2
	// Expect: 100-continue makes net/http say "100 Continue" when the
	// handler starts reading the body: the request is then in flight, not
	// a connection still waiting to be read.
	fmt.Fprintf(conn, "POST /v1/orders HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\nExpect: 100-continue\r\n\r\n", d.addr, len(body))
	if res, err := http.ReadResponse(answers, nil); err != nil || res.StatusCode != http.StatusContinue {
		t.Fatalf("before the body: %v %v", res, err)
	}
	if _, err := conn.Write(body[:half]); err != nil {
		t.Fatal(err)
	}
	if err := d.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	// The daemon waits for the request instead of exiting.
	testutil.Eventually(t, "orderd to log that it shuts down", func() error {
		if !strings.Contains(d.logText(), "shutting down") {
			return errors.New("no such line yet")
		}
		return nil
	})
	// New connections are refused meanwhile: the listener closes as the
	// shutdown starts, and then the daemon only waits for the request.
	testutil.Eventually(t, "new connections refused during shutdown", func() error {
		c, err := net.Dial("tcp", d.addr)
		if err != nil {
			return nil
		}
		c.Close()
		return errors.New("a new connection was accepted")
	})
	// Had the daemon not waited, the answer below would not come either;
	// this says why.
	select {
	case <-d.done:
		t.Fatalf("orderd exited with a request in flight: %v\n%s", d.err, d.logText())
	default:
	}

	if _, err := conn.Write(body[half:]); err != nil {
		t.Fatal(err)
	}
	res, err := http.ReadResponse(answers, nil)
	if err != nil {
		t.Fatalf("reading the answer: %v", err)
	}
	answer, _ := io.ReadAll(res.Body)
	res.Body.Close()
	var p placed
	if res.StatusCode != http.StatusCreated || json.Unmarshal(answer, &p) != nil || p.Hash == "" {
		t.Fatalf("in-flight request: %d %s", res.StatusCode, answer)
	}

	if code := d.wait(); code != 0 {
		t.Fatalf("exit code %d after SIGTERM\n%s", code, d.logText())
	}
	if _, err := os.Stat(filepath.Join(data, admin.SocketName)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("socket left after shutdown: %v", err)
	}
	// The order and its e-mail are in the file the daemon closed.
	out := mustRun(t, "-data", data, "orders", "show", p.Hash)
	if !strings.Contains(out, "slow@example.com") || !strings.Contains(out, "order_placed") {
		t.Errorf("orders show after shutdown:\n%s", out)
	}
}
