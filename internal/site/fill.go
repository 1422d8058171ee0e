package site

import (
	"sort"
	"strings"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"

	"sabershop/internal/content"
	"sabershop/internal/guarantee"
)

// A filler fills the data of one template's page and returns its
// breadcrumbs (empty for none) and its structured data (JSON-LD) beside
// the breadcrumbs'.
type filler func(a *assembler, p *page) (crumbs []link, ld []any)

// fillers are the templates with data of their own; any other template
// has only its text and the trail home > page.
var fillers = map[string]filler{
	"home":     (*assembler).fillHome,
	"shop":     (*assembler).fillShop,
	"product":  (*assembler).fillProduct,
	"creator":  (*assembler).fillCreator,
	"blog":     (*assembler).fillBlog,
	"post":     (*assembler).fillPost,
	"faq":      (*assembler).fillFAQ,
	"basket":   (*assembler).fillBasket,
	"notFound": (*assembler).fillNoTrail,
	"status":   (*assembler).fillNoTrail,
	"safety":   (*assembler).fillSafety,
}

// fill computes a planned page's render request and head: what every
// page has, then its template's own data.
func (a *assembler) fill(p *page) {
	d := p.doc
	p.req.Site = a.siteData(p)
	p.req.Page = pageData{Title: d.Title, Description: d.Description, Summary: d.Summary, URL: p.path, Cover: a.imageURL(d.Cover),
		Images: []image{}, Fallback: p.fallback}
	if d.Cover != "" {
		pic := a.picture(d.Cover, "")
		p.req.Page.CoverPicture = &pic
	}
	for _, img := range d.Images {
		p.req.Page.Images = append(p.req.Page.Images, image{Src: a.imageURL(img.Src), Alt: img.Alt, Caption: img.Caption, Picture: a.picture(img.Src, img.Alt)})
	}
	p.req.Page.HTML = a.markdown(d)
	fill, ok := fillers[p.req.Data.Template]
	if !ok {
		fill = (*assembler).fillText
	}
	crumbs, ld := fill(a, p)
	p.req.Page.Breadcrumbs = crumbs
	if len(crumbs) > 1 {
		ld = append(ld, a.breadcrumbLD(crumbs))
	}
	p.head = a.head(p, ld)
}

// trail is the breadcrumbs of p: home, the parents, then p itself.
func (a *assembler) trail(p *page, parents ...link) []link {
	crumbs := append([]link{a.homeCrumb(p.locale)}, parents...)
	return append(crumbs, link{Href: p.path, Label: p.doc.Title})
}

func (a *assembler) homeCrumb(l string) link {
	return a.crumb(l, "page:home", a.t(l, "nav.home", nil))
}

// shopCrumb is the parent of the shop's own pages.
func (a *assembler) shopCrumb(l string) link {
	return a.crumb(l, "page:shop", a.doc(l, content.KindPage, "shop").Title)
}

// productSummaries are every product, in the catalogue's order.
func (a *assembler) productSummaries(l string) []productSummary {
	out := []productSummary{}
	for _, prod := range a.site.Products {
		out = append(out, a.productSummary(l, prod))
	}
	return out
}

// fillText is a page of text (legal pages, about, contact): no data.
func (a *assembler) fillText(p *page) ([]link, []any) {
	return a.trail(p), nil
}

// fillNoTrail is a page outside the site's tree (404, an order's status).
func (a *assembler) fillNoTrail(*page) ([]link, []any) {
	return []link{}, nil
}

// fillHome shows every product, the three newest posts and who the shop is.
func (a *assembler) fillHome(p *page) ([]link, []any) {
	data := &p.req.Data
	data.Products = a.productSummaries(p.locale)
	data.Posts = []postSummary{}
	for i, post := range a.posts(p.locale) {
		if i == 3 {
			break
		}
		data.Posts = append(data.Posts, a.postSummary(post))
	}
	return []link{a.homeCrumb(p.locale)}, []any{a.organization()}
}

func (a *assembler) fillShop(p *page) ([]link, []any) {
	p.req.Data.Products = a.productSummaries(p.locale)
	return a.trail(p), nil
}

func (a *assembler) fillProduct(p *page) ([]link, []any) {
	l, data := p.locale, &p.req.Data
	prod := a.productBySlug(p.doc.Slug)
	pr := a.product(l, p.doc, prod)
	data.Product = &pr
	if prod.Kind == content.ProductHilt {
		data.Generators = a.generators(l)
	}
	data.Guarantee = a.guarantee(l)
	data.Safety = a.productSafety(l, a.t(l, "product.kind_"+string(prod.Kind), nil), prod.Model)
	return a.trail(p, a.shopCrumb(l)), []any{a.productLD(p, pr, prod)}
}

func (a *assembler) fillCreator(p *page) ([]link, []any) {
	l, data := p.locale, &p.req.Data
	from := a.money(l, a.creatorFrom(l))
	data.CreatorFrom = &from
	cd := a.creatorData(l)
	data.Creator = &cd
	data.Guarantee = a.guarantee(l)
	data.Safety = a.productSafety(l, a.t(l, "safety.type_custom", nil), a.site.Creator.Model)
	cd.Model, cd.SafetyHref = a.site.Creator.Model, "#safety"
	return a.trail(p, a.shopCrumb(l)), nil
}

