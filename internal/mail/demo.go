package mail

import (
	"html"
	"regexp"

	"sabershop/internal/mail/outbox"
)

// bodyTag is the layout's opening <body> tag (templates/layout.html).
var bodyTag = regexp.MustCompile(`(?i)<body[^>]*>`)

// MarkDemo returns a copy of m marked as coming from a demo shop (orderd
// serve -demo): the subject starts with "[DEMO]" and both bodies start with
// a notice, in the message's language. The worker marks every message it
// sends in demo mode, whoever queued it (the API, an owner's command run
// without the daemon), so that no e-mail of a demo shop passes for a real
// one.
func MarkDemo(m *outbox.Message) (*outbox.Message, error) {
	loc := m.Locale
	if !knownLocale(loc) {
		loc = defaultLocale
	}
	var err error
	prefix := trOr(&err, loc, "demo.subject_prefix")
	notice := trOr(&err, loc, "demo.notice")
	if err != nil {
		return nil, err
	}
	c := *m
	c.Subject = prefix + " " + m.Subject
	c.Text = notice + "\n\n" + m.Text
	if m.HTML != "" {
		banner := `<div style="margin:0;padding:12px 16px;background-color:#fff3b0;color:#1f1f1f;border-bottom:2px solid #1f1f1f;` +
			`font-family:Helvetica,Arial,sans-serif;font-size:15px;line-height:1.4;font-weight:bold;text-align:center;">` +
			html.EscapeString(notice) + `</div>`
		if loc := bodyTag.FindStringIndex(m.HTML); loc != nil {
			c.HTML = m.HTML[:loc[1]] + "\n" + banner + m.HTML[loc[1]:]
		} else {
			c.HTML = banner + m.HTML
		}
	}
	return &c, nil
}
