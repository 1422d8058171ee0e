package order

import (
	"maps"
	"slices"
	"strconv"
	"time"

	"sabershop/internal/catalog"
)

// Priced is a request priced from the catalogue: what the order will hold
// and what the checkout shows before the shopper confirms.
type Priced struct {
	Currency     string
	Lines        []Line
	Totals       Totals
	DeliveryDays [2]int // the country's days_min, days_max
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
	var shipping int64
	var days [2]int
	if noCountry {
		// goods only: Quote before a country is chosen
	} else if d, ok := cat.Delivery(req.Customer.Country); !ok {
		errs["country"] = KeyCountryUnknown
	} else if cost, ok := amountIn(d.Cost, currency); !ok {
		errs["country"] = KeyCountryUnknown // not deliverable in this currency
	} else {
		shipping, days = cost, [2]int{d.DaysMin, d.DaysMax}
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
	p.Totals.Shipping = shipping
	p.Totals = withDiscount(p.Totals, 0)
	return p, nil
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
