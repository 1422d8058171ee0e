package site

import (
	"encoding/json"
	"html"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"sabershop/internal/catalog"
	"sabershop/internal/content"
	"sabershop/internal/mail"
	"sabershop/internal/order"
)

// TestWasteFeeOneRule builds the real site and holds every product's waste
// fee, in every locale, to one answer: the product page's note, its
// JSON-LD, the daemon's price of an order of one unit (from the
// catalog.json the daemon loads) and that order's e-mail agree; and the
// rule itself: sabers carry the fee, the aluminium accessories do not.
// (Before the rule was one, the Plug page said "Includes a waste-management
// fee of €0.04" while an order of a Plug charged none.)
func TestWasteFeeOneRule(t *testing.T) {
	out := filepath.Join(t.TempDir(), "public")
	fb := buildFixture(t, "../../content", out)
	if fb.err != nil {
		t.Fatal(fb.err)
	}
	raw, err := os.ReadFile(filepath.Join(out, "catalog.json"))
	if err != nil {
		t.Fatal(err)
	}
	cat, err := catalog.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	site, err := content.Load("../../content")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{"arc": true, "talon": true, "ancient": true, "count": true, "royal": true,
		"plug": false, "connector": false, "belt-clip": false}
	for _, p := range cat.Products {
		if w, ok := want[p.Slug]; ok && w != p.CarriesWasteFee() {
			t.Errorf("%s (%s): carries the waste fee = %v, want %v", p.Slug, p.Kind, p.CarriesWasteFee(), w)
		}
	}
	for _, loc := range cat.Locales {
		for _, p := range cat.Products {
			req := order.Request{Locale: loc.Code, Customer: order.Customer{Country: "pl", Email: "a@example.com"},
				Items: []order.ItemRequest{{Product: p.Slug, Quantity: 1}}}
			if p.Kind == catalog.KindHilt {
				req.Items[0].Variant = cat.Creator.Generators[0].ID
			}
			priced, errs := order.Price(cat, req, fixtureNow)
			if len(errs) > 0 {
				t.Fatalf("%s %s: %v", loc.Code, p.Slug, errs)
			}
			fee := priced.Lines[0].WasteFee
			if (fee > 0) != p.CarriesWasteFee() {
				t.Errorf("%s %s: the order charges a fee of %d", loc.Code, p.Slug, fee)
			}
			formatted := cat.Format(loc.Code).FormatMoney(fee, loc.Currency)

			page := readPage(t, out, localePath(site.Config, loc.Code, "/shop/"+p.Slug))
			note := site.Bundles[loc.Code].T(loc.Code, "price.waste_fee_included", map[string]any{"fee": formatted})
			// The note with any amount: its words before the amount.
			anyFee, _, _ := strings.Cut(site.Bundles[loc.Code].T(loc.Code, "price.waste_fee_included", map[string]any{"fee": "\x00"}), "\x00")
			if fee > 0 && !strings.Contains(page, html.EscapeString(note)) {
				t.Errorf("%s %s: the page lacks %q; the order charges %s", loc.Code, p.Slug, note, formatted)
			}
			if fee == 0 && strings.Contains(page, html.EscapeString(anyFee)) {
				t.Errorf("%s %s: the page shows a waste fee (%q…); the order charges none", loc.Code, p.Slug, anyFee)
			}
			if got := ldWasteFee(t, page); got != decimal(fee) {
				t.Errorf("%s %s: JSON-LD says fee %q, the order charges %q", loc.Code, p.Slug, got, decimal(fee))
			}

			o := order.New(req, priced, strings.Repeat("a", 24), cat.Version, time.Now())
			msg, err := mail.OrderPlaced(cat, o, "https://shop.example/status/x")
			if err != nil {
				t.Fatal(err)
			}
			label := mailWasteLabel[loc.Code] + ": " + formatted
			if got := strings.Contains(msg.Text, label); got != (fee > 0) {
				t.Errorf("%s %s: the e-mail's text says %q: %v; the order charges %s", loc.Code, p.Slug, label, got, formatted)
			}
			if fee == 0 && strings.Contains(msg.Text, mailWasteLabel[loc.Code]) {
				t.Errorf("%s %s: the e-mail mentions a waste fee the order does not charge", loc.Code, p.Slug)
			}
			if fee == 0 && o.Totals.WasteFee != 0 {
				t.Errorf("%s %s: order totals carry a waste fee of %d", loc.Code, p.Slug, o.Totals.WasteFee)
			}
		}
	}
}

// mailWasteLabel is internal/mail/locales' order.waste_fee.
var mailWasteLabel = map[string]string{"en": "of which waste-management fee",
	"pl": "w tym opłata za gospodarowanie odpadami", "de": "davon Entsorgungsgebühr"}

// readPage is the built HTML of a URL path.
func readPage(t *testing.T, out, urlPath string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(strings.TrimPrefix(urlPath, "/")), "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// ldWasteFee is the waste fee a page's Product JSON-LD states ("0.00" when
// it states none).
func ldWasteFee(t *testing.T, page string) string {
	t.Helper()
	for _, block := range strings.Split(page, `<script type="application/ld+json">`)[1:] {
		var v struct {
			Type  string `json:"@type"`
			Props []struct {
				ID    string `json:"propertyID"`
				Value string `json:"value"`
			} `json:"additionalProperty"`
		}
		end := strings.Index(block, "</script>")
		if err := json.Unmarshal([]byte(block[:end]), &v); err != nil {
			t.Fatal(err)
		}
		if v.Type != "Product" {
			continue
		}
		for _, p := range v.Props {
			if p.ID == "waste_management_fee_included" {
				return p.Value
			}
		}
		return "0.00"
	}
	t.Fatal("no Product JSON-LD")
	return ""
}
