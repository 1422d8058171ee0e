package mail

import (
	"fmt"
	"net/mail"
	"net/url"
	"strings"

	"sabershop/internal/mail/outbox"
)

// oneLine makes free text safe for a header or a one-line label: control
// characters (CR and LF above all) become spaces and runs of spaces
// collapse. Used for names and subjects, which customers partly control.
func oneLine(s string) string {
	s = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || r == '\u2028' || r == '\u2029' {
			return ' '
		}
		return r
	}, s)
	return strings.Join(strings.Fields(s), " ")
}

// hasLineBreak reports characters that would end a header line.
func hasLineBreak(s string) bool {
	return strings.ContainsAny(s, "\r\n")
}

// address checks that email is one bare address (no display name, no
// group, no line break) and returns it with name as its display name,
// encoded as RFC 5322 wants (net/mail quotes and RFC 2047-encodes names).
func address(name, email string) (string, error) {
	email = strings.TrimSpace(email)
	if email == "" || hasLineBreak(email) {
		return "", fmt.Errorf("%w: %q", ErrAddress, email)
	}
	a, err := mail.ParseAddress(email)
	if err != nil || a.Address != email {
		return "", fmt.Errorf("%w: %q", ErrAddress, email)
	}
	a.Name = oneLine(name)
	if a.Name == "" {
		return a.Address, nil
	}
	return a.String(), nil
}

// absURL checks a link the e-mail shows.
func absURL(s string) (string, error) {
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || hasLineBreak(s) {
		return "", fmt.Errorf("%w: %q", ErrURL, s)
	}
	return s, nil
}

// checkHeaders is the senders' last line of defence: a message from the
// store is data, and whatever wrote it, no field may smuggle a header in.
func checkHeaders(m *outbox.Message) error {
	for _, f := range [...]struct{ name, v string }{
		{"subject", m.Subject}, {"to", m.To}, {"reply-to", m.ReplyTo}, {"kind", m.Kind},
		{"list-unsubscribe", m.ListUnsubscribe},
	} {
		if hasLineBreak(f.v) {
			return fmt.Errorf("%w: %s of message %d", ErrHeader, f.name, m.ID)
		}
	}
	return nil
}
