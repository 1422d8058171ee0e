package admin

import (
	"errors"
	"strings"

	"sabershop/internal/inert"
	"sabershop/internal/orders"
	"sabershop/internal/store"
)

// ordersNote is `orderd orders note ID TEXT`, a printer around
// orders.Service.AddNote.
// The words after the order are the note, so it needs no quotes.
func (c *cmd) ordersNote(args []string) error {
	pos, err := parse(flags("orders note"), args)
	if err != nil {
		return err
	}
	if len(pos) < 2 {
		return usagef(`orderd orders note: give one order ID or hash and the note, e.g. orderd orders note 12 "called, wants it before the 12th"`)
	}
	id, err := c.office.Orders.Lookup(pos[0])
	if err != nil {
		return err
	}
	n, err := c.office.Orders.AddNote(id, strings.Join(pos[1:], " "), terminal)
	switch {
	case errors.Is(err, orders.ErrNoteEmpty), errors.Is(err, orders.ErrNoteTooLong):
		return usagef("orderd orders note: %v", err)
	case err != nil:
		return err
	}
	c.printf("note added to order #%d (%s); the customer never sees notes\n", n.Order, n.At.Format("2006-01-02 15:04"))
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
