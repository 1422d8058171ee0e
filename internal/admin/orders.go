package admin

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"sabershop/internal/catalog"
	"sabershop/internal/inert"
	"sabershop/internal/mail"
	"sabershop/internal/mail/outbox"
	"sabershop/internal/order"
	"sabershop/internal/owners"
	"sabershop/internal/store"
)

var statuses = []order.Status{order.Placed, order.PaymentPending, order.Paid, order.Sent, order.Cancelled}

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

// findOrder reads an order by ID ("12" or "#12", as order.ParseID reads
// it) or status hash: what the owner types in the terminal. The desk's
// routes take only an ID, read at the edge (desk.withOrder).
func findOrder(tx *store.Tx, ref string) (*order.Order, error) {
	ref = strings.TrimPrefix(strings.TrimSpace(ref), "#")
	if id, ok := order.ParseID(ref); ok {
		o, err := tx.OrderByID(id)
		if errors.Is(err, store.ErrNotFound) {
			return nil, noOrder(fmt.Sprintf("no order with ID %d (orderd orders list shows them)", id))
		}
		return o, err
	}
	o, err := tx.Order(ref)
	if errors.Is(err, store.ErrNotFound) {
		return nil, noOrder(fmt.Sprintf("no order with ID or hash %q (orderd orders list shows them)", ref))
	}
	return o, err
}

// noOrder is findOrder's error for an order that does not exist: the
// owner reads where to look, and the desk sees a store.ErrNotFound (404).
type noOrder string

func (e noOrder) Error() string { return string(e) }
func (e noOrder) Unwrap() error { return store.ErrNotFound }

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
	var (
		o     *order.Order
		notes []*store.Note
	)
	if err := c.env.DB.View(func(tx *store.Tx) error {
		if o, err = findOrder(tx, ref); err != nil {
			return err
		}
		notes, err = tx.Notes(o.ID)
		return err
	}); err != nil {
		return err
	}
	sent, err := c.env.DB.Sent(o.Hash)
	if err != nil {
		return err
	}
	queue, err := c.env.DB.OutboxOf(o.Hash)
	if err != nil {
		return err
	}
	var cat = c.env.Catalog
	sheet := buildSheet{out: c.out, now: c.env.Now()}
	if cat != nil {
		sheet.cat = cat()
	}
	sheet.order(o)
	c.printNotes(notes)
	c.printf("\nE-mails\n")
	for _, s := range sent {
		c.printf("  sent    %s  %-17s to %s  (e-mail %d)\n", s.Sent.UTC().Format("2006-01-02 15:04"), s.Kind, inert.String(s.To), s.ID)
	}
	for _, m := range queue {
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
	o, changed, err := c.env.Send(ref, *tracking, *url, Terminal)
	return c.changed(o, changed, err)
}

// ErrTrackingRequired is returned by Env.Send without a tracking number.
var ErrTrackingRequired = errors.New("a tracking number is required (the customer gets it by e-mail)")

// ErrReasonRequired is returned by Env.Cancel without a reason.
var ErrReasonRequired = errors.New("a reason is required (the customer reads it)")

// Send marks order ref sent with the parcel's tracking number and link,
// and queues the shopper's e-mail, for by (Terminal or the desk's
// account). The CLI and the desk call it.
func (env Env) Send(ref, tracking, url, by string) (*order.Order, bool, error) {
	tracking = strings.TrimSpace(tracking)
	if tracking == "" {
		return nil, false, ErrTrackingRequired
	}
	if url != "" && !strings.HasPrefix(url, "https://") && !strings.HasPrefix(url, "http://") {
		return nil, false, usagef("the tracking link must be an http(s) link, got %q", url)
	}
	return env.change(ref, by, func(o *order.Order) (bool, error) {
		return o.MarkSent(env.now().UTC(), tracking, url)
	}, mail.OrderSent)
}

// Cancel cancels order ref with reason (the shopper reads it); a paid
// order needs refundNote, saying how the money goes back
// (order.ErrRefundNoteRequired otherwise). The CLI and the desk call it.
func (env Env) Cancel(ref, reason, refundNote, by string) (*order.Order, bool, error) {
	reason, refundNote = strings.TrimSpace(reason), strings.TrimSpace(refundNote)
	if reason == "" {
		return nil, false, ErrReasonRequired
	}
	return env.change(ref, by, func(o *order.Order) (bool, error) {
		now := env.now().UTC()
		var (
			changed bool
			err     error
		)
		if o.Status == order.Paid {
			if refundNote == "" {
				return false, order.ErrRefundNoteRequired
			}
			changed, err = o.CancelPaid(now, refundNote)
		} else {
			changed, err = o.Transition(order.Cancelled, now, "owner: "+reason)
		}
		if changed {
			o.CancelReason = reason
		}
		return changed, err
	}, mail.OrderCancelled)
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
	o, changed, err := c.env.Cancel(ref, *reason, *refund, Terminal)
	if errors.Is(err, order.ErrRefundNoteRequired) && o != nil {
		return usagef("order #%d is paid: cancel it with --refund NOTE saying how the money goes back", o.ID)
	}
	return c.changed(o, changed, err)
}

// change applies a transition and queues its e-mail and its audit line
// in one transaction. A transition that changes nothing (already sent,
// already cancelled) sends nothing again. It returns the order as it is.
func (env Env) change(ref, by string, apply func(*order.Order) (bool, error),
	render func(cat *catalog.Catalog, o *order.Order, statusURL string) (*outbox.Message, error)) (*order.Order, bool, error) {
	c := &cmd{env: env}
	cat, err := c.catalog()
	if err != nil {
		return nil, false, err
	}
	var (
		o       *order.Order
		changed bool
	)
	err = env.DB.UpdateNow(func(tx *store.Tx) error {
		if o, err = findOrder(tx, ref); err != nil {
			return err
		}
		if changed, err = apply(o); err != nil || !changed {
			return err
		}
		if err := tx.PutOrder(o); err != nil {
			return err
		}
		msg, err := render(cat, o, c.link(cat, o.StatusPath()))
		if err != nil {
			return err
		}
		if err := tx.Enqueue(msg); err != nil {
			return err
		}
		return tx.Audit(&owners.Entry{At: env.now().UTC(), Owner: by, IP: env.IP, What: "order." + string(o.Status),
			Target: fmt.Sprintf("#%d", o.ID), Detail: o.CancelReason})
	})
	if err != nil {
		if errors.Is(err, order.ErrIllegalTransition) && o != nil {
			return o, false, fmt.Errorf("order #%d is %s: %w", o.ID, o.Status, err)
		}
		return nil, false, err
	}
	if changed {
		if env.Kick != nil {
			env.Kick()
		}
		if env.Log != nil {
			env.Log.Info("order "+string(o.Status), "order", o.ID, "by", by)
		}
	}
	return o, changed, nil
}

// changed prints what change did.
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

func validStatus(s order.Status) bool {
	for _, v := range statuses {
		if v == s {
			return true
		}
	}
	return false
}

func statusList() string {
	var s []string
	for _, v := range statuses {
		s = append(s, string(v))
	}
	return strings.Join(s, ", ")
}
