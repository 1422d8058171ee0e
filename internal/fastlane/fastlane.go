// Package fastlane answers the shop's plain page and asset requests on the
// daemon's connections before net/http sees them
// (docs/decisions/speed.md#the-fast-lane-answers-plain-static-requests-itself:
// orderd served a hashed script at about half of nginx's rate, with
// net/http's own work per request, the header map, its copies, five deadline
// moves and the response's buffering, twice nginx's CPU per answer).
//
// A connection starts in the lane. Each request's head is read and parsed
// here; a GET or HEAD of a file the site keeps in memory, with none of the
// headers that make an answer differ (ranges, preconditions on dates,
// bodies, upgrades), is answered from the site's precomputed header block
// and body in one writev. Anything else, from the first byte of that
// request on, goes to net/http with the connection: Accept hands the
// connection over with the bytes already read in front, and it stays with
// net/http until it closes. So every API call, error, redirect and unusual
// request is exactly net/http's, and the lane's answers are checked against
// net/http's for every file (internal/daemon's TestFastLaneAnswersAsNetHTTP).
package fastlane

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"sabershop/internal/static"
)

// Config says what the lane may answer and how long it waits.
type Config struct {
	// Owns reports a path that net/http's handler would give to the site
	// (not /v1, the desk, the probes; a clean path).
	Owns func(path string) bool
	// Site answers a request, or leaves it to net/http (static.Handler.Fast).
	Site func(*static.FastRequest) (static.FastAnswer, bool)
	// Observe, when set, counts an answer as the request log's metrics do.
	Observe func(method string, status int, d time.Duration)
	// As net/http's Server: the time for a request's head, for the next
	// request on an idle connection, and for writing an answer.
	HeaderTimeout, IdleTimeout, WriteTimeout time.Duration
}

// Listener is a net.Listener for net/http's Server: its Accept returns the
// connections the lane hands over.
type Listener struct {
	inner net.Listener
	cfg   Config
	queue chan net.Conn
	done  chan struct{}
	once  sync.Once

	mu      sync.Mutex
	conns   map[net.Conn]struct{} // in the lane now
	closing atomic.Bool
	wg      sync.WaitGroup

	failed    chan struct{}
	acceptErr error

	answered, handed atomic.Uint64
}

// Answered is how many requests the lane answered itself.
func (l *Listener) Answered() uint64 { return l.answered.Load() }

// Handed is how many connections the lane gave to net/http.
func (l *Listener) Handed() uint64 { return l.handed.Load() }

// New starts taking ln's connections into the lane.
func New(ln net.Listener, cfg Config) *Listener {
	l := &Listener{inner: ln, cfg: cfg, queue: make(chan net.Conn), done: make(chan struct{}),
		conns: map[net.Conn]struct{}{}, failed: make(chan struct{})}
	// Counted with the connections (Wait waits for it too, after Close).
	// Started through the WaitGroup rather than `go l.acceptLoop()`: the
	// race detector reported the goroutine's start and the daemon's later
	// work on reused memory as a race (the daemon's tests failed at
	// random; golang/go#42599 is the same pattern).
	l.wg.Go(l.acceptLoop)
	return l
}

// Accept returns the next connection the lane hands to net/http.
func (l *Listener) Accept() (net.Conn, error) {
	select {
	case c := <-l.queue:
		return c, nil
	case <-l.failed:
		return nil, l.acceptErr
	case <-l.done:
		return nil, net.ErrClosed
	}
}

// Addr is the address listened on.
func (l *Listener) Addr() net.Addr { return l.inner.Addr() }

// Close stops accepting and ends the lane's idle connections; an answer
// being written is finished first. net/http's Server.Shutdown calls it.
func (l *Listener) Close() error {
	var err error
	l.once.Do(func() {
		close(l.done)
		err = l.inner.Close()
		l.mu.Lock()
		l.closing.Store(true)
		for c := range l.conns {
			// Wakes a connection waiting for its next request.
			_ = c.SetReadDeadline(time.Now())
		}
		l.mu.Unlock()
	})
	return err
}

// Wait waits for the lane's connections to end after Close.
func (l *Listener) Wait() { l.wg.Wait() }

