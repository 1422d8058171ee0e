package catalog

import "testing"

// The rate of a sale follows the owner's scheme: Polish VAT everywhere in
// the EU, or the destination's under the One-Stop-Shop; outside the EU an
// export at 0 % either way.
func TestVATRate(t *testing.T) {
	c := &Catalog{Deliveries: []Delivery{{Code: "pl", VAT: 23}, {Code: "de", VAT: 19}, {Code: "uk", VAT: 0}}, VAT: VAT{Scheme: VATPolish, Home: "pl"}}
	want := func(country string, rate int, known bool) {
		t.Helper()
		if r, ok := c.VATRate(country); r != rate || ok != known {
			t.Errorf("%s under %s: %d %v, want %d %v", country, c.VAT.Scheme, r, ok, rate, known)
		}
	}
	want("pl", 23, true)
	want("de", 23, true)
	want("uk", 0, true)
	want("us", 0, false)
	c.VAT.Scheme = VATOSS
	want("pl", 23, true)
	want("de", 19, true)
	want("uk", 0, true)
}
