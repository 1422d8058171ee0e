package mail

import (
	"bytes"
	"io"
	"mime"
	"mime/multipart"
	"net/mail"
	"strings"
	"testing"
)

// parsed is a received message taken apart the way a mail client does.
type parsed struct {
	Header  mail.Header
	Subject string // RFC 2047-decoded
	Text    string
	HTML    string
}

func parseMIME(t *testing.T, raw []byte) parsed {
	t.Helper()
	msg, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("not an RFC 5322 message: %v\n%s", err, raw)
	}
	p := parsed{Header: msg.Header}
	dec := new(mime.WordDecoder)
	if p.Subject, err = dec.DecodeHeader(msg.Header.Get("Subject")); err != nil {
		t.Fatalf("subject %q: %v", msg.Header.Get("Subject"), err)
	}
	mt, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if err != nil || mt != "multipart/alternative" {
		t.Fatalf("Content-Type %q (%v), want multipart/alternative", msg.Header.Get("Content-Type"), err)
	}
	mr := multipart.NewReader(msg.Body, params["boundary"])
	for {
		part, err := mr.NextPart() // decodes quoted-printable itself
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("multipart: %v", err)
		}
		body, err := io.ReadAll(part)
		if err != nil {
			t.Fatal(err)
		}
		ct, cp, _ := mime.ParseMediaType(part.Header.Get("Content-Type"))
		if !strings.EqualFold(cp["charset"], "utf-8") {
			t.Errorf("part %s: charset %q, want UTF-8", ct, cp["charset"])
		}
		switch ct {
		case "text/plain":
			p.Text = string(body)
		case "text/html":
			p.HTML = string(body)
		default:
			t.Errorf("unexpected part %s", ct)
		}
	}
	if p.Text == "" || p.HTML == "" {
		t.Fatalf("want both a text and an HTML part, got text=%d html=%d bytes", len(p.Text), len(p.HTML))
	}
	return p
}

// rawHeaderLines are the header lines of raw as sent, before any folding
// is undone: what an injected "Bcc:" would have to be.
func rawHeaderLines(raw []byte) []string {
	head, _, _ := bytes.Cut(raw, []byte("\r\n\r\n"))
	return strings.Split(string(head), "\r\n")
}
