package fastlane

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"sabershop/internal/static"
)

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		head string
		ok   bool
		want request
	}{
		{"GET /a HTTP/1.1\r\nHost: x\r\n\r\n", true, request{FastRequest: static.FastRequest{Path: "/a"}}},
		{"HEAD /a?b=c HTTP/1.1\r\nhost: x:8080\r\nAccept-Encoding: br\r\naccept-encoding: gzip\r\n\r\n", true,
			request{FastRequest: static.FastRequest{Head: true, Path: "/a", AcceptEncoding: []string{"br", "gzip"}}}},
		{"GET / HTTP/1.1\r\nHost: [::1]:80\r\nIf-None-Match: \"x\", \"y\"\r\nIf-Modified-Since: Thu, 01 Jan 1970 00:00:00 GMT\r\nConnection: keep-alive, close\r\n\r\n", true,
			request{FastRequest: static.FastRequest{Path: "/", IfNoneMatch: []string{`"x", "y"`}}, close: true}},
		{"GET / HTTP/1.0\r\nHost: x\r\n\r\n", false, request{}},                                        // HTTP/1.0: net/http's
		{"POST / HTTP/1.1\r\nHost: x\r\n\r\n", false, request{}},                                       // a method with a body
		{"get / HTTP/1.1\r\nHost: x\r\n\r\n", false, request{}},                                        // methods are case-sensitive
		{"GET http://x/ HTTP/1.1\r\nHost: x\r\n\r\n", false, request{}},                                // absolute form
		{"GET /%2e HTTP/1.1\r\nHost: x\r\n\r\n", false, request{}},                                     // an escape
		{"GET / HTTP/1.1\r\n\r\n", false, request{}},                                                   // no Host
		{"GET / HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n", false, request{}},                             // two
		{"GET / HTTP/1.1\r\nHost: x/y\r\n\r\n", false, request{}},                                      // a Host net/http refuses
		{"GET / HTTP/1.1\r\nHost: x\r\nX: a\r\n b\r\n\r\n", false, request{}},                          // obs-fold
		{"GET / HTTP/1.1\r\nHost : x\r\n\r\n", false, request{}},                                       // space before the colon
		{"GET / HTTP/1.1\r\nHost: x\r\nX: a\x01\r\n\r\n", false, request{}},                            // a control byte
		{"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n", false, request{}},                   // a body's framing
		{"GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n", false, request{}},          // a body's framing
		{"GET / HTTP/1.1\r\nHost: x\r\nRange: bytes=0-1\r\n\r\n", false, request{}},                    // a range
		{"GET / HTTP/1.1\r\nHost: x\r\nIf-Modified-Since: Thu, 01 Jan 1970\r\n\r\n", false, request{}}, // a date decides
		{"GET / HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n", false, request{}},
		{"GET / HTTP/1.1\nHost: x\n\n", false, request{}}, // bare LF line ends
	} {
		var got request
		ok := parse([]byte(tc.head), &got)
		if ok != tc.ok {
			t.Errorf("%q: ok %v, want %v", tc.head, ok, tc.ok)
			continue
		}
		if ok && (got.Head != tc.want.Head || got.Path != tc.want.Path || got.close != tc.want.close ||
			strings.Join(got.AcceptEncoding, "|") != strings.Join(tc.want.AcceptEncoding, "|") ||
			strings.Join(got.IfNoneMatch, "|") != strings.Join(tc.want.IfNoneMatch, "|")) {
			t.Errorf("%q: %+v, want %+v", tc.head, got, tc.want)
		}
	}
}

// rig is a lane in front of a net/http server: the lane answers /fast,
// net/http everything else (with "net/http" in the body).
type rig struct {
	lane *Listener
	srv  *http.Server
	addr string
}

