package desk

import (
	"time"

	"sabershop/internal/catalog"
	"sabershop/internal/inert"
	"sabershop/internal/order"
)

// forPrint adds what the printed build sheet and packing slip need beyond
// the order page: the ship-by day of a paid order (order.ShipEstimate, as
// the shopper's page and the CLI's sheet count it), the tracking link of a
// sent one and the shop's own address as the slip's sender.
func (d *Desk) forPrint(v *deskOrder, o *order.Order, cat *catalog.Catalog) {
	if o.Status == order.Paid {
		_, ready := o.ShipEstimate(cat.Production.Stages, d.cfg.Now())
		v.ShipBy = ready.Format(time.DateOnly)
	}
	v.TrackingURL = inert.String(o.TrackingURL)
	v.Sender = cat.Shop.Company
	if v.Sender.Name == "" {
		v.Sender.Name = cat.Shop.Name
	}
}
