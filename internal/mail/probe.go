package mail

import (
	"context"
	"crypto/tls"
	"fmt"
	"net"
	"net/textproto"
	"strconv"
)

// Addr is the host:port the sender connects to: the configured port, or
// the TLS mode's usual one.
func (c SMTPConfig) Addr() string {
	def := 587
	switch c.TLS {
	case TLSImplicit:
		def = 465
	case TLSNone:
		def = 25
	}
	return net.JoinHostPort(c.Host, strconv.Itoa(portOr(c.Port, def)))
}

// Probe says whether the SMTP server answers: it connects (with TLS from
// the first byte in TLSImplicit mode), reads the 220 greeting and says
// QUIT. It sends no mail and no password. ctx bounds the whole exchange,
// so a server that accepts the connection and never greets fails too.
func (s *SMTPSender) Probe(ctx context.Context) error {
	addr := s.cfg.Addr()
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return fmt.Errorf("smtp %s: %w", addr, err)
	}
	defer conn.Close()
	if deadline, ok := ctx.Deadline(); ok {
		_ = conn.SetDeadline(deadline)
	}
	if s.cfg.TLS == TLSImplicit {
		tc := tls.Client(conn, &tls.Config{ServerName: s.cfg.Host, MinVersion: tls.VersionTLS12})
		if err := tc.HandshakeContext(ctx); err != nil {
			return fmt.Errorf("smtp %s: tls: %w", addr, err)
		}
		conn = tc
	}
	tp := textproto.NewConn(conn)
	if _, _, err := tp.ReadResponse(220); err != nil {
		return fmt.Errorf("smtp %s: greeting: %w", addr, err)
	}
	// A polite goodbye; its answer does not change the verdict.
	if id, err := tp.Cmd("QUIT"); err == nil {
		tp.StartResponse(id)
		_, _, _ = tp.ReadResponse(221)
		tp.EndResponse(id)
	}
	return nil
}
