package admin_test

import (
	"strings"
	"testing"

	"sabershop/internal/order"
	"sabershop/internal/store"
)

// TestOrdersShowCatalogueMovedOn: a design placed against an older
// catalogue still prints what to build. A part of a slot the catalogue no
// longer has follows the catalogue's slots, by its ids and inert (it was
// left out); a slot added since, which the design lacks, has no row (it
// was an empty one).
func TestOrdersShowCatalogueMovedOn(t *testing.T) {
	f := newFixture(t)
	design := order.DefaultCreator(f.cat)
	o := f.place("en", customer("Anna", "anna@example.com", "pl"), order.ItemRequest{Creator: &design, Quantity: 1})
	first := f.cat.Creator.Slots[0]
	delete(o.Lines[0].Creator.Parts, first.ID)
	o.Lines[0].Creator.Parts["zz-blade"] = "old\u202Eblade"
	if err := f.db.UpdateNow(func(tx *store.Tx) error { return tx.PutOrder(o) }); err != nil {
		t.Fatal(err)
	}
	out := f.ok("orders", "show", o.Hash)
	assertInert(t, "orders show", out)
	sheet := out[strings.Index(out, "BUILD SHEET"):]
	sl := lines(sheet[:strings.Index(sheet, "\nTotals")])[1:]
	if want := len(f.cat.Creator.Slots) + 2 + f.cat.Creator.Presets*8; len(sl) != want {
		t.Errorf("build sheet has %d lines, want %d:\n%s", len(sl), want, sheet)
	}
	if strings.Contains(sheet, first.Names["en"]+":") {
		t.Errorf("a row for the slot the design lacks:\n%s", sheet)
	}
	if got := strings.Join(strings.Fields(sl[len(f.cat.Creator.Slots)-1]), " "); got != "zz-blade: old<U+202E>blade" {
		t.Errorf("the part of a dropped slot: %q\n%s", got, sheet)
	}
}
