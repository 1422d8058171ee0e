package api_test

import (
	"net/http"
	"testing"

	"sabershop/internal/order"
)

// A basket or an old link that still names a renamed product's old slug
// gets a quote for the renamed product, under its current slug.
func TestQuoteRenamedProductByOldSlug(t *testing.T) {
	e := newEnv(t)
	arc, ok := e.cat.Product("arc")
	if !ok {
		t.Fatal("the real catalogue has no arc")
	}
	arc.Slug, arc.OldSlugs = "arc-classic", []string{"arc"}
	r := e.post("/v1/quote", map[string]any{"locale": "pl", "items": []order.ItemRequest{{Product: "arc", Variant: "crystal", Quantity: 1}}})
	wantStatus(t, r, http.StatusOK)
	var q quote
	r.Decode(t, &q)
	if len(q.Lines) != 1 || q.Lines[0].Product != "arc-classic" || q.Lines[0].UnitPrice != 164900 {
		t.Errorf("quote %+v, want one arc-classic line at 1649.00", q)
	}
}
