// Package mailtest is the one in-process SMTP server of the tests: a real
// SMTP conversation (emersion/go-smtp) on 127.0.0.1 that keeps what it
// receives, and the reading of a received message as a mail client does.
// It imports nothing of the shop, so the mail package's own tests use it
// too.
package mailtest

import (
	"errors"
	"io"
	"net"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// Envelope is one message as the server received it.
type Envelope struct {
	From string
	To   []string
	Data []byte
	User string // the authenticated user, "" without AUTH
}

// Options adjust a Server. The zero value is a server on any free port
// that asks for no AUTH.
type Options struct {
	// Addr is where to listen ("" or "127.0.0.1:0": any free port); a
	// test that restarts a server after an outage passes the old one's.
	Addr string
	// User and Pass, when User is set, are required with AUTH PLAIN.
	User, Pass string
}

// Server is a running test SMTP server.
type Server struct {
	Addr string // host:port it listens on
	srv  *smtp.Server
	opts Options

	mu       sync.Mutex
	got      []Envelope
	tempFail bool
}

// Start serves until the test ends.
func Start(t testing.TB, opts Options) *Server {
	t.Helper()
	if opts.Addr == "" {
		opts.Addr = "127.0.0.1:0"
	}
	s := &Server{opts: opts}
	s.srv = smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) {
		return &session{s: s}, nil
	}))
	s.srv.Domain = "localhost"
	s.srv.AllowInsecureAuth = true // tests speak plain TCP (TLS mode "none")
	s.srv.ReadTimeout, s.srv.WriteTimeout = 10*time.Second, 10*time.Second
	l, err := listen(opts.Addr)
	if err != nil {
		t.Fatalf("smtp listen %s: %v", opts.Addr, err)
	}
	s.Addr = l.Addr().String()
	go s.srv.Serve(l)
	t.Cleanup(func() { s.srv.Close() })
	return s
}

// listen retries a moment: the port of a closed listener may take that
// long to be free again.
func listen(addr string) (net.Listener, error) {
	var err error
	for i := 0; i < 50; i++ {
		var l net.Listener
		if l, err = net.Listen("tcp", addr); err == nil {
			return l, nil
		}
		time.Sleep(20 * time.Millisecond)
	}
	return nil, err
}

// HostPort is Addr taken apart, as SMTP settings want it.
func (s *Server) HostPort() (string, int) {
	host, port, _ := net.SplitHostPort(s.Addr)
	p, _ := strconv.Atoi(port)
	return host, p
}

// Close stops the server before the test ends (an outage).
func (s *Server) Close() { s.srv.Close() }

// SetTempFail makes the server answer MAIL FROM with 451, as a server in
// trouble does, until it is set back.
func (s *Server) SetTempFail(v bool) {
	s.mu.Lock()
	s.tempFail = v
	s.mu.Unlock()
}

// Received is every message received so far, oldest first.
func (s *Server) Received() []Envelope {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Envelope(nil), s.got...)
}

type session struct {
	s    *Server
	env  Envelope
	auth bool
}

func (c *session) AuthMechanisms() []string {
	if c.s.opts.User == "" {
		return nil
	}
	return []string{sasl.Plain}
}

func (c *session) Auth(string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, username, password string) error {
		if username != c.s.opts.User || password != c.s.opts.Pass {
			return smtp.ErrAuthFailed
		}
		c.auth, c.env.User = true, username
		return nil
	}), nil
}

var errTempFail = &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "Try again later"}

func (c *session) Mail(from string, _ *smtp.MailOptions) error {
	c.s.mu.Lock()
	fail := c.s.tempFail
	c.s.mu.Unlock()
	if fail {
		return errTempFail
	}
	if c.s.opts.User != "" && !c.auth {
		return smtp.ErrAuthRequired
	}
	c.env.From = from
	return nil
}

func (c *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	c.env.To = append(c.env.To, to)
	return nil
}

func (c *session) Data(r io.Reader) error {
	b, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	if c.env.From == "" {
		return errors.New("DATA before MAIL")
	}
	c.env.Data = b
	c.s.mu.Lock()
	c.s.got = append(c.s.got, c.env)
	c.s.mu.Unlock()
	return nil
}

// Reset starts the next message of the conversation; AUTH holds for it.
func (c *session) Reset() { c.env = Envelope{User: c.env.User} }

func (c *session) Logout() error { return nil }
