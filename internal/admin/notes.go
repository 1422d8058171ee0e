package admin

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"sabershop/internal/inert"
	"sabershop/internal/order"
	"sabershop/internal/owners"
	"sabershop/internal/store"
)

// MaxNote is the longest note, in characters: a phone call's summary, not
// a document.
const MaxNote = 2000

var (
	// ErrNoteEmpty is returned by Env.AddNote when nothing is left of the
	// text once hidden characters and surrounding spaces are gone.
	ErrNoteEmpty = errors.New("the note is empty")

	// ErrNoteTooLong is returned by Env.AddNote when the text is longer
	// than MaxNote characters.
	ErrNoteTooLong = fmt.Errorf("the note is longer than %d characters", MaxNote)
)

// AddNote adds the owner's private note text to order ref (its ID, "#12",
// or its status hash) for by (Terminal, or the desk's account name), with
// its audit line, in one transaction. The text is cleaned as a contact
// message is (inert.Message: line breaks and tabs stay, other hidden
// characters go), since a note is often pasted from a mail or a chat. The
// CLI (orderd orders note) and the desk both call it; it returns the order
// and the note as stored.
func (env Env) AddNote(ref, text, by string) (*order.Order, *store.Note, error) {
	text = strings.TrimSpace(inert.Message(text))
	switch {
	case text == "":
		return nil, nil, ErrNoteEmpty
	case utf8.RuneCountInString(text) > MaxNote:
		return nil, nil, ErrNoteTooLong
	}
	now := env.now().UTC()
	var (
		o *order.Order
		n *store.Note
	)
	err := env.DB.UpdateNow(func(tx *store.Tx) error {
		var err error
		if o, err = findOrder(tx, ref); err != nil {
			return err
		}
		n = &store.Note{Order: o.ID, At: now, Owner: by, Text: text}
		if err := tx.AddNote(n); err != nil {
			return err
		}
		return tx.Audit(&owners.Entry{At: now, Owner: by, IP: env.IP, What: "order.note", Target: fmt.Sprintf("#%d", o.ID), Detail: excerpt(text)})
	})
	if err != nil {
		return nil, nil, err
	}
	return o, n, nil
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

// ordersNote is `orderd orders note ID TEXT`, a printer around AddNote.
// The words after the order are the note, so it needs no quotes.
func (c *cmd) ordersNote(args []string) error {
	pos, err := parse(flags("orders note"), args)
	if err != nil {
		return err
	}
	if len(pos) < 2 {
		return usagef(`orderd orders note: give one order ID or hash and the note, e.g. orderd orders note 12 "called, wants it before the 12th"`)
	}
	o, n, err := c.env.AddNote(pos[0], strings.Join(pos[1:], " "), Terminal)
	switch {
	case errors.Is(err, ErrNoteEmpty), errors.Is(err, ErrNoteTooLong):
		return usagef("orderd orders note: %v", err)
	case err != nil:
		return err
	}
	c.printf("note added to order #%d (%s); the customer never sees notes\n", o.ID, n.At.Format("2006-01-02 15:04"))
	return nil
}

// printNotes prints an order's notes for orders show, each line of a
// note indented under its date and author.
func (c *cmd) printNotes(notes []*store.Note) {
	if len(notes) == 0 {
		return
	}
	c.printf("\nNotes (private: the customer never sees them)\n")
	for _, n := range notes {
		c.printf("  %s  %s\n", n.At.UTC().Format("2006-01-02 15:04"), inert.String(n.Owner))
		for _, line := range strings.Split(inert.Text(n.Text), "\n") {
			c.printf("    %s\n", line)
		}
	}
}
