package admin

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"sabershop/internal/inert"
	"sabershop/internal/order"
	"sabershop/internal/orders"
	"sabershop/internal/payment"
)

// ordersRefund is orderd orders refund ID [--amount 50.00] [--reason TEXT]
// [--key KEY]: a printer around orders.Service.Refund, which the desk uses too.
// It runs in the daemon only: the payment providers live there.
func (c *cmd) ordersRefund(args []string) error {
	fs := flags("orders refund")
	amountArg := fs.String("amount", "", "how much, in the order's currency (default: everything left)")
	reason := fs.String("reason", "", "why (the customer reads it)")
	key := fs.String("key", "", "idempotency key (default: one made from the order, amount and reason)")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	ref, err := oneRef("orders refund", pos)
	if err != nil {
		return err
	}
	var minor int64
	if *amountArg != "" {
		if minor, err = parseAmount(*amountArg); err != nil || minor <= 0 {
			return usagef("orderd orders refund: --amount %q: want a positive amount such as 50.00 (in the order's currency), or none for everything left", *amountArg)
		}
	}
	if len(c.office.Orders.Payments().Providers()) == 0 {
		return errors.New("orderd orders refund needs the running daemon: the payment providers live in it; start it (orderd serve) and run the command again")
	}
	id, err := c.office.Orders.Lookup(ref)
	if err != nil {
		return err
	}
	if *key == "" {
		// The same command twice (a shell's history, a retry after a lost
		// terminal) is one refund; another amount or reason is another.
		sum := sha256.Sum256([]byte(strconv.FormatUint(id, 10) + "|" + *amountArg + "|" + strings.TrimSpace(*reason)))
		*key = "cli-" + hex.EncodeToString(sum[:12])
	}
	res, err := c.office.Orders.Refund(c.ctx, orders.RefundRequest{OrderID: id, Amount: minor, Reason: *reason, Key: *key, By: terminal})
	r := res.Refund
	how := func() string { return amount(r.Amount, r.Currency) + " through " + r.Provider }
	switch {
	case errors.Is(err, payment.ErrRefundRefused):
		return fmt.Errorf("order #%d: %s refused the refund of %s; nothing changed: %s", id, r.Provider, amount(r.Amount, r.Currency),
			inert.String(r.Note))
	case errors.Is(err, orders.ErrUnreachable):
		return fmt.Errorf("order #%d: %s did not answer the refund of %s (%v); nothing is known to be paid back: check the provider's panel before asking again",
			id, r.Provider, amount(r.Amount, r.Currency), err)
	case errors.Is(err, order.ErrRefundTooMuch), errors.Is(err, order.ErrRefundNotAllowed), errors.Is(err, orders.ErrNoProvider),
		errors.Is(err, orders.ErrInProgress):
		return fmt.Errorf("order #%d: no refund: %w", id, err)
	case err != nil:
		return err
	case res.Repeated:
		c.printf("order #%d: this refund was made already, %s: %s (%s); nothing asked again, no e-mail sent\n"+
			"  (to refund more, give another --amount, --reason or --key)\n",
			id, r.Finished.UTC().Format("2006-01-02 15:04 UTC"), how(), r.Reference)
		return nil
	}
	c.printf("order #%d: refunded %s (%s reference %s)\n", id, how(), r.Provider, r.Reference)
	c.printf("  left to refund: %s\n", amount(res.Left, r.Currency))
	if res.Cancelled {
		c.printf("  the order is now cancelled: everything paid went back\n")
	}
	if res.Mailed {
		c.printf("  e-mail to %s queued\n", inert.String(res.Order.Customer.Email))
	}
	return nil
}
