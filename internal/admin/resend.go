package admin

import (
	"strconv"
	"strings"

	"sabershop/internal/inert"
)

// ordersResend is `orderd orders resend ID MAIL`, a printer around
// orders.Service.Resend.
func (c *cmd) ordersResend(args []string) error {
	pos, err := parse(flags("orders resend"), args)
	if err != nil {
		return err
	}
	if len(pos) != 2 {
		return usagef("usage: orderd orders resend ID MAIL (MAIL: the e-mail's number in orders show)")
	}
	mailID, err := strconv.ParseUint(strings.TrimPrefix(pos[1], "#"), 10, 64)
	if err != nil {
		return usagef("orderd orders resend: %q is not an e-mail number (orders show lists them)", pos[1])
	}
	id, err := c.office.Orders.Lookup(pos[0])
	if err != nil {
		return err
	}
	m, err := c.office.Orders.Resend(id, mailID, terminal)
	if err != nil {
		return err
	}
	c.printf("queued again: %s to %s\n", m.Kind, inert.String(m.To))
	return nil
}
