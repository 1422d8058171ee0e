// Package content loads and validates what editors write under content/:
// config.toml, Markdown with YAML or TOML front matter per locale, the data
// files and the UI string bundles. Load returns typed values or every
// problem at once as Diagnostics ("file:line: field: problem").
package content

import (
	"time"

	"sabershop/internal/catalog"
	"sabershop/internal/guarantee"
	"sabershop/internal/i18n"
)

// Site is everything under content/, loaded and checked.
type Site struct {
	Config     Config
	Bundles    map[string]i18n.Bundle // by locale code
	Formats    map[string]i18n.Format // by locale code: the [format] of each bundle's file
	Creator    Creator
	Deliveries []Country
	// Boxes and LockerSizes are content/data/deliveries.toml's [boxes]
	// and [[locker_sizes]]: what a basket packs into and whether a locker
	// takes it (catalog.Pack, catalog.LockerFit).
	Boxes       map[string]catalog.Box
	LockerSizes []catalog.LockerSize
	// Guarantee is the EU's notice on the legal guarantee by locale code
	// (content/data/guarantee-notice.toml).
	Guarantee map[string]guarantee.Notice
	// Docs by locale: pages, posts, FAQ entries and product texts. Every
	// locale has every document of the default locale (see Doc.Fallback).
	Docs     map[string][]*Doc
	Products []*Product // language-independent facts, by weight
	Static   []string   // files under content/static, slash paths relative to it
	Dir      string     // the content directory
	// Photos are the raster originals the front matter names, by key
	// (see Photo); Markdown images are found by the build.
	Photos map[string]*Photo
	// Safety are the safety texts (content/safety/LANG.md), in language
	// code order.
	Safety []*SafetyText
}

// Config is content/config.toml.
type Config struct {
	Name          string
	ShortName     string
	BaseURL       string
	ThemeColor    string
	TagManagerID  string
	OrdersOpen    bool
	Locales       []Locale // first is the default, served at /
	WasteFee      Amounts
	CouponMinimum Amounts
	Categories    []Category
	Menu          []MenuItem
	Company       catalog.Company // the one definition, also in catalog.json and the page data
	Hours         Hours
	Social        []SocialLink
	Stages        []Stage // [[production.stages]], in build order (production.go)
	VAT           catalog.VAT
	KSeF          catalog.KSeF
	// Safety is [safety]: the minimum age and the manufacturer (and the
	// EU responsible person) every offer names (safety.go). Its Languages
	// are filled from content/safety by the loader.
	Safety catalog.Safety

	// Retention is [retention]: the privacy page prints it, the daemon
	// applies it (through catalog.json).
	Retention catalog.Retention

	// Legal is [legal]: the owner's legal choices (legal.go).
	Legal Legal

	// The cookie banner's choice is kept ConsentMonths months; a new
	// ConsentVersion (the banner's texts or purposes changed) asks again.
	ConsentMonths  int
	ConsentVersion string
}

// Locale is one language version of the site.
type Locale struct {
	Code     string
	Name     string
	Currency string
}

// Amounts are integer minor units by ISO 4217 currency code.
type Amounts map[string]int64

// Names are texts by locale code.
type Names map[string]string

type Category struct {
	Slug  string
	Names Names
}

type MenuItem struct {
	Key  string // label = i18n key menu.KEY
	Href string // unprefixed route
}

type Hours struct {
	Days, Open, Close string
}

type SocialLink struct {
	Name, Href string
}

// DocKind says what a Markdown file is, by the folder it is in.
type DocKind string

const (
	KindPage    DocKind = "pages"
	KindPost    DocKind = "blog"
	KindFAQ     DocKind = "faq"
	KindProduct DocKind = "products"
	// KindSafety is a safety text, content/safety/LANG.md (SafetyText):
	// its Locale is the text's language.
	KindSafety DocKind = "safety"
)

