package site

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"sabershop/internal/api"
	"sabershop/internal/catalog"
	"sabershop/internal/catalog/catalogfile"
	"sabershop/internal/content"
	"sabershop/internal/order"
	"sabershop/internal/orders"
	"sabershop/internal/store"
)

// TestOnePriceEveryDay walks every product of the real catalogue over every
// day of its price history (from the first line's day to 31 days past the
// last, so a reduction's whole window is walked too), in every locale, at
// the first and the last second of the day, and asks three places for the
// price: the product page and the shop page the build assembles (page data
// and the JSON-LD offer), POST /v1/quote, and POST /v1/orders of a real
// daemon API over a real data file, reading the catalogue from the JSON
// the build writes. All three must agree. Where a page shows a reduction,
// its previous price and its lowest price of the 30 days before (Omnibus)
// must be what the quotes of those 30 days charged.
func TestOnePriceEveryDay(t *testing.T) {
	if testing.Short() {
		t.Skip("walks a year of the real catalogue")
	}
	loaded, err := content.Load("../../content")
	if err != nil {
		t.Fatal(err)
	}
	first, last := priceHistorySpan(t, loaded)
	end := last.AddDate(0, 0, 31)
	asm, a, err := assembleSite(loaded, first, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	body, err := a.catalog().JSON()
	if err != nil {
		t.Fatal(err)
	}
	cat, err := catalog.Parse(body) // as the daemon reads public/catalog.json
	if err != nil {
		t.Fatal(err)
	}
	shop := newPriceDaemon(t, cat)
	w := newPriceWalk(t, loaded, asm, a)
	for day := first; !day.After(end); day = day.AddDate(0, 0, 1) {
		// The day's first second, when a new price takes effect, and its
		// last, when the old one still holds. Orders are placed at the
		// first (a data file write each; the quote is the same pricing).
		for _, at := range []time.Time{day, day.Add(24*time.Hour - time.Second)} {
			w.checkInstant(t, shop, day, at)
		}
	}
	if t.Failed() {
		return
	}
	// The real content has at least one reduction (talon, 2026-11-01);
	// without one the Omnibus half of this test checks nothing.
	if w.reductions == 0 {
		t.Error("no reduction shown on any day: the Omnibus check ran on nothing")
	}
}

// localeSlug names a product page: its locale and its product.
type localeSlug struct{ locale, slug string }

// priceWalk is TestOnePriceEveryDay's walk over the days: the pages it
// fills for each instant, and what the quotes charged so far.
type priceWalk struct {
	site         *content.Site
	a            *assembler
	productPages map[localeSlug]*page
	shopPages    map[string]*page
	// charged[locale][slug][day] is what the quote charged at the day's
	// first second: the history the Omnibus check looks back over.
	charged    map[string]map[string]map[string]int64
	reductions int // reductions shown, over every page and instant
}

func newPriceWalk(t *testing.T, loaded *content.Site, asm *assembly, a *assembler) *priceWalk {
	t.Helper()
	w := &priceWalk{site: loaded, a: a, productPages: map[localeSlug]*page{}, shopPages: map[string]*page{},
		charged: map[string]map[string]map[string]int64{}}
	for _, p := range asm.pages {
		switch p.req.Data.Template {
		case "product":
			w.productPages[localeSlug{p.locale, p.doc.Slug}] = p
		case "shop":
			w.shopPages[p.locale] = p
		}
	}
	if len(w.productPages) != len(loaded.Products)*len(loaded.Config.Locales) || len(w.shopPages) != len(loaded.Config.Locales) {
		t.Fatalf("%d product pages and %d shop pages for %d products in %d locales",
			len(w.productPages), len(w.shopPages), len(loaded.Products), len(loaded.Config.Locales))
	}
	return w
}

// checkInstant quotes every product on sale at at in every locale, places
// the orders too at the day's first second, and compares their prices with
// the pages'.
func (w *priceWalk) checkInstant(t *testing.T, shop *priceDaemon, day, at time.Time) {
	t.Helper()
	w.a.now = at
	var items []order.ItemRequest
	for _, prod := range w.site.Products {
		if !prod.Prices[0].From.After(at) {
			items = append(items, order.ItemRequest{Product: prod.Slug, Quantity: 1})
		}
	}
	quotes := shop.quotes(t, at, items)
	var orders map[string]pricedAnswer
	if at.Equal(day) {
		orders = shop.orders(t, at, items, quotes)
	}
	for _, l := range w.site.Config.Locales {
		quoted := quotes[l.Code]
		if len(quoted.Lines) != len(items) {
			t.Fatalf("%s %s: %d items, quoted %d lines", at, l.Code, len(items), len(quoted.Lines))
		}
		ordered, placed := orders[l.Code]
		if placed && (ordered.Totals != quoted.Totals || len(ordered.Lines) != len(items)) {
			t.Errorf("%s %s: order %+v, quote %+v", at, l.Code, ordered, quoted)
		}
		sp := w.shopPages[l.Code]
		w.a.fill(sp)
		for i, it := range items {
			q := quoted.Lines[i]
			where := fmt.Sprintf("%s %s %s", at.Format(time.DateTime), l.Code, it.Product)
			if q.Product != it.Product {
				t.Fatalf("%s: quoted line for %s", where, q.Product)
			}
			o := q // at the day's last second no order is placed
			if placed {
				o = ordered.Lines[i]
			}
			if o.Product != it.Product {
				t.Fatalf("%s: order line for %s", where, o.Product)
			}
			w.checkProduct(t, where, day, at, localeSlug{l.Code, it.Product}, sp, q.UnitPrice, o.UnitPrice)
		}
	}
}

// checkProduct compares a product's price on its page, in its JSON-LD
// offer and on the shop page sp with what the quote and the order charged,
// and a reduction the pages show with the quotes of the 30 days before.
func (w *priceWalk) checkProduct(t *testing.T, where string, day, at time.Time, ls localeSlug, sp *page, want, ordered int64) {
	t.Helper()
	p := w.productPages[ls]
	w.a.fill(p)
	pr := p.req.Data.Product
	if pr == nil {
		t.Fatalf("%s: no product on its page", where)
	}
	offer := ldOfferPrice(t, p)
	listed := summaryOf(t, sp, ls.slug)
	if pr.Price.Amount != want || offer != decimal(want) || listed.Price.Amount != want || ordered != want {
		t.Errorf("%s: page %d, JSON-LD %s, shop page %d, quote %d, order %d",
			where, pr.Price.Amount, offer, listed.Price.Amount, want, ordered)
	}
	if at.Equal(day) {
		if w.charged[ls.locale] == nil {
			w.charged[ls.locale] = map[string]map[string]int64{}
		}
		if w.charged[ls.locale][ls.slug] == nil {
			w.charged[ls.locale][ls.slug] = map[string]int64{}
		}
		w.charged[ls.locale][ls.slug][day.Format(time.DateOnly)] = want
	}
	if (pr.Lowest30Days == nil) != (listed.Lowest30Days == nil) {
		t.Errorf("%s: the product page and the shop page disagree on a reduction", where)
	}
	if pr.Lowest30Days == nil {
		return
	}
	w.reductions++
	prev, lowest := omnibus(w.charged[ls.locale][ls.slug], day, want)
	if pr.PreviousPrice == nil || pr.PreviousPrice.Amount != prev || pr.Lowest30Days.Amount != lowest ||
		listed.Lowest30Days.Amount != lowest {
		t.Errorf("%s: page shows previous %v, lowest of 30 days %d (shop page %d); the quotes charged %d before, lowest %d",
			where, pr.PreviousPrice, pr.Lowest30Days.Amount, listed.Lowest30Days.Amount, prev, lowest)
	}
}

// priceHistorySpan is the first day any product has a price and the last
// day any product's price changes.
func priceHistorySpan(t *testing.T, s *content.Site) (first, last time.Time) {
	t.Helper()
	for _, p := range s.Products {
		if len(p.Prices) == 0 {
			t.Fatalf("%s has no price list", p.Slug)
		}
		if f := p.Prices[0].From; first.IsZero() || f.Before(first) {
			first = f
		}
		if l := p.Prices[len(p.Prices)-1].From; l.After(last) {
			last = l
		}
	}
	return first.UTC(), last.UTC()
}

// omnibus is, from the daily charges, the price charged before the
// current one took effect and the lowest of the 30 days before that day.
func omnibus(byDay map[string]int64, today time.Time, current int64) (previous, lowest int64) {
	since := today
	for {
		v, ok := byDay[since.AddDate(0, 0, -1).Format(time.DateOnly)]
		if !ok || v != current {
			break
		}
		since = since.AddDate(0, 0, -1)
	}
	previous = byDay[since.AddDate(0, 0, -1).Format(time.DateOnly)]
	lowest = previous
	for d := since.AddDate(0, 0, -30); d.Before(since); d = d.AddDate(0, 0, 1) {
		if v, ok := byDay[d.Format(time.DateOnly)]; ok && v < lowest {
			lowest = v
		}
	}
	return previous, lowest
}

// ldOfferPrice is the offer price of the page's Product JSON-LD, as its
// head will write it.
func ldOfferPrice(t *testing.T, p *page) string {
	t.Helper()
	for _, v := range p.head.jsonLD {
		if m, ok := v.(ld); ok && m["@type"] == "Product" {
			if offer, ok := m["offers"].(ld); ok {
				if price, ok := offer["price"].(string); ok {
					return price
				}
			}
		}
	}
	t.Fatalf("%s: no Product JSON-LD with an offer price", p.path)
	return ""
}

// summaryOf is the product's summary on a listing page.
func summaryOf(t *testing.T, p *page, slug string) productSummary {
	t.Helper()
	for _, s := range p.req.Data.Products {
		if s.Slug == slug {
			return s
		}
	}
	t.Fatalf("%s does not list %s", p.path, slug)
	return productSummary{}
}

// priceDaemon is the daemon's API over a real data file, with a clock the
// test sets.
type priceDaemon struct {
	srv     *httptest.Server
	clock   atomic.Pointer[time.Time]
	locales []catalog.Locale
	n       int // orders placed, for a fresh e-mail address each
}

func newPriceDaemon(t *testing.T, cat *catalog.Catalog) *priceDaemon {
	t.Helper()
	db, err := store.Open(filepath.Join(t.TempDir(), "orderd.db"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	d := &priceDaemon{locales: cat.Locales}
	now := func() time.Time { return *d.clock.Load() }
	ords, err := orders.New(orders.Config{Store: db, Catalog: func() *catalog.Catalog { return cat }, BaseURL: "http://shop.test", Now: now})
	if err != nil {
		t.Fatal(err)
	}
	s, err := api.New(api.Config{Store: db, Catalogs: catalogfile.Fixed(cat), Orders: ords, Now: now})
	if err != nil {
		t.Fatal(err)
	}
	d.srv = httptest.NewServer(s.Handler())
	t.Cleanup(d.srv.Close)
	return d
}

// pricedAnswer is what a quote and a placed order's view share.
type pricedAnswer struct {
	Lines  []order.Line `json:"lines"`
	Totals order.Totals `json:"totals"`
}

func (d *priceDaemon) post(t *testing.T, path string, body any, want int, into any) {
	t.Helper()
	if err := d.postErr(path, body, want, into); err != nil {
		t.Fatal(err)
	}
}

// postErr posts body as JSON and decodes an answer of status want into
// into; it may run on any goroutine.
func (d *priceDaemon) postErr(path string, body any, want int, into any) error {
	b, err := json.Marshal(body)
	if err != nil {
		return err
	}
	r, err := http.Post(d.srv.URL+path, "application/json", bytes.NewReader(b))
	if err != nil {
		return err
	}
	defer r.Body.Close()
	got, err := io.ReadAll(r.Body)
	if err != nil {
		return err
	}
	if r.StatusCode != want {
		return fmt.Errorf("POST %s %s: %d, want %d: %s", path, b, r.StatusCode, want, got)
	}
	if err := json.Unmarshal(got, into); err != nil {
		return fmt.Errorf("POST %s: %v: %s", path, err, got)
	}
	return nil
}

// quotes are POST /v1/quote for delivery to Poland at the instant at,
// by locale.
func (d *priceDaemon) quotes(t *testing.T, at time.Time, items []order.ItemRequest) map[string]pricedAnswer {
	t.Helper()
	d.clock.Store(&at)
	out := map[string]pricedAnswer{}
	for _, l := range d.locales {
		var q pricedAnswer
		d.post(t, "/v1/quote", map[string]any{"locale": l.Code, "country": "pl", "items": items}, http.StatusOK, &q)
		out[l.Code] = q
	}
	return out
}

// orders are POST /v1/orders at the instant at in every locale at once
// (one write of the data file), each confirming its quote's total: the
// orders' own lines and totals as they answer them, by locale.
func (d *priceDaemon) orders(t *testing.T, at time.Time, items []order.ItemRequest, quotes map[string]pricedAnswer) map[string]pricedAnswer {
	t.Helper()
	d.clock.Store(&at)
	type placed struct {
		Order pricedAnswer `json:"order"`
	}
	answers := make([]placed, len(d.locales))
	errs := make([]error, len(d.locales))
	var wg sync.WaitGroup
	for i, l := range d.locales {
		d.n++
		req := order.Request{Locale: l.Code, TermsAccepted: true, ExpectedTotal: quotes[l.Code].Totals.Total, Items: items,
			Customer: order.Customer{FirstName: "Anna", LastName: "Nowak", Email: fmt.Sprintf("anna%d@example.com", d.n),
				Phone: "+48 600 100 200", Country: "pl", Street: "Długa 1", Zip: "00-001", City: "Warszawa"}}
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = d.postErr("/v1/orders", req, http.StatusCreated, &answers[i])
		}()
	}
	wg.Wait()
	out := map[string]pricedAnswer{}
	for i, l := range d.locales {
		if errs[i] != nil {
			t.Fatalf("%s %s: %v", at, l.Code, errs[i])
		}
		out[l.Code] = answers[i].Order
	}
	return out
}
