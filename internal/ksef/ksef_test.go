package ksef

import (
	"bytes"
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"sabershop/internal/ksef/ksefake"
	"sabershop/internal/ksef/schema"
)

const (
	sellerNIP = "5265877635" // the NIP of the docs' examples, as in testdata/fa3-minimal.xml
	// secret is the KSeF token: distinctive, so that finding it in an
	// error, a log or a request in clear is certain.
	secret = "SECRET-ksef-token-7f3a9c"
)

// fake is a strict fake KSeF knowing the seller's token.
func fake(t *testing.T) *ksefake.Fake {
	t.Helper()
	if !schema.Available() {
		t.Fatal("xmllint is not installed: make test-deps installs libxml2-utils")
	}
	f, err := ksefake.New()
	if err != nil {
		t.Fatal(err)
	}
	f.RequireSchema = true
	f.ProcessDelay = 20 * time.Millisecond
	f.AddToken(sellerNIP, secret)
	return f
}

// spy records every request's headers and body, to assert the token
// never travels in clear.
type spy struct {
	next http.RoundTripper
	mu   sync.Mutex
	seen bytes.Buffer
}

func (s *spy) RoundTrip(r *http.Request) (*http.Response, error) {
	var body []byte
	if r.Body != nil {
		body, _ = io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(body))
	}
	s.mu.Lock()
	_ = r.Header.Write(&s.seen)
	s.seen.WriteString(r.URL.String())
	s.seen.Write(body)
	s.mu.Unlock()
	return s.next.RoundTrip(r)
}

// transports are the two ways to reach the fake: its in-process Client
// and real TCP through httptest.
var transports = []string{"in-process", "tcp"}

// client is a Client of f through transport, with a spy checked at the
// end of the test for the token in clear.
func client(t *testing.T, f *ksefake.Fake, transport string) *Client {
	t.Helper()
	sp := &spy{}
	c := &Client{NIP: sellerNIP, Token: secret}
	switch transport {
	case "in-process":
		c.BaseURL = BaseURL(Test)
		sp.next = f.Client().Transport
	default:
		srv := httptest.NewServer(f)
		t.Cleanup(srv.Close)
		c.BaseURL = srv.URL + "/v2"
		sp.next = srv.Client().Transport
	}
	c.HTTP = &http.Client{Transport: sp, Timeout: 10 * time.Second}
	t.Cleanup(func() {
		sp.mu.Lock()
		defer sp.mu.Unlock()
		if strings.Contains(sp.seen.String(), secret) {
			t.Error("the KSeF token travelled in clear")
		}
	})
	return c
}

// noSecret fails the test if err's text holds the token.
func noSecret(t *testing.T, err error) {
	t.Helper()
	if err != nil && strings.Contains(err.Error(), secret) {
		t.Errorf("the token is in an error: %v", err)
	}
}

// invoice is the minimal FA(3) of testdata with P_2 number.
func invoice(t *testing.T, number string) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/fa3-minimal.xml")
	if err != nil {
		t.Fatal(err)
	}
	return bytes.Replace(b, []byte("<P_2>FV/2026/02/0001</P_2>"), []byte("<P_2>"+number+"</P_2>"), 1)
}

// wait polls the invoice's status until KSeF is done with it.
func wait(t *testing.T, c *Client, sessionRef, invoiceRef string) Status {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for {
		st, err := c.InvoiceStatus(ctx, sessionRef, invoiceRef)
		noSecret(t, err)
		if err != nil {
			t.Fatalf("status: %v", err)
		}
		if st.Done() {
			return st
		}
		if st.Code != 100 && st.Code != 150 {
			t.Fatalf("status %d while processing", st.Code)
		}
		select {
		case <-ctx.Done():
			t.Fatal("the invoice never got a verdict")
		case <-time.After(5 * time.Millisecond):
		}
	}
}

func open(t *testing.T, c *Client) *Session {
	t.Helper()
	s, err := c.Open(context.Background())
	noSecret(t, err)
	if err != nil {
		t.Fatalf("open: %v", err)
	}
	return s
}

