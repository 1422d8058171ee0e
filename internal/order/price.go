package order

import (
	"maps"
	"slices"
	"strconv"
	"time"

	"sabershop/internal/catalog"
	"sabershop/internal/shipping"
)

// Priced is a request priced from the catalogue: what the order will hold
// and what the checkout shows before the shopper confirms.
type Priced struct {
	Currency     string
	Lines        []Line
	Totals       Totals
	DeliveryDays [2]int // the delivery method's days_min, days_max
	Delivery     Delivery
	BuildDays    int    // the longest line's build time (working days)
	Returnable   bool   // every line may be returned (no line excluded, see priceCreator)
	Coupon       string // the applied code (PriceWithCoupon), "" without one
}

// maxAmount bounds every amount read from the catalogue (10^12 minor units
// is ten billion euro): with MaxLines and MaxQuantity no sum can overflow,
// whatever a broken catalogue says.
const maxAmount int64 = 1e12

// creatorNames name a creator design's line when the catalogue has no
// product with the slug CreatorSlug (the shop's catalogue has none: the
// creator is a page, not a product).
var creatorNames = map[string]string{
	"en": "Custom saber",
	"pl": "Własny miecz",
	"de": "Eigenes Lichtschwert",
}

// Price prices a request, normalised and validated, at the instant at (the
// price list in force then). It never trusts that: anything it cannot
// price is reported as FieldErrors (a creator design is checked in full
// with ValidateCreator), and it never panics. Totals carry no discount;
// see PriceWithCoupon.
//
// The waste-management fee is included in the price of every unit of
// electrical equipment (catalog.CarriesWasteFee: hilts, creator designs,
// accessories with electronics); it is only itemised, never added.
func Price(cat *catalog.Catalog, req Request, at time.Time) (Priced, FieldErrors) {
	return price(cat, req, at, false)
}

// Quote is Price for a cart that has no delivery country yet (the basket
// before the shopper picks one): without Customer.Country it prices the
// goods with no shipping and no delivery days. The customer's other fields
// are not looked at.
func Quote(cat *catalog.Catalog, req Request, at time.Time) (Priced, FieldErrors) {
	return price(cat, req, at, req.Customer.Country == "")
}

func price(cat *catalog.Catalog, req Request, at time.Time, noCountry bool) (Priced, FieldErrors) {
	errs := FieldErrors{}
	currency, ok := cat.Currency(req.Locale)
	if !ok {
		errs["locale"] = KeyLocaleUnknown
		return Priced{}, errs
	}
	var shipCost int64
	var days [2]int
	var method *catalog.DeliveryMethod
	if noCountry {
		// goods only: Quote before a country is chosen
	} else if d, ok := cat.Delivery(req.Customer.Country); !ok {
		errs["country"] = KeyCountryUnknown
	} else if method, ok = d.Method(req.Delivery.Method); !ok {
		errs["delivery.method"] = KeyMethodUnknown
	} else if cost, ok := amountIn(method.Cost, currency); !ok {
		errs["country"] = KeyCountryUnknown // not deliverable in this currency
	} else {
		shipCost, days = cost, [2]int{method.DaysMin, method.DaysMax}
	}
	switch {
	case len(req.Items) == 0:
		errs["items"] = KeyItemsRequired
	case len(req.Items) > MaxLines:
		errs["items"] = KeyItemsTooMany
	}
	if len(errs) > 0 {
		return Priced{}, errs
	}

	p := Priced{Currency: currency, DeliveryDays: days, Returnable: true}
	for i, it := range req.Items {
		prefix := "items." + strconv.Itoa(i)
		line, ok := priceLine(cat, it, req.Locale, currency, at, prefix, errs)
		if !ok {
			continue
		}
		p.Lines = append(p.Lines, line)
		p.Totals.Subtotal += line.Total
		p.Totals.WasteFee += line.WasteFee
		p.BuildDays = max(p.BuildDays, line.BuildDays)
		p.Returnable = p.Returnable && line.Returnable
	}
	if len(errs) > 0 {
		return Priced{}, errs
	}
	p.Delivery.Parcel = Parcel(cat, p.Lines)
	if method != nil {
		p.Delivery.Method, p.Delivery.Carrier = method.ID, method.Carrier
		if method.ID == shipping.Locker {
			fit, _, ok := cat.LockerFit(method.Carrier, p.Delivery.Parcel)
			if !ok {
				errs["delivery.method"] = KeyLockerTooBig
				return Priced{}, errs
			}
			p.Delivery.Size = fit.Size
		}
	}
	p.Totals.Shipping = shipCost
	p.Totals = withDiscount(p.Totals, 0)
	return p, nil
}

