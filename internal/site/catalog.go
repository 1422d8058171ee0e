package site

import (
	"time"

	"sabershop/internal/catalog"
	"sabershop/internal/content"
)

// Catalog makes the catalogue orders are priced from (catalog.json) out of
// loaded content. It is the build's job, not the catalogue's: the daemon
// reads the file and so links nothing that reads Markdown or YAML.
// The pages take their prices from the same value (assembler.catalog).
func Catalog(site *content.Site) *catalog.Catalog {
	c := &catalog.Catalog{FileFormat: catalog.FileFormat, OrdersOpen: site.Config.OrdersOpen,
		Retention: site.Config.Retention}
	c.Shop = catalog.Shop{Name: site.Config.Name, BaseURL: site.Config.BaseURL, Company: site.Config.Company}
	for _, l := range site.Config.Locales {
		c.Locales = append(c.Locales, catalog.Locale{Code: l.Code, Currency: l.Currency, Format: site.Formats[l.Code]})
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
		cp := catalog.Product{Slug: p.Slug, Kind: string(p.Kind), Names: names[p.Slug], Returnable: p.Returnable,
			BuildDays: p.BuildDays, Presets: p.Presets, Electronic: p.Electronic, OldSlugs: p.OldSlugs, Model: p.Model}
		if len(p.Images) > 0 {
			cp.Image = p.Images[0]
		}
		for _, e := range p.Prices {
			cp.Prices = append(cp.Prices, catalog.Price{From: e.From.Format(time.DateOnly), Amounts: e.Amounts})
		}
		c.Products = append(c.Products, cp)
	}
	c.Guarantee = site.Guarantee
	cr := site.Creator
	c.Creator = catalog.Creator{Model: cr.Model, Returnable: site.Config.Legal.CreatorReturnable, Presets: cr.Presets, BasePrice: cr.BasePrice, BuildDays: cr.BuildDays, Options: map[string][]catalog.Option{}}
	for _, s := range cr.Slots {
		cs := catalog.Slot{ID: s.ID, Names: s.Names}
		for _, o := range s.Options {
			cs.Options = append(cs.Options, catalog.Part{ID: o.ID, Names: o.Names, Image: o.Image, Price: o.Price})
		}
		c.Creator.Slots = append(c.Creator.Slots, cs)
	}
	for _, g := range cr.Generators {
		c.Creator.Generators = append(c.Creator.Generators, catalog.Part{ID: g.ID, Names: g.Names, Price: g.Price})
	}
	for group, opts := range cr.Options {
		for _, o := range opts {
			c.Creator.Options[group] = append(c.Creator.Options[group], catalog.Option{ID: o.ID, Names: o.Names, Hex: o.Hex})
		}
	}
	for _, d := range site.Deliveries {
		c.Deliveries = append(c.Deliveries, catalog.Delivery{Code: d.Code, Names: d.Names, Methods: d.Methods, VAT: d.VAT, Languages: d.Languages})
	}
	c.Boxes, c.LockerSizes = site.Boxes, site.LockerSizes
	c.Safety = site.Config.Safety
	c.VAT = site.Config.VAT
	c.KSeF = site.Config.KSeF
	c.Fees.Waste = site.Config.WasteFee
	c.Coupons.Minimum = site.Config.CouponMinimum
	c.Production.Stages = []catalog.Stage{} // [] rather than null without stages: catalog.ts says an array
	for _, s := range site.Config.Stages {
		c.Production.Stages = append(c.Production.Stages, catalog.Stage{ID: s.ID, Names: s.Names, Progress: s.Progress})
	}
	return c
}
