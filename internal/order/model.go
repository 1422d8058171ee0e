// Package order is the order model (docs/product-rules.md#order-states): what a shopper sends
// (Request), how it is checked and priced from the catalogue, the coupon
// rules and the state machine. It has no I/O: the store keeps orders, the
// API decodes requests and answers, the mail package writes e-mails.
package order

import (
	"time"

	"sabershop/internal/catalog"
	"sabershop/internal/shipping"
)

// Status is a state of the order state machine
// (docs/product-rules.md#order-states).
type Status string

const (
	Placed         Status = "placed"          // accepted, payment link e-mailed
	PaymentPending Status = "payment_pending" // payment started, funds not yet booked
	Paid           Status = "paid"
	Sent           Status = "sent"
	Cancelled      Status = "cancelled"
)

// Customer is the order form (docs/product-rules.md#basket-and-checkout), without
// the discount code, which is Request.Code.
type Customer struct {
	FirstName string `json:"first_name"`
	LastName  string `json:"last_name"`
	Email     string `json:"email"`
	Phone     string `json:"phone"`
	Country   string `json:"country"` // one of the catalogue's delivery codes ("pl", "de", ...)
	Street    string `json:"street"`
	Zip       string `json:"zip"`
	City      string `json:"city"`
	// Company and VATID are the buyer's, for an invoice to a company
	// ("I need an invoice for a company"): both or neither. VATID is
	// stored normalised (NormalizeVATID: "PL5260250274").
	Company string `json:"company,omitempty"`
	VATID   string `json:"vat_id,omitempty"`
}

// Request is the body of POST /v1/orders. Amounts are integer minor units.
type Request struct {
	Locale        string        `json:"locale"`
	TermsAccepted bool          `json:"terms_accepted"`
	ExpectedTotal int64         `json:"expected_total"`
	Code          string        `json:"code"`
	Customer      Customer      `json:"customer"`
	Items         []ItemRequest `json:"items"`
	// Delivery is the method the shopper chose for Customer.Country and,
	// for a locker, the locker; absent: the country's default (courier).
	Delivery DeliveryRequest `json:"delivery"`
}

// DeliveryRequest is the delivery the shopper chose at the checkout.
type DeliveryRequest struct {
	Method shipping.Method `json:"method,omitempty"` // "": the country's default
	Point  string          `json:"point,omitempty"`  // the locker's code, for a locker
}

// Delivery is how the order's parcel travels, as it was when ordered
// (docs/shipping.md): the method, the carrier's locker with its address
// then, and the parcel the basket packs into.
type Delivery struct {
	// Method is "courier" or "locker"; "" in an order from before
	// delivery methods, which went by courier (IsLocker says which).
	Method  shipping.Method `json:"method,omitempty"`
	Carrier string          `json:"carrier,omitempty"`
	Point   *shipping.Point `json:"point,omitempty"`
	// Size is the locker compartment the parcel fits (a locker only).
	Size   shipping.Size `json:"size,omitempty"`
	Parcel catalog.Box   `json:"parcel"`
}

// IsLocker reports whether the parcel goes to a locker.
func (d Delivery) IsLocker() bool { return d.Method == shipping.Locker && d.Point != nil }

// ItemRequest is one cart line: a product (with an optional generator
// variant for hilts) or a creator design; never a price.
type ItemRequest struct {
	Product  string         `json:"product,omitempty"`
	Variant  string         `json:"variant,omitempty"`
	Creator  *CreatorConfig `json:"creator,omitempty"`
	Quantity int            `json:"quantity"`
}

// CreatorConfig is a custom saber from the creator: one part per slot, the
// generator variant, the presets and the button behaviour. Every id is
// validated against the catalogue's creator section.
type CreatorConfig struct {
	Parts     map[string]string `json:"parts"`     // slot id -> part id (every slot)
	Generator string            `json:"generator"` // generator id
	Presets   []Preset          `json:"presets"`   // exactly catalogue.creator.presets
	Button    string            `json:"button"`    // options["buttons"] id
}

// Preset is one of the saber's light-and-sound presets.
type Preset struct {
	Color      string `json:"color"`      // blade colour "#rrggbb"
	White      int    `json:"white"`      // white LED channel 0-255 (RGBW)
	Effect     string `json:"effect"`     // options["effects"] id
	Ignition   string `json:"ignition"`   // options["ignitions"] id
	Retraction string `json:"retraction"` // options["ignitions"] id
	Sound      string `json:"sound"`      // options["sounds"] id
	Clash      string `json:"clash"`      // clash flash colour "#rrggbb"
}

