package mailtest

import (
	"bytes"
	"encoding/base64"
	"io"
	"mime"
	"mime/multipart"
	"net/mail"
	"strings"
	"testing"
)

// Message is a received message taken apart the way a mail client does.
type Message struct {
	Header  mail.Header
	Subject string // RFC 2047-decoded
	Text    string
	HTML    string
	// Attachments are the files of a multipart/mixed message, decoded.
	Attachments []Attachment
}

// Attachment is one attached file.
type Attachment struct {
	Name, ContentType string
	Data              []byte
}

// Parse reads raw as a mail client does, and fails the test unless it is
// what the shop sends: multipart/alternative with a UTF-8 text and a UTF-8
// HTML part.
func Parse(t testing.TB, raw []byte) Message {
	t.Helper()
	msg, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("not an RFC 5322 message: %v\n%s", err, raw)
	}
	p := Message{Header: msg.Header}
	if p.Subject, err = new(mime.WordDecoder).DecodeHeader(msg.Header.Get("Subject")); err != nil {
		t.Fatalf("subject %q: %v", msg.Header.Get("Subject"), err)
	}
	mt, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if err == nil && mt == "multipart/mixed" {
		// The alternative text and HTML first, then the files.
		mixed := multipart.NewReader(msg.Body, params["boundary"])
		for i := 0; ; i++ {
			part, err := mixed.NextPart()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("multipart/mixed: %v", err)
			}
			pt, pp, _ := mime.ParseMediaType(part.Header.Get("Content-Type"))
			if i == 0 {
				if pt != "multipart/alternative" {
					t.Fatalf("the first part is %s, want multipart/alternative", pt)
				}
				alternative(t, &p, part, pp["boundary"])
				continue
			}
			var r io.Reader = part
			if strings.EqualFold(part.Header.Get("Content-Transfer-Encoding"), "base64") {
				r = base64.NewDecoder(base64.StdEncoding, part)
			}
			data, err := io.ReadAll(r)
			if err != nil {
				t.Fatalf("attachment: %v", err)
			}
			p.Attachments = append(p.Attachments, Attachment{Name: part.FileName(), ContentType: pt, Data: data})
		}
		return p
	}
	if err != nil || mt != "multipart/alternative" {
		t.Fatalf("Content-Type %q (%v), want multipart/alternative", msg.Header.Get("Content-Type"), err)
	}
	alternative(t, &p, msg.Body, params["boundary"])
	return p
}

// alternative reads a multipart/alternative body's text and HTML parts.
func alternative(t testing.TB, p *Message, body io.Reader, boundary string) {
	t.Helper()
	mr := multipart.NewReader(body, boundary)
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
}
