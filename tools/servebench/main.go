// Command servebench measures orderd serving the built site against nginx
// serving the same files, each load run by tools/loadgen in its own
// process, and orderd's order intake
// (docs/benchmarks.md#serving-against-nginx).
//
//	make bench-serve
//	go run ./tools/servebench [-rounds 4] [-d 5s] [-c 64] [-orders-d 10s] [-profile cpu.pprof]
//
// It builds orderd and loadgen, builds the site into -site when it is
// missing, starts orderd (-write-rate 0, a fresh data directory) and nginx
// (configured as production would be: sendfile, tcp_nopush, gzip_static
// and brotli_static when the module is installed, open_file_cache,
// keep-alive, one worker per core, no access log, the same response
// headers as orderd) on free loopback ports, warms both up, then measures
// each case on the two servers in turn, A/B then B/A, for -rounds rounds,
// so that noise from other processes falls on both alike. It prints
// Markdown tables with every round's figures and the ratio orderd/nginx.
//
// -profile writes a CPU profile of the daemon over the measured rounds:
// the daemon then runs inside this program (daemon.Run, as orderd serve
// calls it) rather than as the orderd binary.
package main

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"time"
)

type options struct {
	site, encoding, profile, cases string
	orderd                         string
	rounds, clients                int
	d, warmup, ordersD             time.Duration
	rebuild                        bool
}

func main() {
	if os.Getenv(profileEnv) != "" {
		os.Exit(profiledDaemon())
	}
	var o options
	flag.StringVar(&o.site, "site", ".build/bench/public", "the built site both servers serve (built when missing)")
	flag.BoolVar(&o.rebuild, "build", false, "build the site even when -site exists")
	flag.IntVar(&o.rounds, "rounds", 4, "measurement rounds per case (each measures both servers)")
	flag.IntVar(&o.clients, "c", 64, "concurrent keep-alive connections")
	flag.DurationVar(&o.d, "d", 5*time.Second, "length of one measurement")
	flag.DurationVar(&o.warmup, "warmup", 2*time.Second, "warm-up per case and server before the rounds")
	flag.DurationVar(&o.ordersD, "orders-d", 10*time.Second, "length of one orders measurement (0: no orders)")
	flag.StringVar(&o.encoding, "encoding", "br, gzip", "the Accept-Encoding both servers are sent")
	flag.StringVar(&o.cases, "cases", "page,js-small,js-large", "the static cases to run (empty: none)")
	flag.StringVar(&o.orderd, "orderd", "", "an orderd binary to measure instead of building ./cmd/orderd (e.g. an older commit's)")
	flag.StringVar(&o.profile, "profile", "", "write a CPU profile of the daemon during the rounds to this file")
	flag.Parse()
	if err := run(o); err != nil {
		fmt.Fprintln(os.Stderr, "servebench:", err)
		os.Exit(1)
	}
}

type bench struct {
	o       options
	tmp     string
	bin     string // directory of the built binaries
	procs   []*exec.Cmd
	orderd  string // base URLs
	nginx   string
	brotli  bool
	profile *exec.Cmd
	// profiled: the profile was started (it covers one phase)
	profiled bool
}

func run(o options) error {
	b := &bench{o: o}
	var err error
	if b.tmp, err = os.MkdirTemp("", "servebench-"); err != nil {
		return err
	}
	defer os.RemoveAll(b.tmp)
	defer b.stop()
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	go func() {
		<-sig
		b.stop()
		os.RemoveAll(b.tmp)
		os.Exit(130)
	}()

	if err := b.build(); err != nil {
		return err
	}
	if err := b.startOrderd(); err != nil {
		return err
	}
	if err := b.startNginx(); err != nil {
		return err
	}
	cases, err := b.cases()
	if err != nil {
		return err
	}
	out, _ := exec.Command("nginx", "-v").CombinedOutput()
	fmt.Printf("servebench %s: %d clients, %s per measurement, %d rounds, Accept-Encoding %q; %s; %s, brotli_static %v; GOMAXPROCS of orderd: default (%d cores)\n\n",
		time.Now().UTC().Format(time.RFC3339), o.clients, o.d, o.rounds, o.encoding, goVersion(), strings.TrimSpace(string(out)), b.brotli, runtime.NumCPU())
	if len(cases) > 0 {
		if err := b.static(cases); err != nil {
			return err
		}
	}
	if o.ordersD > 0 {
		return b.orders()
	}
	return nil
}

// build compiles orderd and loadgen, and the site when it is missing.
func (b *bench) build() error {
	b.bin = filepath.Join(b.tmp, "bin")
	for _, pkg := range []string{"./cmd/orderd", "./tools/loadgen"} {
		if err := runCmd("go", "build", "-o", b.bin+"/", pkg); err != nil {
			return err
		}
	}
	if _, err := os.Stat(filepath.Join(b.o.site, "index.html")); err == nil && !b.o.rebuild {
		return nil
	}
	return runCmd("go", "run", "./cmd/build", "-out", b.o.site)
}

func runCmd(name string, args ...string) error {
	cmd := exec.Command(name, args...)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s %s: %w", name, strings.Join(args, " "), err)
	}
	return nil
}

