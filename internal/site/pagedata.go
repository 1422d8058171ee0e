package site

import (
	"sabershop/internal/catalog"
	"sabershop/internal/content"
	"sabershop/internal/guarantee"
	"sabershop/internal/images"
)

// The JSON handed to the React templates. These types are the contract:
// tools/tsgen writes their TypeScript into components/generated/pagedata.ts
// (make generate; make lint fails while that file is stale), doc comments
// included.

// money is integer minor units plus the ISO 4217 code, and the string the
// build formatted.
type money struct {
	Amount    int64  `json:"amount"`
	Currency  string `json:"currency"`
	Formatted string `json:"formatted"`
}

type link struct {
	Href  string `json:"href"`
	Label string `json:"label"`
}

type localeLink struct {
	Code    string `json:"code"`
	Name    string `json:"name"`
	Href    string `json:"href"` // this same page in that locale
	Current bool   `json:"current"`
	// Prefix is the locale's path prefix ("", "/pl"), set on pages served
	// for paths they were not built for (the 404 page): the browser puts
	// the requested path under it, and Href is the locale's home meanwhile.
	Prefix *string `json:"prefix,omitempty"`
}

type menuItem struct {
	Key    string `json:"key"`
	Label  string `json:"label"`
	Href   string `json:"href"`
	Active bool   `json:"active"`
}

type hours struct {
	Days  string `json:"days"`
	Open  string `json:"open"`
	Close string `json:"close"`
}

type social struct {
	Name string `json:"name"`
	Href string `json:"href"`
}

type siteData struct {
	Name         string          `json:"name"`
	Locale       string          `json:"locale"`
	Currency     string          `json:"currency"`
	Home         string          `json:"home"` // "/" for en, "/pl/" for pl, "/de/" for de
	Locales      []localeLink    `json:"locales"`
	Menu         []menuItem      `json:"menu"`
	Company      catalog.Company `json:"company"`
	Hours        hours           `json:"hours"`
	Social       []social        `json:"social"`
	CountrySites []link          `json:"country_sites"` // links of the country sites (Polish and English)
	OrdersOpen   bool            `json:"orders_open"`
	TagManagerID string          `json:"tag_manager_id"` // Google Tag Manager container id ("GTM-XXXX"); empty: none is loaded
	BasketHref   string          `json:"basket_href"`
	ContactHref  string          `json:"contact_href"`

	// How long the cookie choice is kept, and its version (a new one asks again).
	ConsentMonths  int    `json:"consent_months"`
	ConsentVersion string `json:"consent_version"`
}

type image struct {
	Src     string `json:"src"`
	Alt     string `json:"alt"`
	Caption string `json:"caption,omitempty"`
	// Picture is the image for a <picture> (components/Picture.tsx).
	Picture images.Picture `json:"picture"`
}

type pageData struct {
	Title       string `json:"title"`
	Description string `json:"description"`
	Summary     string `json:"summary"`
	HTML        string `json:"html"` // the Markdown body rendered by the build (trusted)
	URL         string `json:"url"`
	Cover       string `json:"cover,omitempty"`
	// CoverPicture is the cover as a <picture> (a photo's sizes and formats).
	CoverPicture *images.Picture `json:"cover_picture,omitempty"`
	Images       []image         `json:"images"`
	Breadcrumbs  []link          `json:"breadcrumbs"`
	Fallback     bool            `json:"fallback"` // the text is English: this locale has no translation yet
}

type spec struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

type productSummary struct {
	Slug    string              `json:"slug"`
	Kind    content.ProductKind `json:"kind"`
	Title   string              `json:"title"`
	Summary string              `json:"summary"`
	Href    string              `json:"href"`
	Image   string              `json:"image"` // the first image's one URL (a photo's JPEG)
	// Picture is the first image as a <picture> (components/Picture.tsx).
	Picture *images.Picture `json:"picture,omitempty"`
	Price   money           `json:"price"`
	// Lowest30Days is set while the price is reduced: the lowest price of
	// the 30 days before the reduction.
	Lowest30Days  *money `json:"lowest_30_days,omitempty"`
	PreviousPrice *money `json:"previous_price,omitempty"` // the regular price, while reduced
}

type dayRange struct {
	Min int `json:"min"`
	Max int `json:"max"`
}

type product struct {
	productSummary
	Description string   `json:"description"`
	Images      []string `json:"images"` // one URL per image (a photo's JPEG)
	// Pictures are the images as <picture>s, in order: the gallery.
	Pictures     []images.Picture `json:"pictures"`
	Specs        []spec           `json:"specs"`
	Returnable   bool             `json:"returnable"`
	BuildDays    int              `json:"build_days"`
	Presets      int              `json:"presets"`
	WasteFee     money            `json:"waste_fee"`
	DeliveryDays dayRange         `json:"delivery_days"`
}

type postSummary struct {
	Slug          string          `json:"slug"`
	Title         string          `json:"title"`
	Summary       string          `json:"summary"`
	Href          string          `json:"href"`
	Date          string          `json:"date"` // YYYY-MM-DD
	DateFormatted string          `json:"date_formatted"`
	Cover         string          `json:"cover,omitempty"`
	CoverPicture  *images.Picture `json:"cover_picture,omitempty"`
	Categories    []link          `json:"categories"`
}

type category struct {
	Slug    string `json:"slug"`
	Name    string `json:"name"`
	Href    string `json:"href"`
	Count   int    `json:"count"`
	Current bool   `json:"current"`
}

type faqEntry struct {
	ID       string `json:"id"`
	Question string `json:"question"`
	Answer   string `json:"answer"` // HTML (trusted, from Markdown)
}

