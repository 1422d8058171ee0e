// Package catalog is what orders are priced from: products with dated price
// lists, creator parts, deliveries, fees and coupon rules. The build writes
// it as public/catalog.json next to the pages that show the same prices, and
// the daemon loads that file, so the browser never decides a price.
package catalog

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"time"

	"sabershop/internal/content"
	"sabershop/internal/i18n"
)

// Catalog is the content of catalog.json. Amounts are integer minor units.
type Catalog struct {
	Version    string      `json:"version"`
	Shop       Shop        `json:"shop"`
	Locales    []Locale    `json:"locales"`
	Products   []Product   `json:"products"`
	Creator    Creator     `json:"creator"`
	Deliveries []Delivery  `json:"deliveries"`
	Fees       Fees        `json:"fees"`
	Coupons    CouponRules `json:"coupons"`
	OrdersOpen bool        `json:"orders_open"`
}

// Shop is who sells: what e-mails and the daemon's pages print.
type Shop struct {
	Name    string `json:"name"`
	BaseURL string `json:"base_url"`
	Company struct {
		Name    string `json:"name"`
		Owner   string `json:"owner"`
		Street  string `json:"street"`
		Zip     string `json:"zip"`
		City    string `json:"city"`
		Country string `json:"country"`
		TaxID   string `json:"tax_id"`
		Email   string `json:"email"`
		Phone   string `json:"phone"`
	} `json:"company"`
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
	// Electronic marks an accessory with electronics inside, which carries
	// the waste fee like a saber (see CarriesWasteFee).
	Electronic bool    `json:"electronic,omitempty"`
	Prices     []Price `json:"prices"`
}

// Price is one line of a dated price list.
type Price struct {
	From    string           `json:"from"` // YYYY-MM-DD, in force from 00:00 UTC
	Amounts map[string]int64 `json:"amounts"`
}

type Creator struct {
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

type Delivery struct {
	Code    string            `json:"code"`
	Names   map[string]string `json:"names"`
	Cost    map[string]int64  `json:"cost"`
	DaysMin int               `json:"days_min"`
	DaysMax int               `json:"days_max"`
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

// Build makes the catalogue from loaded content. titles gives each
// product's name per locale.
func Build(site *content.Site) *Catalog {
	c := &Catalog{OrdersOpen: site.Config.OrdersOpen}
	c.Shop.Name, c.Shop.BaseURL = site.Config.Name, site.Config.BaseURL
	co := site.Config.Company
	c.Shop.Company.Name, c.Shop.Company.Owner, c.Shop.Company.Street = co.Name, co.Owner, co.Street
	c.Shop.Company.Zip, c.Shop.Company.City, c.Shop.Company.Country = co.Zip, co.City, co.Country
	c.Shop.Company.TaxID, c.Shop.Company.Email, c.Shop.Company.Phone = co.TaxID, co.Email, co.Phone
	for _, l := range site.Config.Locales {
		c.Locales = append(c.Locales, Locale{Code: l.Code, Currency: l.Currency, Format: site.Formats[l.Code]})
	}
	names := map[string]map[string]string{}
	for loc, docs := range site.Docs {
		for _, d := range docs {
			if d.Kind != content.KindProduct {
				continue
			}
			if names[d.Slug] == nil {
				names[d.Slug] = map[string]string{}
			}
			names[d.Slug][loc] = d.Title
		}
	}
	for _, p := range site.Products {
		cp := Product{Slug: p.Slug, Kind: string(p.Kind), Names: names[p.Slug], Returnable: p.Returnable,
			BuildDays: p.BuildDays, Presets: p.Presets, Electronic: p.Electronic}
		if len(p.Images) > 0 {
			cp.Image = p.Images[0]
		}
		for _, e := range p.Prices {
			cp.Prices = append(cp.Prices, Price{From: e.From.Format(time.DateOnly), Amounts: e.Amounts})
		}
		c.Products = append(c.Products, cp)
	}
	cr := site.Creator
	c.Creator = Creator{Presets: cr.Presets, BasePrice: cr.BasePrice, BuildDays: cr.BuildDays, Options: map[string][]Option{}}
	for _, s := range cr.Slots {
		cs := Slot{ID: s.ID, Names: s.Names}
		for _, o := range s.Options {
			cs.Options = append(cs.Options, Part{ID: o.ID, Names: o.Names, Image: o.Image, Price: o.Price})
		}
		c.Creator.Slots = append(c.Creator.Slots, cs)
	}
	for _, g := range cr.Generators {
		c.Creator.Generators = append(c.Creator.Generators, Part{ID: g.ID, Names: g.Names, Price: g.Price})
	}
	for group, opts := range cr.Options {
		for _, o := range opts {
			c.Creator.Options[group] = append(c.Creator.Options[group], Option{ID: o.ID, Names: o.Names, Hex: o.Hex})
		}
	}
	for _, d := range site.Deliveries {
		c.Deliveries = append(c.Deliveries, Delivery{Code: d.Code, Names: d.Names, Cost: d.Cost, DaysMin: d.DaysMin, DaysMax: d.DaysMax})
	}
	c.Fees.Waste = site.Config.WasteFee
	c.Coupons.Minimum = site.Config.CouponMinimum
	return c
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
