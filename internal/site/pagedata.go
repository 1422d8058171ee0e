package site

import "sabershop/internal/catalog"

// The JSON handed to the React templates. It mirrors templates/types.ts;
// keep the two in step (TestPageDataMatchesTypes checks the field names).

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
	Href    string `json:"href"`
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
	Home         string          `json:"home"`
	Locales      []localeLink    `json:"locales"`
	Menu         []menuItem      `json:"menu"`
	Company      catalog.Company `json:"company"`
	Hours        hours           `json:"hours"`
	Social       []social        `json:"social"`
	CountrySites []link          `json:"country_sites"`
	OrdersOpen   bool            `json:"orders_open"`
	TagManagerID string          `json:"tag_manager_id"`
	BasketHref   string          `json:"basket_href"`
	ContactHref  string          `json:"contact_href"`
	Logo         string          `json:"logo"`
}

type image struct {
	Src     string `json:"src"`
	Alt     string `json:"alt"`
	Caption string `json:"caption,omitempty"`
}

type pageData struct {
	Title       string  `json:"title"`
	Description string  `json:"description"`
	Summary     string  `json:"summary"`
	HTML        string  `json:"html"`
	URL         string  `json:"url"`
	Cover       string  `json:"cover,omitempty"`
	Images      []image `json:"images"`
	Breadcrumbs []link  `json:"breadcrumbs"`
	Fallback    bool    `json:"fallback"`
}

type spec struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

type productSummary struct {
	Slug          string `json:"slug"`
	Kind          string `json:"kind"`
	Title         string `json:"title"`
	Summary       string `json:"summary"`
	Href          string `json:"href"`
	Image         string `json:"image"`
	Price         money  `json:"price"`
	Lowest30Days  *money `json:"lowest_30_days,omitempty"`
	PreviousPrice *money `json:"previous_price,omitempty"`
}

type dayRange struct {
	Min int `json:"min"`
	Max int `json:"max"`
}

type product struct {
	productSummary
	Description  string   `json:"description"`
	Images       []string `json:"images"`
	Specs        []spec   `json:"specs"`
	Returnable   bool     `json:"returnable"`
	BuildDays    int      `json:"build_days"`
	Presets      int      `json:"presets"`
	WasteFee     money    `json:"waste_fee"`
	DeliveryDays dayRange `json:"delivery_days"`
}

type postSummary struct {
	Slug          string `json:"slug"`
	Title         string `json:"title"`
	Summary       string `json:"summary"`
	Href          string `json:"href"`
	Date          string `json:"date"`
	DateFormatted string `json:"date_formatted"`
	Cover         string `json:"cover,omitempty"`
	Categories    []link `json:"categories"`
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
	Answer   string `json:"answer"`
}

type country struct {
	Code    string `json:"code"`
	Name    string `json:"name"`
	Cost    money  `json:"cost"`
	DaysMin int    `json:"days_min"`
	DaysMax int    `json:"days_max"`
}

// templateData is the union of templates/types.ts PageData: Template names
// the variant, the other fields are set as that variant needs.
type templateData struct {
	Template          string           `json:"template"`
	Products          []productSummary `json:"products"`
	Posts             []postSummary    `json:"posts"`
	Product           *product         `json:"product,omitempty"`
	FAQ               []faqEntry       `json:"faq"`
	CreatorFrom       *money           `json:"creator_from,omitempty"`
	Categories        []category       `json:"categories"`
	Category          *category        `json:"category,omitempty"`
	IndexOfCategories bool             `json:"index_of_categories,omitempty"`
	Post              *postSummary     `json:"post,omitempty"`
	Newer             *link            `json:"newer,omitempty"`
	Older             *link            `json:"older,omitempty"`
	Countries         []country        `json:"countries"`
	Generators        []generator      `json:"generators,omitempty"`
	Creator           *creatorData     `json:"creator,omitempty"`
	CreatorSlots      []creatorSlot    `json:"creator_slots,omitempty"`
}

// creatorData is everything the creator island needs: the parts of the
// three slots, the generators and the preset options with names in the
// page's locale and prices in its currency (from content/data/creator.toml,
// the same numbers catalog.json gives the daemon).
type creatorData struct {
	Presets      int                        `json:"presets"`
	BasePrice    money                      `json:"base_price"`
	BuildDays    int                        `json:"build_days"`
	WasteFee     money                      `json:"waste_fee"`
	DeliveryDays dayRange                   `json:"delivery_days"`
	Slots        []creatorSlot              `json:"slots"`
	Generators   []creatorPart              `json:"generators"`
	Options      map[string][]creatorOption `json:"options"`
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

// renderRequest is templates/types.ts RenderRequest.
type renderRequest struct {
	Site siteData     `json:"site"`
	Page pageData     `json:"page"`
	Data templateData `json:"data"`
}
