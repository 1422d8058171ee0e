package site

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"sabershop/internal/catalog"
	"sabershop/internal/content"
	"sabershop/internal/images"
)

// page is one HTML file to render.
type page struct {
	key      string // the same page across locales: "page:features", "product:arc"
	locale   string
	path     string // URL path
	out      string // file under the output dir
	req      renderRequest
	head     head
	sitemap  bool
	lastMod  time.Time
	fallback bool
	doc      *content.Doc
}

// assembly is the result of the assemble stage: every page with its data,
// before rendering.
type assembly struct {
	pages     []*page
	fallbacks []string // "pl: content/en/blog/x.md"
}

type assembler struct {
	site   *content.Site
	cfg    content.Config
	now    time.Time
	diags  content.Diagnostics
	paths  map[string]map[string]string // key -> locale -> path
	routes map[string]bool              // every normalized URL path
	keys   map[string]string            // default-locale normalized path -> page key
	// Computed once per build on first use.
	sortedPosts map[string][]*content.Doc
	varMap      map[string]string
	static      map[string]bool
	pages       []*page
	cat         *catalog.Catalog
	redirects   map[string]redirect // old path -> page, from the aliases (planRedirects)
	photos      photoSet            // processed photos by key (content.Photo)
	// memos are the previous build's Markdown renderings, nextMemos this
	// build's (markdownmemo.go).
	memos, nextMemos markdownMemos
	// safetyHTML is each safety text rendered for a page of a locale,
	// by locale and language (safety.go): every product page of a locale
	// shows the same one.
	safetyHTML map[[2]string]string
}

// catalog is what the daemon will price orders from (catalog.json), made
// once: pages take their waste fee from it, so a page never shows a fee
// that an order does not charge.
func (a *assembler) catalog() *catalog.Catalog {
	if a.cat == nil {
		a.cat = Catalog(a.site)
		for i, p := range a.cat.Products {
			// A photo's key -> its thumbnail JPEG: the daemon's pages and
			// e-mails show a product small (basket lines, order e-mails).
			a.cat.Products[i].Image = a.thumbnailURL(p.Image)
		}
	}
	return a.cat
}

func (a *assembler) run() (*assembly, error) {
	site := a.site
	for _, s := range site.Static {
		a.static["/"+s] = true
	}
	a.checkRequired()
	if err := a.diags.Err(); err != nil {
		return nil, err
	}
	a.plan()
	a.planSafety()
	a.planRedirects()
	for _, p := range a.pages {
		a.fill(p)
	}
	if err := a.diags.Err(); err != nil {
		return nil, err
	}
	out := &assembly{pages: a.pages}
	for _, p := range a.pages {
		if p.fallback && p.doc != nil {
			out.fallbacks = append(out.fallbacks, p.locale+": "+p.doc.File)
		}
	}
	sort.Strings(out.fallbacks)
	return out, nil
}

func (a *assembler) checkRequired() {
	def := a.cfg.DefaultLocale().Code
	have := map[string]bool{}
	for _, d := range a.site.Docs[def] {
		if d.Kind == content.KindPage {
			have[d.Slug] = true
		}
	}
	for _, name := range requiredPages {
		if !have[name] {
			route, _ := pageRoute(name)
			a.diags = append(a.diags, content.Diagnostic{
				File:    a.site.Dir + "/" + def + "/pages/" + name + ".md",
				Problem: fmt.Sprintf("file is missing: the route %s needs it", route),
			})
		}
	}
}

func (a *assembler) add(p *page) {
	if a.paths[p.key] == nil {
		a.paths[p.key] = map[string]string{}
	}
	a.paths[p.key][p.locale] = p.path
	a.routes[normalize(p.path)] = true
	if p.locale == a.cfg.DefaultLocale().Code {
		a.keys[normalize(p.path)] = p.key
	}
	a.pages = append(a.pages, p)
}

