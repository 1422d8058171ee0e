// Package shipping is what the shop asks of a parcel carrier: find the
// lockers near a place, create a parcel for an order, print its label,
// cancel it, and learn where it is (docs/shipping.md). One carrier
// implements it today (InPost's ShipX API: shipx, with a local fake of
// that API in shipxfake for make run and the tests); a second carrier is
// a second implementation of Carrier, not a change to the orders.
//
// The package is the contract only: no I/O of its own, so the order
// model, the API and the desk depend on it without linking a client.
package shipping

import (
	"context"
	"errors"
	"time"
)

// Method is how a parcel reaches the shopper.
type Method string

const (
	// Courier delivers to the shopper's address.
	Courier Method = "courier"
	// Locker delivers to a parcel locker the shopper chose, who collects
	// it with the code the carrier sends by SMS and e-mail.
	Locker Method = "locker"
)

// Size is a locker compartment the parcel is sent in, smallest first
// (InPost's "gabaryt" A, B, C: ShipX's parcel templates).
type Size string

const (
	SizeSmall  Size = "small"  // A: 8 x 38 x 64 cm
	SizeMedium Size = "medium" // B: 19 x 38 x 64 cm
	SizeLarge  Size = "large"  // C: 41 x 38 x 64 cm
)

// Point is a pickup point (a parcel locker) as the carrier lists it.
type Point struct {
	Code        string  `json:"code"` // the carrier's name of the point: "KRA010M"
	Street      string  `json:"street"`
	Building    string  `json:"building"`
	Zip         string  `json:"zip"`
	City        string  `json:"city"`
	Description string  `json:"description,omitempty"` // where it stands: "at the Żabka shop"
	Hours       string  `json:"hours,omitempty"`       // opening hours as the carrier writes them: "24/7"
	Lat         float64 `json:"lat"`
	Lon         float64 `json:"lon"`
	// Distance is metres from the searched place; 0 when the search had
	// no centre.
	Distance int `json:"distance,omitempty"`
	// Operating is false for a point closed for now (out of service,
	// full, removed): it is not offered and an order naming it is refused.
	Operating bool `json:"operating"`
}

// PointQuery is a search for lockers: near a place the shopper typed
// (a postcode, a town, a street) or near coordinates (the browser's
// location, asked for only on the shopper's tap).
type PointQuery struct {
	Text     string  // postcode, town or street; "" with Near
	Near     bool    // Lat and Lon are set
	Lat, Lon float64 // WGS84 degrees
	Limit    int     // at most this many, nearest first; 0: the carrier's default
}

// Party is a sender or a receiver of a parcel.
type Party struct {
	FirstName string
	LastName  string
	Company   string
	Email     string
	Phone     string // the receiver's gets the pickup code by SMS
	Street    string // street and number as one line, as the order stores it
	Zip       string
	City      string
	Country   string // ISO 3166-1 alpha-2, upper case: "PL"
}

// Parcel is the package's size: a locker compartment, or for a courier
// its outer dimensions and weight.
type Parcel struct {
	Size     Size // for Locker
	LengthMM int  // for Courier
	WidthMM  int
	HeightMM int
	WeightG  int
}

// ShipmentRequest is a parcel to create for an order.
type ShipmentRequest struct {
	// Reference is the shop's name of the order ("order 42"), printed on
	// the label.
	Reference string
	Method    Method
	Point     string // the locker's code, for Locker
	Receiver  Party
	Sender    Party
	Parcel    Parcel
}

// Status is where a shipment is, in the shop's words (each carrier maps
// its own states onto these).
type Status string

const (
	StatusCreated        Status = "created"   // accepted, not yet paid for or confirmed: no label
	StatusConfirmed      Status = "confirmed" // the label can be printed
	StatusCollected      Status = "collected" // the carrier has the parcel
	StatusInTransit      Status = "in_transit"
	StatusReadyForPickup Status = "ready_for_pickup" // in the locker, the code sent to the shopper
	StatusDelivered      Status = "delivered"
	StatusReturned       Status = "returned" // on its way back, or back with the sender
	StatusCancelled      Status = "cancelled"
	StatusFailed         Status = "failed" // the carrier refused it after creating it (see Shipment.Reason)
)