func (l *Listener) acceptLoop() {
	var backoff time.Duration
	for {
		c, err := l.inner.Accept()
		if err != nil {
			select {
			case <-l.done:
				return
			default:
			}
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				// As net/http: a passing shortage (out of file descriptors).
				backoff = min(max(backoff*2, 5*time.Millisecond), time.Second)
				time.Sleep(backoff)
				continue
			}
			l.acceptErr = err
			close(l.failed)
			return
		}
		backoff = 0
		if !l.track(c) {
			c.Close()
			return
		}
		l.wg.Add(1)
		go l.serve(c)
	}
}

func (l *Listener) track(c net.Conn) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closing.Load() {
		return false
	}
	l.conns[c] = struct{}{}
	return true
}

func (l *Listener) untrack(c net.Conn) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.conns, c)
	return !l.closing.Load()
}

// headBuffer bounds a request head the lane reads; a longer one (big
// cookies) goes to net/http, whose limit is larger.
const headBuffer = 4096

var readers = sync.Pool{New: func() any { return bufio.NewReaderSize(nil, headBuffer) }}

func (l *Listener) serve(c net.Conn) {
	defer l.wg.Done()
	br := readers.Get().(*bufio.Reader)
	br.Reset(c)
	keep := false
	defer func() {
		if !keep {
			br.Reset(nil)
			readers.Put(br)
		}
	}()
	var (
		req             request
		bufs            net.Buffers
		readBy, writeBy time.Time // the deadlines set now
	)
	for first := true; ; first = false {
		now := time.Now()
		// The next request within IdleTimeout (the first within
		// HeaderTimeout). The deadline moves only when a quarter of the
		// time has passed since it was set: runtime timers cost 5 % of an
		// answer, and the idle time a client gets is 3/4 to all of it.
		wait := l.cfg.IdleTimeout
		if first {
			wait = l.cfg.HeaderTimeout
		}
		if later(&readBy, now, wait) && c.SetReadDeadline(readBy) != nil {
			break
		}
		// Close wakes idle connections by a deadline in the past: one it
		// set before the line above must not be lost.
		if l.closing.Load() {
			break
		}
		if _, err := br.Peek(1); err != nil {
			break
		}
		if buf, _ := br.Peek(br.Buffered()); !bytes.Contains(buf, crlfcrlf) {
			// The rest of the head within HeaderTimeout (a slow or stalled
			// client; a browser sends its head in one piece).
			readBy = time.Now().Add(l.cfg.HeaderTimeout)
			if c.SetReadDeadline(readBy) != nil {
				break
			}
		}
		head, err := readHead(br)
		if err != nil {
			break
		}
		var ans static.FastAnswer
		ok := parse(head, &req) && l.cfg.Owns(req.Path)
		if ok {
			ans, ok = l.cfg.Site(&req.FastRequest)
		}
		if !ok {
			keep = l.handOver(c, br)
			return
		}
		_, _ = br.Discard(len(head))
		if later(&writeBy, now, l.cfg.WriteTimeout) && c.SetWriteDeadline(writeBy) != nil {
			break
		}
		// Counted before the client can read it (tests read the count).
		l.answered.Add(1)
		if err := writeAnswer(c, &bufs, &ans, req.close, now); err != nil {
			break
		}
		if l.cfg.Observe != nil {
			method := "GET"
			if req.Head {
				method = "HEAD"
			}
			l.cfg.Observe(method, ans.Status, time.Since(now))
		}
		if req.close || l.closing.Load() {
			break
		}
	}
	l.untrack(c)
	c.Close()
}

// later moves *by to now+d when that is more than a quarter of d past it
// (or it is unset); reports whether it moved.
func later(by *time.Time, now time.Time, d time.Duration) bool {
	want := now.Add(d)
	if !by.IsZero() && want.Sub(*by) <= d/4 && !by.Before(now) {
		return false
	}
	*by = want
	return true
}

// handOver gives c to net/http with what br holds in front. Reports
// whether br went with it.
func (l *Listener) handOver(c net.Conn, br *bufio.Reader) bool {
	if !l.untrack(c) {
		c.Close()
		return false
	}
	// net/http sets its own deadlines.
	_ = c.SetReadDeadline(time.Time{})
	_ = c.SetWriteDeadline(time.Time{})
	hc := &handedConn{Conn: c, r: br}
	l.handed.Add(1)
	select {
	case l.queue <- hc:
		return true
	case <-l.done:
		c.Close()
		return false
	}
}

// errTooLong is a head longer than the lane reads.
var errTooLong = errors.New("fastlane: request head too long")

