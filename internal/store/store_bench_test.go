package store_test

import (
	"bytes"
	"encoding/binary"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"sabershop/internal/store"
)

// writers is the concurrency of the load benchmark
// (docs/benchmarks.md#orders-at-64-clients).
const writers = 64

// BenchmarkBatchWrite is the storage floor for POST /v1/orders: 64
// concurrent writers, each storing one ~1 KB value through db.Batch
// (PutRaw), with one fsync per batch on the real disk. The daemon's load
// benchmark compares itself against these figures. "bbolt-defaults" runs
// bbolt's own batch settings (1000 calls, 10 ms) to show why Open changes
// them.
//
//	go test -run '^$' -bench BatchWrite -benchtime 2s ./internal/store/
func BenchmarkBatchWrite(b *testing.B) {
	for _, bc := range []struct {
		name string
		opts store.Options
	}{
		{"store-defaults", store.Options{}},
		{"bbolt-defaults", store.Options{MaxBatchSize: 1000, MaxBatchDelay: 10 * time.Millisecond}},
	} {
		b.Run(bc.name, func(b *testing.B) { benchBatchWrite(b, bc.opts) })
	}
}

func benchBatchWrite(b *testing.B, opts store.Options) {
	db := openTest(b, opts)
	value := bytes.Repeat([]byte(`{"order":"x"}`), 80) // 1040 bytes
	var seq atomic.Uint64
	var mu sync.Mutex
	var lat []time.Duration

	// RunParallel starts parallelism x GOMAXPROCS goroutines.
	procs := runtime.GOMAXPROCS(0)
	b.SetParallelism((writers + procs - 1) / procs)
	b.SetBytes(int64(len(value)))
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		var mine []time.Duration
		for pb.Next() {
			key := binary.BigEndian.AppendUint64(nil, seq.Add(1))
			start := time.Now()
			if err := db.PutRaw("bench", key, value); err != nil {
				b.Error(err)
				return
			}
			mine = append(mine, time.Since(start))
		}
		mu.Lock()
		lat = append(lat, mine...)
		mu.Unlock()
	})
	b.StopTimer()

	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "writes/s")
	if len(lat) > 0 {
		slices.Sort(lat)
		b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
	}
	if n, err := db.Counts(); err != nil || uint64(n["bench"]) != seq.Load() {
		b.Errorf("stored %d of %d writes (%v)", n["bench"], seq.Load(), err)
	}
}
