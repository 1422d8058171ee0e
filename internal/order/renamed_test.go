package order

import "testing"

// A basket, a quote or an old link that names a renamed product's old
// slug prices the product, and the order line keeps the current slug.
func TestPriceRenamedProductByOldSlug(t *testing.T) {
	cat := testCatalog()
	arc, _ := cat.Product("arc")
	arc.Slug, arc.OldSlugs = "arc-classic", []string{"arc"}
	req := validRequest()
	req.Items = req.Items[:1] // arc with the crystal generator, by its old slug
	if errs := Validate(req, cat); len(errs) != 0 {
		t.Fatalf("validate: %v", errs)
	}
	p, errs := Price(cat, req, testAt)
	if len(errs) != 0 {
		t.Fatal(errs)
	}
	if got := p.Lines[0]; got.Product != "arc-classic" || got.UnitPrice != 164900 || got.Name != "Arc PL" {
		t.Errorf("line %+v, want arc-classic priced like arc", got)
	}
}
