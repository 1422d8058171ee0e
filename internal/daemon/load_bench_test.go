package daemon_test

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"sabershop/internal/daemon"
	"sabershop/internal/store"
)

// loadClients is the concurrency of the load benchmark
// (docs/benchmarks.md#orders-at-64-clients).
const loadClients = 64

// BenchmarkLoad is the order intake's load benchmark: POST /v1/orders from 64
// concurrent keep-alive clients over loopback HTTP against the whole
// daemon (daemon.Run: API, store, mail worker writing .eml files, text
// log), and in the same run against a reference handler that only stores
// the same request bytes through db.Batch (store.PutRaw, the store's
// batch settings) and answers 201 with as many bytes as the daemon does.
// Every request is a distinct valid order (its own e-mail address) with
// the server's total. Each iteration is one request to each server; the
// reference runs first, so the daemon's e-mail worker cannot slow it.
//
//	go test -run '^$' -bench 'Load$' -benchtime 5s ./internal/daemon/
func BenchmarkLoad(b *testing.B) {
	lr := newLoadRig(b, "load")
	client, body := lr.client, lr.body
	b.ResetTimer()
	refStats := load(b, client, lr.refURL, b.N, body)
	daemonStats := load(b, client, lr.daemonURL, b.N, body)
	b.StopTimer()

	b.ReportMetric(daemonStats.rps, "daemon-req/s")
	b.ReportMetric(refStats.rps, "ref-req/s")
	b.ReportMetric(daemonStats.rps/refStats.rps, "ratio")
	b.ReportMetric(ms(daemonStats.p99), "daemon-p99-ms")
	b.ReportMetric(ms(refStats.p99), "ref-p99-ms")
	b.ReportMetric(ms(daemonStats.p50), "daemon-p50-ms")
	b.ReportMetric(ms(refStats.p50), "ref-p50-ms")
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// referenceServer is the floor the daemon is measured against: read the
// body, write it with db.Batch, answer 201 with size bytes of JSON.
func referenceServer(b *testing.B, size int) *httptest.Server {
	db, err := store.Open(filepath.Join(b.TempDir(), "reference.db"), store.Options{})
	if err != nil {
		b.Fatal(err)
	}
	pad := max(size-len(`{"hash":"","pad":""}`)-24, 0)
	answer := fmt.Appendf(nil, `{"hash":"%s","pad":"%s"}`, "AAAAAAAAAAAAAAAAAAAAAAAA", bytes.Repeat([]byte("x"), pad))
	var seq atomic.Uint64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(io.LimitReader(r.Body, 64<<10))
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		key := binary.BigEndian.AppendUint64(nil, seq.Add(1))
		if err := db.PutRaw("reference", key, body); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusCreated)
		w.Write(answer)
	}))
	b.Cleanup(func() {
		srv.Close()
		db.Close()
	})
	return srv
}

type loadStats struct {
	rps      float64
	p50, p99 time.Duration
}

