package catalog

// The waste-management fee (docs/product-rules.md#waste-fee: "included in
// every saber price") is the producer's share of collecting and recycling
// electrical and electronic equipment (the WEEE Directive 2012/19/EU and the
// battery regulation). So the rule is about what a product is, not what it is
// called: hilts, generators and creator designs are electrical equipment and
// always carry it; an accessory carries it only when its content says
// `electronic: true` (a charger would; the aluminium plug, connector and belt
// clip do not). The product page, its JSON-LD, the creator, the quote, the
// order, its e-mails and the invoice all ask CarriesWasteFee.

// Product kinds, as content/products/*.md write them.
const (
	KindHilt      = "hilt"
	KindAccessory = "accessory"
	KindGenerator = "generator"
)

// CarriesWasteFee reports whether a product of this kind is electrical
// equipment: hilts and generators always, an accessory when it declares
// electronics.
func CarriesWasteFee(kind string, electronic bool) bool {
	return kind == KindHilt || kind == KindGenerator || electronic
}

// CarriesWasteFee is the rule for a catalogue product.
func (p *Product) CarriesWasteFee() bool { return CarriesWasteFee(p.Kind, p.Electronic) }

// WasteFee is the fee included in one unit of the product, in minor units
// of the currency (0 when the product carries none or the catalogue
// configures no fee for the currency).
func (c *Catalog) WasteFee(p *Product, currency string) int64 {
	if !p.CarriesWasteFee() {
		return 0
	}
	return c.wasteFeeIn(currency)
}

// CreatorWasteFee is the fee included in one creator design: a custom
// saber is a saber.
func (c *Catalog) CreatorWasteFee(currency string) int64 { return c.wasteFeeIn(currency) }

func (c *Catalog) wasteFeeIn(currency string) int64 {
	v := c.Fees.Waste[currency]
	if v < 0 {
		return 0
	}
	return v
}
