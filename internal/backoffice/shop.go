package backoffice

import (
	"errors"
	"strings"
	"time"

	"sabershop/internal/owners"
	"sabershop/internal/store"
)

// ErrReopenDate is returned by SetShopOpen for a day to reopen that
// is not a YYYY-MM-DD date from today on.
var ErrReopenDate = errors.New("the day orders open again must be a date (YYYY-MM-DD), today or later")

// SetShopOpen opens or pauses orders for by (Terminal or the desk's
// account), with its audit line. A pause may name the day orders open
// again (reopens, "YYYY-MM-DD", or ""): the shop's paused notice says it
// to shoppers in their language. Opening forgets it. The CLI and the desk
// call it.
func (b Office) SetShopOpen(open bool, reopens, by string) error {
	reopens = strings.TrimSpace(reopens)
	if open {
		reopens = ""
	}
	if reopens != "" {
		day, err := time.Parse(time.DateOnly, reopens)
		if err != nil || day.Before(truncateDay(b.now().UTC())) {
			return ErrReopenDate
		}
	}
	return b.DB.UpdateNow(func(tx *store.Tx) error {
		if err := tx.SetOrdersOpen(open); err != nil {
			return err
		}
		if err := tx.SetOrdersReopen(reopens); err != nil {
			return err
		}
		return tx.Audit(&owners.Entry{At: b.now().UTC(), Owner: by, IP: b.IP,
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
func (b Office) Shop() (ShopState, error) {
	var st ShopState
	err := b.DB.View(func(tx *store.Tx) error {
		open, set, err := tx.OrdersOpen()
		if err != nil {
			return err
		}
		if !set && b.Catalog != nil {
			if cat := b.Catalog(); cat != nil {
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