func send(t *testing.T, s *Session, xml []byte) string {
	t.Helper()
	ref, err := s.Send(context.Background(), xml)
	noSecret(t, err)
	if err != nil {
		t.Fatalf("send: %v", err)
	}
	return ref
}

// The whole course of an invoice, through both transports: authenticate,
// open, send a real FA(3), poll until accepted, find it by hash, fetch
// its UPO (valid per the official schema), close.
func TestFullFlow(t *testing.T) {
	for _, tr := range transports {
		t.Run(tr, func(t *testing.T) {
			f := fake(t)
			c := client(t, f, tr)
			ctx := context.Background()
			xml := invoice(t, "FV/2026/02/0001")
			if err := schema.Validate(ctx, xml, schema.FA3); err != nil {
				t.Fatalf("the test invoice is not a valid FA(3): %v", err)
			}
			s := open(t, c)
			if len(s.Ref()) != 36 || s.ValidUntil.Before(time.Now().Add(11*time.Hour)) {
				t.Errorf("session %q valid until %s", s.Ref(), s.ValidUntil)
			}
			ref := send(t, s, xml)
			st := wait(t, c, s.Ref(), ref)
			if !st.OK() || !ValidNumber(st.KSeFNumber) || !strings.HasPrefix(st.KSeFNumber, sellerNIP+"-") || st.Accepted.IsZero() {
				t.Fatalf("status %+v: want 200 with a valid KSeF number and a date", st)
			}
			got, found, err := c.FindByHash(ctx, s.Ref(), Hash(xml))
			noSecret(t, err)
			if err != nil || !found || got != ref {
				t.Errorf("FindByHash: %q %v %v, want %q", got, found, err, ref)
			}
			if _, found, err := c.FindByHash(ctx, s.Ref(), Hash([]byte("another"))); err != nil || found {
				t.Errorf("FindByHash of an unknown hash: %v %v", found, err)
			}
			upo, err := c.UPO(ctx, s.Ref(), st.KSeFNumber)
			noSecret(t, err)
			if err != nil {
				t.Fatalf("UPO: %v", err)
			}
			if err := schema.Validate(ctx, upo, schema.UPO); err != nil {
				t.Fatalf("the UPO does not validate: %v\n%s", err, upo)
			}
			for _, want := range []string{st.KSeFNumber, Hash(xml), s.Ref(), "<NumerFaktury>FV/2026/02/0001<", "Ministerstwo Finansów<"} {
				if !bytes.Contains(upo, []byte(want)) {
					t.Errorf("the UPO lacks %q", want)
				}
			}
			if err := s.Close(ctx); err != nil {
				t.Fatalf("close: %v", err)
			}
			if err := s.Close(ctx); !errors.Is(err, ErrSessionClosed) {
				t.Errorf("closing again: %v, want ErrSessionClosed", err)
			}
			// The status and the UPO stay readable after the close.
			if st2, err := c.InvoiceStatus(ctx, s.Ref(), ref); err != nil || st2.KSeFNumber != st.KSeFNumber {
				t.Errorf("status after close: %+v %v", st2, err)
			}
			acc := f.Accepted()
			if len(acc) != 1 || acc[0].KSeFNumber != st.KSeFNumber || acc[0].Number != "FV/2026/02/0001" || acc[0].Kind != "VAT" || acc[0].NIP != sellerNIP || acc[0].Session != s.Ref() {
				t.Errorf("the fake accepted %+v", acc)
			}
			if f.Authentications() != 1 || f.Received() != 1 {
				t.Errorf("%d authentications, %d invoices received; want 1 and 1 (the access token kept)", f.Authentications(), f.Received())
			}
		})
	}
}

// Several invoices sent at once in one session each get their own
// number (and the race detector sees the client and the fake).
func TestConcurrentSends(t *testing.T) {
	f := fake(t)
	c := client(t, f, "tcp")
	s := open(t, c)
	var wg sync.WaitGroup
	refs := make([]string, 4)
	for i := range refs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ref, err := s.Send(context.Background(), invoice(t, "FV/C/"+string(rune('A'+i))))
			if err != nil {
				t.Errorf("send %d: %v", i, err)
			}
			refs[i] = ref
		}()
	}
	wg.Wait()
	seen := map[string]bool{}
	for _, ref := range refs {
		if ref == "" {
			continue
		}
		st := wait(t, c, s.Ref(), ref)
		if !st.OK() || seen[st.KSeFNumber] {
			t.Errorf("%+v", st)
		}
		seen[st.KSeFNumber] = true
	}
}

