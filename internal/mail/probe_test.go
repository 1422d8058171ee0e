package mail

import (
	"context"
	"net"
	"strings"
	"testing"
	"time"

	"sabershop/internal/mail/mailtest"
)

// Probe passes against a real SMTP server (and sends nothing), and fails
// on a closed port and on a server that accepts but never greets.
func TestProbe(t *testing.T) {
	srv := mailtest.Start(t, mailtest.Options{User: "shop", Pass: "s3cret"})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := smtpSender(t, srv.Addr, "shop", "s3cret").Probe(ctx); err != nil {
		t.Fatalf("a live server: %v", err)
	}
	if n := len(srv.Received()); n != 0 {
		t.Errorf("the probe sent %d messages", n)
	}

	closed, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := closed.Addr().String()
	closed.Close()
	if err := smtpSender(t, addr, "", "").Probe(ctx); err == nil || !strings.Contains(err.Error(), addr) {
		t.Errorf("a closed port: %v, want an error naming %s", err, addr)
	}

	// Accepts, then says nothing: the probe's own deadline ends it.
	mute, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer mute.Close()
	go func() {
		for {
			c, err := mute.Accept()
			if err != nil {
				return
			}
			defer c.Close()
		}
	}()
	short, cancelShort := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancelShort()
	if err := smtpSender(t, mute.Addr().String(), "", "").Probe(short); err == nil || !strings.Contains(err.Error(), "greeting") {
		t.Errorf("a mute server: %v, want a greeting error", err)
	}
}

func TestSMTPConfigAddr(t *testing.T) {
	for _, c := range []struct {
		cfg  SMTPConfig
		want string
	}{
		{SMTPConfig{Host: "smtp.example.com"}, "smtp.example.com:587"},
		{SMTPConfig{Host: "smtp.example.com", TLS: TLSImplicit}, "smtp.example.com:465"},
		{SMTPConfig{Host: "localhost", TLS: TLSNone}, "localhost:25"},
		{SMTPConfig{Host: "::1", Port: 2525, TLS: TLSNone}, "[::1]:2525"},
	} {
		if got := c.cfg.Addr(); got != c.want {
			t.Errorf("%+v: %s, want %s", c.cfg, got, c.want)
		}
	}
}