// load posts n orders to url from loadClients goroutines and measures
// throughput and latency; every answer must be 201.
func load(b *testing.B, client *http.Client, url string, n int, body func() []byte) loadStats {
	var (
		next    atomic.Int64
		failed  atomic.Bool
		mu      sync.Mutex
		all     = make([]time.Duration, 0, n)
		wg      sync.WaitGroup
		started = time.Now()
	)
	for range loadClients {
		wg.Go(func() {
			var mine []time.Duration
			defer func() {
				mu.Lock()
				all = append(all, mine...)
				mu.Unlock()
			}()
			for next.Add(1) <= int64(n) && !failed.Load() {
				took, err := timedOrder(client, url, body())
				if err != nil {
					failed.Store(true)
					b.Error(err)
					return
				}
				mine = append(mine, took)
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(started)
	slices.Sort(all)
	st := loadStats{rps: float64(len(all)) / elapsed.Seconds()}
	if len(all) > 0 {
		st.p50 = all[len(all)*50/100]
		st.p99 = all[min(len(all)*99/100, len(all)-1)]
	}
	return st
}

// BenchmarkLoadPaired is BenchmarkLoad with the two servers measured at
// the same time: each of the 64 clients alternates a request to the
// daemon and one to the reference, so a slow disk sync or a busy
// neighbour on the VM hits both alike (BenchmarkLoad runs them one after
// the other, and this VM's sync speed drifts between the two windows).
// With the same number of clients on each, throughput is inversely
// proportional to the mean latency, so the ratio is the reference's mean
// latency over the daemon's.
//
//	go test -run '^$' -bench LoadPaired -benchtime 5s ./internal/daemon/
func BenchmarkLoadPaired(b *testing.B) {
	lr := newLoadRig(b, "pair")
	client, body := lr.client, lr.body
	urls := [2]string{lr.daemonURL, lr.refURL}

	var (
		next   atomic.Int64
		failed atomic.Bool
		mu     sync.Mutex
		lat    [2][]time.Duration
		wg     sync.WaitGroup
	)
	b.ResetTimer()
	for c := range loadClients {
		wg.Go(func() {
			var mine [2][]time.Duration
			defer func() {
				mu.Lock()
				lat[0], lat[1] = append(lat[0], mine[0]...), append(lat[1], mine[1]...)
				mu.Unlock()
			}()
			for i := c; next.Add(1) <= int64(b.N) && !failed.Load(); i++ {
				for k := range 2 {
					which := (i + k) % 2 // half the clients start with each server
					took, err := timedOrder(client, urls[which], body())
					if err != nil {
						failed.Store(true)
						b.Error(err)
						return
					}
					mine[which] = append(mine[which], took)
				}
			}
		})
	}
	wg.Wait()
	b.StopTimer()
	mean := func(d []time.Duration) float64 {
		var sum time.Duration
		for _, x := range d {
			sum += x
		}
		return float64(sum) / float64(max(len(d), 1))
	}
	p99 := func(d []time.Duration) float64 {
		if len(d) == 0 {
			return 0
		}
		slices.Sort(d)
		return ms(d[min(len(d)*99/100, len(d)-1)])
	}
	b.ReportMetric(mean(lat[1])/mean(lat[0]), "ratio")
	b.ReportMetric(p99(lat[0]), "daemon-p99-ms")
	b.ReportMetric(p99(lat[1]), "ref-p99-ms")
	b.ReportMetric(mean(lat[0])/float64(time.Millisecond), "daemon-mean-ms")
	b.ReportMetric(mean(lat[1])/float64(time.Millisecond), "ref-mean-ms")
}

// loadRig is what both load benchmarks share: the daemon on a fixture
// site, the reference server answering as many bytes as the daemon does,
// a keep-alive client for loadClients connections per server, and a body
// maker giving each order its own e-mail address.
type loadRig struct {
	daemonURL, refURL string
	client            *http.Client
	body              func() []byte
}

func newLoadRig(b *testing.B, name string) *loadRig {
	r := startRun(b, daemon.Config{Site: fixtureSite(b), Data: shortDir(b)})
	tmpl := orderJSON(b, emailN(name, 1e11))
	placeholder := []byte(emailN(name, 1e11))
	tr := &http.Transport{MaxIdleConns: 4 * loadClients, MaxIdleConnsPerHost: loadClients, MaxConnsPerHost: loadClients,
		DisableCompression: true}
	b.Cleanup(tr.CloseIdleConnections)
	lr := &loadRig{daemonURL: r.base + "/v1/orders", client: &http.Client{Transport: tr, Timeout: 30 * time.Second}}
	var seq atomic.Uint64
	lr.body = func() []byte {
		return bytes.Replace(tmpl, placeholder, []byte(emailN(name, 1e11+seq.Add(1))), 1)
	}
	// The daemon's answer size, for the reference to match.
	res, err := lr.client.Post(lr.daemonURL, "application/json", bytes.NewReader(lr.body()))
	if err != nil {
		b.Fatal(err)
	}
	answer, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusCreated {
		b.Fatalf("daemon: %d %s", res.StatusCode, answer)
	}
	lr.refURL = referenceServer(b, len(answer)).URL + "/v1/orders"
	return lr
}

// timedOrder posts one order and times it to the end of its answer; an
// answer that is not 201 is an error.
func timedOrder(client *http.Client, url string, data []byte) (time.Duration, error) {
	start := time.Now()
	res, err := client.Post(url, "application/json", bytes.NewReader(data))
	if err != nil {
		return 0, err
	}
	_, err = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	took := time.Since(start)
	if err == nil && res.StatusCode != http.StatusCreated {
		err = fmt.Errorf("%s: %d", url, res.StatusCode)
	}
	return took, err
}
