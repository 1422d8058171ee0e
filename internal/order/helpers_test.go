package order

import (
	"bytes"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"sabershop/internal/catalog"
	"sabershop/internal/shipping"
)

// testAt is the instant most tests order at: after arc's first price and
// before its price change of 2026-06-01.
var testAt = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

func names(en, pl, de string) map[string]string {
	return map[string]string{"en": en, "pl": pl, "de": de}
}

func amounts(eur, pln int64) map[string]int64 {
	return map[string]int64{"EUR": eur, "PLN": pln}
}

// allCountries are the 16 shipping countries (docs/product-rules.md#shipping).
var allCountries = []string{"pl", "cz", "sk", "de", "uk", "cr", "at", "nl", "be", "lu", "it", "fr", "dk", "lt", "lv", "ee"}

// testCatalog is a small catalogue shaped like the shop's: a hilt with a
// price change, an accessory, a creator with two slots and two presets,
// and the 16 countries (Poland cheaper).
func testCatalog() *catalog.Catalog {
	c := &catalog.Catalog{
		Version: "test",
		Locales: []catalog.Locale{{Code: "en", Currency: "EUR"}, {Code: "pl", Currency: "PLN"}, {Code: "de", Currency: "EUR"}},
		Products: []catalog.Product{
			{Slug: "arc", Kind: "hilt", Names: names("Arc", "Arc PL", "Arc DE"), Image: "/arc.webp",
				Returnable: true, BuildDays: 7, Presets: 6, Prices: []catalog.Price{
					{From: "2026-01-01", Amounts: amounts(34900, 149900)},
					{From: "2026-06-01", Amounts: amounts(29900, 129900)},
				}},
			{Slug: "plug", Kind: "accessory", Names: names("Plug", "Zatyczka", "Stecker"), Returnable: true, BuildDays: 2,
				Prices: []catalog.Price{{From: "2026-01-01", Amounts: amounts(1500, 6500)}}},
		},
		Creator: catalog.Creator{
			Presets:   2,
			BasePrice: amounts(39900, 169900),
			BuildDays: 15,
			Slots: []catalog.Slot{
				{ID: "emitter", Options: []catalog.Part{{ID: "arc", Price: amounts(0, 0)}, {ID: "crown", Price: amounts(1500, 6500)}}},
				{ID: "grip", Options: []catalog.Part{{ID: "ribbed", Price: amounts(0, 0)}, {ID: "leather", Price: amounts(2500, 10500)}}},
			},
			Generators: []catalog.Part{{ID: "standard", Price: amounts(0, 0)}, {ID: "crystal", Price: amounts(3500, 15000)}},
			Options: map[string][]catalog.Option{
				GroupColors:    {{ID: "red", Hex: "#FF1A1A"}, {ID: "blue", Hex: "#1e6bff"}},
				GroupEffects:   {{ID: "steady"}, {ID: "flicker"}},
				GroupIgnitions: {{ID: "standard"}, {ID: "scroll"}},
				GroupSounds:    {{ID: "classic"}, {ID: "dark"}},
				GroupButtons:   {{ID: "click-hold"}, {ID: "hold"}},
			},
		},
		Fees:    catalog.Fees{Waste: amounts(4, 12)},
		Coupons: catalog.CouponRules{Minimum: amounts(23500, 100000)},
	}
	for _, code := range allCountries {
		d := catalog.Delivery{Code: code, Methods: []catalog.DeliveryMethod{{ID: shipping.Courier, Cost: amounts(1500, 6000), DaysMin: 3, DaysMax: 7}}}
		if code == "pl" {
			d.Methods = []catalog.DeliveryMethod{
				{ID: shipping.Courier, Cost: amounts(500, 1900), DaysMin: 1, DaysMax: 3},
				{ID: shipping.Locker, Carrier: "inpost", Cost: amounts(350, 1499), DaysMin: 1, DaysMax: 2},
			}
		}
		c.Deliveries = append(c.Deliveries, d)
	}
	c.Boxes = map[string]catalog.Box{
		KindHilt:           {LengthCM: 120, WidthCM: 16, HeightCM: 12, WeightG: 2400},
		"accessory":        {LengthCM: 24, WidthCM: 16, HeightCM: 6, WeightG: 400},
		catalog.BoxCreator: {LengthCM: 120, WidthCM: 16, HeightCM: 12, WeightG: 2600},
	}
	c.LockerSizes = []catalog.LockerSize{
		{Carrier: "inpost", Size: shipping.SizeSmall, LengthCM: 64, WidthCM: 38, HeightCM: 8, MaxWeightG: 25000},
		{Carrier: "inpost", Size: shipping.SizeMedium, LengthCM: 64, WidthCM: 38, HeightCM: 19, MaxWeightG: 25000},
		{Carrier: "inpost", Size: shipping.SizeLarge, LengthCM: 64, WidthCM: 38, HeightCM: 41, MaxWeightG: 25000},
	}
	return c
}

// testDesign is a valid creator design for testCatalog: crown emitter
// (+65.00 PLN), leather grip (+105.00), crystal generator (+150.00).
func testDesign() *CreatorConfig {
	p := Preset{Color: "#ff1a1a", White: 0, Effect: "steady", Ignition: "standard", Retraction: "scroll", Sound: "classic", Clash: "#ffffff"}
	return &CreatorConfig{
		Parts:     map[string]string{"emitter": "crown", "grip": "leather"},
		Generator: "crystal",
		Button:    "hold",
		Presets:   []Preset{p, p},
	}
}

var sampleRequest = sync.OnceValues(func() ([]byte, error) {
	return os.ReadFile(filepath.Join("ordertest", "request.json"))
})

// validRequest is the tests' one sample order (ordertest/request.json,
// read as a file: ordertest imports this package) with one creator design
// added: a Polish order of one arc with the crystal variant and one
// creator design, valid for testCatalog.
func validRequest() Request {
	data, err := sampleRequest()
	if err != nil {
		panic(err)
	}
	req, err := DecodeRequest(bytes.NewReader(data))
	if err != nil {
		panic(err)
	}
	req.Items = append(req.Items, ItemRequest{Creator: testDesign(), Quantity: 1})
	return req
}

// assertErrors compares field errors exactly: a missing or an extra key
// are both failures.
func assertErrors(t *testing.T, got, want FieldErrors) {
	t.Helper()
	for f, k := range want {
		if got[f] != k {
			t.Errorf("%s: got %q, want %q", f, got[f], k)
		}
	}
	for f, k := range got {
		if _, ok := want[f]; !ok {
			t.Errorf("unexpected %s: %q", f, k)
		}
	}
}
