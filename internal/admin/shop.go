package admin

import (
	"errors"
	"strings"
	"time"

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
	reopen := ""
	if !open {
		if st, err := c.env.Shop(); err == nil && st.Reopens != "" {
			reopen = " until " + st.Reopens
		}
	}
	c.printf("orders are %s%s\n", openWord(open), reopen)
	return nil
}

// ErrReopenDate is returned by Env.SetShopOpen for a day to reopen that
// is not a YYYY-MM-DD date from today on.
var ErrReopenDate = errors.New("the day orders open again must be a date (YYYY-MM-DD), today or later")

// SetShopOpen opens or pauses orders for by (Terminal or the desk's
// account), with its audit line. A pause may name the day orders open
// again (reopens, "YYYY-MM-DD", or ""): the shop's paused notice says it
// to shoppers in their language. Opening forgets it. The CLI and the desk
// call it.
func (env Env) SetShopOpen(open bool, reopens, by string) error {
	reopens = strings.TrimSpace(reopens)
	if open {
		reopens = ""
	}
	if reopens != "" {
		day, err := time.Parse(time.DateOnly, reopens)
		if err != nil || day.Before(truncateDay(env.now().UTC())) {
			return ErrReopenDate
		}
	}
	return env.DB.UpdateNow(func(tx *store.Tx) error {
		if err := tx.SetOrdersOpen(open); err != nil {
			return err
		}
		if err := tx.SetOrdersReopen(reopens); err != nil {
			return err
		}
		return tx.Audit(&owners.Entry{At: env.now().UTC(), Owner: by, IP: env.IP,
			What: map[bool]string{true: "shop.resume", false: "shop.pause"}[open], Detail: reopens})
	})
}

func truncateDay(t time.Time) time.Time {
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
}

// ShopState is whether orders are open, and when a paused shop opens
// again ("YYYY-MM-DD", or "" when not said).
type ShopState struct {
	Open    bool
	Reopens string
}

// Shop says whether orders are open (the owner's switch, else the
// catalogue's orders_open) and the day a paused shop opens again.
func (env Env) Shop() (ShopState, error) {
	var st ShopState
	err := env.DB.View(func(tx *store.Tx) error {
		open, set, err := tx.OrdersOpen()
		if err != nil {
			return err
		}
		if !set && env.Catalog != nil {
			if cat := env.Catalog(); cat != nil {
				open = cat.OrdersOpen
			}
		}
		st.Open = open
		if !open {
			st.Reopens, err = tx.OrdersReopen()
		}
		return err
	})
	return st, err
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
	if err := c.env.SetShopOpen(open, *until, Terminal); errors.Is(err, ErrReopenDate) {
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