// fillBlog is the blog's index, its list of categories and each
// category's page.
func (a *assembler) fillBlog(p *page) ([]link, []any) {
	l, blog, data := p.locale, p.doc, &p.req.Data
	posts := a.posts(l)
	data.Categories, data.Category = a.categories(p, posts)
	data.Posts = []postSummary{}
	for _, post := range posts {
		if data.Category != nil && !contains(post.Categories, data.Category.Slug) {
			continue
		}
		data.Posts = append(data.Posts, a.postSummary(post))
	}
	crumbs := []link{a.homeCrumb(l), a.crumb(l, "page:blog", blog.Title)}
	switch {
	case p.key == "blog:categories":
		data.IndexOfCategories = true
		title := a.t(l, "blog.categories", nil)
		crumbs = append(crumbs, link{Href: p.path, Label: title})
		p.req.Page.Title = title + " | " + blog.Title
	case data.Category != nil:
		crumbs = append(crumbs, link{Href: p.path, Label: data.Category.Name})
		p.req.Page.Title = data.Category.Name + " | " + blog.Title
	}
	return crumbs, nil
}

// categories are the blog's categories with their numbers of posts, and
// the one page p shows (nil on the index and the list of categories).
func (a *assembler) categories(p *page, posts []*content.Doc) ([]category, *category) {
	l := p.locale
	counts := map[string]int{}
	for _, post := range posts {
		for _, c := range post.Categories {
			counts[c]++
		}
	}
	current := strings.TrimPrefix(p.key, "blog:category:")
	list := []category{}
	var shown *category
	for _, c := range a.cfg.Categories {
		cat := category{Slug: c.Slug, Name: c.Names[l], Href: localePath(a.cfg, l, "/blog/categories/"+c.Slug), Count: counts[c.Slug], Current: c.Slug == current}
		list = append(list, cat)
		if cat.Current {
			cc := cat
			shown = &cc
		}
	}
	return list, shown
}

// fillPost is a blog post with the links to its newer and older neighbours.
func (a *assembler) fillPost(p *page) ([]link, []any) {
	l, d, data := p.locale, p.doc, &p.req.Data
	blog := a.doc(l, content.KindPage, "blog")
	ps := a.postSummary(d)
	data.Post = &ps
	posts := a.posts(l)
	for i, other := range posts {
		if other != d {
			continue
		}
		if i > 0 {
			data.Newer = &link{Href: localePath(a.cfg, l, "/blog/"+posts[i-1].Slug), Label: posts[i-1].Title}
		}
		if i+1 < len(posts) {
			data.Older = &link{Href: localePath(a.cfg, l, "/blog/"+posts[i+1].Slug), Label: posts[i+1].Title}
		}
	}
	return a.trail(p, a.crumb(l, "page:blog", blog.Title)), []any{a.postLD(p, ps)}
}

func (a *assembler) fillFAQ(p *page) ([]link, []any) {
	l, data := p.locale, &p.req.Data
	faqs := a.docs(l, content.KindFAQ)
	sort.SliceStable(faqs, func(i, j int) bool { return faqs[i].Weight < faqs[j].Weight })
	data.FAQ = []faqEntry{}
	for _, f := range faqs {
		data.FAQ = append(data.FAQ, faqEntry{ID: f.TranslationKey(), Question: f.Title, Answer: a.markdown(f)})
	}
	return a.trail(p), []any{faqLD(data.FAQ)}
}

// fillBasket names and links the basket's lines before the daemon's
// quote prices them, and lists the countries it ships to.
func (a *assembler) fillBasket(p *page) ([]link, []any) {
	l, data := p.locale, &p.req.Data
	data.Products = a.productSummaries(l)
	data.Generators = a.generators(l)
	data.CreatorSlots = a.creatorSlots(l)
	data.CreatorReturnable = a.cfg.Legal.CreatorReturnable
	data.Countries = []country{}
	loc, _ := a.cfg.Locale(l)
	for _, c := range a.site.Deliveries {
		co := country{Code: c.Code, Name: c.Names[l], Methods: []deliveryMethod{}}
		for _, m := range c.Methods {
			co.Methods = append(co.Methods, deliveryMethod{ID: string(m.ID), Carrier: m.Carrier, Cost: a.money(l, m.Cost[loc.Currency]), DaysMin: m.DaysMin, DaysMax: m.DaysMax})
		}
		if len(co.Methods) > 0 {
			co.Cost, co.DaysMin, co.DaysMax = co.Methods[0].Cost, co.Methods[0].DaysMin, co.Methods[0].DaysMax
		}
		data.Countries = append(data.Countries, co)
	}
	sortCountries(data.Countries, l)
	data.Guarantee = a.guarantee(l)
	return a.trail(p), nil
}

// sortCountries puts the countries in the locale's alphabetical order
// (Polish: Litwa, Luksemburg, Łotwa). The basket keeps this order for the
// daemon's list too, so the browser needs no Intl.Collator of its own: a
// page's first one loads ICU's collation data, tens of milliseconds of
// main thread on a phone (docs/decisions/islands-and-pages.md#islands-run-on-preact-in-the-browser).
func sortCountries(cs []country, locale string) {
	col := collate.New(language.Make(locale))
	sort.SliceStable(cs, func(i, j int) bool { return col.CompareString(cs[i].Name, cs[j].Name) < 0 })
}

// guarantee is the EU's notice on the legal guarantee in locale's language
// (every locale has one: the content loader refuses a locale without).
func (a *assembler) guarantee(locale string) *guaranteeNotice {
	return &guaranteeNotice{Text: a.site.Guarantee[locale], QRImage: guarantee.QRPath(locale, "svg")}
}
