package mail

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"sabershop/internal/mail/outbox"
)

// FileSender writes each message as a complete .eml file (the same MIME as
// SMTPSender sends) under Dir: development without an SMTP server, and a
// record a new user can open in any mail client. It logs nothing; the
// daemon logs the payment link.
type FileSender struct {
	Dir  string
	From string // the From header; DefaultFileFrom when empty
}

// DefaultFileFrom is the sender of .eml files when no From is configured.
const DefaultFileFrom = "orderd <orderd@localhost>"

// Path is where m is (or will be) written:
// <Dir>/<created UTC, 20060102T150405Z>-<id>-<kind>.eml. A retry writes
// the same file again.
func (f FileSender) Path(m *outbox.Message) string {
	name := fmt.Sprintf("%s-%d-%s.eml", m.Created.UTC().Format("20060102T150405Z"), m.ID, safeName(m.Kind))
	return filepath.Join(f.Dir, name)
}

// Send writes m atomically: a temporary file in Dir, synced, then renamed,
// so a reader never sees half a message.
func (f FileSender) Send(ctx context.Context, m *outbox.Message) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	from := f.From
	if from == "" {
		from = DefaultFileFrom
	}
	msg, err := buildMsg(from, m)
	if err != nil {
		return err
	}
	// 0700: the files hold customers' names and addresses.
	if err := os.MkdirAll(f.Dir, 0o700); err != nil {
		return fmt.Errorf("mail: %w", err)
	}
	tmp, err := os.CreateTemp(f.Dir, ".eml-*.tmp")
	if err != nil {
		return fmt.Errorf("mail: %w", err)
	}
	defer os.Remove(tmp.Name()) // fails harmlessly after the rename
	if _, err := msg.WriteTo(tmp); err != nil {
		tmp.Close()
		return fmt.Errorf("mail: writing %s: %w", tmp.Name(), err)
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return fmt.Errorf("mail: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("mail: %w", err)
	}
	if err := os.Rename(tmp.Name(), f.Path(m)); err != nil {
		return fmt.Errorf("mail: %w", err)
	}
	return nil
}
