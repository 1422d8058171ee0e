package admin

import (
	"errors"

	"sabershop/internal/backoffice"
	"sabershop/internal/store"
)

func (c *cmd) shopStatus() error {
	var open, set bool
	err := c.office.DB.View(func(tx *store.Tx) error {
		var err error
		open, set, err = tx.OrdersOpen()
		return err
	})
	if err != nil {
		return err
	}
	if !set {
		if cat := c.currentCatalog(); cat != nil {
			open = cat.OrdersOpen
		}
		c.printf("orders are %s (content/config.toml orders_open; never changed with orderd shop)\n", openWord(open))
		return nil
	}
	reopen := ""
	if !open {
		if st, err := c.office.Shop(); err == nil && st.Reopens != "" {
			reopen = " until " + st.Reopens
		}
	}
	c.printf("orders are %s%s\n", openWord(open), reopen)
	return nil
}

func (c *cmd) shopSet(open bool, args []string) error {
	fs := flags("shop pause")
	until := fs.String("until", "", "the day orders open again, YYYY-MM-DD (shoppers read it)")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("orderd shop %s takes no arguments but --until", map[bool]string{true: "resume", false: "pause"}[open])
	}
	if err := c.office.SetShopOpen(open, *until, Terminal); errors.Is(err, backoffice.ErrReopenDate) {
		return usagef("orderd shop pause --until: %v", err)
	} else if err != nil {
		return err
	}
	switch {
	case open:
		c.printf("orders are open: the basket takes orders again\n")
	case *until != "":
		c.printf("orders are paused until %s: the order button reads \"ZAMAWIANIE CHWILOWO NIEDOSTĘPNE\" (and its translations), its notice names the day, and POST /v1/orders answers 409\n", *until)
	default:
		c.printf("orders are paused: the order button reads \"ZAMAWIANIE CHWILOWO NIEDOSTĘPNE\" (and its translations) and POST /v1/orders answers 409\n")
	}
	return nil
}

func openWord(open bool) string {
	if open {
		return "open"
	}
	return "paused"
}
