package desk

import (
	"errors"
	"net/http"
	"strings"
	"time"

	"sabershop/internal/backoffice"
	"sabershop/internal/order"
	"sabershop/internal/store"
)

type couponsAnswer struct {
	Coupons []order.Coupon `json:"coupons"`
}

// getCoupons is GET /admin/api/coupons: every code with its use count.
func (d *Desk) getCoupons(w http.ResponseWriter, r *http.Request) {
	var list []*order.Coupon
	err := d.cfg.Store.View(func(tx *store.Tx) error {
		var err error
		list, err = tx.Coupons()
		return err
	})
	if err != nil {
		d.internal(w, r, err)
		return
	}
	a := couponsAnswer{Coupons: make([]order.Coupon, 0, len(list))}
	for _, c := range list {
		a.Coupons = append(a.Coupons, *c)
	}
	writeJSON(w, http.StatusOK, a)
}

type couponRequest struct {
	Code     string `json:"code"`
	Percent  int    `json:"percent"`
	Amount   int64  `json:"amount"` // minor units, with Currency
	Currency string `json:"currency"`
	Expires  string `json:"expires"` // the last valid day, YYYY-MM-DD; "" never
	Limit    int    `json:"limit"`
}

// postCoupon is POST /admin/api/coupons: a new code, checked like the
// CLI's `coupons add` (order.Coupon.Validate, a currency of the shop, a
// last day not in the past), stored through backoffice.Office.AddCoupon.
func (d *Desk) postCoupon(w http.ResponseWriter, r *http.Request) {
	var req couponRequest
	if !d.readJSON(w, r, &req) {
		return
	}
	now := d.cfg.Now().UTC()
	cp := order.Coupon{Code: order.NormalizeCode(req.Code), Percent: req.Percent, Amount: req.Amount,
		Currency: strings.ToUpper(strings.TrimSpace(req.Currency)), Limit: req.Limit, Created: now}
	if cp.Amount == 0 {
		cp.Currency = ""
	}
	ok := cp.Validate() == nil && (cp.Amount == 0 || backoffice.KnownCurrency(d.catalog(), cp.Currency))
	if ok && req.Expires != "" {
		day, err := time.Parse(time.DateOnly, req.Expires)
		cp.Expires = day.AddDate(0, 0, 1).Add(-time.Nanosecond) // valid through the whole day (UTC)
		ok = err == nil && cp.Expires.After(now)
	}
	if !ok {
		d.fail(w, r, http.StatusUnprocessableEntity, "coupon_invalid", nil)
		return
	}
	err := d.office(r).AddCoupon(&cp, current(r).owner.Name)
	switch {
	case errors.Is(err, store.ErrExists):
		d.fail(w, r, http.StatusConflict, "coupon_exists", nil)
	case err != nil:
		d.internal(w, r, err)
	default:
		d.getCoupons(w, r)
	}
}

// postCouponDisable is POST /admin/api/coupons/{code}/disable.
func (d *Desk) postCouponDisable(w http.ResponseWriter, r *http.Request) {
	d.then(w, r, d.office(r).DisableCoupon(order.NormalizeCode(r.PathValue("code")), current(r).owner.Name), d.getCoupons)
}
