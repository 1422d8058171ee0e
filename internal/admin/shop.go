package admin

import "sabershop/internal/store"

func (c *cmd) shopStatus() error {
	var open, set bool
	err := c.env.DB.View(func(tx *store.Tx) error {
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
	c.printf("orders are %s\n", openWord(open))
	return nil
}

func (c *cmd) shopSet(open bool) error {
	if err := c.env.DB.UpdateNow(func(tx *store.Tx) error {
		if err := tx.SetOrdersOpen(open); err != nil {
			return err
		}
		return c.audit(tx, map[bool]string{true: "shop.resume", false: "shop.pause"}[open], "", "")
	}); err != nil {
		return err
	}
	if open {
		c.printf("orders are open: the basket takes orders again\n")
	} else {
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
