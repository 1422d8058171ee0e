package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/pprof"
	"strings"
	"syscall"
	"time"

	"sabershop/internal/daemon"
)

type staticCase struct{ name, path string }

// cases are the requested static cases: the product page, the small
// sitewide script and the largest hashed script (it was React's runtime;
// since the islands run on Preact, the creator's chunk).
func (b *bench) cases() ([]staticCase, error) {
	all := map[string]string{"page": "/shop/arc", "js-small": "assets/sitewide-*.js", "js-large": largestScript(b.o.site)}
	var out []staticCase
	for _, name := range strings.FieldsFunc(b.o.cases, func(r rune) bool { return r == ',' }) {
		p, ok := all[name]
		if !ok {
			return nil, fmt.Errorf("-cases: unknown case %q (page, js-small, js-large)", name)
		}
		if !strings.HasPrefix(p, "/") {
			m, _ := filepath.Glob(filepath.Join(b.o.site, p))
			if len(m) == 0 {
				return nil, fmt.Errorf("no %s in %s", p, b.o.site)
			}
			p = "/" + filepath.ToSlash(strings.TrimPrefix(m[0], filepath.Clean(b.o.site)+string(filepath.Separator)))
		}
		out = append(out, staticCase{name, p})
	}
	return out, nil
}

// largestScript is the glob of the largest script under assets/ (its
// own name once found).
func largestScript(site string) string {
	m, _ := filepath.Glob(filepath.Join(site, "assets", "*.js"))
	best, size := "assets/runtime-*.js", int64(-1)
	for _, f := range m {
		if fi, err := os.Stat(f); err == nil && fi.Size() > size {
			best, size = "assets/"+filepath.Base(f), fi.Size()
		}
	}
	return best
}

// static warms both servers up on every case, then measures the rounds
// and prints every round and a summary.
func (b *bench) static(cases []staticCase) error {
	servers := [2]string{b.orderd, b.nginx}
	names := [2]string{"orderd", "nginx"}
	enc := "Accept-Encoding: " + b.o.encoding
	type row struct{ r [2]*loadResult }
	rows := map[string][]row{}
	shape := map[string][2]*loadResult{}
	for _, c := range cases {
		var w [2]*loadResult
		for i, s := range servers {
			r, err := b.load(s+c.path, b.o.warmup, "-H", enc)
			if err != nil {
				return fmt.Errorf("warm-up %s %s: %w", names[i], c.name, err)
			}
			w[i] = r
		}
		shape[c.name] = w
	}
	if err := b.startProfile(); err != nil {
		return err
	}
	for round := range b.o.rounds {
		for _, c := range cases {
			var rr row
			for k := range 2 {
				i := (round + k) % 2 // A/B, then B/A
				r, err := b.load(servers[i]+c.path, b.o.d, "-H", enc)
				if err != nil {
					return fmt.Errorf("round %d %s %s: %w", round+1, names[i], c.name, err)
				}
				rr.r[i] = r
			}
			rows[c.name] = append(rows[c.name], rr)
		}
	}
	b.stopProfile()

	fmt.Println("| case | path | body bytes orderd / nginx | header bytes orderd / nginx | orderd req/s (median) | nginx req/s (median) | orderd/nginx req/s (median) | range of the rounds | CPU µs per answer orderd / nginx (median) | nginx/orderd CPU per answer (median) |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|---|")
	for _, c := range cases {
		var o, n, ratio, oc, nc, cpuRatio []float64
		for _, rr := range rows[c.name] {
			o, n = append(o, rr.r[0].RPS), append(n, rr.r[1].RPS)
			ratio = append(ratio, rr.r[0].RPS/rr.r[1].RPS)
			oc, nc = append(oc, rr.r[0].CPUus), append(nc, rr.r[1].CPUus)
			cpuRatio = append(cpuRatio, rr.r[1].CPUus/rr.r[0].CPUus)
		}
		w := shape[c.name]
		fmt.Printf("| %s | `%s` | %d / %d | %d / %d | %.0f | %.0f | **%.2f** | %.2f–%.2f | %.1f / %.1f | %.2f |\n", c.name, c.path,
			w[0].BodyBytes, w[1].BodyBytes, w[0].HeaderBytes, w[1].HeaderBytes, median(o), median(n), median(ratio), minOf(ratio), maxOf(ratio),
			median(oc), median(nc), median(cpuRatio))
	}
	fmt.Println()
	fmt.Println("| case | round | first | orderd req/s | nginx req/s | orderd/nginx | orderd p50 / p99 ms | nginx p50 / p99 ms | CPU µs per answer orderd / nginx |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|")
	for _, c := range cases {
		for round, rr := range rows[c.name] {
			o, n := rr.r[0], rr.r[1]
			fmt.Printf("| %s | %d | %s | %.0f | %.0f | %.2f | %.2f / %.2f | %.2f / %.2f | %.1f / %.1f |\n", c.name, round+1, names[round%2],
				o.RPS, n.RPS, o.RPS/n.RPS, o.P50ms, o.P99ms, n.P50ms, n.P99ms, o.CPUus, n.CPUus)
		}
	}
	fmt.Println()
	return nil
}