// plan lists every page of every locale with its URL, so that links and
// alternates can be resolved before any page is filled in.
func (a *assembler) plan() {
	for _, loc := range a.cfg.Locales {
		l := loc.Code
		var cats = map[string]bool{}
		for _, d := range a.site.Docs[l] {
			switch d.Kind {
			case content.KindPage:
				route, tmpl := pageRoute(d.Slug)
				p := &page{key: "page:" + d.Slug, locale: l, path: localePath(a.cfg, l, route), doc: d, fallback: d.Fallback,
					sitemap: !unindexed[d.Slug]}
				p.req.Data.Template = tmpl
				a.add(p)
				switch d.Slug {
				case "home":
					alias := &page{key: "page:homepage", locale: l, path: localePath(a.cfg, l, "/homepage"), doc: d, fallback: d.Fallback}
					alias.req.Data.Template = "home"
					a.add(alias)
				case "blog":
					idx := &page{key: "blog:categories", locale: l, path: localePath(a.cfg, l, "/blog/categories/"), doc: d, fallback: d.Fallback, sitemap: true}
					idx.req.Data.Template = "blog"
					a.add(idx)
					for _, c := range a.cfg.Categories {
						cp := &page{key: "blog:category:" + c.Slug, locale: l, path: localePath(a.cfg, l, "/blog/categories/"+c.Slug), doc: d, fallback: d.Fallback, sitemap: true}
						cp.req.Data.Template = "blog"
						cats[c.Slug] = true
						a.add(cp)
					}
				}
			case content.KindPost:
				p := &page{key: "post:" + d.TranslationKey(), locale: l, path: localePath(a.cfg, l, "/blog/"+d.Slug), doc: d,
					fallback: d.Fallback, sitemap: true, lastMod: d.Date}
				p.req.Data.Template = "post"
				a.add(p)
			case content.KindProduct:
				p := &page{key: "product:" + d.Slug, locale: l, path: localePath(a.cfg, l, "/shop/"+d.Slug), doc: d,
					fallback: d.Fallback, sitemap: true}
				p.req.Data.Template = "product"
				a.add(p)
			}
		}
	}
	for _, p := range a.pages {
		p.out = outputFile(p.path)
	}
}

// resolver localises and checks links written in locale's Markdown.
func (a *assembler) resolver(locale string) linkResolver {
	return func(dest string) (string, bool) {
		p, frag := dest, ""
		if i := strings.IndexAny(p, "#?"); i >= 0 {
			p, frag = p[:i], p[i:]
		}
		if p == "" || a.static[p] {
			return dest, true
		}
		for _, l := range a.cfg.Locales {
			pre := localePrefix(a.cfg, l.Code)
			if pre != "" && (p == pre || strings.HasPrefix(p, pre+"/")) {
				return dest, a.routes[normalize(p)]
			}
		}
		// An unprefixed link names a page by its default-locale route; in
		// another locale it goes to that page's translation, whose slug may
		// differ (a Polish post's own slug).
		if key, ok := a.keys[normalize(p)]; ok {
			if local, ok := a.paths[key][locale]; ok {
				return local + frag, true
			}
		}
		local := localePath(a.cfg, locale, p)
		return local + frag, a.routes[normalize(local)]
	}
}

func (a *assembler) t(locale, key string, params map[string]any) string {
	return a.site.Bundles[locale].T(locale, key, params)
}

func (a *assembler) money(locale string, amount int64) money {
	loc, _ := a.cfg.Locale(locale)
	return money{Amount: amount, Currency: loc.Currency, Formatted: a.site.Formats[locale].FormatMoney(amount, loc.Currency)}
}