func newRig(t *testing.T, headerTimeout time.Duration) *rig {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	lane := New(ln, Config{
		Owns: func(p string) bool { return p != "/api" },
		Site: func(r *static.FastRequest) (static.FastAnswer, bool) {
			if r.Path != "/fast" {
				return static.FastAnswer{}, false
			}
			return static.FastAnswer{Status: 200, Header: []byte("Content-Length: 4\r\n"), Body: []byte("lane")}, true
		},
		HeaderTimeout: headerTimeout, IdleTimeout: time.Minute, WriteTimeout: time.Minute,
	})
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "net/http "+r.URL.Path) })}
	go srv.Serve(lane)
	t.Cleanup(func() { srv.Close(); lane.Wait() })
	return &rig{lane: lane, srv: srv, addr: ln.Addr().String()}
}

// dial opens a client connection to the rig, closed when the test ends.
func (r *rig) dial(t *testing.T) net.Conn {
	t.Helper()
	conn, err := net.Dial("tcp", r.addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return conn
}

func readBodies(t *testing.T, br *bufio.Reader, n int) []string {
	t.Helper()
	var out []string
	for range n {
		res, err := http.ReadResponse(br, nil)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		out = append(out, string(b))
	}
	return out
}

// Pipelined requests on one connection: the lane's, then one for net/http,
// after which every request (even /fast) is net/http's, in order.
func TestHandOverKeepsTheBytesAndTheOrder(t *testing.T) {
	r := newRig(t, 5*time.Second)
	conn := r.dial(t)
	io.WriteString(conn, "GET /fast HTTP/1.1\r\nHost: x\r\n\r\nGET /fast HTTP/1.1\r\nHost: x\r\n\r\nGET /api HTTP/1.1\r\nHost: x\r\n\r\nGET /fast HTTP/1.1\r\nHost: x\r\n\r\n")
	got := readBodies(t, bufio.NewReader(conn), 4)
	want := []string{"lane", "lane", "net/http /api", "net/http /fast"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("answers %q, want %q", got, want)
	}
	if r.lane.Answered() != 2 || r.lane.Handed() != 1 {
		t.Errorf("answered %d, handed %d; want 2 and 1", r.lane.Answered(), r.lane.Handed())
	}
}

// A client that starts a request and stalls loses its connection after the
// header timeout, as with net/http's ReadHeaderTimeout.
func TestStalledHeadIsCut(t *testing.T) {
	r := newRig(t, 200*time.Millisecond)
	conn := r.dial(t)
	io.WriteString(conn, "GET /fast HTTP/1.1\r\nHost: x\r\n")
	conn.SetReadDeadline(time.Now().Add(time.Minute))
	if n, err := conn.Read(make([]byte, 1)); n != 0 || err == nil {
		t.Fatalf("read %d bytes, err %v; want the connection closed", n, err)
	}
}

// Close ends the lane's idle connections at once, and Accept then fails.
func TestCloseEndsIdleConnections(t *testing.T) {
	r := newRig(t, 5*time.Second)
	conn := r.dial(t)
	io.WriteString(conn, "GET /fast HTTP/1.1\r\nHost: x\r\n\r\n")
	br := bufio.NewReader(conn)
	if got := readBodies(t, br, 1); got[0] != "lane" {
		t.Fatalf("answer %q", got)
	}
	r.lane.Close()
	conn.SetReadDeadline(time.Now().Add(time.Minute))
	if _, err := br.ReadByte(); err == nil {
		t.Fatal("the idle connection is still open after Close")
	}
	r.lane.Wait()
	if _, err := r.lane.Accept(); err == nil {
		t.Error("Accept after Close: no error")
	}
}

// BenchmarkParse is a browser's request for a hashed script.
func BenchmarkParse(b *testing.B) {
	head := []byte("GET /assets/sitewide-VX7TW333.js HTTP/1.1\r\nHost: shop.example\r\nUser-Agent: Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0\r\nAccept: */*\r\nAccept-Encoding: gzip, deflate, br, zstd\r\nAccept-Language: pl-PL,pl;q=0.9\r\nReferer: https://shop.example/pl/\r\nSec-Fetch-Dest: script\r\nSec-Fetch-Mode: cors\r\nSec-Fetch-Site: same-origin\r\n\r\n")
	b.ReportAllocs()
	var req request
	for b.Loop() {
		if !parse(head, &req) {
			b.Fatal("refused")
		}
	}
}