// orders posts valid orders to orderd (a fresh data directory, no write
// limit) from the configured clients, -rounds times.
func (b *bench) orders() error {
	if _, err := b.load(b.orderd+"/v1/orders", b.o.warmup, "-orders"); err != nil {
		return fmt.Errorf("orders warm-up: %w", err)
	}
	fmt.Printf("| orders round | clients | orders/s | p50 ms | p99 ms | max ms | CPU µs per order |\n|---|---|---|---|---|---|---|\n")
	var p99s, rps []float64
	if err := b.startProfile(); err != nil {
		return err
	}
	defer b.stopProfile()
	for round := range b.o.rounds {
		r, err := b.load(b.orderd+"/v1/orders", b.o.ordersD, "-orders")
		if err != nil {
			return fmt.Errorf("orders round %d: %w", round+1, err)
		}
		p99s, rps = append(p99s, r.P99ms), append(rps, r.RPS)
		fmt.Printf("| %d | %d | %.0f | %.2f | %.2f | %.2f | %.0f |\n", round+1, b.o.clients, r.RPS, r.P50ms, r.P99ms, r.MaxMs, r.CPUus)
	}
	fmt.Printf("| median | %d | %.0f | | %.2f | | |\n\n", b.o.clients, median(rps), median(p99s))
	return nil
}

func minOf(xs []float64) float64 {
	m := xs[0]
	for _, x := range xs {
		m = min(m, x)
	}
	return m
}

func maxOf(xs []float64) float64 {
	m := xs[0]
	for _, x := range xs {
		m = max(m, x)
	}
	return m
}

// The profiled daemon: this program started again with profileEnv set
// runs daemon.Run with orderd serve's settings for the benchmark and
// profiles the CPU between SIGUSR1 (the rounds start) and SIGUSR2 (they
// end), writing the profile to the file profileEnv names.
const profileEnv = "SERVEBENCH_DAEMON_PROFILE"

// startProfile starts the profile for the first measured phase: the
// static rounds, or the orders when there are no static cases.
func (b *bench) startProfile() error {
	if b.profile == nil || b.profiled {
		return nil
	}
	b.profiled = true
	return b.profile.Process.Signal(syscall.SIGUSR1)
}

// stopProfile ends the profile and waits until the daemon has written it
// whole (it renames the finished file into place), since the daemon is
// stopped right after the rounds: a profile cut short does not parse.
func (b *bench) stopProfile() {
	if b.profile == nil {
		return
	}
	if err := b.profile.Process.Signal(syscall.SIGUSR2); err != nil {
		fmt.Fprintln(os.Stderr, "servebench: profile:", err)
		return
	}
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if _, err := os.Stat(b.o.profile); err == nil {
			return
		}
	}
	fmt.Fprintln(os.Stderr, "servebench: the daemon did not finish its profile within a minute")
}

func profiledDaemon() int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	marks := make(chan os.Signal, 2)
	signal.Notify(marks, syscall.SIGUSR1, syscall.SIGUSR2)
	go func() {
		var f *os.File
		for s := range marks {
			switch {
			case s == syscall.SIGUSR1 && f == nil:
				var err error
				if f, err = os.Create(os.Getenv(profileEnv) + ".part"); err == nil {
					err = pprof.StartCPUProfile(f)
				}
				if err != nil {
					fmt.Fprintln(os.Stderr, "servebench: profile:", err)
				}
			case s == syscall.SIGUSR2 && f != nil:
				pprof.StopCPUProfile()
				err := f.Close()
				if err == nil {
					err = os.Rename(f.Name(), os.Getenv(profileEnv))
				}
				if err != nil {
					fmt.Fprintln(os.Stderr, "servebench: profile:", err)
				}
			}
		}
	}()
	cfg := daemon.Config{Addr: os.Getenv("SERVEBENCH_ADDR"), Site: os.Getenv("SERVEBENCH_SITE"), Data: os.Getenv("SERVEBENCH_DATA"),
		Log: daemonLog(), Getenv: func(string) string { return "" }, WriteBurst: 20}
	if err := daemon.Run(ctx, cfg); err != nil {
		fmt.Fprintln(os.Stderr, "servebench: daemon:", err)
		return 1
	}
	return 0
}