// vars are the placeholders Markdown may use: {{company.owner}} etc.
// Made once per build, not per Markdown file.
func (a *assembler) vars() map[string]string {
	if a.varMap != nil {
		return a.varMap
	}
	c, h := a.cfg.Company, a.cfg.Hours
	a.varMap = map[string]string{
		"site.name": a.cfg.Name, "company.name": c.Name, "company.owner": c.Owner, "company.street": c.Street,
		"company.zip": c.Zip, "company.city": c.City, "company.country": c.Country, "company.tax_id": c.TaxID,
		"company.email": c.Email, "company.phone": c.Phone, "hours.days": h.Days, "hours.open": h.Open, "hours.close": h.Close,
		"retention.orders_years": strconv.Itoa(a.cfg.Retention.OrdersYears),
		// An order of year X is anonymised on 1 January of X + this
		// (catalog.Retention.OrderAnonymisedOn).
		"retention.orders_offset":    strconv.Itoa(a.cfg.Retention.OrdersYears + 2),
		"retention.messages_months":  strconv.Itoa(a.cfg.Retention.MessagesMonths),
		"retention.unconfirmed_days": strconv.Itoa(a.cfg.Retention.UnconfirmedDays),
		// The safety texts' age (docs/legal.md#product-safety).
		"safety.min_age": strconv.Itoa(a.cfg.Safety.MinAge),
	}
	// A condition of the legal pages' blocks (conditional.go): whether
	// creator designs carry the right of withdrawal (docs/legal.md#withdrawal).
	a.varMap["legal.creator_returnable"] = strconv.FormatBool(a.cfg.Legal.CreatorReturnable)
	// The privacy page says how long the cookie choice is kept.
	a.varMap["consent.months"] = strconv.Itoa(a.cfg.ConsentMonths)
	return a.varMap
}

func (a *assembler) docs(locale string, kind content.DocKind) []*content.Doc {
	var out []*content.Doc
	for _, d := range a.site.Docs[locale] {
		if d.Kind == kind {
			out = append(out, d)
		}
	}
	return out
}

func (a *assembler) doc(locale string, kind content.DocKind, slug string) *content.Doc {
	for _, d := range a.site.Docs[locale] {
		if d.Kind == kind && d.Slug == slug {
			return d
		}
	}
	return nil
}

// posts are locale's blog posts, newest first, sorted once per build
// (every post page, list page and feed asks). Callers must not modify it.
func (a *assembler) posts(locale string) []*content.Doc {
	if posts, ok := a.sortedPosts[locale]; ok {
		return posts
	}
	posts := a.docs(locale, content.KindPost)
	sort.SliceStable(posts, func(i, j int) bool {
		if !posts[i].Date.Equal(posts[j].Date) {
			return posts[i].Date.After(posts[j].Date)
		}
		return posts[i].Slug < posts[j].Slug
	})
	if a.sortedPosts == nil {
		a.sortedPosts = map[string][]*content.Doc{}
	}
	a.sortedPosts[locale] = posts
	return posts
}

func (a *assembler) siteData(p *page) siteData {
	cfg := a.cfg
	loc, _ := cfg.Locale(p.locale)
	s := siteData{
		Name: cfg.Name, Locale: p.locale, Currency: loc.Currency, Home: localePath(cfg, p.locale, "/"),
		OrdersOpen: cfg.OrdersOpen, TagManagerID: cfg.TagManagerID,
		ConsentMonths: cfg.ConsentMonths, ConsentVersion: cfg.ConsentVersion,
		BasketHref: localePath(cfg, p.locale, "/basket"), ContactHref: localePath(cfg, p.locale, "/contact"),
		Company: cfg.Company,
		Hours:   hours{cfg.Hours.Days, cfg.Hours.Open, cfg.Hours.Close},
		Social:  []social{}, CountrySites: []link{},
	}
	// The 404 page answers any unknown path, so its own path (/pl/404)
	// is no page to switch to: its links lead to each locale's home, and
	// components/sitewide.ts turns them into the requested path in that
	// locale (/no-such-page -> /pl/no-such-page). The status page is one
	// shell for every order (/status/HASH) in the same way; without
	// JavaScript its links lead to the other locale's shell.
	notFound := p.req.Data.Template == "notFound"
	anyPath := notFound || p.req.Data.Template == "status"
	for _, l := range cfg.Locales {
		href, ok := a.paths[p.key][l.Code]
		if !ok || notFound {
			href = localePath(cfg, l.Code, "/")
		}
		ll := localeLink{Code: l.Code, Name: l.Name, Href: href, Current: l.Code == p.locale}
		if anyPath {
			prefix := localePrefix(cfg, l.Code)
			ll.Prefix = &prefix
		}
		s.Locales = append(s.Locales, ll)
		if l.Code == "pl" || l.Code == "en" {
			s.CountrySites = append(s.CountrySites, link{Href: localePath(cfg, l.Code, "/"), Label: l.Name})
		}
	}
	for _, m := range cfg.Menu {
		href := localePath(cfg, p.locale, m.Href)
		active := normalize(p.path) == normalize(href) || (m.Href != "/" && strings.HasPrefix(p.path, href+"/"))
		s.Menu = append(s.Menu, menuItem{Key: m.Key, Label: a.t(p.locale, "menu."+m.Key, nil), Href: href, Active: active})
	}
	for _, so := range cfg.Social {
		s.Social = append(s.Social, social{Name: so.Name, Href: so.Href})
	}
	return s
}