func (b *bench) startOrderd() error {
	addr, err := freeAddr()
	if err != nil {
		return err
	}
	data := filepath.Join(b.tmp, "var")
	logf, err := os.Create(filepath.Join(b.tmp, "orderd.log"))
	if err != nil {
		return err
	}
	var cmd *exec.Cmd
	if b.o.profile != "" {
		self, err := os.Executable()
		if err != nil {
			return err
		}
		// stopProfile waits for this file: an old one must not stand in.
		if err := os.Remove(b.o.profile); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
		cmd = exec.Command(self)
		cmd.Env = append(os.Environ(), profileEnv+"="+b.o.profile, "SERVEBENCH_ADDR="+addr,
			"SERVEBENCH_SITE="+b.o.site, "SERVEBENCH_DATA="+data)
		b.profile = cmd
	} else {
		bin := cmp.Or(b.o.orderd, filepath.Join(b.bin, "orderd"))
		cmd = exec.Command(bin, "serve", "-addr", addr, "-site", b.o.site, "-data", data, "-write-rate", "0")
	}
	cmd.Stdout, cmd.Stderr = logf, logf
	if err := cmd.Start(); err != nil {
		return err
	}
	b.procs = append(b.procs, cmd)
	b.orderd = "http://" + addr
	return waitUp(b.orderd + "/healthz")
}

// startNginx writes a production-like configuration serving the same
// directory with the same response headers as orderd, and starts nginx.
func (b *bench) startNginx() error {
	if _, err := exec.LookPath("nginx"); err != nil {
		return errors.New("nginx is not installed (make bench-deps, or apt-get install nginx-light libnginx-mod-http-brotli-static)")
	}
	addr, err := freeAddr()
	if err != nil {
		return err
	}
	res, err := http.Get(b.orderd + "/shop/arc")
	if err != nil {
		return err
	}
	res.Body.Close()
	site, err := filepath.Abs(b.o.site)
	if err != nil {
		return err
	}
	const brotliModule = "/usr/lib/nginx/modules/ngx_http_brotli_static_module.so"
	_, statErr := os.Stat(brotliModule)
	b.brotli = statErr == nil
	conf := nginxConf(addr, site, b.tmp, res.Header, b.brotli, brotliModule)
	confPath := filepath.Join(b.tmp, "nginx.conf")
	if err := os.WriteFile(confPath, []byte(conf), 0o644); err != nil {
		return err
	}
	cmd := exec.Command("nginx", "-p", b.tmp, "-c", confPath, "-e", filepath.Join(b.tmp, "nginx-error.log"))
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Start(); err != nil {
		return err
	}
	b.procs = append(b.procs, cmd)
	b.nginx = "http://" + addr
	return waitUp(b.nginx + "/")
}

// stop ends the servers this program started; the profiled daemon gets
// SIGTERM so that it writes its profile.
func (b *bench) stop() {
	for _, p := range b.procs {
		if p.Process != nil && p.ProcessState == nil {
			p.Process.Signal(syscall.SIGTERM)
			done := make(chan struct{})
			go func() { p.Wait(); close(done) }()
			select {
			case <-done:
			case <-time.After(20 * time.Second):
				p.Process.Kill()
			}
		}
	}
	b.procs = nil
}

func freeAddr() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

// waitUp polls url until it answers or 60 s pass.
func waitUp(url string) error {
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		res, err := http.Get(url)
		if err == nil {
			io.Copy(io.Discard, res.Body)
			res.Body.Close()
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return fmt.Errorf("%s did not answer within 60 s", url)
}

// loadResult is tools/loadgen's JSON.
type loadResult struct {
	Requests    int            `json:"requests"`
	Errors      int            `json:"errors"`
	FirstError  string         `json:"first_error"`
	RPS         float64        `json:"rps"`
	P50ms       float64        `json:"p50_ms"`
	P99ms       float64        `json:"p99_ms"`
	MaxMs       float64        `json:"max_ms"`
	BodyBytes   int64          `json:"body_bytes"`
	HeaderBytes int            `json:"header_bytes"`
	Status      map[string]int `json:"status"`
	CPUus       float64        `json:"-"` // the server's CPU time per answer, µs
}

// load runs loadgen in its own process.
func (b *bench) load(url string, d time.Duration, extra ...string) (*loadResult, error) {
	args := append([]string{"-url", url, "-c", fmt.Sprint(b.o.clients), "-d", d.String()}, extra...)
	cmd := exec.Command(filepath.Join(b.bin, "loadgen"), args...)
	var stdout bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, os.Stderr
	server := b.procs[0].Process.Pid
	if strings.HasPrefix(url, b.nginx) {
		server = b.procs[1].Process.Pid
	}
	before := cpuTicks(server)
	runErr := cmd.Run()
	ticks := cpuTicks(server) - before
	var r loadResult
	if err := json.Unmarshal(stdout.Bytes(), &r); err != nil {
		return nil, fmt.Errorf("loadgen %s: %v (%v)", strings.Join(args, " "), err, runErr)
	}
	if r.Requests > 0 {
		r.CPUus = float64(ticks) * 1e6 / 100 / float64(r.Requests)
	}
	if r.Errors > 0 || runErr != nil {
		return &r, fmt.Errorf("loadgen %s: %d errors, first: %s", url, r.Errors, r.FirstError)
	}
	return &r, nil
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s) == 0 {
		return 0
	}
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func goVersion() string {
	out, err := exec.Command("go", "env", "GOVERSION").Output()
	if err != nil {
		return "go ?"
	}
	return strings.TrimSpace(string(out))
}

// daemonLog is the profiled daemon's log, as orderd serve's default: text
// at level Info to stderr (a line per /v1 request, none for static files).
func daemonLog() *slog.Logger {
	return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))
}