// Parcel is the lines packed (catalog.Pack): each unit's box of its
// product's kind, or of a creator design. A line of a product the
// catalogue no longer has packs as a hilt, the bigger box.
func Parcel(cat *catalog.Catalog, lines []Line) catalog.Box {
	var boxes []catalog.Box
	for _, l := range lines {
		kind := catalog.BoxCreator
		if l.Creator == nil {
			kind = KindHilt
			if p, ok := cat.Product(l.Product); ok {
				kind = p.Kind
			}
		}
		b, _ := cat.BoxOf(kind)
		for range min(l.Quantity, MaxQuantity) {
			boxes = append(boxes, b)
		}
	}
	return catalog.Pack(boxes)
}

// DeliveryOption is one of a country's delivery methods for a basket:
// its price, its time and whether the basket fits (a locker's
// compartments), with the largest compartment when it does not.
type DeliveryOption struct {
	ID      shipping.Method     `json:"id"`
	Carrier string              `json:"carrier,omitempty"`
	Cost    int64               `json:"cost"`
	DaysMin int                 `json:"days_min"`
	DaysMax int                 `json:"days_max"`
	Fits    bool                `json:"fits"`
	Parcel  catalog.Box         `json:"parcel"`
	Largest *catalog.LockerSize `json:"largest,omitempty"` // a locker the basket does not fit: its biggest compartment
}

// DeliveryOptions are country's methods for the priced lines, in the
// catalogue's order; nil for a country the catalogue does not deliver to.
func DeliveryOptions(cat *catalog.Catalog, country, currency string, lines []Line) []DeliveryOption {
	d, ok := cat.Delivery(country)
	if !ok {
		return nil
	}
	parcel := Parcel(cat, lines)
	out := []DeliveryOption{}
	for _, m := range d.Methods {
		cost, ok := amountIn(m.Cost, currency)
		if !ok {
			continue
		}
		o := DeliveryOption{ID: m.ID, Carrier: m.Carrier, Cost: cost, DaysMin: m.DaysMin, DaysMax: m.DaysMax, Fits: true, Parcel: parcel}
		if m.ID == shipping.Locker {
			_, largest, fits := cat.LockerFit(m.Carrier, parcel)
			if o.Fits = fits; !fits {
				o.Largest = &largest
			}
		}
		out = append(out, o)
	}
	return out
}

// priceLine prices one item or reports why it cannot.
func priceLine(cat *catalog.Catalog, it ItemRequest, locale, currency string, at time.Time, prefix string, errs FieldErrors) (Line, bool) {
	if it.Quantity < 1 || it.Quantity > MaxQuantity {
		errs[prefix+".quantity"] = KeyQuantityRange
		return Line{}, false
	}
	if (it.Product != "") == (it.Creator != nil) {
		errs[prefix] = KeyItemAmbiguous
		return Line{}, false
	}
	var line Line
	var ok bool
	if it.Creator != nil {
		line, ok = priceCreator(cat, it, locale, currency, prefix, errs)
	} else {
		line, ok = priceProduct(cat, it, locale, currency, at, prefix, errs)
	}
	if !ok {
		return Line{}, false
	}
	line.Quantity = it.Quantity
	line.Total = line.UnitPrice * int64(it.Quantity)
	line.WasteFee *= int64(it.Quantity)
	return line, true
}