// readHead returns the bytes of the next request's head, line ends
// included, still unread in br. A head the lane cannot see whole (too
// long, bare LF line ends) comes back as what is buffered, which parse
// refuses, so the request goes to net/http.
func readHead(br *bufio.Reader) ([]byte, error) {
	for {
		buf, _ := br.Peek(br.Buffered())
		if i := bytes.Index(buf, crlfcrlf); i >= 0 {
			return buf[:i+4], nil
		}
		if bytes.Contains(buf, lflf) || br.Buffered() == headBuffer {
			return buf, nil
		}
		if _, err := br.Peek(br.Buffered() + 1); err != nil {
			if errors.Is(err, bufio.ErrBufferFull) {
				return nil, errTooLong
			}
			return nil, err
		}
	}
}

var (
	crlfcrlf = []byte("\r\n\r\n")
	lflf     = []byte("\n\n")
)

type request struct {
	static.FastRequest
	close bool
}

// parse reads a head the lane may answer: "GET" or "HEAD", an origin-form
// target without escapes, HTTP/1.1, one plain Host, and no header that
// changes what the answer is or how the request ends. Anything it does not
// fully understand is not the lane's (ok false), so net/http judges it.
// It works on the bytes: only the path and the two headers that choose an
// answer become strings.
func parse(head []byte, req *request) (ok bool) {
	*req = request{FastRequest: static.FastRequest{AcceptEncoding: req.AcceptEncoding[:0], IfNoneMatch: req.IfNoneMatch[:0]}}
	if !bytes.HasSuffix(head, crlfcrlf) {
		return false
	}
	rest := head[:len(head)-2] // every line, the last one's CRLF included
	line, rest := cutLine(rest)
	switch {
	case bytes.HasPrefix(line, getSP):
		line = line[len(getSP):]
	case bytes.HasPrefix(line, headSP):
		line, req.Head = line[len(headSP):], true
	default:
		return false
	}
	target, version, found := bytes.Cut(line, sp)
	if !found || !bytes.Equal(version, http11) || len(target) == 0 || target[0] != '/' ||
		bytes.ContainsAny(target, "%#") || !visible(target) {
		return false
	}
	if q := bytes.IndexByte(target, '?'); q >= 0 {
		target = target[:q]
	}
	req.Path = string(target)
	hosts, ims := 0, false
	for len(rest) > 0 {
		line, rest = cutLine(rest)
		colon := bytes.IndexByte(line, ':')
		if colon <= 0 || !token(line[:colon]) || !fieldValue(line[colon+1:]) {
			return false
		}
		name, value := line[:colon], bytes.Trim(line[colon+1:], " \t")
		switch {
		case bytes.EqualFold(name, hHost):
			hosts++
			if !hostValue(value) {
				return false
			}
		case bytes.EqualFold(name, hAcceptEncoding):
			req.AcceptEncoding = append(req.AcceptEncoding, intern(value))
		case bytes.EqualFold(name, hIfNoneMatch):
			req.IfNoneMatch = append(req.IfNoneMatch, string(value))
		case bytes.EqualFold(name, hIfModifiedSince):
			ims = true
		case bytes.EqualFold(name, hConnection):
			for t := range bytes.SplitSeq(value, comma) {
				t = bytes.Trim(t, " \t")
				switch {
				case bytes.EqualFold(t, tClose):
					req.close = true
				case bytes.EqualFold(t, tUpgrade):
					return false
				}
			}
		default:
			for _, refused := range refusedHeaders {
				if bytes.EqualFold(name, refused) {
					return false
				}
			}
		}
	}
	// If-Modified-Since decides only without If-None-Match: net/http's
	// handler reads the date.
	if hosts != 1 || (ims && len(req.IfNoneMatch) == 0) {
		return false
	}
	return true
}

// cutLine splits b at its first CRLF.
func cutLine(b []byte) (line, rest []byte) {
	i := bytes.Index(b, crlf)
	if i < 0 {
		return b, nil
	}
	return b[:i], b[i+2:]
}