// generators are the creator's generator variants in the locale.
func (a *assembler) generators(locale string) []generator {
	loc, _ := a.cfg.Locale(locale)
	out := []generator{}
	for _, g := range a.site.Creator.Generators {
		out = append(out, generator{ID: g.ID, Name: g.Names[locale], Price: a.money(locale, g.Price[loc.Currency])})
	}
	return out
}

func (a *assembler) productSummary(locale string, prod *content.Product) productSummary {
	loc, _ := a.cfg.Locale(locale)
	d := a.doc(locale, content.KindProduct, prod.Slug)
	ps := productSummary{Slug: prod.Slug, Kind: prod.Kind, Href: localePath(a.cfg, locale, "/shop/"+prod.Slug)}
	if d != nil {
		ps.Title, ps.Summary = d.Title, d.Summary
	}
	if len(prod.Images) > 0 {
		ps.Image = a.imageURL(prod.Images[0])
		pic := a.picture(prod.Images[0], ps.Title)
		ps.Picture = &pic
	}
	cp, _ := a.catalog().Product(prod.Slug)
	price, ok := cp.PriceAt(loc.Currency, a.now)
	if !ok {
		a.diags = append(a.diags, content.Diagnostic{File: prod.File, Field: "prices",
			Problem: fmt.Sprintf("no price in force on %s (the first entry starts later)", a.now.Format(time.DateOnly))})
	}
	ps.Price = a.money(locale, price)
	if r, reduced := cp.ReductionAt(loc.Currency, a.now); reduced {
		low, prev := a.money(locale, r.Lowest30), a.money(locale, r.Previous)
		ps.Lowest30Days, ps.PreviousPrice = &low, &prev
	}
	return ps
}

func (a *assembler) postSummary(d *content.Doc) postSummary {
	ps := postSummary{Slug: d.Slug, Title: d.Title, Summary: d.Summary, Href: localePath(a.cfg, d.Locale, "/blog/"+d.Slug),
		Date: d.Date.Format(time.DateOnly), DateFormatted: a.site.Formats[d.Locale].FormatDate(d.Date), Cover: a.imageURL(d.Cover), Categories: []link{}}
	if d.Cover != "" {
		pic := a.picture(d.Cover, "")
		ps.CoverPicture = &pic
	}
	for _, c := range d.Categories {
		for _, cat := range a.cfg.Categories {
			if cat.Slug == c {
				ps.Categories = append(ps.Categories, link{Href: localePath(a.cfg, d.Locale, "/blog/categories/"+c), Label: cat.Names[d.Locale]})
			}
		}
	}
	return ps
}

