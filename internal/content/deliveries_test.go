package content

import (
	"path/filepath"
	"strings"
	"testing"

	"sabershop/internal/catalog"
	"sabershop/internal/shipping"
)

// The shop's deliveries load as the file says: Poland with a courier
// first and InPost's lockers, every other country with a courier, a box
// per product kind and InPost's three compartments, smallest first.
func TestDeliveriesLoad(t *testing.T) {
	site, err := Load("../../content")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range site.Deliveries {
		if len(c.Methods) == 0 || c.Methods[0].ID != shipping.Courier {
			t.Errorf("%s: methods %+v, want the courier first", c.Code, c.Methods)
		}
		if c.Code == "pl" && (len(c.Methods) != 2 || c.Methods[1].ID != shipping.Locker || c.Methods[1].Carrier != "inpost") {
			t.Errorf("pl: methods %+v, want courier and InPost's locker", c.Methods)
		}
	}
	if len(site.Boxes) != 3 || site.Boxes["accessory"].LengthCM == 0 || site.Boxes[catalog.BoxCreator].WeightG == 0 {
		t.Errorf("boxes %+v", site.Boxes)
	}
	if len(site.LockerSizes) != 3 || site.LockerSizes[0].Size != shipping.SizeSmall || site.LockerSizes[2].Size != shipping.SizeLarge {
		t.Errorf("locker sizes %+v", site.LockerSizes)
	}
}

// Each mistake in the delivery methods is one message at its line.
func TestDeliveryMethodErrors(t *testing.T) {
	dir := siteWithoutDocs(t)
	edit := func(old, new string) {
		t.Helper()
		editSite(t, dir, "data/deliveries.toml", old, new)
	}
	edit("id = \"locker\"\ncarrier = \"inpost\"", "id = \"locker\"\ncarrier = \"dhl\"")
	edit("cost = { EUR = 14.00, PLN = 59.00 }\ndays_min = 3\ndays_max = 7", "cost = { EUR = 14.00, PLN = 59.00 }\ndays_min = 8\ndays_max = 7")
	edit("[[countries.methods]]\nid = \"courier\"\ncost = { EUR = 15.00, PLN = 64.00 }", "[[countries.methods]]\nid = \"drone\"\ncost = { EUR = 15.00, PLN = 64.00 }")
	edit("accessory = { length_cm = 24, width_cm = 16, height_cm = 6, weight_g = 400 }\n", "")
	_, err := Load(dir)
	if err == nil {
		t.Fatal("loaded")
	}
	msg := strings.ReplaceAll(err.Error(), filepath.ToSlash(dir), "content")
	for _, want := range []string{
		`: countries.0.methods.1.carrier: no [[locker_sizes]] of carrier "dhl": a locker needs its compartments`,
		`: countries.1.methods.0.days_max: must not be less than days_min`,
		`: countries.3.methods.0.id: unknown delivery method "drone": courier or locker`,
		`: countries.3.methods: a courier is needed: a basket too big for a locker goes by courier`,
		`: boxes.accessory: missing`,
	} {
		if !strings.Contains(msg, "content/data/deliveries.toml:") || !strings.Contains(msg, want) {
			t.Errorf("lacks %q in:\n%s", want, msg)
		}
	}
	if n := strings.Count(msg, "deliveries.toml"); n != 5 {
		t.Errorf("%d messages for five mistakes:\n%s", n, msg)
	}
}
