package admin

import (
	"errors"
	"flag"
	"io"
	"strings"

	"sabershop/internal/inert"
	"sabershop/internal/mail/outbox"
	"sabershop/internal/order"
	"sabershop/internal/store"
)

// flags is a FlagSet that reports mistakes as UsageErrors instead of
// printing and exiting.
func flags(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}

// parse parses flags anywhere among the arguments ("send 12 --tracking X"
// and "send --tracking X 12"), returning the positional ones.
func parse(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	// A status hash is URL-safe base64 and may begin with "-": it is an
	// order reference, not a flag (unless it is the value of a flag).
	var rest []string
	for i, a := range args {
		if strings.HasPrefix(a, "-") && order.ValidHash(a) && (i == 0 || !takesValue(fs, args[i-1])) {
			pos = append(pos, a)
			continue
		}
		rest = append(rest, a)
	}
	args = rest
	for {
		if err := fs.Parse(args); err != nil {
			return nil, usagef("orderd %s: %v", fs.Name(), err)
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// takesValue reports whether arg is a flag of fs whose value is the next
// argument ("--reason X", not "--reason=X").
func takesValue(fs *flag.FlagSet, arg string) bool {
	name := strings.TrimLeft(arg, "-")
	if !strings.HasPrefix(arg, "-") || strings.Contains(name, "=") {
		return false
	}
	f := fs.Lookup(name)
	if f == nil {
		return false
	}
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return !ok || !b.IsBoolFlag()
}

func oneRef(name string, pos []string) (string, error) {
	if len(pos) != 1 {
		return "", usagef("orderd %s: give one order ID or hash, e.g. orderd %s 12", name, name)
	}
	return pos[0], nil
}

func (c *cmd) ordersShow(args []string) error {
	pos, err := parse(flags("orders show"), args)
	if err != nil {
		return err
	}
	ref, err := oneRef("orders show", pos)
	if err != nil {
		return err
	}
	id, err := c.office.Orders.Lookup(ref)
	if err != nil {
		return err
	}
	var (
		o     *order.Order
		notes []*store.Note
	)
	if err := c.office.DB.View(func(tx *store.Tx) error {
		if o, err = tx.OrderByID(id); err != nil {
			return err
		}
		notes, err = tx.Notes(o.ID)
		return err
	}); err != nil {
		return err
	}
	sent, err := c.office.DB.Sent(o.Hash)
	if err != nil {
		return err
	}
	outbox, err := c.office.DB.OutboxOf(o.Hash)
	if err != nil {
		return err
	}
	printOrder(c.out, o, c.currentCatalog(), c.office.Now())
	c.printNotes(notes)
	c.printf("\nE-mails\n")
	for _, s := range sent {
		c.printf("  sent    %s  %-17s to %s  (e-mail %d)\n", s.Sent.UTC().Format("2006-01-02 15:04"), s.Kind, inert.String(s.To), s.ID)
	}
	for _, m := range outbox {
		if m.Ref == o.Hash {
			c.printf("  queued  %s  %-17s to %s (attempts %d%s)\n", m.Created.UTC().Format("2006-01-02 15:04"), m.Kind, inert.String(m.To),
				m.Attempts, lastErr(m))
		}
	}
	return nil
}

func lastErr(m *outbox.Message) string {
	if m.LastErr == "" {
		return ""
	}
	return "; last error: " + inert.String(m.LastErr) // a mail server's words
}

func (c *cmd) ordersSend(args []string) error {
	fs := flags("orders send")
	tracking := fs.String("tracking", "", "tracking number")
	url := fs.String("url", "", "tracking link")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	ref, err := oneRef("orders send", pos)
	if err != nil {
		return err
	}
	if strings.TrimSpace(*tracking) == "" {
		return usagef("orderd orders send: --tracking NUMBER is required (the customer gets it by e-mail)")
	}
	if *url != "" && !strings.HasPrefix(*url, "https://") && !strings.HasPrefix(*url, "http://") {
		return usagef("orderd orders send: --url must be an http(s) link, got %q", *url)
	}
	id, err := c.office.Orders.Lookup(ref)
	if err != nil {
		return err
	}
	o, changed, err := c.office.Orders.Send(id, *tracking, *url, terminal)
	return c.changed(o, changed, err)
}

func (c *cmd) ordersCancel(args []string) error {
	fs := flags("orders cancel")
	reason := fs.String("reason", "", "why (the customer reads it)")
	refund := fs.String("refund", "", "refund note (required for a paid order)")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	ref, err := oneRef("orders cancel", pos)
	if err != nil {
		return err
	}
	if strings.TrimSpace(*reason) == "" {
		return usagef("orderd orders cancel: --reason TEXT is required (the customer reads it)")
	}
	id, err := c.office.Orders.Lookup(ref)
	if err != nil {
		return err
	}
	o, changed, err := c.office.Orders.Cancel(id, *reason, *refund, terminal)
	if errors.Is(err, order.ErrRefundNoteRequired) && o != nil {
		return usagef("order #%d is paid: cancel it with --refund NOTE saying how the money goes back", o.ID)
	}
	return c.changed(o, changed, err)
}

// changed prints what a send or a cancel did.
func (c *cmd) changed(o *order.Order, changed bool, err error) error {
	if err != nil {
		return err
	}
	if !changed {
		c.printf("order #%d is already %s; nothing changed, no e-mail sent\n", o.ID, o.Status)
		return nil
	}
	c.printf("order #%d is now %s; e-mail to %s queued\n", o.ID, o.Status, inert.String(o.Customer.Email))
	return nil
}
