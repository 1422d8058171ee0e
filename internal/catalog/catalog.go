// Package catalog is what orders are priced from: products with dated price
// lists, creator parts, deliveries, fees and coupon rules. The build writes
// it as public/catalog.json next to the pages that show the same prices, and
// the daemon loads that file, so the browser never decides a price.
//
// The package is the data and its lookups only: the build makes the
// catalogue (site.Catalog), so the daemon links nothing of the build
// (no Markdown, YAML or TOML parser; see cmd/orderd's TestLinksNothingOfTheBuild).
package catalog

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"

	"sabershop/internal/guarantee"
	"sabershop/internal/i18n"
	"sabershop/internal/shipping"
)

// FileFormat is the shape of catalog.json this daemon reads. The build writes
// it into every catalogue; `orderd publish` refuses a site whose catalogue
// has another (built by an incompatible version of the builder). Raise it
// with any change of the JSON an older daemon would misread.
const FileFormat = 2

// Catalog is the content of catalog.json. Amounts are integer minor units.
type Catalog struct {
	Version    string     `json:"version"`
	FileFormat int        `json:"file_format"`
	Shop       Shop       `json:"shop"`
	Locales    []Locale   `json:"locales"`
	Products   []Product  `json:"products"`
	Creator    Creator    `json:"creator"`
	Deliveries []Delivery `json:"deliveries"`
	// Boxes are the packed box of one unit of each product kind (and of
	// BoxCreator), LockerSizes the carriers' locker compartments
	// (parcel.go).
	Boxes       map[string]Box `json:"boxes"`
	LockerSizes []LockerSize   `json:"locker_sizes"`
	Fees        Fees           `json:"fees"`
	Coupons     CouponRules    `json:"coupons"`
	OrdersOpen  bool           `json:"orders_open"`
	Production  Production     `json:"production"`
	VAT         VAT            `json:"vat"`
	KSeF        KSeF           `json:"ksef"` // ksef.go

	Retention Retention `json:"retention"` // retention.go

	// Terms are the shop's terms and conditions in force: an
	// order records the version its shopper accepted, and the order
	// e-mail carries the text (a durable medium). Empty in a catalogue of
	// an older build.
	Terms Terms `json:"terms"`

	// Guarantee is the EU's notice on the legal guarantee by locale code,
	// which the order e-mail carries (docs/legal.md#the-eu-guarantee-notice).
	Guarantee map[string]guarantee.Notice `json:"guarantee"`
	// Safety is the product safety information (safety.go). Empty in a
	// catalogue of an older build.
	Safety Safety `json:"safety"`
}

// Terms are the terms and conditions page as the build wrote it.
type Terms struct {
	// Version names the text: a hash of every locale's text, so any edit
	// is a new version without anyone having to remember to number it.
	Version string `json:"version"`
	// Text is the page in each locale (code -> text): its title and its
	// Markdown with the placeholders filled in and the links absolute,
	// readable as it is in a plain-text e-mail.
	Text map[string]string `json:"text"`
}

// Shop is who sells: what e-mails and the daemon's pages print.
type Shop struct {
	Name    string  `json:"name"`
	BaseURL string  `json:"base_url"`
	Company Company `json:"company"`
}

// Company is the seller's legal identity, as content/config.toml's
// [company] table gives it. It is defined here, the lowest package that
// needs it (e-mails and the daemon read it from catalog.json), and used
// as it is by the content loader and the pages' data, so the three never
// drift apart field by field.
type Company struct {
	Name    string `json:"name"`
	Owner   string `json:"owner"`
	Street  string `json:"street"`
	Zip     string `json:"zip"`
	City    string `json:"city"`
	Country string `json:"country"`
	TaxID   string `json:"tax_id"`
	Email   string `json:"email"`
	Phone   string `json:"phone"`
}

type Locale struct {
	Code     string `json:"code"`
	Currency string `json:"currency"`
	// Format is how the locale writes prices and dates (the [format] of
	// its content/i18n file): the daemon's answers and e-mails use it.
	Format i18n.Format `json:"format"`
}

// Format is how locale writes prices and dates; a locale the catalogue
// does not have (an order's, after its locale was removed) writes like the
// default locale.
func (c *Catalog) Format(locale string) i18n.Format {
	for _, l := range c.Locales {
		if l.Code == locale {
			return l.Format
		}
	}
	if len(c.Locales) > 0 {
		return c.Locales[0].Format
	}
	return i18n.Format{}
}

type Product struct {
	Slug       string            `json:"slug"`
	Kind       string            `json:"kind"`
	Names      map[string]string `json:"names"`
	Image      string            `json:"image"`
	Returnable bool              `json:"returnable"`
	BuildDays  int               `json:"build_days"`
	Presets    int               `json:"presets"`
	// Model identifies the product (GPSR art. 19(c)): "SF-ARC-26".
	Model string `json:"model,omitempty"`
	// Electronic marks an accessory with electronics inside, which carries
	// the waste fee like a saber (see CarriesWasteFee).
	Electronic bool    `json:"electronic,omitempty"`
	Prices     []Price `json:"prices"`
	// OldSlugs are the product's slugs before it was renamed (its /shop/
	// aliases): a basket, a quote or a link that still names one gets this
	// product, and the order line stores the current slug.
	OldSlugs []string `json:"old_slugs,omitempty"`
}

// Price is one line of a dated price list.
type Price struct {
	From    string           `json:"from"` // YYYY-MM-DD, in force from 00:00 UTC
	Amounts map[string]int64 `json:"amounts"`
}

