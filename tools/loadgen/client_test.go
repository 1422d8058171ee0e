package main

import (
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// The client delimits every framing a server uses, keeps connections
// alive and opens a new one when the server closes.
func TestLoadFramings(t *testing.T) {
	var conns atomic.Int64
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/length":
			w.Header().Set("Content-Length", "5")
			w.Write([]byte("hello"))
		case "/chunked":
			w.Write([]byte("hel"))
			w.(http.Flusher).Flush() // no Content-Length: chunked
			w.Write([]byte(strings.Repeat("x", 70000)))
		case "/close":
			w.Header().Set("Connection", "close")
			w.Write([]byte("bye"))
		case "/not-modified":
			w.WriteHeader(http.StatusNotModified)
		}
	}))
	srv.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			conns.Add(1)
		}
	}
	srv.Start()
	defer srv.Close()

	for _, c := range []struct {
		path      string
		status    int
		bodyBytes int64
		conns     int64 // new connections at most, with 2 clients and 20 requests
	}{
		{"/length", 200, 5, 2},
		{"/chunked", 200, 70003, 2},
		{"/not-modified", 304, 0, 2},
		{"/close", 200, 3, 20},
	} {
		conns.Store(0)
		res, err := run(config{url: srv.URL + c.path, clients: 2, duration: time.Minute, requests: 20, status: c.status})
		if err != nil {
			t.Fatal(err)
		}
		if res.Requests != 20 || res.Errors != 0 || res.Status[strconv.Itoa(c.status)] != 20 {
			t.Errorf("%s: %d requests, %d errors (%s), statuses %v", c.path, res.Requests, res.Errors, res.FirstError, res.Status)
		}
		if res.BodyBytes != c.bodyBytes {
			t.Errorf("%s: body %d bytes, want %d", c.path, res.BodyBytes, c.bodyBytes)
		}
		if n := conns.Load(); n > c.conns || (c.path == "/close" && n < 20) {
			t.Errorf("%s: %d connections", c.path, n)
		}
		if res.P99ms < res.P50ms || res.MaxMs < res.P99ms || res.RPS <= 0 {
			t.Errorf("%s: p50 %v p99 %v max %v rps %v", c.path, res.P50ms, res.P99ms, res.MaxMs, res.RPS)
		}
	}
}

// An answer with another status than the expected one is an error.
func TestLoadCountsWrongStatus(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	defer srv.Close()
	res, err := run(config{url: srv.URL + "/x", clients: 1, duration: time.Minute, requests: 3, status: 200})
	if err != nil {
		t.Fatal(err)
	}
	if res.Errors != 3 || !strings.Contains(res.FirstError, "status 404") {
		t.Errorf("%d errors, first %q", res.Errors, res.FirstError)
	}
}
