package site

import (
	"encoding/json"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"sabershop/internal/content"
	"sabershop/internal/order"
	"sabershop/internal/testutil"
)

// realPages assembles the shop's own content (no rendering).
func realPages(t *testing.T) (*content.Site, []*page) {
	t.Helper()
	site, err := content.Load("../../content")
	if err != nil {
		t.Fatal(err)
	}
	asm, _, err := assembleSite(site, fixtureNow, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	return site, asm.pages
}

func pageOf(t *testing.T, pages []*page, template, locale string) *page {
	t.Helper()
	for _, p := range pages {
		if p.req.Data.Template == template && p.locale == locale {
			return p
		}
	}
	t.Fatalf("no %s page in %s", template, locale)
	return nil
}

// TestCreatorPageData: the creator page of every locale carries the whole
// creator catalogue, named in its language and priced in its currency, and
// the basket the parts' names and pictures for creator lines.
func TestCreatorPageData(t *testing.T) {
	site, pages := realPages(t)
	cr := site.Creator
	for _, l := range site.Config.Locales {
		p := pageOf(t, pages, "creator", l.Code)
		if p.path != localePath(site.Config, l.Code, "/shop/custom-saber-creator") {
			t.Errorf("%s: path %s", l.Code, p.path)
		}
		d := p.req.Data.Creator
		if d == nil {
			t.Fatalf("%s: no creator data", l.Code)
		}
		if d.Presets != cr.Presets || d.BuildDays != cr.BuildDays || d.BasePrice.Amount != cr.BasePrice[l.Currency] ||
			d.BasePrice.Currency != l.Currency || d.WasteFee.Amount != site.Config.WasteFee[l.Currency] || d.DeliveryDays.Max == 0 {
			t.Errorf("%s: %+v", l.Code, d)
		}
		if len(d.Slots) != 3 || len(d.Generators) != 4 {
			t.Fatalf("%s: %d slots, %d generators", l.Code, len(d.Slots), len(d.Generators))
		}
		combos := len(d.Generators)
		for i, s := range d.Slots {
			combos *= len(s.Options)
			if s.ID != cr.Slots[i].ID || s.Name != cr.Slots[i].Names[l.Code] || len(s.Options) != len(cr.Slots[i].Options) {
				t.Errorf("%s: slot %d %+v", l.Code, i, s)
			}
			for j, o := range s.Options {
				want := cr.Slots[i].Options[j]
				if o.ID != want.ID || o.Name != want.Names[l.Code] || o.Name == "" || o.Image != want.Image ||
					o.Price.Amount != want.Price[l.Currency] || o.Price.Currency != l.Currency || o.Price.Formatted == "" {
					t.Errorf("%s: %s part %+v", l.Code, s.ID, o)
				}
			}
		}
		if combos < 5000 {
			t.Errorf("%s: %d combinations", l.Code, combos)
		}
		for g, list := range d.Options.groups() {
			if len(*list) == 0 || len(*list) != len(cr.Options[g]) {
				t.Errorf("%s: option group %s has %d", l.Code, g, len(*list))
			}
			for _, o := range *list {
				if o.Name == "" || (g == "colors") != (o.Hex != "") {
					t.Errorf("%s: %s option %+v", l.Code, g, o)
				}
			}
		}
		b := pageOf(t, pages, "basket", l.Code)
		if len(b.req.Data.CreatorSlots) != 3 || b.req.Data.CreatorSlots[2].Options[0].Image == "" {
			t.Errorf("%s: basket creator slots %+v", l.Code, b.req.Data.CreatorSlots)
		}
	}
	pl := pageOf(t, pages, "creator", "pl").req.Data.Creator
	if pl.Slots[0].Name != "Emiter" || pl.BasePrice.Formatted != "1\u00a0699,00\u00a0zł" {
		t.Errorf("pl: %q %q", pl.Slots[0].Name, pl.BasePrice.Formatted)
	}
}

// TestCreatorDefaultsMatchDaemon runs the browser's model
// (components/creator/design.ts) in node over the creator page's data: an
// untouched creator must be the daemon's order.DefaultCreator, and its
// price the daemon's price of that design.
func TestCreatorDefaultsMatchDaemon(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Fatal("node is needed (the build needs it too)")
	}
	site, pages := realPages(t)
	cat := Catalog(site)
	want := order.DefaultCreator(cat)
	for _, l := range site.Config.Locales {
		data, err := json.Marshal(pageOf(t, pages, "creator", l.Code).req.Data.Creator)
		if err != nil {
			t.Fatal(err)
		}
		root, _ := filepath.Abs("../..")
		out := testutil.RunTS(t, root, "creator-defaults.ts", `import { defaultDesign, priceOf, encodeDesign, decodeDesign } from "./components/creator/design";
const c = `+string(data)+`;
const d = defaultDesign(c);
const back = decodeDesign(encodeDesign(d, c), c);
console.log(JSON.stringify({ design: d, price: priceOf(d, c, c.base_price.amount), roundTrip: back.fallbacks === 0 && JSON.stringify(back.design) === JSON.stringify(d) }));`)
		var got struct {
			Design    order.CreatorConfig `json:"design"`
			Price     int64               `json:"price"`
			RoundTrip bool                `json:"roundTrip"`
		}
		if err := json.Unmarshal(out, &got); err != nil {
			t.Fatalf("%v: %s", err, out)
		}
		if !reflect.DeepEqual(got.Design, want) {
			t.Errorf("%s: browser default\n%+v\ndaemon default\n%+v", l.Code, got.Design, want)
		}
		req := order.Request{Locale: l.Code, Items: []order.ItemRequest{{Creator: &want, Quantity: 1}}}
		priced, errs := order.Quote(cat, req, fixtureNow)
		if len(errs) != 0 || priced.Lines[0].UnitPrice != got.Price {
			t.Errorf("%s: browser price %d, daemon %+v %v", l.Code, got.Price, priced.Lines, errs)
		}
		if !got.RoundTrip {
			t.Errorf("%s: the default design does not survive its own link", l.Code)
		}
	}
}

// TestCreatorOrdersPaused: with orders closed at build time the creator
// renders the paused button and notice instead of "add to basket", as the
// product pages do; open, it renders the add button.
func TestCreatorOrdersPaused(t *testing.T) {
	ar, err := txtar.ParseFile(filepath.Join("testdata", "site.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	var config string
	for _, f := range ar.Files {
		if f.Name == "config.toml" {
			config = strings.Replace(string(f.Data), "orders_open = true", "orders_open = false", 1)
		}
	}
	if !strings.Contains(config, "orders_open = false") {
		t.Fatal("the fixture's config has no orders_open = true")
	}
	contentDir := writeFixture(t, "site", "-- config.toml --\n"+config)
	fb := buildFixture(t, contentDir, filepath.Join(t.TempDir(), "public"))
	if fb.err != nil {
		t.Fatal(fb.err)
	}
	paused := read(t, fb.out, "shop/custom-saber-creator/index.html")
	open := read(t, fixture(t), "shop/custom-saber-creator/index.html")
	for _, c := range []struct {
		html   string
		paused bool
	}{{paused, true}, {open, false}} {
		island := c.html[strings.Index(c.html, `class="creator"`):]
		hasPaused := strings.Contains(island, "orders.paused_button") || strings.Contains(island, "notice notice--warn\" role=\"status\"")
		hasAdd := strings.Contains(island, "creator_ui.add<") || strings.Contains(island, ">Add to basket<")
		if hasPaused != c.paused || hasAdd == c.paused {
			t.Errorf("paused=%v: paused markup %v, add button %v", c.paused, hasPaused, hasAdd)
		}
	}
}
