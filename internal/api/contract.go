package api

import (
	"sabershop/internal/accounting"
	"sabershop/internal/order"
	"sabershop/internal/payment"
)

// ContractTypes are the answers of /v1 the front end reads, by the name
// tools/tsgen gives them in components/generated/api.ts (docs/contract.md);
// the types they reach are named after their Go names unless listed here.
func ContractTypes() map[string]any {
	return map[string]any{
		"Order":          orderView{},
		"Quote":          quoteView{},
		"Shop":           shopView{},
		"DeliveriesPage": deliveriesPage{},
		"Delivery":       deliveryView{},
		"ErrorBody":      errorBody{},
		"PaymentAnswer":  paymentAnswer{},
		"OrderAnswer":    orderAnswer{},
		"Production":     productionView{},
		"StageView":      stageView{},
		"MessageAnswer":  messageAnswer{},
		"PlacedOrder":    placedOrder{},
		"OrdersPaused":   ordersPaused{},
		"PricesChanged":  pricesChanged{},
		"OrderLine":      order.Line{},
		"OrderStatus":    order.Status(""),
		"TimelineEvent":  order.Event{},
		"PaymentMethod":  payment.Method(""),
		"PaymentStatus":  paymentStatus(""),
		"OrderDocument":  documentView{},
		"DocumentKind":   accounting.Kind(""),
		"OrderDelivery":  order.Delivery{},
		"Parcel":         parcelView{},
		"PointsPage":     pointsPage{},
		"MethodOption":   methodOption{},
	}
}

// messageAnswer is the answer of a write that has nothing to show but a
// translated sentence ("we sent your links").
type messageAnswer struct {
	Message string `json:"message"`
}