// KSeF refuses a second invoice with the same seller, kind and number,
// even in another session, pointing to the original: 440 with
// originalKsefNumber and originalSessionReferenceNumber.
func TestDuplicate(t *testing.T) {
	f := fake(t)
	c := client(t, f, "in-process")
	s1 := open(t, c)
	first := wait(t, c, s1.Ref(), send(t, s1, invoice(t, "FV/1")))
	s2 := open(t, c)
	// Not byte for byte the same: a different creation time.
	again := bytes.Replace(invoice(t, "FV/1"), []byte("10:00:00Z"), []byte("11:00:00Z"), 1)
	dup := wait(t, c, s2.Ref(), send(t, s2, again))
	if dup.Code != 440 || !dup.Duplicate() || dup.OK() || dup.OriginalKSeFNumber != first.KSeFNumber || dup.OriginalSession != s1.Ref() || dup.KSeFNumber != "" {
		t.Fatalf("duplicate: %+v, want 440 pointing to %s in %s", dup, first.KSeFNumber, s1.Ref())
	}
	if len(dup.Details) == 0 || !strings.Contains(dup.Details[0], first.KSeFNumber) {
		t.Errorf("details %q", dup.Details)
	}
	// Another number of the same seller is not a duplicate.
	if st := wait(t, c, s2.Ref(), send(t, s2, invoice(t, "FV/2"))); !st.OK() {
		t.Errorf("another number: %+v", st)
	}
	if n := len(f.Accepted()); n != 2 {
		t.Errorf("%d accepted, want 2", n)
	}
}

func TestValidNumber(t *testing.T) {
	for _, n := range []string{
		"5265877635-20250826-0100001AF629-AF", // numer-ksef.md
		"5265877635-20250626-010080DD2B5E-26", // the duplicate example of the changelog and the OpenAPI
		"5265877635-20250916-0200A0D6723E-C2", // the UPO example
	} {
		if !ValidNumber(n) {
			t.Errorf("%s: refused", n)
		}
	}
	for _, n := range []string{
		"5265877635-20250826-0100001AF629-AE",  // checksum
		"5265877635-20250826-0100001AF628-AF",  // technical part
		"5265877636-20250826-0100001AF629-AF",  // NIP
		"5265877635-20250827-0100001AF629-AF",  // date
		"5265877635-20250826-0100001af629-AF",  // lower case
		"5265877635-20250826-0100001AF629-af",  // lower-case checksum
		"5265877635-20250826-0100001AF629AF",   // no dash
		"5265877635-20250826-010000-1AF629-AF", // KSeF 1.0's 36 characters
		"",
	} {
		if ValidNumber(n) {
			t.Errorf("%s: accepted", n)
		}
	}
	if got := Checksum("5265877635-20250826-0100001AF629"); got != "AF" {
		t.Errorf("checksum %s, want AF", got)
	}
}

// KOD I of kody-qr.md's example.
func TestInvoiceLink(t *testing.T) {
	want := "https://qr-test.ksef.mf.gov.pl/invoice/1111111111/01-02-2026/UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE"
	issued := time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC)
	if got := InvoiceLink(Test, "1111111111", issued, "UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE"); got != want {
		t.Errorf("base64url: %s\nwant %s", got, want)
	}
	raw, err := base64.RawURLEncoding.DecodeString("UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE")
	if err != nil {
		t.Fatal(err)
	}
	if got := InvoiceLink(Test, "1111111111", issued, base64.StdEncoding.EncodeToString(raw)); got != want {
		t.Errorf("standard base64 (as Hash gives): %s\nwant %s", got, want)
	}
	if got := InvoiceLink(Production, "1111111111", issued, "x"); !strings.HasPrefix(got, "https://qr.ksef.mf.gov.pl/invoice/") {
		t.Errorf("production: %s", got)
	}
}