// Line is a priced order line. Name is in the order's locale.
type Line struct {
	Product    string         `json:"product"` // slug, or CreatorSlug for a creator design
	Variant    string         `json:"variant,omitempty"`
	Name       string         `json:"name"`
	Image      string         `json:"image,omitempty"`
	Creator    *CreatorConfig `json:"creator,omitempty"`
	Quantity   int            `json:"quantity"`
	UnitPrice  int64          `json:"unit_price"` // incl. taxes and the waste fee
	Total      int64          `json:"total"`
	WasteFee   int64          `json:"waste_fee"` // included in Total (per line, all units)
	Returnable bool           `json:"returnable"`
	BuildDays  int            `json:"build_days"`
}

// CreatorSlug is the product slug of a creator design.
const CreatorSlug = "custom-saber-creator"

// Totals of an order. Total = Subtotal + Shipping - Discount, never below
// zero; WasteFee is included in Subtotal and shown itemised.
type Totals struct {
	Subtotal int64 `json:"subtotal"`
	Shipping int64 `json:"shipping"`
	Discount int64 `json:"discount"`
	WasteFee int64 `json:"waste_fee"`
	Total    int64 `json:"total"`
}

// Coupon is a discount code the owner created (orderd coupons add).
type Coupon struct {
	Code     string    `json:"code"` // stored upper-case; matched case-insensitively
	Percent  int       `json:"percent,omitempty"`
	Amount   int64     `json:"amount,omitempty"`   // fixed discount in minor units of Currency
	Currency string    `json:"currency,omitempty"` // required with Amount
	Expires  time.Time `json:"expires,omitzero"`   // zero: never
	Limit    int       `json:"limit,omitempty"`    // 0: unlimited
	Used     int       `json:"used"`
	Disabled bool      `json:"disabled,omitempty"`
	Created  time.Time `json:"created"`
}

// Event is one entry of the order's timeline: a transition, or, with Note
// set, something that happened to the order without changing its status
// (Status is then the status it had), such as the payment reminder.
type Event struct {
	Status Status    `json:"status"`
	At     time.Time `json:"at"`
	Cause  string    `json:"cause"`
	// Note names an event that is not a transition (NoteReminder,
	// NoteStage); empty for a transition.
	Note string `json:"note,omitempty"`
	// Stage is the production stage's id of a NoteStage entry.
	Stage string `json:"stage,omitempty"`
	// Parcel is the status the parcel reached, of a NoteParcel entry.
	Parcel shipping.Status `json:"parcel,omitempty"`
}

// Order is what the store keeps and GET /v1/orders/{hash} shows.
type Order struct {
	ID             uint64    `json:"id"`   // sequential, for the owner
	Hash           string    `json:"hash"` // >= 128 random bits, URL-safe; the shopper's only key
	Locale         string    `json:"locale"`
	Currency       string    `json:"currency"`
	CatalogVersion string    `json:"catalog_version"`
	Customer       Customer  `json:"customer"`
	Lines          []Line    `json:"lines"`
	Totals         Totals    `json:"totals"`
	Coupon         string    `json:"coupon,omitempty"` // applied code
	Status         Status    `json:"status"`
	Timeline       []Event   `json:"timeline"`
	CreatedAt      time.Time `json:"created_at"`
	DeliveryDays   [2]int    `json:"delivery_days"` // days_min, days_max of the country
	BuildDays      int       `json:"build_days"`    // longest line's build time (working days)
	Tracking       string    `json:"tracking,omitempty"`
	TrackingURL    string    `json:"tracking_url,omitempty"`
	// Delivery is the method the shopper chose and the parcel; Shipment
	// the parcel the owner created with the carrier (shipment.go), nil
	// until then.
	Delivery     Delivery  `json:"delivery"`
	Shipment     *Shipment `json:"shipment,omitempty"`
	CancelReason string    `json:"cancel_reason,omitempty"`
	// Payment holds the payment provider's state; opaque here.
	Payment map[string]string `json:"payment,omitempty"`
	// Attempts are the payments started, oldest first, each with the
	// amount it was started for (attempt.go).
	Attempts []Attempt `json:"attempts,omitempty"`
	// Refunds are the refunds asked of the providers, oldest first, done
	// or not (refund.go).
	Refunds []Refund `json:"refunds,omitempty"`
	// StageEmails: the shopper asked for an e-mail at each production
	// stage the build reaches (stage.go).
	StageEmails bool `json:"stage_emails,omitempty"`
	// TermsVersion is the version of the terms the shopper accepted when
	// placing the order (catalog.Terms.Version then; "" for an order of a
	// catalogue without it): the order e-mail carries that text.
	TermsVersion string `json:"terms_version,omitempty"`
	// Withdrawal is the shopper's withdrawal from the contract made on
	// the status page (withdrawal.go); nil when there is none.
	Withdrawal *Withdrawal `json:"withdrawal,omitempty"`
}
