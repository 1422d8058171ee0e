package admin

import (
	"fmt"
	"slices"
	"strings"
	"text/tabwriter"

	"sabershop/internal/backoffice"
	"sabershop/internal/inert"
	"sabershop/internal/store"
)

// orderPages reads the newest limit orders of read's pages (all of them
// when limit is 0) in one read transaction, and whether more remain.
func (c *cmd) orderPages(limit int, read func(tx *store.Tx, cursor string, limit int) (*store.OrderPage, error)) ([]store.OrderSummary, bool, error) {
	var (
		list []store.OrderSummary
		more bool
	)
	err := c.office.DB.View(func(tx *store.Tx) error {
		list, more = nil, false
		cursor := ""
		for {
			want := store.MaxPageSize
			if limit > 0 {
				want = min(want, limit-len(list))
			}
			p, err := read(tx, cursor, want)
			if err != nil {
				return err
			}
			list = append(list, p.Orders...)
			if p.Next == "" {
				return nil
			}
			if limit > 0 && len(list) >= limit {
				more = true
				return nil
			}
			cursor = p.Next
		}
	})
	return list, more, err
}

func (c *cmd) ordersList(args []string) error {
	fs := flags("orders list")
	status := fs.String("status", "", "only orders in this status")
	stage := fs.String("stage", "", "only orders in this production stage")
	country := fs.String("country", "", "only orders to this country (pl, de, ...)")
	currency := fs.String("currency", "", "only orders in this currency (PLN, EUR, ...)")
	from := fs.String("from", "", "only orders placed on this day (UTC) or later")
	to := fs.String("to", "", "only orders placed on this day (UTC) or earlier")
	limit := fs.Int("limit", 0, "only the newest N (0: all)")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("orderd orders list takes no arguments but flags (--status, --stage, --country, --currency, --from, --to, --limit), got %q", strings.Join(pos, " "))
	}
	if *limit < 0 {
		return usagef("orderd orders list: --limit must be 0 (all) or more, got %d", *limit)
	}
	f, err := backoffice.OrderFilter(*status, *stage, *country, *currency, *from, *to)
	if err != nil {
		return usagef("orderd orders list: %v", err)
	}
	list, more, err := c.orderPages(*limit, func(tx *store.Tx, cursor string, n int) (*store.OrderPage, error) {
		return tx.ListOrders(f, cursor, n)
	})
	if err != nil {
		return err
	}
	return c.printOrders(list, more)
}

func (c *cmd) ordersSearch(args []string) error {
	fs := flags("orders search")
	limit := fs.Int("limit", 0, "only the newest N (0: all)")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	query := strings.TrimSpace(strings.Join(pos, " "))
	if query == "" {
		return usagef("orderd orders search: give an order number, a name or an e-mail address, e.g. orderd orders search nowak")
	}
	if *limit < 0 {
		return usagef("orderd orders search: --limit must be 0 (all) or more, got %d", *limit)
	}
	list, more, err := c.orderPages(*limit, func(tx *store.Tx, cursor string, n int) (*store.OrderPage, error) {
		return tx.SearchOrders(query, cursor, n)
	})
	if err != nil {
		return err
	}
	return c.printOrders(list, more)
}

// printOrders prints the orders (newest first) oldest first, so the newest
// is next to the prompt, and says when --limit left older ones out.
func (c *cmd) printOrders(list []store.OrderSummary, more bool) error {
	if len(list) == 0 {
		c.printf("no orders\n")
		return nil
	}
	tw := tabwriter.NewWriter(c.out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tPLACED (UTC)\tSTATUS\tCUSTOMER\tE-MAIL\tITEMS\tTOTAL")
	for _, o := range slices.Backward(list) {
		// What the shopper typed is printed inert: an order kept before
		// the form refused hidden characters must not reach the terminal
		// with an escape sequence or a bidi override.
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s %s\t%s\t%d\t%s\n", o.ID, o.Created.UTC().Format("2006-01-02 15:04"), o.Status,
			inert.String(o.FirstName), inert.String(o.LastName), inert.String(o.Email), o.Items,
			amount(o.Total, o.Currency))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if more {
		c.printf("(the newest %d; older orders match too: raise --limit, 0 lists all)\n", len(list))
	}
	return nil
}