var (
	getSP            = []byte("GET ")
	headSP           = []byte("HEAD ")
	sp               = []byte(" ")
	comma            = []byte(",")
	http11           = []byte("HTTP/1.1")
	hHost            = []byte("Host")
	hAcceptEncoding  = []byte("Accept-Encoding")
	hIfNoneMatch     = []byte("If-None-Match")
	hIfModifiedSince = []byte("If-Modified-Since")
	hConnection      = []byte("Connection")
	tClose           = []byte("close")
	tUpgrade         = []byte("upgrade")
	// refusedHeaders change an answer (ranges, preconditions) or the
	// request's framing (a body, an upgrade): net/http's.
	refusedHeaders = [][]byte{[]byte("Content-Length"), []byte("Transfer-Encoding"), []byte("Expect"), []byte("Upgrade"),
		[]byte("Range"), []byte("If-Range"), []byte("If-Match"), []byte("If-Unmodified-Since"), []byte("Trailer"), []byte("TE")}
)

// interned are the Accept-Encoding values browsers and tools send, kept
// as strings so that a request's costs no allocation.
var interned = map[string]string{}

func init() {
	for _, v := range []string{"gzip, deflate, br, zstd", "gzip, deflate, br", "br, gzip", "gzip, br", "gzip", "br",
		"gzip, deflate", "identity", "deflate, gzip", "br, gzip, deflate", "gzip, deflate, br, zstd, dcb, dcz"} {
		interned[v] = v
	}
}

func intern(b []byte) string {
	if s, ok := interned[string(b)]; ok {
		return s
	}
	return string(b)
}

// visible: printable ASCII, as a request target must be.
func visible(s []byte) bool {
	for i := 0; i < len(s); i++ {
		if s[i] <= ' ' || s[i] >= 0x7f {
			return false
		}
	}
	return true
}

// token: a header name's characters (RFC 9110 tchar).
func token(s []byte) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		case strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0:
		default:
			return false
		}
	}
	return true
}

// fieldValue: no control character but tab (obs-text is left to net/http).
func fieldValue(s []byte) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; (c < ' ' && c != '\t') || c >= 0x7f {
			return false
		}
	}
	return true
}

// hostValue: a plain host[:port], or a bracketed IPv6 address; anything
// else is for net/http to refuse or take.
func hostValue(s []byte) bool {
	if len(s) == 0 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		case c == '.' || c == '-' || c == ':' || c == '[' || c == ']' || c == '_':
		default:
			return false
		}
	}
	return true
}

var (
	statusOK          = []byte("HTTP/1.1 200 OK\r\n")
	statusNotModified = []byte("HTTP/1.1 304 Not Modified\r\n")
	connectionClose   = []byte("Connection: close\r\n")
	crlf              = []byte("\r\n")
)

// writeAnswer writes the status line, Date (and Connection: close when the
// request asked), the header block, the blank line and the body in one
// writev; bufs is the connection's, reused.
func writeAnswer(w io.Writer, bufs *net.Buffers, a *static.FastAnswer, closing bool, now time.Time) error {
	status := statusOK
	if a.Status != 200 {
		status = statusNotModified
	}
	b := append((*bufs)[:0], status, dateLine(now))
	if closing {
		b = append(b, connectionClose)
	}
	b = append(b, a.Header, crlf)
	if len(a.Body) > 0 {
		b = append(b, a.Body)
	}
	*bufs = b
	_, err := bufs.WriteTo(w)
	// WriteTo consumed the slice: keep its backing array for the next answer.
	*bufs = b[:0]
	return err
}

type dated struct {
	sec  int64
	line []byte
}

var date atomic.Pointer[dated]

// dateLine is "Date: ...\r\n" for now's second, made once a second.
func dateLine(now time.Time) []byte {
	sec := now.Unix()
	if d := date.Load(); d != nil && d.sec == sec {
		return d.line
	}
	d := &dated{sec: sec, line: []byte("Date: " + now.UTC().Format(timeFormat) + "\r\n")}
	date.Store(d)
	return d.line
}

// timeFormat is net/http's TimeFormat.
const timeFormat = "Mon, 02 Jan 2006 15:04:05 GMT"

// handedConn is a connection net/http takes over: its reads start with
// what the lane had read.
type handedConn struct {
	net.Conn
	r *bufio.Reader
}

func (c *handedConn) Read(p []byte) (int, error) { return c.r.Read(p) }

// ReadFrom keeps sendfile for net/http's answers from disk.
func (c *handedConn) ReadFrom(r io.Reader) (int64, error) {
	if rf, ok := c.Conn.(io.ReaderFrom); ok {
		return rf.ReadFrom(r)
	}
	return io.Copy(c.Conn, r)
}

// CloseWrite lets net/http half-close, as on a plain TCP connection.
func (c *handedConn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}
