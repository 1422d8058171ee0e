package store

import (
	"bytes"
	"encoding/json"
	"fmt"
	"time"
)

// Note is one of the owner's private notes on an order
// (docs/decisions/desk.md#order-notes-are-private-and-never-edited): what
// the shopper said on the phone, a promise, a reminder. Only the desk and
// the owner's commands read notes; the shopper's API never does.
type Note struct {
	ID    uint64    `json:"id"` // the bucket's sequence: notes of every order share it
	Order uint64    `json:"order"`
	At    time.Time `json:"at"`
	Owner string    `json:"owner"` // the desk's account name, or the terminal
	Text  string    `json:"text"`
}

// AddNote appends n to its order's notes, numbering it. The key is the
// order's ID then the note's, so one order's notes are a prefix scan in
// the order they were written.
func (tx *Tx) AddNote(n *Note) error {
	if n.Order == 0 {
		return fmt.Errorf("%w: note without an order", ErrInvalid)
	}
	b := tx.bucket(BucketOrderNotes)
	id, err := b.NextSequence()
	if err != nil {
		return err
	}
	n.ID = id
	return put(b, append(idKey(n.Order), idKey(id)...), n)
}

// Notes returns the notes of order id, oldest first (none: an empty list).
func (tx *Tx) Notes(id uint64) ([]*Note, error) {
	prefix := idKey(id)
	c := tx.bucket(BucketOrderNotes).Cursor()
	out := []*Note{}
	for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
		n := new(Note)
		if err := json.Unmarshal(v, n); err != nil {
			return nil, fmt.Errorf("store: decode note %x: %w", k, err)
		}
		out = append(out, n)
	}
	return out, nil
}
