package api

// OrderView is the order as the API shows it, for the external tests to
// decode answers into the very type the API writes.
type OrderView = orderView
