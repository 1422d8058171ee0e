package admin

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"sabershop/internal/backoffice"
	"sabershop/internal/order"
	"sabershop/internal/store"
)

func (c *cmd) couponsAdd(args []string) error {
	fs := flags("coupons add")
	percent := fs.Int("percent", 0, "percentage off the goods (1-100)")
	amount := fs.String("amount", "", "fixed amount off, e.g. 50.00")
	currency := fs.String("currency", "", "currency of --amount (EUR or PLN)")
	expires := fs.String("expires", "", "last day the code is valid, YYYY-MM-DD (UTC)")
	limit := fs.Int("limit", 0, "how many orders may use it (0: unlimited)")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("orderd coupons add: give one CODE, e.g. orderd coupons add WINTER10 --percent 10")
	}
	cp := order.Coupon{Code: order.NormalizeCode(pos[0]), Percent: *percent, Limit: *limit, Created: c.office.Now().UTC()}
	switch {
	case *percent != 0 && *amount != "":
		return usagef("orderd coupons add: give either --percent or --amount, not both")
	case *percent == 0 && *amount == "":
		return usagef("orderd coupons add: give --percent N or --amount 50.00 --currency PLN")
	case *amount != "":
		minor, err := parseAmount(*amount)
		if err != nil {
			return usagef("orderd coupons add: --amount %q: %v", *amount, err)
		}
		cp.Amount, cp.Currency = minor, strings.ToUpper(strings.TrimSpace(*currency))
		if cp.Currency == "" {
			return usagef("orderd coupons add: --amount needs --currency, e.g. --amount 50.00 --currency PLN")
		}
		if cat := c.currentCatalog(); cat != nil && !backoffice.KnownCurrency(cat, cp.Currency) {
			return usagef("orderd coupons add: --currency %q is not a currency of the shop", *currency)
		}
	}
	if *expires != "" {
		day, err := time.Parse(time.DateOnly, *expires)
		if err != nil {
			return usagef("orderd coupons add: --expires %q: write the last valid day as YYYY-MM-DD", *expires)
		}
		// Valid through the whole day: expired from the next midnight UTC
		// (order.Coupon.Check refuses instants after Expires).
		cp.Expires = day.AddDate(0, 0, 1).Add(-time.Nanosecond)
		if !cp.Expires.After(c.office.Now()) {
			return usagef("orderd coupons add: --expires %s is in the past", *expires)
		}
	}
	if err := cp.Validate(); err != nil {
		return usagef("orderd coupons add: %v", err)
	}
	err = c.office.AddCoupon(&cp, Terminal)
	if errors.Is(err, store.ErrExists) {
		return fmt.Errorf("a coupon %s exists already (orderd coupons list)", cp.Code)
	}
	if err != nil {
		return err
	}
	c.printf("coupon %s added: %s\n", cp.Code, describe(&cp))
	return nil
}

// parseAmount reads "50", "50.5" or "50.00" (a dot or a comma) as minor units.
func parseAmount(s string) (int64, error) {
	s = strings.Replace(strings.TrimSpace(s), ",", ".", 1)
	whole, frac, _ := strings.Cut(s, ".")
	if len(frac) > 2 {
		return 0, errors.New("at most two decimals")
	}
	frac += strings.Repeat("0", 2-len(frac))
	w, err := strconv.ParseInt(whole, 10, 64)
	if err != nil || w < 0 || w > math.MaxInt32 {
		return 0, errors.New("not an amount")
	}
	f, err := strconv.ParseInt(frac, 10, 64)
	if err != nil || f < 0 {
		return 0, errors.New("not an amount")
	}
	return w*100 + f, nil
}

func describe(cp *order.Coupon) string {
	var parts []string
	if cp.Percent > 0 {
		parts = append(parts, fmt.Sprintf("%d%% off", cp.Percent))
	} else {
		parts = append(parts, amount(cp.Amount, cp.Currency)+" off")
	}
	if cp.Expires.IsZero() {
		parts = append(parts, "no expiry")
	} else {
		parts = append(parts, "valid through "+cp.Expires.UTC().Format(time.DateOnly))
	}
	if cp.Limit > 0 {
		parts = append(parts, fmt.Sprintf("used %d of %d", cp.Used, cp.Limit))
	} else {
		parts = append(parts, fmt.Sprintf("used %d times, no limit", cp.Used))
	}
	if cp.Disabled {
		parts = append(parts, "DISABLED")
	}
	return strings.Join(parts, ", ")
}

func (c *cmd) couponsList() error {
	var list []*order.Coupon
	if err := c.office.DB.View(func(tx *store.Tx) error {
		var err error
		list, err = tx.Coupons()
		return err
	}); err != nil {
		return err
	}
	if len(list) == 0 {
		c.printf("no coupons (orderd coupons add CODE --percent 10)\n")
		return nil
	}
	tw := tabwriter.NewWriter(c.out, 0, 4, 2, ' ', 0)
	for _, cp := range list {
		fmt.Fprintf(tw, "%s\t%s\n", cp.Code, describe(cp))
	}
	return tw.Flush()
}

func (c *cmd) couponsDisable(args []string) error {
	pos, err := parse(flags("coupons disable"), args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("orderd coupons disable: give one CODE")
	}
	code := order.NormalizeCode(pos[0])
	err = c.office.DisableCoupon(code, Terminal)
	if errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("no coupon %s (orderd coupons list)", code)
	}
	if err != nil {
		return err
	}
	c.printf("coupon %s disabled; orders that used it keep their discount\n", code)
	return nil
}
