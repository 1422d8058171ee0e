// Command hostspeed measures how fast this machine's CPU is right now: it
// hashes a fixed amount of data (SHA-256, one goroutine) and prints the
// rate, -n times, -every apart. On a shared VM the rate moves by up to 2x
// from one minute to the next, and every benchmark on it with it
// (docs/benchmarks.md, "How fast the host is"); a probe next to each run
// says which runs had the same machine.
//
//	go run ./tools/hostspeed [-n 1] [-every 10s] [-mb 256]
//
// Each line: the UTC time, MB/s, and the probe's wall time.
package main

import (
	"crypto/sha256"
	"flag"
	"fmt"
	"io"
	"os"
	"time"
)

func main() {
	n := flag.Int("n", 1, "samples")
	every := flag.Duration("every", 10*time.Second, "time between the samples' starts")
	mb := flag.Int("mb", 256, "MiB hashed per sample (256 take about 0.2 s at 1.3 GB/s)")
	flag.Parse()
	if err := run(os.Stdout, *n, *every, *mb); err != nil {
		fmt.Fprintln(os.Stderr, "hostspeed:", err)
		os.Exit(1)
	}
}

func run(w io.Writer, n int, every time.Duration, mb int) error {
	if n < 1 || mb < 1 {
		return fmt.Errorf("-n %d -mb %d: want at least 1 each", n, mb)
	}
	buf := make([]byte, 1<<20)
	for i := range buf {
		buf[i] = byte(i * 7)
	}
	for i := 0; i < n; i++ {
		start := time.Now()
		rate := sample(buf, mb)
		if _, err := fmt.Fprintf(w, "%s %.0f MB/s %.3f s\n", start.UTC().Format("15:04:05"), rate, time.Since(start).Seconds()); err != nil {
			return err
		}
		if i < n-1 {
			time.Sleep(time.Until(start.Add(every)))
		}
	}
	return nil
}

// sample hashes buf mb times and returns the rate in MB/s (10^6 bytes).
func sample(buf []byte, mb int) float64 {
	h := sha256.New()
	start := time.Now()
	for j := 0; j < mb; j++ {
		h.Write(buf)
	}
	h.Sum(nil)
	return float64(mb*len(buf)) / 1e6 / time.Since(start).Seconds()
}