// Doc is one Markdown file of one locale.
type Doc struct {
	Kind        DocKind
	Locale      string
	Slug        string // file name without .md, or the post's slug field
	SlugLine    int    // line of the slug field, 0 when the file name is the slug
	File        string // path shown in diagnostics
	Title       string
	Description string
	Summary     string
	Cover       string
	Images      []Image
	Date        time.Time // posts
	Categories  []string  // posts
	Weight      int       // FAQ order
	Specs       []Spec    // products
	Body        []byte
	BodyLine    int
	// Fallback is true when this locale has no file and the default
	// locale's text is used under this locale's URL.
	Fallback bool
	// Draft is front matter draft: true (or a translation of a draft). Only
	// a loader with Drafts set keeps drafts; a normal build never sees one.
	Draft bool
	// Aliases are the page's old URL paths, without the locale prefix
	// (aliases: ["/old/path"]); the build redirects them to the page.
	Aliases    []string
	AliasLines []int // the line of each alias, for conflicts found later
}

type Image struct {
	Src, Alt, Caption string
}

type Spec struct {
	Name, Value string
}

// ProductKind is hilt, accessory or generator.
type ProductKind string

const (
	ProductHilt      ProductKind = "hilt"
	ProductAccessory ProductKind = "accessory"
	ProductGenerator ProductKind = "generator"
)

// Product is what does not depend on the language, written once in the
// default locale's file.
type Product struct {
	Slug       string
	Kind       ProductKind
	Model      string // the model identifier (GPSR art. 19(c)), required
	ModelLine  int
	Images     []string
	Returnable bool
	// Electronic: an accessory with electronics inside (it then carries
	// the waste fee; hilts and generators always do).
	Electronic bool
	BuildDays  int
	Presets    int
	Weight     int
	Prices     []PriceEntry // sorted by From
	File       string
	Draft      bool
	// OldSlugs are the slugs of the product's /shop/SLUG aliases: an
	// order, a basket or a link that still names one gets this product.
	OldSlugs []string
}

// PriceEntry is a price list line: from this day on, these prices.
type PriceEntry struct {
	From    time.Time
	Amounts Amounts
}

// Creator is content/data/creator.toml.
type Creator struct {
	Model      string // the custom saber's model identifier (GPSR art. 19(c))
	Presets    int
	Slots      []Slot
	BasePrice  Amounts
	BuildDays  int
	Generators []Part
	// Options of a preset by group: colors, effects, ignitions, sounds, buttons.
	Options map[string][]Option
}

// Slot is one of the creator's three image areas.
type Slot struct {
	ID      string
	Names   Names
	Options []Part
}

// Part is a choosable part with an image and a price delta.
type Part struct {
	ID    string
	Image string
	Names Names
	Price Amounts
}

// Option is a preset option (a colour, an effect, ...).
type Option struct {
	ID    string
	Names Names
	Hex   string // colours only
}

// Combinations is how many distinct hilts the creator can make.
func (c Creator) Combinations() int {
	n := 1
	for _, s := range c.Slots {
		n *= len(s.Options)
	}
	if len(c.Generators) > 0 {
		n *= len(c.Generators)
	}
	return n
}

// Country is a shipping destination of content/data/deliveries.toml.
type Country struct {
	Code  string
	Names Names
	// Methods are the country's delivery methods, the default (the
	// courier) first.
	Methods []catalog.DeliveryMethod
	VAT     int // the standard rate in percent; 0 outside the EU (an export)
	// Languages consumers there read (ISO 639-1): the safety text is
	// needed in each (GPSR art. 9(7)).
	Languages []string
}

// DefaultLocale is the first configured locale.
func (c Config) DefaultLocale() Locale { return c.Locales[0] }

// Currencies lists the distinct currencies of the configured locales.
func (c Config) Currencies() []string {
	var out []string
	seen := map[string]bool{}
	for _, l := range c.Locales {
		if !seen[l.Currency] {
			seen[l.Currency] = true
			out = append(out, l.Currency)
		}
	}
	return out
}

// Locale returns the configured locale with code.
func (c Config) Locale(code string) (Locale, bool) {
	for _, l := range c.Locales {
		if l.Code == code {
			return l, true
		}
	}
	return Locale{}, false
}