func TestRateLimited(t *testing.T) {
	f := fake(t)
	c := client(t, f, "tcp")
	f.RateLimit(1, 7*time.Second)
	_, err := c.Open(context.Background())
	var rl *RateLimited
	if !errors.As(err, &rl) || rl.RetryAfter != 7*time.Second {
		t.Fatalf("%v, want RateLimited after 7s", err)
	}
	noSecret(t, err)
	open(t, c) // the next one goes through
	now := time.Date(2026, 2, 1, 12, 0, 0, 0, time.UTC)
	if d := retryAfter(now.Add(90*time.Second).Format(http.TimeFormat), now); d != 90*time.Second {
		t.Errorf("an HTTP date: %s", d)
	}
	if d := retryAfter("", now); d != 0 {
		t.Errorf("none: %s", d)
	}
}

func TestUnavailable(t *testing.T) {
	f := fake(t)
	c := client(t, f, "tcp")
	s := open(t, c)
	f.Down(true)
	_, err := s.Send(context.Background(), invoice(t, "FV/1"))
	if !errors.Is(err, ErrUnavailable) {
		t.Fatalf("down: %v, want ErrUnavailable", err)
	}
	noSecret(t, err)
	f.Down(false)
	send(t, s, invoice(t, "FV/1"))

	// Slower than the client waits: a timeout.
	f.Slow(time.Second)
	c.HTTP.Timeout = 20 * time.Millisecond
	_, err = c.InvoiceStatus(context.Background(), s.Ref(), "20260201-EE-0000000000-0000000000-00")
	if !errors.Is(err, ErrUnavailable) {
		t.Fatalf("slow: %v, want ErrUnavailable", err)
	}
	f.Slow(0)

	// Nothing listening.
	srv := httptest.NewServer(f)
	srv.Close()
	c2 := &Client{BaseURL: srv.URL + "/v2", NIP: sellerNIP, Token: secret}
	_, err = c2.Open(context.Background())
	if !errors.Is(err, ErrUnavailable) {
		t.Fatalf("no server: %v, want ErrUnavailable", err)
	}
	noSecret(t, err)
}

// An access token KSeF no longer takes is refreshed once, transparently;
// the KSeF token is not used again.
func TestExpiredAccessTokenRefreshed(t *testing.T) {
	f := fake(t)
	c := client(t, f, "in-process")
	s := open(t, c)
	f.ExpireTokens()
	ref := send(t, s, invoice(t, "FV/1"))
	if st := wait(t, c, s.Ref(), ref); !st.OK() {
		t.Fatalf("%+v", st)
	}
	if f.Refreshes() != 1 || f.Authentications() != 1 {
		t.Errorf("%d refreshes, %d authentications; want 1 and 1", f.Refreshes(), f.Authentications())
	}
}

// Tokens that expire by their validUntil are refreshed before use.
func TestAccessTokenExpiresByTime(t *testing.T) {
	f := fake(t)
	f.AccessTTL = 20 * time.Second // less than the client's margin: every use refreshes
	c := client(t, f, "in-process")
	s := open(t, c)
	send(t, s, invoice(t, "FV/1"))
	if f.Refreshes() == 0 || f.Authentications() != 1 {
		t.Errorf("%d refreshes, %d authentications", f.Refreshes(), f.Authentications())
	}
}

