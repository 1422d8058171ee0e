package catalog

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
)

// Parse decodes catalog.json as the build wrote it. Unknown fields are
// tolerated so that a daemon keeps running when a newer build adds some;
// a file without a version or locales is refused because nothing could be
// priced from it (and a half-written file usually looks like that).
func Parse(data []byte) (*Catalog, error) {
	var c Catalog
	if err := json.Unmarshal(data, &c); err != nil {
		return nil, fmt.Errorf("catalog: %w", err)
	}
	if c.Version == "" {
		return nil, errors.New("catalog: no version")
	}
	if len(c.Locales) == 0 {
		return nil, errors.New("catalog: no locales")
	}
	for _, l := range c.Locales {
		if l.Code == "" || l.Currency == "" {
			return nil, fmt.Errorf("catalog: locale %q without a code or currency", l.Code)
		}
	}
	return &c, nil
}

// The lookups below search linearly: a catalogue has a handful of products,
// parts and countries, and a map index would have to be kept in step with
// the exported slices that other packages build literally.

// Product is the product with the slug, or the renamed product that had
// it (Product.OldSlugs).
func (c *Catalog) Product(slug string) (*Product, bool) {
	for i := range c.Products {
		if c.Products[i].Slug == slug {
			return &c.Products[i], true
		}
	}
	for i := range c.Products {
		if slices.Contains(c.Products[i].OldSlugs, slug) {
			return &c.Products[i], true
		}
	}
	return nil, false
}

// Stage is the production stage with the id and its place in the list.
func (c *Catalog) Stage(id string) (Stage, int, bool) {
	for i, s := range c.Production.Stages {
		if s.ID == id {
			return s, i, true
		}
	}
	return Stage{}, -1, false
}

// Currency is the currency orders in the locale are priced in.
func (c *Catalog) Currency(locale string) (string, bool) {
	for _, l := range c.Locales {
		if l.Code == locale {
			return l.Currency, true
		}
	}
	return "", false
}

// HasLocale reports whether the locale is one of the shop's.
func (c *Catalog) HasLocale(locale string) bool {
	_, ok := c.Currency(locale)
	return ok
}

// Delivery is the shipping country with the code.
func (c *Catalog) Delivery(code string) (*Delivery, bool) {
	for i := range c.Deliveries {
		if c.Deliveries[i].Code == code {
			return &c.Deliveries[i], true
		}
	}
	return nil, false
}

// Generator is the creator's generator variant with the id (also the
// variants a hilt can be ordered with).
func (c *Catalog) Generator(id string) (*Part, bool) {
	return findPart(c.Creator.Generators, id)
}

// Slot is the creator's slot with the id.
func (c *Catalog) Slot(id string) (*Slot, bool) {
	for i := range c.Creator.Slots {
		if c.Creator.Slots[i].ID == id {
			return &c.Creator.Slots[i], true
		}
	}
	return nil, false
}

// Part is the slot's option with the id.
func (s *Slot) Part(id string) (*Part, bool) {
	return findPart(s.Options, id)
}

// Option is the creator option with the id in the group ("colors",
// "effects", "ignitions", "sounds", "buttons").
func (c *Catalog) Option(group, id string) (*Option, bool) {
	opts := c.Creator.Options[group]
	for i := range opts {
		if opts[i].ID == id {
			return &opts[i], true
		}
	}
	return nil, false
}

func findPart(parts []Part, id string) (*Part, bool) {
	for i := range parts {
		if parts[i].ID == id {
			return &parts[i], true
		}
	}
	return nil, false
}
