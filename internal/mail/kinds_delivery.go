package mail

import (
	"strings"

	"sabershop/internal/order"
	"sabershop/internal/shipping"
)

// deliveryTexts are the order's delivery in loc: its method's name, for
// the shipping line of the totals ("Paczkomat InPost"), and where the
// parcel goes, in one line ("Paczkomat KRA01M: ul. Długa 5, 30-363
// Kraków (przy sklepie)"), which every order e-mail repeats; the second
// is empty for a courier (the address is the shopper's own).
func deliveryTexts(err *error, loc string, o *order.Order) (method, where string) {
	d := o.Delivery
	if !d.IsLocker() {
		return trOr(err, loc, "order.method_courier"), ""
	}
	p := d.Point
	method = trOr(err, loc, "order.method_locker", "carrier", shipping.CarrierName(d.Carrier))
	addr := strings.TrimSpace(oneLine(p.Street + " " + p.Building))
	if zc := oneLine(strings.TrimSpace(p.Zip + " " + p.City)); zc != "" {
		addr += ", " + zc
	}
	if desc := oneLine(p.Description); desc != "" {
		addr += " (" + desc + ")"
	}
	return method, trOr(err, loc, "order.delivery_locker", "code", oneLine(p.Code), "address", addr)
}
