package api

// The place step (order_place.go) for the external tests, which have the
// real catalogue and store at hand.
type (
	Placing            = placing
	Placed             = placed
	ReplayedError      = replayedError
	FieldsError        = fieldsError
	PricesChangedError = pricesChangedError
)

var (
	Place     = place
	ErrPaused = errPaused
)
