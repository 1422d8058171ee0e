package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"sabershop/internal/catalog"
	"sabershop/internal/catalog/catalogfile"
	"sabershop/internal/order/ordertest"
	"sabershop/internal/testutil"
)

// These tests run the real binary: `orderd serve` as a process that is
// signalled and killed, and the owner's commands as separate processes,
// over the real site built once by cmd/build.

var (
	binPath  string // the orderd binary
	sitePath string // the built site (public/)
	setupErr error
)

func TestMain(m *testing.M) {
	flag.Parse()
	if testing.Short() {
		os.Exit(m.Run()) // every test here skips itself
	}
	tmp, err := os.MkdirTemp("", "orderd-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	setupErr = setup(tmp)
	code := m.Run()
	os.RemoveAll(tmp)
	os.Exit(code)
}

func setup(tmp string) error {
	binPath = filepath.Join(tmp, "orderd")
	if out, err := exec.Command("go", "build", "-buildvcs=auto", "-o", binPath, ".").CombinedOutput(); err != nil {
		return fmt.Errorf("go build: %v\n%s", err, out)
	}
	sitePath = filepath.Join(tmp, "site")
	build := exec.Command("go", "run", "./cmd/build", "-no-compress", "-workers", "1", "-out", sitePath)
	build.Dir = "../.."
	if out, err := build.CombinedOutput(); err != nil {
		return fmt.Errorf("building the site: %v\n%s", err, out)
	}
	return nil
}

// needBinary skips in -short mode and fails when the setup failed.
func needBinary(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("runs the real binary (slow)")
	}
	if setupErr != nil {
		t.Fatal(setupErr)
	}
}

// cleanEnv is the environment without ORDERD_* settings, so that a
// developer's SMTP settings never reach a test daemon.
func cleanEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "ORDERD_") {
			env = append(env, kv)
		}
	}
	return env
}

// dataDir is a fresh data directory with a short path (the command
// socket lives in it, and Unix socket paths are limited to ~100 bytes).
func dataDir(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "odt")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	return filepath.Join(dir, "var")
}

// daemonProc is a running `orderd serve`.
type daemonProc struct {
	t    *testing.T
	cmd  *exec.Cmd
	addr string // 127.0.0.1:PORT
	base string // http://127.0.0.1:PORT

	mu   sync.Mutex
	log  bytes.Buffer
	done chan struct{} // closed when the process has exited
	err  error         // Wait's result
}

var servingLine = regexp.MustCompile(`(?:msg=serving url=|"msg":"serving","url":")http://localhost:(\d+)/`)

// startDaemon runs orderd serve on a free loopback port and waits until
// it logs that it serves.
func startDaemon(t *testing.T, data string, extra ...string) *daemonProc {
	t.Helper()
	return startDaemonEnv(t, data, nil, extra...)
}

// startDaemonEnv is startDaemon with KEY=VALUE settings in its environment.
func startDaemonEnv(t *testing.T, data string, env []string, extra ...string) *daemonProc {
	t.Helper()
	args := append([]string{"serve", "-addr", "127.0.0.1:0", "-data", data, "-site", sitePath, "-write-rate", "0"}, extra...)
	d := &daemonProc{t: t, cmd: exec.Command(binPath, args...), done: make(chan struct{})}
	d.cmd.Env = append(cleanEnv(), env...)
	stderr, err := d.cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := d.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	port := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			line := sc.Text()
			d.mu.Lock()
			d.log.WriteString(line + "\n")
			d.mu.Unlock()
			if m := servingLine.FindStringSubmatch(line); m != nil {
				select {
				case port <- m[1]:
				default:
				}
			}
		}
		io.Copy(io.Discard, stderr)
		d.err = d.cmd.Wait()
		close(d.done)
	}()
	t.Cleanup(func() {
		select {
		case <-d.done:
		default:
			d.cmd.Process.Kill()
			<-d.done
		}
		if t.Failed() {
			t.Logf("daemon log:\n%s", d.logText())
		}
	})
	select {
	case p := <-port:
		d.addr = "127.0.0.1:" + p
		d.base = "http://" + d.addr
	case <-d.done:
		t.Fatalf("orderd serve exited before serving: %v\n%s", d.err, d.logText())
	case <-testutil.UntilDeadline(t):
		t.Fatalf("orderd serve did not start before the test's deadline\n%s", d.logText())
	}
	return d
}

func (d *daemonProc) logText() string {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.log.String()
}

// signal sends sig and waits for the process to exit, returning its exit
// code (-1 when a signal ended it).
func (d *daemonProc) stop(sig syscall.Signal) int {
	d.t.Helper()
	if err := d.cmd.Process.Signal(sig); err != nil {
		d.t.Fatal(err)
	}
	return d.wait()
}

func (d *daemonProc) wait() int {
	d.t.Helper()
	select {
	case <-d.done:
	case <-testutil.UntilDeadline(d.t):
		d.cmd.Process.Kill()
		d.t.Fatalf("orderd did not exit before the test's deadline\n%s", d.logText())
	}
	return d.cmd.ProcessState.ExitCode()
}

// runOrderd runs one owner's command as its own process.
func runOrderd(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(binPath, args...)
	cmd.Env = cleanEnv()
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		t.Fatalf("orderd %s: %v", strings.Join(args, " "), err)
	}
	return out.String(), errb.String(), cmd.ProcessState.ExitCode()
}

// mustRun runs a command that must exit 0 with nothing on stderr.
func mustRun(t *testing.T, args ...string) string {
	t.Helper()
	out, errOut, code := runOrderd(t, args...)
	if code != 0 || errOut != "" {
		t.Fatalf("orderd %s: exit %d\nstdout: %s\nstderr: %s", strings.Join(args, " "), code, out, errOut)
	}
	return out
}

var (
	catOnce sync.Once
	siteCat *catalog.Catalog
)

// siteCatalog is the built site's catalogue, as the daemon loaded it.
func siteCatalog(t *testing.T) *catalog.Catalog {
	t.Helper()
	catOnce.Do(func() {
		c, err := catalogfile.Read(sitePath)
		if err != nil {
			t.Fatal(err)
		}
		siteCat = c
	})
	return siteCat
}

// orderBody is a valid POST /v1/orders body for email with the total the
// server will compute (priced here from the same catalogue).
func orderBody(t *testing.T, email string) []byte {
	t.Helper()
	req := ordertest.Request("pl")
	req.Customer.Email = email
	return ordertest.Body(t, siteCatalog(t), req, time.Now())
}

type placed struct {
	Hash      string `json:"hash"`
	Code      string `json:"code"`
	StatusURL string `json:"status_url"`
	Order     struct {
		ID     uint64 `json:"id"`
		Status string `json:"status"`
	} `json:"order"`
}

// post sends an order and returns the status and the decoded answer.
func post(client *http.Client, base string, body []byte, key string) (int, placed, error) {
	req, err := http.NewRequest(http.MethodPost, base+"/v1/orders", bytes.NewReader(body))
	if err != nil {
		return 0, placed{}, err
	}
	req.Header.Set("Content-Type", "application/json")
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
	res, err := client.Do(req)
	if err != nil {
		return 0, placed{}, err
	}
	defer res.Body.Close()
	var p placed
	data, err := io.ReadAll(res.Body)
	if err != nil {
		return res.StatusCode, p, err
	}
	if err := json.Unmarshal(data, &p); err != nil {
		return res.StatusCode, p, fmt.Errorf("answer %d %q: %w", res.StatusCode, data, err)
	}
	return res.StatusCode, p, nil
}