// country is a shipping country: Cost and the days are its default
// method's (the courier), Methods every method.
type country struct {
	Code    string           `json:"code"`
	Name    string           `json:"name"`
	Cost    money            `json:"cost"`
	DaysMin int              `json:"days_min"`
	DaysMax int              `json:"days_max"`
	Methods []deliveryMethod `json:"methods"`
}

// deliveryMethod is one way of delivering to a country
// (catalog.DeliveryMethod in the page's currency).
type deliveryMethod struct {
	ID      string `json:"id"`
	Carrier string `json:"carrier"`
	Cost    money  `json:"cost"`
	DaysMin int    `json:"days_min"`
	DaysMax int    `json:"days_max"`
}

// templateData is the page data of each template, a union told apart by
// Template: the tsin tags name the templates that carry each field
// (tools/tsgen writes the union into components/generated/pagedata.ts; a
// "!" says the template always sets the field).
type templateData struct {
	Template          string           `json:"template" tsunion:"home page contact faq gallery shop product creator blog post basket status notFound safety"`
	Products          []productSummary `json:"products" tsin:"home shop basket"`
	Posts             []postSummary    `json:"posts" tsin:"home blog"`
	Product           *product         `json:"product,omitempty" tsin:"product!"`
	FAQ               []faqEntry       `json:"faq" tsin:"faq"`
	CreatorFrom       *money           `json:"creator_from,omitempty" tsin:"creator!"`
	Categories        []category       `json:"categories" tsin:"blog"`
	Category          *category        `json:"category,omitempty" tsin:"blog"`
	IndexOfCategories bool             `json:"index_of_categories,omitempty" tsin:"blog"`
	Post              *postSummary     `json:"post,omitempty" tsin:"post!"`
	Newer             *link            `json:"newer,omitempty" tsin:"post"`
	Older             *link            `json:"older,omitempty" tsin:"post"`
	Countries         []country        `json:"countries" tsin:"basket"`
	CreatorReturnable bool             `json:"creator_returnable,omitempty" tsin:"basket"` // [legal] creator_returnable, for the checkout before the quote
	Generators        []generator      `json:"generators,omitempty" tsin:"product basket"`
	Creator           *creatorData     `json:"creator,omitempty" tsin:"creator!"`
	CreatorSlots      []creatorSlot    `json:"creator_slots,omitempty" tsin:"basket"`
	// Guarantee is the EU's notice on the legal guarantee where the
	// shopper decides (components/GuaranteeNotice.tsx).
	Guarantee *guaranteeNotice `json:"guarantee,omitempty" tsin:"product! creator! basket!"`
	// Safety is the product safety information (safety.go): the section
	// of a product's and the creator's page, and a safety text's page.
	Safety *safetyInfo `json:"safety,omitempty" tsin:"product! creator! safety!"`
}

// guaranteeNotice is the notice in the page's language and its QR code's
// image (build.go writes one per locale).
type guaranteeNotice struct {
	Text    guarantee.Notice `json:"text"`
	QRImage string           `json:"qr_image"`
}

// creatorData is everything the creator island needs: the parts of the
// three slots, the generators and the preset options with names in the
// page's locale and prices in its currency (from content/data/creator.toml,
// the same numbers catalog.json gives the daemon).
type creatorData struct {
	// Model is the custom saber's model identifier; SafetyHref the
	// page's safety section (the buy box links to it).
	Model      string `json:"model"`
	SafetyHref string `json:"safety_href"`
	Presets    int    `json:"presets"`
	// Returnable: a design carries the 14-day right of withdrawal
	// (content/config.toml [legal] creator_returnable); otherwise it is
	// excluded as made to the consumer's specifications.
	Returnable   bool           `json:"returnable"`
	BasePrice    money          `json:"base_price"`
	BuildDays    int            `json:"build_days"`
	WasteFee     money          `json:"waste_fee"`
	DeliveryDays dayRange       `json:"delivery_days"`
	Slots        []creatorSlot  `json:"slots"`
	Generators   []creatorPart  `json:"generators"`
	Options      creatorOptions `json:"options"`
}

// creatorOptions are the preset options by group, each group always present
// (an empty list at worst). The fields are in alphabetical order, as the
// map they replaced wrote its keys.
type creatorOptions struct {
	Buttons   []creatorOption `json:"buttons"`
	Colors    []creatorOption `json:"colors"` // with Hex
	Effects   []creatorOption `json:"effects"`
	Ignitions []creatorOption `json:"ignitions"`
	Sounds    []creatorOption `json:"sounds"`
}

// groups are the lists by their group name in content/data/creator.toml.
func (o *creatorOptions) groups() map[string]*[]creatorOption {
	return map[string]*[]creatorOption{"buttons": &o.Buttons, "colors": &o.Colors, "effects": &o.Effects,
		"ignitions": &o.Ignitions, "sounds": &o.Sounds}
}

// creatorSlot is one of the three image areas and its parts.
type creatorSlot struct {
	ID      string        `json:"id"`
	Name    string        `json:"name"`
	Options []creatorPart `json:"options"`
}

// creatorPart is a part or a generator; Price is its delta on the base price.
type creatorPart struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Image string `json:"image,omitempty"`
	Price money  `json:"price"`
}

// creatorOption is a preset option (colour, effect, ignition, sound,
// button behaviour); Hex for colours.
type creatorOption struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	Hex  string `json:"hex,omitempty"`
}

// generator is a generator variant a hilt can be ordered with (the
// creator's list), its surcharge in the page's currency.
type generator struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Price money  `json:"price"`
}

// renderRequest is everything a page template renders from.
type renderRequest struct {
	Site siteData     `json:"site"`
	Page pageData     `json:"page"`
	Data templateData `json:"data"`
}