// priceProduct returns a line with the unit price and the per-unit waste
// fee; priceLine multiplies.
func priceProduct(cat *catalog.Catalog, it ItemRequest, locale, currency string, at time.Time, prefix string, errs FieldErrors) (Line, bool) {
	p, ok := cat.Product(it.Product)
	if !ok {
		errs[prefix+".product"] = KeyProductUnknown
		return Line{}, false
	}
	unit, ok := p.PriceAt(currency, at)
	if !ok || unit < 0 || unit > maxAmount {
		errs[prefix+".product"] = KeyProductNoPrice
		return Line{}, false
	}
	if it.Variant != "" {
		g, ok := cat.Generator(it.Variant)
		if !ok || p.Kind != KindHilt {
			errs[prefix+".variant"] = KeyVariantUnknown
			return Line{}, false
		}
		extra, ok := amountIn(g.Price, currency)
		if !ok {
			errs[prefix+".variant"] = KeyVariantUnknown
			return Line{}, false
		}
		unit += extra
		if unit > maxAmount {
			errs[prefix+".product"] = KeyProductNoPrice
			return Line{}, false
		}
	}
	line := Line{
		Product: p.Slug, Variant: it.Variant, Name: localName(p.Names, locale, p.Slug),
		Image: p.Image, UnitPrice: unit, Returnable: p.Returnable, BuildDays: p.BuildDays,
		WasteFee: cat.WasteFee(p, currency),
	}
	return line, true
}

// priceCreator: base price + every chosen part + the generator. The line
// is returnable as the catalogue says (catalog.Creator.Returnable, the
// owner's [legal] creator_returnable), never as the request says: the
// order keeps what it recorded when a later build changes the setting.
func priceCreator(cat *catalog.Catalog, it ItemRequest, locale, currency string, prefix string, errs FieldErrors) (Line, bool) {
	before := len(errs)
	if it.Variant != "" {
		errs[prefix+".variant"] = KeyVariantUnknown
	}
	ValidateCreator(it.Creator, cat, prefix+".creator", errs)
	if len(errs) > before {
		return Line{}, false
	}
	cfg := it.Creator
	unit, ok := amountIn(cat.Creator.BasePrice, currency)
	for _, slot := range cat.Creator.Slots {
		part, _ := slot.Part(cfg.Parts[slot.ID]) // found: validated above
		v, found := amountIn(part.Price, currency)
		ok = ok && found
		unit += v
	}
	g, _ := cat.Generator(cfg.Generator)
	v, found := amountIn(g.Price, currency)
	unit += v
	if !ok || !found || unit > maxAmount {
		errs[prefix+".creator"] = KeyProductNoPrice
		return Line{}, false
	}
	name := creatorNames[locale]
	if name == "" {
		name = creatorNames["en"]
	}
	if p, ok := cat.Product(CreatorSlug); ok {
		name = localName(p.Names, locale, name)
	}
	return Line{
		Product: CreatorSlug, Name: name, Creator: cloneCreator(cfg), UnitPrice: unit,
		WasteFee: cat.CreatorWasteFee(currency), Returnable: cat.Creator.Returnable, BuildDays: cat.Creator.BuildDays,
	}, true
}

// amountIn is a catalogue amount in the currency, refused when absent or
// outside 0..maxAmount.
func amountIn(amounts map[string]int64, currency string) (int64, bool) {
	v, ok := amounts[currency]
	if !ok || v < 0 || v > maxAmount {
		return 0, false
	}
	return v, true
}

// localName is the name in the locale, else the English one, else def.
func localName(names map[string]string, locale, def string) string {
	if n := names[locale]; n != "" {
		return n
	}
	if n := names["en"]; n != "" {
		return n
	}
	return def
}

// cloneCreator copies a design so the order does not share maps and slices
// with the request it was priced from.
func cloneCreator(cfg *CreatorConfig) *CreatorConfig {
	c := *cfg
	c.Parts = maps.Clone(cfg.Parts)
	c.Presets = slices.Clone(cfg.Presets)
	return &c
}
