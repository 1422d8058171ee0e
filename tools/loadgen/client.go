package main

import (
	"bufio"
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"net"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// conn is one keep-alive HTTP/1.1 connection.
type conn struct {
	host string
	c    net.Conn
	br   *bufio.Reader
}

func dial(host string) (*conn, error) {
	c, err := net.Dial("tcp", host)
	if err != nil {
		return nil, err
	}
	return &conn{host: host, c: c, br: bufio.NewReaderSize(c, 64<<10)}, nil
}

func (c *conn) close() { c.c.Close() }

// answer is what do read: the status, the header and body sizes, the body
// itself only when asked for, and whether the server closes the connection.
type answer struct {
	status      int
	headerBytes int
	bodyBytes   int64
	body        []byte
	closing     bool
}

// errFraming is returned when an answer cannot be delimited.
var errFraming = errors.New("answer without Content-Length or chunked framing")

// do sends req and reads the whole answer; keep holds on to the body.
func (c *conn) do(req []byte, keep bool) (answer, error) {
	var a answer
	if _, err := c.c.Write(req); err != nil {
		return a, err
	}
	line, err := c.br.ReadSlice('\n')
	if err != nil {
		return a, err
	}
	a.headerBytes += len(line)
	if len(line) < 12 || !bytes.HasPrefix(line, []byte("HTTP/1.")) {
		return a, fmt.Errorf("bad status line %q", line)
	}
	if a.status, err = strconv.Atoi(string(line[9:12])); err != nil {
		return a, fmt.Errorf("bad status line %q", line)
	}
	length, chunked := int64(-1), false
	for {
		line, err := c.br.ReadSlice('\n')
		if err != nil {
			return a, err
		}
		a.headerBytes += len(line)
		line = bytes.TrimRight(line, "\r\n")
		if len(line) == 0 {
			break
		}
		name, value, ok := bytes.Cut(line, []byte(":"))
		if !ok {
			continue
		}
		value = bytes.TrimSpace(value)
		switch {
		case bytes.EqualFold(name, []byte("Content-Length")):
			if length, err = strconv.ParseInt(string(value), 10, 64); err != nil {
				return a, fmt.Errorf("bad Content-Length %q", value)
			}
		case bytes.EqualFold(name, []byte("Transfer-Encoding")):
			chunked = bytes.EqualFold(value, []byte("chunked"))
		case bytes.EqualFold(name, []byte("Connection")):
			a.closing = bytes.EqualFold(value, []byte("close"))
		}
	}
	var sink io.Writer = io.Discard
	var buf bytes.Buffer
	if keep {
		sink = &buf
	}
	switch {
	case a.status == 204 || a.status == 304:
	case chunked:
		a.bodyBytes, err = c.readChunked(sink)
	case length >= 0:
		a.bodyBytes, err = io.CopyN(sink, c.br, length)
	default:
		err = errFraming
	}
	a.body = buf.Bytes()
	return a, err
}

func (c *conn) readChunked(sink io.Writer) (int64, error) {
	var n int64
	for {
		line, err := c.br.ReadSlice('\n')
		if err != nil {
			return n, err
		}
		sizeText, _, _ := bytes.Cut(bytes.TrimRight(line, "\r\n"), []byte(";"))
		size, err := strconv.ParseInt(string(sizeText), 16, 64)
		if err != nil {
			return n, fmt.Errorf("bad chunk size %q", line)
		}
		if size == 0 {
			for { // trailers up to the empty line
				line, err := c.br.ReadSlice('\n')
				if err != nil {
					return n, err
				}
				if len(bytes.TrimRight(line, "\r\n")) == 0 {
					return n, nil
				}
			}
		}
		if _, err := io.CopyN(sink, c.br, size); err != nil {
			return n, err
		}
		n += size
		if _, err := c.br.Discard(2); err != nil { // CRLF after the data
			return n, err
		}
	}
}

// load runs cfg.clients connections until the deadline or the request
// count, each sending request(i) for the i-th request of the run.
func load(host string, cfg config, request func(i uint64) []byte) (*Result, error) {
	conns := make([]*conn, cfg.clients)
	for i := range conns {
		c, err := dial(host)
		if err != nil {
			for _, c := range conns[:i] {
				c.close()
			}
			return nil, err
		}
		conns[i] = c
	}
	var (
		seq      atomic.Uint64
		mu       sync.Mutex
		all      []time.Duration
		res      = &Result{URL: cfg.url, Clients: cfg.clients, Status: map[string]int{}}
		wg       sync.WaitGroup
		limit    = uint64(cfg.requests)
		started  = time.Now()
		deadline = started.Add(cfg.duration)
	)
	for _, c := range conns {
		wg.Go(func() {
			var (
				lat      = make([]time.Duration, 0, 1<<14)
				status   = map[int]int{}
				errs     int
				firstErr string
				last     answer
				broken   bool
			)
			defer func() {
				if !broken {
					c.close()
				}
				mu.Lock()
				defer mu.Unlock()
				all = append(all, lat...)
				for s, n := range status {
					res.Status[strconv.Itoa(s)] += n
				}
				res.Errors += errs
				if res.FirstError == "" {
					res.FirstError = firstErr
				}
				if last.status != 0 {
					res.BodyBytes, res.HeaderBytes = last.bodyBytes, last.headerBytes
				}
			}()
			for {
				i := seq.Add(1)
				if limit > 0 && i > limit {
					return
				}
				start := time.Now()
				if !start.Before(deadline) {
					return
				}
				if broken {
					// The server closed (or broke) the connection: a new
					// one, counted in this request's time as a client's
					// reconnect would be.
					nc, err := dial(host)
					if err != nil {
						errs++
						firstErr = cmp.Or(firstErr, err.Error())
						return
					}
					c, broken = nc, false
				}
				a, err := c.do(request(i), false)
				lat = append(lat, time.Since(start))
				if err == nil && a.status != cfg.status {
					err = fmt.Errorf("status %d, want %d", a.status, cfg.status)
				}
				if a.status != 0 {
					status[a.status]++
					last = a
				}
				if err != nil {
					errs++
					if firstErr == "" {
						firstErr = err.Error()
					}
				}
				if err != nil || a.closing {
					c.close()
					broken = true
				}
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(started)
	slices.Sort(all)
	res.Requests = len(all)
	res.Seconds = elapsed.Seconds()
	res.RPS = float64(len(all)) / elapsed.Seconds()
	if n := len(all); n > 0 {
		res.P50ms = ms(all[n*50/100])
		res.P99ms = ms(all[min(n*99/100, n-1)])
		res.MaxMs = ms(all[n-1])
	}
	return res, nil
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
