package desk

import (
	"time"

	"sabershop/internal/buildsheet"
	"sabershop/internal/catalog"
	"sabershop/internal/inert"
	"sabershop/internal/order"
)

// forPrint adds what the printed build sheet and packing slip need beyond
// the order page: the ship-by day of a paid order (the build sheet's, as
// the shopper's page and the CLI's sheet count it), the tracking link of a
// sent one and the shop's own address as the slip's sender.
func forPrint(v *deskOrder, o *order.Order, bs *buildsheet.Sheet, cat *catalog.Catalog) {
	if !bs.ShipBy.IsZero() {
		v.ShipBy = bs.ShipBy.Format(time.DateOnly)
	}
	v.TrackingURL = inert.String(o.TrackingURL)
	v.Sender = cat.Shop.Company
	if v.Sender.Name == "" {
		v.Sender.Name = cat.Shop.Name
	}
}