// Shipment is a parcel as the carrier knows it.
type Shipment struct {
	ID       string // the carrier's id of the shipment
	Status   Status
	Carrier  string // the carrier's own status name, for the owner: "ready_to_pickup"
	Tracking string // empty until the carrier assigns it
	Reason   string // why it failed, in the carrier's words
	At       time.Time
}

// LabelFormat is a label's paper.
type LabelFormat string

const (
	LabelA6 LabelFormat = "A6" // a label printer, or a phone's share to print
	LabelA4 LabelFormat = "A4" // an office printer
)

// Update is a change of a shipment's status the carrier reported.
type Update struct {
	ShipmentID string
	Tracking   string
	Status     Status
	Carrier    string // the carrier's own status name
	At         time.Time
}

// Notification is a carrier's request to the shop's webhook address as
// it came: the package stays free of net/http, which nothing from the
// order model down links (cmd/orderd's TestLayers).
type Notification struct {
	Header map[string][]string // canonical keys, as net/http's Header
	Query  string              // the address's raw query
	Body   []byte
}

// Carrier is one parcel carrier's API.
type Carrier interface {
	// Name is the carrier's id in content/data/deliveries.toml: "inpost".
	Name() string
	// Points finds operating lockers, nearest first.
	Points(ctx context.Context, q PointQuery) ([]Point, error)
	// Point is the locker with the code as it is now (closed ones too);
	// ErrNoPoint when the carrier has none by that code.
	Point(ctx context.Context, code string) (Point, error)
	// Create creates a shipment; it may come back StatusCreated and be
	// confirmed a moment later (poll Shipment).
	Create(ctx context.Context, r ShipmentRequest) (Shipment, error)
	// Shipment is the shipment with the id as it is now.
	Shipment(ctx context.Context, id string) (Shipment, error)
	// Label is the shipment's label as a PDF; ErrNotConfirmed before the
	// carrier confirmed it.
	Label(ctx context.Context, id string, f LabelFormat) ([]byte, error)
	// Cancel cancels a shipment the carrier has not collected;
	// ErrTooLate after.
	Cancel(ctx context.Context, id string) error
	// Verify reads a status notification the carrier sent to the shop
	// and checks it came from the carrier (ErrForged otherwise).
	Verify(ctx context.Context, n Notification) (Update, error)
	// TrackingURL is the public page of the parcel with the tracking
	// number.
	TrackingURL(tracking string) string
}

var (
	// ErrNoPoint is returned by Point when the carrier has no point by
	// that code.
	ErrNoPoint = errors.New("shipping: no such point")
	// ErrNotConfirmed is returned by Label before the shipment is
	// confirmed (the carrier has no label yet).
	ErrNotConfirmed = errors.New("shipping: shipment not confirmed yet")
	// ErrTooLate is returned by Cancel when the carrier can no longer
	// cancel the shipment (collected, or already on its way).
	ErrTooLate = errors.New("shipping: shipment can no longer be cancelled")
	// ErrForged is returned by Webhook when the notification is not
	// the carrier's (a bad or missing signature, a stale timestamp).
	ErrForged = errors.New("shipping: notification not from the carrier")
	// ErrUnavailable is returned (wrapped) when the carrier cannot be
	// reached or answers 5xx or 429: worth trying again later.
	ErrUnavailable = errors.New("shipping: carrier unavailable")
)

// InvalidError is the carrier refusing a request's fields (a 4xx with
// details): what to correct, in the carrier's words, by field.
type InvalidError struct {
	Message string
	Fields  map[string][]string // field path ("receiver.phone") -> problems
}

func (e *InvalidError) Error() string { return "shipping: refused: " + e.Message }

// carrierNames are the carriers as people know them, by their id in
// deliveries.toml.
var carrierNames = map[string]string{"inpost": "InPost"}

// CarrierName is a carrier's name as printed ("InPost"); the id when
// unknown.
func CarrierName(id string) string {
	if n, ok := carrierNames[id]; ok {
		return n
	}
	return id
}