func (a *assembler) crumb(locale, key, label string) link {
	return link{Href: a.paths[key][locale], Label: label}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func (a *assembler) productBySlug(slug string) *content.Product {
	for _, p := range a.site.Products {
		if p.Slug == slug {
			return p
		}
	}
	return nil
}

func (a *assembler) product(locale string, d *content.Doc, prod *content.Product) product {
	loc, _ := a.cfg.Locale(locale)
	pr := product{productSummary: a.productSummary(locale, prod), Description: d.Description, Images: []string{},
		Pictures: []images.Picture{}, Specs: []spec{}, Returnable: prod.Returnable, BuildDays: prod.BuildDays, Presets: prod.Presets}
	for _, src := range prod.Images {
		pr.Images = append(pr.Images, a.imageURL(src))
		pr.Pictures = append(pr.Pictures, a.picture(src, pr.Title))
	}
	if cp, ok := a.catalog().Product(prod.Slug); ok {
		pr.WasteFee = a.money(locale, a.catalog().WasteFee(cp, loc.Currency))
	} else {
		pr.WasteFee = a.money(locale, 0)
	}
	pr.DeliveryDays = a.deliveryDays()
	for _, s := range d.Specs {
		pr.Specs = append(pr.Specs, spec{Name: s.Name, Value: s.Value})
	}
	return pr
}

// creatorFrom is the cheapest custom saber: the base price plus the
// cheapest option of every slot and the cheapest generator.
func (a *assembler) creatorFrom(locale string) int64 {
	loc, _ := a.cfg.Locale(locale)
	cur := loc.Currency
	cr := a.site.Creator
	total := cr.BasePrice[cur]
	cheapest := func(parts []content.Part) int64 {
		var m int64
		for i, p := range parts {
			if i == 0 || p.Price[cur] < m {
				m = p.Price[cur]
			}
		}
		return m
	}
	for _, s := range cr.Slots {
		total += cheapest(s.Options)
	}
	return total + cheapest(cr.Generators)
}

// deliveryDays is the default method's range over every shipping country
// (a locker's shorter time is the checkout's to show: not every product
// fits one).
func (a *assembler) deliveryDays() dayRange {
	r := dayRange{Min: 0, Max: 0}
	for i, c := range a.site.Deliveries {
		if len(c.Methods) == 0 {
			continue
		}
		m := c.Methods[0] // the default, the courier: every product can go by it
		if i == 0 || m.DaysMin < r.Min {
			r.Min = m.DaysMin
		}
		r.Max = max(r.Max, m.DaysMax)
	}
	return r
}

// creatorSlots are the creator's slots and parts in the locale.
func (a *assembler) creatorSlots(locale string) []creatorSlot {
	out := []creatorSlot{}
	for _, s := range a.site.Creator.Slots {
		out = append(out, creatorSlot{ID: s.ID, Name: s.Names[locale], Options: a.creatorParts(locale, s.Options)})
	}
	return out
}

func (a *assembler) creatorParts(locale string, parts []content.Part) []creatorPart {
	loc, _ := a.cfg.Locale(locale)
	out := []creatorPart{}
	for _, p := range parts {
		out = append(out, creatorPart{ID: p.ID, Name: p.Names[locale], Image: p.Image, Price: a.money(locale, p.Price[loc.Currency])})
	}
	return out
}

// creatorData is the creator page's data in the locale.
func (a *assembler) creatorData(locale string) creatorData {
	loc, _ := a.cfg.Locale(locale)
	cr := a.site.Creator
	d := creatorData{Presets: cr.Presets, Returnable: a.cfg.Legal.CreatorReturnable, BasePrice: a.money(locale, cr.BasePrice[loc.Currency]), BuildDays: cr.BuildDays,
		WasteFee: a.money(locale, a.catalog().CreatorWasteFee(loc.Currency)), DeliveryDays: a.deliveryDays(),
		Slots: a.creatorSlots(locale), Generators: a.creatorParts(locale, cr.Generators)}
	for g, list := range d.Options.groups() {
		*list = []creatorOption{}
		for _, o := range cr.Options[g] {
			*list = append(*list, creatorOption{ID: o.ID, Name: o.Names[locale], Hex: strings.ToLower(o.Hex)})
		}
	}
	return d
}