type Creator struct {
	// Returnable: a design carries the 14-day right of withdrawal
	// (content/config.toml [legal] creator_returnable; docs/legal.md#withdrawal).
	// false, and absent from an older build's file, excludes it as made to
	// the consumer's specifications (2011/83/EU art. 16(c)).
	Returnable bool                `json:"returnable"`
	Model      string              `json:"model,omitempty"` // the custom saber's model identifier (GPSR art. 19(c))
	Presets    int                 `json:"presets"`
	BasePrice  map[string]int64    `json:"base_price"`
	BuildDays  int                 `json:"build_days"`
	Slots      []Slot              `json:"slots"`
	Generators []Part              `json:"generators"`
	Options    map[string][]Option `json:"options"`
}

type Slot struct {
	ID      string            `json:"id"`
	Names   map[string]string `json:"names"`
	Options []Part            `json:"options"`
}

type Part struct {
	ID    string            `json:"id"`
	Names map[string]string `json:"names"`
	Image string            `json:"image,omitempty"`
	Price map[string]int64  `json:"price"`
}

type Option struct {
	ID    string            `json:"id"`
	Names map[string]string `json:"names"`
	Hex   string            `json:"hex,omitempty"`
}

// Delivery is a shipping country and the ways a parcel gets there.
type Delivery struct {
	Code  string            `json:"code"`
	Names map[string]string `json:"names"`
	// Methods are the country's delivery methods, the default first
	// (content/data/deliveries.toml; docs/shipping.md).
	Methods []DeliveryMethod `json:"methods"`
	// VAT is the country's standard VAT rate in percent; 0 for a country
	// outside the EU, where a sale is an export.
	VAT int `json:"vat"`
	// Languages are the languages consumers there read (ISO 639-1 codes):
	// the safety information is given in them (GPSR art. 9(7)).
	Languages []string `json:"languages,omitempty"`
}

// DeliveryMethod is one way of delivering to a country: a courier to the
// door, or a parcel locker of a carrier, at its price and in its time.
type DeliveryMethod struct {
	ID      shipping.Method  `json:"id"`
	Carrier string           `json:"carrier,omitempty"` // "inpost"; "" for a courier the owner books by hand
	Cost    map[string]int64 `json:"cost"`
	DaysMin int              `json:"days_min"`
	DaysMax int              `json:"days_max"`
}

// Method is the country's delivery method with the id; "" is the
// default (the first).
func (d *Delivery) Method(id shipping.Method) (*DeliveryMethod, bool) {
	for i := range d.Methods {
		if id == "" || d.Methods[i].ID == id {
			return &d.Methods[i], true
		}
	}
	return nil, false
}

// VAT schemes (content/config.toml [vat] scheme).
const (
	VATPolish = "pl"  // Polish VAT on every sale
	VATOSS    = "oss" // the EU One-Stop-Shop: the EU buyer's country's rate
)

// What a consumer's paid order gets (content/config.toml [vat] consumers).
const (
	ConsumersInvoice = "invoice" // a VAT invoice, as a company gets
	ConsumersReceipt = "receipt" // a sales receipt (not an invoice)
)

// Exchange-rate sources for foreign-currency documents (content/config.toml
// [vat] exchange_rate).
const (
	// RateNBP is the National Bank of Poland's table A average rate of
	// the last working day before the sale (Polish VAT Act, art. 31a).
	RateNBP = "nbp"
)

// VAT is how the shop charges VAT and documents its sales: the owner's
// scheme, the delivery code of the seller's country, what a consumer's
// order gets, and where a foreign currency's rate to złoty comes from.
type VAT struct {
	Scheme       string `json:"scheme"`
	Home         string `json:"home"`
	Consumers    string `json:"consumers"`
	ExchangeRate string `json:"exchange_rate"`
}

// VATRate is the VAT rate in percent of a sale delivered to country: 0
// outside the EU (an export); the destination's rate under the One-Stop-
// Shop; the home country's otherwise. ok is false for a country the
// catalogue does not deliver to.
func (c *Catalog) VATRate(country string) (rate int, ok bool) {
	dest, ok := c.Delivery(country)
	if !ok {
		return 0, false
	}
	if dest.VAT == 0 || c.VAT.Scheme == VATOSS {
		return dest.VAT, true
	}
	home, _ := c.Delivery(c.VAT.Home)
	return home.VAT, true
}

type Fees struct {
	// Waste is the waste-management fee included in the price of every
	// unit of electrical equipment (CarriesWasteFee).
	Waste map[string]int64 `json:"waste"`
}

type CouponRules struct {
	// Minimum order value from which a discount code is accepted.
	Minimum map[string]int64 `json:"minimum"`
}

// Production is how the workshop builds a paid order: the stages the
// owner sets on it (orderd orders stage), which the shopper's status page
// shows under "paid". An empty list (a catalogue of an older build) means
// no stages: the order goes from paid to sent as before.
type Production struct {
	Stages []Stage `json:"stages"`
}

// Stage is one step of the workshop's build.
type Stage struct {
	ID    string            `json:"id"`
	Names map[string]string `json:"names"`
	// Progress is the share of the build, in percent (1-100), done once
	// the stage is reached: the ship estimate counts the rest of the
	// order's build days from the stage's date. It never falls along the
	// list; the last stage is usually 100 (ready to ship).
	Progress int `json:"progress"`
}

// JSON encodes the catalogue with its version: a hash of everything else,
// so the daemon (and a cache) can tell two catalogues apart.
func (c *Catalog) JSON() ([]byte, error) {
	c.Version = ""
	body, err := json.Marshal(c)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(body)
	c.Version = hex.EncodeToString(sum[:8])
	return json.MarshalIndent(c, "", "  ")
}
