package mail

import (
	"bytes"
	"context"
	"errors"
	"net/mail"
	"strings"
	"testing"
	"time"

	"sabershop/internal/mail/mailtest"
	"sabershop/internal/mail/outbox"
)

const testFrom = "Saber Forge <shop@saberforge.example>"

func smtpSender(t *testing.T, addr, user, pass string) *SMTPSender {
	t.Helper()
	host, port, _ := strings.Cut(addr, ":")
	cfg, ok, err := ConfigFromEnv(func(k string) string {
		return map[string]string{
			"ORDERD_SMTP_HOST": host, "ORDERD_SMTP_PORT": port, "ORDERD_SMTP_USER": user,
			"ORDERD_SMTP_PASSWORD": pass, "ORDERD_SMTP_TLS": "none", "ORDERD_MAIL_FROM": testFrom,
		}[k]
	})
	if err != nil || !ok {
		t.Fatalf("ConfigFromEnv: ok=%v err=%v", ok, err)
	}
	s, err := NewSMTPSender(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// A Polish order e-mail over a real SMTP conversation with AUTH PLAIN:
// envelope, headers, an RFC 2047 subject that decodes back, both parts.
func TestSMTPSendOrderPlaced(t *testing.T) {
	srv := mailtest.Start(t, mailtest.Options{User: "shop", Pass: "s3cret"})
	s := smtpSender(t, srv.Addr, "shop", "s3cret")
	m, err := OrderPlaced(testCatalog(), testOrder("pl"), statusURL)
	if err != nil {
		t.Fatal(err)
	}
	m.ID = 7
	if err := s.Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	got := srv.Received()
	if len(got) != 1 {
		t.Fatalf("server got %d messages", len(got))
	}
	env := got[0]
	if env.User != "shop" || env.From != "shop@saberforge.example" || len(env.To) != 1 || env.To[0] != "anna@example.com" {
		t.Errorf("envelope = %+v", env)
	}
	p := mailtest.Parse(t, env.Data)
	if want := "Zamówienie #12 przyjęte – opłać je przez link"; p.Subject != want {
		t.Errorf("subject = %q, want %q", p.Subject, want)
	}
	if raw := p.Header.Get("Subject"); !strings.HasPrefix(raw, "=?UTF-8?") && !strings.HasPrefix(raw, "=?utf-8?") {
		t.Errorf("raw subject %q is not RFC 2047-encoded", raw)
	}
	addr := func(h string) string {
		a, err := p.Header.AddressList(h)
		if err != nil || len(a) != 1 {
			t.Fatalf("%s %q: %v", h, p.Header.Get(h), err)
		}
		return a[0].Name + " <" + a[0].Address + ">"
	}
	if got := addr("From"); got != "Saber Forge <shop@saberforge.example>" {
		t.Errorf("From = %q", got)
	}
	if got := addr("To"); got != "Anna Nowak <anna@example.com>" {
		t.Errorf("To = %q", got)
	}
	if got := addr("Reply-To"); got != "Saber Forge <hello@saberforge.example>" {
		t.Errorf("Reply-To = %q", got)
	}
	if id := p.Header.Get("Message-Id"); !strings.HasSuffix(id, "@saberforge.example>") || !strings.Contains(id, ".7.order_placed@") {
		t.Errorf("Message-ID = %q", id)
	}
	if d, err := p.Header.Date(); err != nil || !d.Equal(m.Created.Truncate(time.Second)) {
		t.Errorf("Date = %v (%v), want %v", d, err, m.Created)
	}
	if p.Header.Get("Auto-Submitted") != "auto-generated" {
		t.Errorf("Auto-Submitted = %q", p.Header.Get("Auto-Submitted"))
	}
	for _, want := range []string{"#12", statusURL, "1\u00a0499,00\u00a0zł", "Z kryształem", "Żebrowany"} {
		if !strings.Contains(p.Text, want) || !strings.Contains(p.HTML, want) {
			t.Errorf("text or HTML part lacks %q", want)
		}
	}
}

// Free text from customers is escaped in HTML and cannot add headers.
func TestSMTPHostileInput(t *testing.T) {
	srv := mailtest.Start(t, mailtest.Options{})
	s := smtpSender(t, srv.Addr, "", "")
	cat := testCatalog()

	o := testOrder("en")
	o.Customer.FirstName = "<script>alert(1)</script>\r\nBcc: victim@evil.example"
	o.Customer.LastName = "Nowak\nX-Injected: yes"
	o.Lines[0].Name = `Arc"><img src=x onerror=alert(2)>`
	m1, err := OrderPlaced(cat, o, statusURL)
	if err != nil {
		t.Fatal(err)
	}
	m2, err := ContactMessage(cat, "en", Contact{
		Name: "Eve\r\nBcc: all@evil.example", Email: "eve@example.com", Locale: "en",
		Message: "Hi </p><img src=x onerror=alert(3)> <a href=\"javascript:alert(4)\">x</a>",
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []*outbox.Message{m1, m2} {
		if err := s.Send(context.Background(), m); err != nil {
			t.Fatal(err)
		}
	}
	got := srv.Received()
	if len(got) != 2 {
		t.Fatalf("server got %d messages", len(got))
	}
	for i, env := range got {
		if len(env.To) != 1 {
			t.Errorf("message %d: recipients %v, want one", i, env.To)
		}
		for _, line := range rawHeaderLines(env.Data) {
			l := strings.ToLower(line)
			if strings.HasPrefix(l, "bcc:") || strings.HasPrefix(l, "x-injected:") {
				t.Errorf("message %d: injected header line %q", i, line)
			}
		}
		p := mailtest.Parse(t, env.Data)
		for _, bad := range []string{"<script", "<img", `href="javascript`} {
			if strings.Contains(strings.ToLower(p.HTML), bad) {
				t.Errorf("message %d: HTML contains %q", i, bad)
			}
		}
	}
	p1 := mailtest.Parse(t, got[0].Data)
	if !strings.Contains(p1.HTML, "&lt;script&gt;alert(1)&lt;/script&gt;") {
		t.Error("customer name not shown escaped in HTML")
	}
	if !strings.Contains(p1.Text, "<script>alert(1)</script>") {
		t.Error("plain text should show the name as typed")
	}
	p2 := mailtest.Parse(t, got[1].Data)
	if !strings.Contains(p2.HTML, "&lt;/p&gt;&lt;img src=x onerror=alert(3)&gt;") {
		t.Errorf("contact message not escaped as expected:\n%s", p2.HTML)
	}
	rt, err := p2.Header.AddressList("Reply-To")
	if err != nil || len(rt) != 1 || rt[0].Address != "eve@example.com" || strings.ContainsAny(rt[0].Name, "\r\n") {
		t.Errorf("Reply-To = %v (%v)", rt, err)
	}
}

// A message whose stored header fields carry a line break (whatever put
// it in the outbox) is refused before any connection.
func TestSendRefusesLineBreaks(t *testing.T) {
	s, err := NewSMTPSender(SMTPConfig{Host: "127.0.0.1", Port: 1, TLS: "none", From: testFrom})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []*outbox.Message{
		{Kind: "x", To: "a@example.com", Subject: "Hi\r\nBcc: b@example.com"},
		{Kind: "x", To: "a@example.com\r\nBcc: b@example.com", Subject: "Hi"},
		{Kind: "x", To: "a@example.com", ReplyTo: "c@example.com\nBcc: b@example.com", Subject: "Hi"},
	} {
		if err := s.Send(context.Background(), m); !errors.Is(err, ErrHeader) {
			t.Errorf("Send(%q) = %v, want ErrHeader", m.Subject, err)
		}
		if err := (FileSender{Dir: t.TempDir()}).Send(context.Background(), m); !errors.Is(err, ErrHeader) {
			t.Errorf("FileSender.Send = %v, want ErrHeader", err)
		}
	}
}

func TestConstructorsRejectBadInput(t *testing.T) {
	cat := testCatalog()
	o := testOrder("en")
	o.Customer.Email = "anna@example.com\r\nBcc: x@evil.example"
	if _, err := OrderPlaced(cat, o, statusURL); !errors.Is(err, ErrAddress) {
		t.Errorf("CRLF e-mail: %v, want ErrAddress", err)
	}
	o = testOrder("en")
	o.Customer.Email = "Boss <boss@example.com>"
	if _, err := OrderPlaced(cat, o, statusURL); !errors.Is(err, ErrAddress) {
		t.Errorf("e-mail with a display name: %v, want ErrAddress", err)
	}
	if _, err := OrderPlaced(cat, testOrder("en"), "/pl/status/x"); !errors.Is(err, ErrURL) {
		t.Errorf("relative status link: %v, want ErrURL", err)
	}
	if _, err := SaleStart(cat, Subscriber{Email: "a@example.com", Locale: "en"}, "https://x.example/", "javascript:alert(1)"); !errors.Is(err, ErrURL) {
		t.Errorf("javascript: unsubscribe link: %v, want ErrURL", err)
	}
	if _, err := OrderPlaced(cat, testOrder("fr"), statusURL); !errors.Is(err, ErrLocale) {
		t.Errorf("locale fr: %v, want ErrLocale", err)
	}
	o = testOrder("en")
	o.TrackingURL = "tracking.example/123"
	if _, err := OrderSent(cat, o, statusURL); !errors.Is(err, ErrURL) {
		t.Errorf("relative tracking link: %v, want ErrURL", err)
	}
	noMail := testCatalog()
	noMail.Shop.Company.Email = ""
	if _, err := ContactMessage(noMail, "en", Contact{Email: "a@example.com", Message: "hi"}); !errors.Is(err, ErrAddress) {
		t.Errorf("shop without e-mail: %v, want ErrAddress", err)
	}
	// The subject of a contact message has the sender's name on one line.
	m, err := ContactMessage(cat, "en", Contact{Name: "A\r\nB", Email: "a@example.com", Message: "hi"})
	if err != nil || strings.ContainsAny(m.Subject, "\r\n") {
		t.Errorf("subject %q (%v)", m.Subject, err)
	}
	if _, err := mail.ParseAddress(m.ReplyTo); err != nil {
		t.Errorf("Reply-To %q: %v", m.ReplyTo, err)
	}
}

func TestConfigFromEnv(t *testing.T) {
	env := func(kv ...string) func(string) string {
		m := map[string]string{}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		return func(k string) string { return m[k] }
	}
	cfg, ok, err := ConfigFromEnv(env("ORDERD_MAIL_FROM", testFrom))
	if ok || err != nil || cfg.From != testFrom {
		t.Errorf("no host: ok=%v err=%v from=%q", ok, err, cfg.From)
	}
	cfg, ok, err = ConfigFromEnv(env("ORDERD_SMTP_HOST", "smtp.example.com", "ORDERD_MAIL_FROM", testFrom,
		"ORDERD_SMTP_USER", "u", "ORDERD_SMTP_PASSWORD", "p"))
	if !ok || err != nil || cfg.TLS != TLSStartTLS || cfg.Port != 0 || cfg.User != "u" {
		t.Errorf("defaults: %+v ok=%v err=%v", cfg, ok, err)
	}
	for _, tc := range []struct {
		env  func(string) string
		want string
	}{
		{env("ORDERD_SMTP_HOST", "h", "ORDERD_SMTP_PORT", "smtp", "ORDERD_MAIL_FROM", testFrom), "ORDERD_SMTP_PORT"},
		{env("ORDERD_SMTP_HOST", "h", "ORDERD_SMTP_PORT", "70000", "ORDERD_MAIL_FROM", testFrom), "ORDERD_SMTP_PORT"},
		{env("ORDERD_SMTP_HOST", "h", "ORDERD_SMTP_TLS", "ssl", "ORDERD_MAIL_FROM", testFrom), "ORDERD_SMTP_TLS"},
		{env("ORDERD_SMTP_HOST", "h"), "ORDERD_MAIL_FROM"},
		{env("ORDERD_SMTP_HOST", "h", "ORDERD_MAIL_FROM", "not an address"), "ORDERD_MAIL_FROM"},
		{env("ORDERD_SMTP_HOST", "h", "ORDERD_MAIL_FROM", testFrom, "ORDERD_SMTP_USER", "u"), "ORDERD_SMTP_PASSWORD"},
		{env("ORDERD_SMTP_USER", "u"), "ORDERD_SMTP_HOST"},
	} {
		_, ok, err := ConfigFromEnv(tc.env)
		if ok || err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("want an error about %s, got ok=%v err=%v", tc.want, ok, err)
		}
	}
	for _, mode := range []string{"tls", "TLS", "none", "starttls"} {
		if _, ok, err := ConfigFromEnv(env("ORDERD_SMTP_HOST", "h", "ORDERD_SMTP_TLS", mode, "ORDERD_MAIL_FROM", testFrom)); !ok || err != nil {
			t.Errorf("TLS %q: ok=%v err=%v", mode, ok, err)
		}
	}
}

// rawHeaderLines are the header lines of raw as sent, before any folding
// is undone: what an injected "Bcc:" would have to be.
func rawHeaderLines(raw []byte) []string {
	head, _, _ := bytes.Cut(raw, []byte("\r\n\r\n"))
	return strings.Split(string(head), "\r\n")
}
