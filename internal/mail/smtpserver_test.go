package mail

import (
	"errors"
	"io"
	"net"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// envelope is one message as the test SMTP server received it.
type envelope struct {
	From string
	To   []string
	Data []byte
	User string // authenticated user, "" without AUTH
}

// testSMTP is a real SMTP server on 127.0.0.1 (emersion/go-smtp) that
// records what it receives. With user set it requires AUTH PLAIN; with
// tempFail set it answers MAIL FROM with 451, as a server in trouble does.
type testSMTP struct {
	Addr string
	srv  *smtp.Server

	mu       sync.Mutex
	got      []envelope
	tempFail bool
	user     string
	pass     string
}

// startSMTP serves on addr ("127.0.0.1:0" for any port) until the test
// ends.
func startSMTP(t *testing.T, addr, user, pass string) *testSMTP {
	t.Helper()
	ts := &testSMTP{user: user, pass: pass}
	ts.srv = smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) {
		return &testSession{ts: ts}, nil
	}))
	ts.srv.Domain = "localhost"
	ts.srv.AllowInsecureAuth = true // tests speak plain TCP (TLS mode "none")
	ts.srv.ReadTimeout = 10 * time.Second
	ts.srv.WriteTimeout = 10 * time.Second
	var l net.Listener
	var err error
	// The port of a closed listener may take a moment to be free again.
	for i := 0; i < 50; i++ {
		if l, err = net.Listen("tcp", addr); err == nil {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err != nil {
		t.Fatalf("smtp listen %s: %v", addr, err)
	}
	ts.Addr = l.Addr().String()
	go ts.srv.Serve(l)
	t.Cleanup(func() { ts.srv.Close() })
	return ts
}

func (ts *testSMTP) Close() { ts.srv.Close() }

func (ts *testSMTP) setTempFail(v bool) {
	ts.mu.Lock()
	ts.tempFail = v
	ts.mu.Unlock()
}

func (ts *testSMTP) received() []envelope {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	return append([]envelope(nil), ts.got...)
}

type testSession struct {
	ts   *testSMTP
	env  envelope
	auth bool
}

func (s *testSession) AuthMechanisms() []string {
	if s.ts.user == "" {
		return nil
	}
	return []string{sasl.Plain}
}

func (s *testSession) Auth(mech string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(identity, username, password string) error {
		if username != s.ts.user || password != s.ts.pass {
			return smtp.ErrAuthFailed
		}
		s.auth, s.env.User = true, username
		return nil
	}), nil
}

var errTempFail = &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "Try again later"}

func (s *testSession) Mail(from string, _ *smtp.MailOptions) error {
	s.ts.mu.Lock()
	fail := s.ts.tempFail
	s.ts.mu.Unlock()
	if fail {
		return errTempFail
	}
	if s.ts.user != "" && !s.auth {
		return smtp.ErrAuthRequired
	}
	s.env.From = from
	return nil
}

func (s *testSession) Rcpt(to string, _ *smtp.RcptOptions) error {
	s.env.To = append(s.env.To, to)
	return nil
}

func (s *testSession) Data(r io.Reader) error {
	b, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	if s.env.From == "" {
		return errors.New("DATA before MAIL")
	}
	s.env.Data = b
	s.ts.mu.Lock()
	s.ts.got = append(s.ts.got, s.env)
	s.ts.mu.Unlock()
	return nil
}

func (s *testSession) Reset() {
	user := s.env.User
	s.env = envelope{User: user}
}

func (s *testSession) Logout() error { return nil }
