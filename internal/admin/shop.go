package admin

import (
	"sabershop/internal/owners"
	"sabershop/internal/store"
)

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

// SetShopOpen opens or pauses orders for by (Terminal or the desk's
// account), with its audit line. The CLI and the desk call it.
func (env Env) SetShopOpen(open bool, by string) error {
	return env.DB.UpdateNow(func(tx *store.Tx) error {
		if err := tx.SetOrdersOpen(open); err != nil {
			return err
		}
		return tx.Audit(&owners.Entry{At: env.now().UTC(), Owner: by, IP: env.IP, What: map[bool]string{true: "shop.resume", false: "shop.pause"}[open]})
	})
}

// ShopOpen says whether orders are open: the owner's switch, else the
// catalogue's orders_open.
func (env Env) ShopOpen() (bool, error) {
	var open, set bool
	err := env.DB.View(func(tx *store.Tx) error {
		var err error
		open, set, err = tx.OrdersOpen()
		return err
	})
	if err == nil && !set && env.Catalog != nil {
		if cat := env.Catalog(); cat != nil {
			open = cat.OrdersOpen
		}
	}
	return open, err
}

func (c *cmd) shopSet(open bool) error {
	if err := c.env.SetShopOpen(open, Terminal); err != nil {
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