func TestUnauthorized(t *testing.T) {
	t.Run("wrong token", func(t *testing.T) {
		f := fake(t)
		c := client(t, f, "tcp")
		c.Token = "SECRET-wrong-token-41b2"
		_, err := c.Open(context.Background())
		if !errors.Is(err, ErrUnauthorized) {
			t.Fatalf("%v, want ErrUnauthorized", err)
		}
		if strings.Contains(err.Error(), c.Token) {
			t.Errorf("the token is in the error: %v", err)
		}
	})
	t.Run("another NIP", func(t *testing.T) {
		f := fake(t)
		c := client(t, f, "tcp")
		c.NIP = "1111111111"
		if _, err := c.Open(context.Background()); !errors.Is(err, ErrUnauthorized) {
			t.Fatalf("%v, want ErrUnauthorized", err)
		}
	})
	t.Run("revoked", func(t *testing.T) {
		f := fake(t)
		c := client(t, f, "tcp")
		s := open(t, c)
		f.RevokeToken(secret)
		f.ExpireTokens()
		_, err := s.Send(context.Background(), invoice(t, "FV/1"))
		if !errors.Is(err, ErrUnauthorized) {
			t.Fatalf("%v, want ErrUnauthorized", err)
		}
		noSecret(t, err)
		if f.Received() != 0 {
			t.Error("the fake took the invoice")
		}
	})
}

func TestSessionClosed(t *testing.T) {
	f := fake(t)
	c := client(t, f, "tcp")
	s := open(t, c)
	f.CloseSessions()
	_, err := s.Send(context.Background(), invoice(t, "FV/1"))
	var api *APIError
	if !errors.Is(err, ErrSessionClosed) || !errors.As(err, &api) || api.Code != 21180 {
		t.Fatalf("%v, want ErrSessionClosed with 21180", err)
	}
	unknown := &Session{c: c, ref: "20260201-SO-0000000000-0000000000-00", key: s.key, iv: s.iv}
	if _, err := unknown.Send(context.Background(), invoice(t, "FV/1")); !errors.Is(err, ErrSessionClosed) {
		t.Fatalf("an unknown session: %v, want ErrSessionClosed", err)
	}
	s2 := open(t, c) // a new one works
	send(t, s2, invoice(t, "FV/1"))
}

// sendRaw sends req as is, for the tampered cases.
func sendRaw(s *Session, req sendInvoiceRequest) (string, error) {
	resp, err := s.c.authed(context.Background(), request{method: http.MethodPost, path: "/sessions/online/" + s.ref + "/invoices", session: true, body: req})
	if err != nil {
		return "", err
	}
	_, ref, _ := strings.Cut(string(resp.body), `"referenceNumber":"`)
	ref, _, _ = strings.Cut(ref, `"`)
	return ref, nil
}

// A hash or size that does not match is refused as documented: the
// encrypted ones at once (400 21402/21403), the invoice's own after
// decryption (status 430).
func TestTampered(t *testing.T) {
	f := fake(t)
	c := client(t, f, "in-process")
	s := open(t, c)
	xml := invoice(t, "FV/1")
	enc, err := encrypt(s.key, s.iv, xml)
	if err != nil {
		t.Fatal(err)
	}
	good := sendInvoiceRequest{Hash(xml), int64(len(xml)), Hash(enc), int64(len(enc)), enc, false}
	for _, tc := range []struct {
		name   string
		change func(*sendInvoiceRequest)
		api    int // the 400's exception code, or
		status int // the invoice's status code
	}{
		{"encrypted size", func(r *sendInvoiceRequest) { r.EncryptedInvoiceSize++ }, 21402, 0},
		{"encrypted hash", func(r *sendInvoiceRequest) { r.EncryptedInvoiceHash = Hash([]byte("x")) }, 21403, 0},
		{"invoice size", func(r *sendInvoiceRequest) { r.InvoiceSize-- }, 0, 430},
		{"invoice hash", func(r *sendInvoiceRequest) { r.InvoiceHash = Hash([]byte("x")) }, 0, 430},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := good
			tc.change(&req)
			ref, err := sendRaw(s, req)
			if tc.api != 0 {
				var api *APIError
				if !errors.As(err, &api) || api.Status != 400 || api.Code != tc.api {
					t.Fatalf("%v, want 400 %d", err, tc.api)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if st := wait(t, c, s.Ref(), ref); st.Code != tc.status || st.OK() {
				t.Fatalf("%+v, want %d", st, tc.status)
			}
		})
	}
	if len(f.Accepted()) != 0 {
		t.Error("the fake accepted a tampered invoice")
	}
}

