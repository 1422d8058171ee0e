// Command loadgen is a closed-loop HTTP/1.1 load generator that runs in
// its own process: -c keep-alive connections each send one request, read
// the whole answer and send the next, for -d (or until -n requests). It
// prints one JSON object: requests per second, p50/p99/max latency, bytes
// per answer, errors. tools/servebench runs it against orderd and nginx.
//
//	go run ./tools/loadgen -url http://127.0.0.1:8080/shop/arc -c 64 -d 5s -H 'Accept-Encoding: br, gzip'
//	go run ./tools/loadgen -url http://127.0.0.1:8080/v1/orders -orders -c 64 -d 10s
//
// The client is a minimal one of its own (a request's bytes are built
// once; an answer is read with Content-Length or chunked framing and
// discarded) rather than net/http's: on a 2-core machine the generator
// shares the CPU with the servers, and net/http's client costs about as
// much per request as the server being measured, which flattens the
// difference between two servers (the earlier in-process figures).
//
// -orders posts real orders (each with its own e-mail address, at the
// daemon's own quoted total), so point it at a throw-away data directory.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"net/url"
	"os"
	"strings"
	"time"
)

type headerFlags []string

func (h *headerFlags) String() string     { return strings.Join(*h, ", ") }
func (h *headerFlags) Set(v string) error { *h = append(*h, v); return nil }

func main() {
	var cfg config
	var headers headerFlags
	flag.StringVar(&cfg.url, "url", "", "the URL to load (http only)")
	flag.IntVar(&cfg.clients, "c", 64, "concurrent keep-alive connections")
	flag.DurationVar(&cfg.duration, "d", 5*time.Second, "how long to send (the run also stops after -n requests)")
	flag.IntVar(&cfg.requests, "n", 0, "stop after this many requests (0: only -d)")
	flag.Var(&headers, "H", "a request header, 'Name: value' (repeatable)")
	flag.IntVar(&cfg.status, "status", 0, "the status every answer must have (default 200, 201 with -orders)")
	flag.BoolVar(&cfg.orders, "orders", false, "POST distinct valid orders (the total from POST /v1/quote on the same host)")
	flag.Parse()
	cfg.headers = headers
	if cfg.status == 0 {
		cfg.status = 200
		if cfg.orders {
			cfg.status = 201
		}
	}
	res, err := run(cfg)
	if err != nil {
		fmt.Fprintln(os.Stderr, "loadgen:", err)
		os.Exit(1)
	}
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", "  ")
	enc.Encode(res)
	if res.Errors > 0 {
		os.Exit(1)
	}
}

type config struct {
	url      string
	clients  int
	duration time.Duration
	requests int
	headers  []string
	status   int
	orders   bool
}

// Result is what one run prints; tools/servebench reads it.
type Result struct {
	URL         string         `json:"url"`
	Clients     int            `json:"clients"`
	Requests    int            `json:"requests"`
	Errors      int            `json:"errors"`
	FirstError  string         `json:"first_error,omitempty"`
	Seconds     float64        `json:"seconds"`
	RPS         float64        `json:"rps"`
	P50ms       float64        `json:"p50_ms"`
	P99ms       float64        `json:"p99_ms"`
	MaxMs       float64        `json:"max_ms"`
	BodyBytes   int64          `json:"body_bytes"`   // of the last answer
	HeaderBytes int            `json:"header_bytes"` // of the last answer, status line included
	Status      map[string]int `json:"status"`
}

func run(cfg config) (*Result, error) {
	u, err := url.Parse(cfg.url)
	if err != nil {
		return nil, err
	}
	if u.Scheme != "http" || u.Host == "" {
		return nil, fmt.Errorf("-url %q: want http://host:port/path", cfg.url)
	}
	if cfg.clients < 1 {
		return nil, fmt.Errorf("-c %d: want at least 1", cfg.clients)
	}
	var request func(i uint64) []byte
	if cfg.orders {
		total, err := quote(u.Host)
		if err != nil {
			return nil, err
		}
		stamp := time.Now().UnixNano()
		request = func(i uint64) []byte {
			return postRequest(u, cfg.headers, orderBody(total, fmt.Sprintf("load-%d-%d@example.com", stamp, i)))
		}
	} else {
		req := getRequest(u, cfg.headers)
		request = func(uint64) []byte { return req }
	}
	return load(u.Host, cfg, request)
}

// quote asks the daemon for the sample basket's total, so the orders carry
// the expected_total it checks.
func quote(host string) (int64, error) {
	c, err := dial(host)
	if err != nil {
		return 0, err
	}
	defer c.close()
	u := &url.URL{Scheme: "http", Host: host, Path: "/v1/quote"}
	body := `{"locale":"pl","code":"","country":"pl","items":` + sampleItems + `}`
	a, err := c.do(postRequest(u, nil, body), true)
	if err != nil {
		return 0, fmt.Errorf("quote: %w", err)
	}
	if a.status != 200 {
		return 0, fmt.Errorf("quote: status %d: %s", a.status, a.body)
	}
	var q struct {
		Totals struct {
			Total int64 `json:"total"`
		} `json:"totals"`
	}
	if err := json.Unmarshal(a.body, &q); err != nil || q.Totals.Total <= 0 {
		return 0, fmt.Errorf("quote: no total in %s", a.body)
	}
	return q.Totals.Total, nil
}

const sampleItems = `[{"product":"arc","variant":"crystal","quantity":1}]`

func orderBody(total int64, email string) string {
	return fmt.Sprintf(`{"locale":"pl","terms_accepted":true,"expected_total":%d,"code":"","customer":{"first_name":"Anna","last_name":"Nowak","email":%q,"phone":"+48 600 100 200","country":"pl","street":"Długa 1","zip":"00-001","city":"Warszawa"},"items":%s}`,
		total, email, sampleItems)
}

func getRequest(u *url.URL, headers []string) []byte {
	return []byte("GET " + u.RequestURI() + " HTTP/1.1\r\nHost: " + u.Host + "\r\n" + headerLines(headers) + "\r\n")
}

func postRequest(u *url.URL, headers []string, body string) []byte {
	return []byte("POST " + u.RequestURI() + " HTTP/1.1\r\nHost: " + u.Host + "\r\nContent-Type: application/json\r\n" + headerLines(headers) +
		fmt.Sprintf("Content-Length: %d\r\n\r\n", len(body)) + body)
}

func headerLines(headers []string) string {
	var b strings.Builder
	for _, h := range headers {
		b.WriteString(strings.TrimSpace(h))
		b.WriteString("\r\n")
	}
	return b.String()
}
