// Command saleload replays a sale start against a running orderd: the
// announcement e-mail went out and most subscribers click within minutes,
// so pages are read at -pages per second (the home page, the shop, product
// pages, the creator, in every locale) while -orders orders per second are
// placed, for -duration, at a constant arrival rate whatever the answers'
// speed (vegeta's open-loop attacker: a slow server is not given time to
// breathe, as real shoppers do not wait for each other). It prints p50,
// p99, max and errors per kind; docs/scaling.md keeps the figures.
//
//	go run ./tools/saleload -base http://127.0.0.1:8080 [-pages 2000] [-orders 50] [-duration 60s]
//
// The orders are real (each a distinct shopper's e-mail address, priced by
// the daemon's own quote first), so run it against a throw-away data
// directory, never the shop's.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"sync"
	"sync/atomic"
	"text/tabwriter"
	"time"

	vegeta "github.com/tsenart/vegeta/v12/lib"
)

var pages = []string{
	"/", "/pl/", "/de/", "/shop", "/pl/shop", "/de/shop", "/shop/arc", "/pl/shop/arc", "/de/shop/talon",
	"/shop/belt-clip", "/pl/shop/custom-saber-creator", "/shop/custom-saber-creator", "/faq", "/pl/blog",
	"/catalog.json", "/basket",
}

const sampleItems = `[{"product":"arc","variant":"crystal","quantity":1}]`

func main() {
	base := flag.String("base", "http://127.0.0.1:8080", "the orderd to load (a throw-away data directory)")
	pageRate := flag.Int("pages", 2000, "page views per second")
	orderRate := flag.Int("orders", 50, "orders placed per second")
	duration := flag.Duration("duration", 60*time.Second, "how long")
	flag.Parse()
	if err := run(*base, *pageRate, *orderRate, *duration, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "saleload:", err)
		os.Exit(1)
	}
}

func run(base string, pageRate, orderRate int, d time.Duration, out io.Writer) error {
	total, err := quote(base)
	if err != nil {
		return err
	}
	var n atomic.Int64
	run := time.Now().UnixNano()
	pageTargets := func(t *vegeta.Target) error {
		i := n.Add(1)
		t.Method, t.URL = "GET", base+pages[int(i)%len(pages)]
		t.Header = http.Header{"Accept-Encoding": {"br, gzip"}}
		return nil
	}
	orderTargets := func(t *vegeta.Target) error {
		i := n.Add(1)
		body := fmt.Sprintf(`{"locale":"pl","terms_accepted":true,"expected_total":%d,"code":"","customer":{"first_name":"Anna","last_name":"Nowak","email":"sale-%d-%d@example.com","phone":"+48 600 100 200","country":"pl","street":"Długa 1","zip":"00-001","city":"Warszawa"},"items":%s}`,
			total, run, i, sampleItems)
		t.Method, t.URL, t.Body = "POST", base+"/v1/orders", []byte(body)
		t.Header = http.Header{"Content-Type": {"application/json"}, "Idempotency-Key": {fmt.Sprintf("sale-%d-%d", run, i)}}
		return nil
	}

	kinds := []struct {
		name string
		rate int
		tr   vegeta.Targeter
	}{{"pages", pageRate, pageTargets}, {"orders", orderRate, orderTargets}}
	metrics := make([]vegeta.Metrics, len(kinds))
	var wg sync.WaitGroup
	for i, k := range kinds {
		if k.rate <= 0 {
			continue
		}
		wg.Go(func() {
			a := vegeta.NewAttacker(vegeta.Timeout(30*time.Second), vegeta.KeepAlive(true), vegeta.Connections(256))
			for res := range a.Attack(k.tr, vegeta.Rate{Freq: k.rate, Per: time.Second}, d, k.name) {
				metrics[i].Add(res)
			}
			metrics[i].Close()
		})
	}
	wg.Wait()

	w := tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(w, "kind\trequests\tasked/s\tdone/s\tp50\tp99\tmax\terrors\t")
	failed := false
	for i, k := range kinds {
		m := metrics[i]
		if k.rate <= 0 {
			continue
		}
		errs := int(m.Requests) - int(float64(m.Requests)*m.Success+0.5)
		failed = failed || errs > 0
		fmt.Fprintf(w, "%s\t%d\t%d\t%.0f\t%s\t%s\t%s\t%d\t\n", k.name, m.Requests, k.rate, m.Throughput,
			m.Latencies.P50.Round(10*time.Microsecond), m.Latencies.P99.Round(10*time.Microsecond), m.Latencies.Max.Round(time.Millisecond), errs)
	}
	w.Flush()
	for i, k := range kinds {
		for code, c := range metrics[i].StatusCodes {
			if code != "200" && code != "201" {
				fmt.Fprintf(out, "%s: %d answers %s\n", k.name, c, code)
			}
		}
		if len(metrics[i].Errors) > 0 {
			fmt.Fprintf(out, "%s: first errors: %v\n", k.name, metrics[i].Errors[:min(3, len(metrics[i].Errors))])
		}
	}
	if failed {
		return fmt.Errorf("some requests failed")
	}
	return nil
}

// quote asks the daemon for the sample order's total, which every order
// then expects (the server never takes a price from the client, so a
// wrong one would be 409).
func quote(base string) (int64, error) {
	res, err := http.Post(base+"/v1/quote", "application/json",
		bytes.NewReader([]byte(`{"locale":"pl","country":"pl","code":"","items":`+sampleItems+`}`)))
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	var q struct {
		Totals struct{ Total int64 } `json:"totals"`
	}
	if err := json.NewDecoder(res.Body).Decode(&q); err != nil || res.StatusCode != http.StatusOK || q.Totals.Total <= 0 {
		return 0, fmt.Errorf("quote: %d %v", res.StatusCode, err)
	}
	return q.Totals.Total, nil
}
