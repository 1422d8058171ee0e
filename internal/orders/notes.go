package orders

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"sabershop/internal/inert"
	"sabershop/internal/store"
)

// MaxNote is the longest note, in characters: a phone call's summary, not
// a document.
const MaxNote = 2000

var (
	// ErrNoteEmpty is returned by AddNote when nothing is left of the
	// text once hidden characters and surrounding spaces are gone.
	ErrNoteEmpty = errors.New("the note is empty")

	// ErrNoteTooLong is returned by AddNote when the text is longer than
	// MaxNote characters.
	ErrNoteTooLong = fmt.Errorf("the note is longer than %d characters", MaxNote)
)

// AddNote adds the owner's private note text to order id for by, with its
// audit line, in one transaction. The text is cleaned as a contact
// message is (inert.Message: line breaks and tabs stay, other hidden
// characters go), since a note is often pasted from a mail or a chat. It
// returns the note as stored.
func (s *Service) AddNote(id uint64, text string, by Actor) (*store.Note, error) {
	text = strings.TrimSpace(inert.Message(text))
	switch {
	case text == "":
		return nil, ErrNoteEmpty
	case utf8.RuneCountInString(text) > MaxNote:
		return nil, ErrNoteTooLong
	}
	now := s.now()
	var n *store.Note
	err := s.cfg.Store.UpdateNow(func(tx *store.Tx) error {
		o, err := byID(tx, id)
		if err != nil {
			return err
		}
		n = &store.Note{Order: o.ID, At: now, Owner: by.Name, Text: text}
		if err := tx.AddNote(n); err != nil {
			return err
		}
		return s.audit(tx, by, "order.note", o, excerpt(text))
	})
	if err != nil {
		return nil, err
	}
	return n, nil
}

// excerpt is the start of a note on one line, for the audit log: enough
// to tell notes apart, not a second copy of each.
func excerpt(text string) string {
	const most = 60
	text = strings.Join(strings.Fields(text), " ")
	if utf8.RuneCountInString(text) <= most {
		return text
	}
	return string([]rune(text)[:most]) + "…"
}
