package api

// OrderView is the order as the API shows it, for the external tests to
// decode answers into the very type the API writes.
type OrderView = orderView

// DeliveryView is one country's delivery as GET /v1/deliveries lists it.
type DeliveryView = deliveryView