// An invoice encrypted with another key than the session's is refused:
// 435, decryption error. The wrong key is one under which the session's
// key finds bad padding (as all but 1 in 256 keys do), for a determined
// answer.
func TestWrongAESKey(t *testing.T) {
	f := fake(t)
	c := client(t, f, "in-process")
	s := open(t, c)
	xml := invoice(t, "FV/1")
	right := s.key
	for {
		wrong := make([]byte, 32)
		_, _ = rand.Read(wrong)
		enc, _ := encrypt(wrong, s.iv, xml)
		block, _ := aes.NewCipher(right)
		out := make([]byte, len(enc))
		cipher.NewCBCDecrypter(block, s.iv).CryptBlocks(out, enc)
		if p := int(out[len(out)-1]); p < 1 || p > 16 || !bytes.Equal(out[len(out)-p:], bytes.Repeat([]byte{byte(p)}, p)) {
			s.key = wrong
			break
		}
	}
	st := wait(t, c, s.Ref(), send(t, s, xml))
	if st.Code != 435 {
		t.Fatalf("%+v, want 435", st)
	}
}

// The fake's other refusals: an invoice that is not a valid FA(3) (450,
// with xmllint's message), another seller's invoice (410), and one the
// test asks it to refuse.
func TestRefusals(t *testing.T) {
	f := fake(t)
	c := client(t, f, "in-process")
	s := open(t, c)
	invalid := bytes.Replace(invoice(t, "FV/1"), []byte("<P_15>123.00</P_15>"), nil, 1)
	if st := wait(t, c, s.Ref(), send(t, s, invalid)); st.Code != 450 || len(st.Details) == 0 {
		t.Errorf("schema: %+v, want 450 with details", st)
	}
	other := bytes.Replace(invoice(t, "FV/2"), []byte("<NIP>"+sellerNIP+"</NIP>"), []byte("<NIP>1111111111</NIP>"), 1)
	if st := wait(t, c, s.Ref(), send(t, s, other)); st.Code != 410 {
		t.Errorf("another seller: %+v, want 410", st)
	}
	f.RefuseNext(550, "Operacja została anulowana przez system")
	if st := wait(t, c, s.Ref(), send(t, s, invoice(t, "FV/3"))); st.Code != 550 || st.Description != "Operacja została anulowana przez system" {
		t.Errorf("RefuseNext: %+v", st)
	}
	// Refused, FV/3 is no duplicate when sent again.
	if st := wait(t, c, s.Ref(), send(t, s, invoice(t, "FV/3"))); !st.OK() {
		t.Errorf("again: %+v", st)
	}
	if _, err := c.UPO(context.Background(), s.Ref(), "5265877635-20250826-0100001AF629-AF"); err == nil {
		t.Error("an UPO for a number the session does not have")
	} else {
		var api *APIError
		if !errors.As(err, &api) || api.Code != 21178 {
			t.Errorf("%v, want 21178", err)
		}
	}
}

// FindByHash pages through a session's invoices.
func TestFindByHashPages(t *testing.T) {
	f := fake(t)
	c := client(t, f, "in-process")
	s := open(t, c)
	var last []byte
	var lastRef string
	for i := range findPageSize + 5 {
		last = []byte("not an invoice " + string(rune('a'+i%26)) + time.Now().String())
		lastRef = send(t, s, last)
	}
	ref, found, err := c.FindByHash(context.Background(), s.Ref(), Hash(last))
	if err != nil || !found || ref != lastRef {
		t.Fatalf("%q %v %v, want %q", ref, found, err, lastRef)
	}
}

func TestParseError(t *testing.T) {
	e := parseError(400, []byte(`{"exception":{"exceptionDetailList":[{"exceptionCode":21405,"exceptionDescription":"Błąd walidacji danych wejściowych.","details":["pageSize"]}]}}`))
	if e.Code != 21405 || e.Description != "Błąd walidacji danych wejściowych." || len(e.Details) != 1 {
		t.Errorf("%+v", e)
	}
	e = parseError(401, []byte(`{"title":"Unauthorized","status":401,"detail":"Brak tokenu."}`))
	if e.Description != "Unauthorized" || e.Details[0] != "Brak tokenu." {
		t.Errorf("%+v", e)
	}
}
