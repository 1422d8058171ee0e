package mail

import (
	"bytes"
	"context"
	"fmt"
	"net/mail"
	"strconv"
	"strings"

	gomail "github.com/wneessen/go-mail"

	"sabershop/internal/mail/outbox"
)

// Sender delivers one message. An error means "not delivered, try again
// later": the worker keeps the message in the outbox.
type Sender interface {
	Send(ctx context.Context, m *outbox.Message) error
}

// buildMsg turns a stored outbox.Message into the MIME message both
// senders write: multipart/alternative with the plain text first and the
// HTML last (the part clients prefer), UTF-8, quoted-printable, RFC 2047
// subjects.
func buildMsg(from string, m *outbox.Message) (*gomail.Msg, error) {
	if err := checkHeaders(m); err != nil {
		return nil, err
	}
	msg := gomail.NewMsg(gomail.WithCharset(gomail.CharsetUTF8), gomail.WithEncoding(gomail.EncodingQP))
	if err := msg.From(from); err != nil {
		return nil, fmt.Errorf("mail: from %q: %w", from, err)
	}
	if err := msg.To(m.To); err != nil {
		return nil, fmt.Errorf("mail: message %d: to: %w", m.ID, err)
	}
	if m.ReplyTo != "" {
		if err := msg.ReplyTo(m.ReplyTo); err != nil {
			return nil, fmt.Errorf("mail: message %d: reply-to: %w", m.ID, err)
		}
	}
	msg.Subject(m.Subject)
	// Message-ID and Date come from the stored message, not the attempt, so
	// a retry after an ambiguous failure (DATA accepted, reply lost) is the
	// same message and receivers can drop the duplicate.
	msg.SetMessageIDWithValue(messageID(from, m))
	msg.SetDateWithValue(m.Created)
	// RFC 3834: no vacation replies or loops to an automatic sender.
	msg.SetGenHeader(gomail.Header("Auto-Submitted"), "auto-generated")
	if m.ListUnsubscribe != "" {
		// RFC 2369 and RFC 8058: the provider POSTs
		// "List-Unsubscribe=One-Click" to the URL from its own server.
		if _, err := absURL(m.ListUnsubscribe); err != nil || strings.ContainsAny(m.ListUnsubscribe, "<>, \t") {
			return nil, fmt.Errorf("mail: message %d: list-unsubscribe: %w", m.ID, err)
		}
		msg.SetGenHeader(gomail.Header("List-Unsubscribe"), "<"+m.ListUnsubscribe+">")
		msg.SetGenHeader(gomail.Header("List-Unsubscribe-Post"), "List-Unsubscribe=One-Click")
	}
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)
	for _, a := range m.Attachments {
		if err := msg.AttachReader(a.Name, bytes.NewReader(a.Data), gomail.WithFileContentType(gomail.ContentType(a.ContentType))); err != nil {
			return nil, fmt.Errorf("mail: message %d: attachment %q: %w", m.ID, a.Name, err)
		}
	}
	return msg, nil
}

// messageID is <created-nanoseconds.outbox-id.kind@from-domain>: unique per
// outbox row and stable across retries. It carries no Ref, which may be a
// secret order hash.
func messageID(from string, m *outbox.Message) string {
	domain := "localhost"
	if a, err := mail.ParseAddress(from); err == nil {
		if at := strings.LastIndexByte(a.Address, '@'); at >= 0 {
			domain = a.Address[at+1:]
		}
	}
	return strconv.FormatInt(m.Created.UnixNano(), 36) + "." + strconv.FormatUint(m.ID, 10) + "." +
		safeName(m.Kind) + "@" + domain
}

// safeName keeps [a-z0-9_-] of s, for file names and Message-IDs.
func safeName(s string) string {
	b := []byte(s)
	out := b[:0]
	for _, c := range b {
		if c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '-' {
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		return "mail"
	}
	return string(out)
}
