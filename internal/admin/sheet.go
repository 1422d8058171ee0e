package admin

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"time"

	"sabershop/internal/catalog"
	"sabershop/internal/inert"
	"sabershop/internal/order"
)

// buildSheet prints an order for the workshop: every line, and for a
// creator design every part, the generator, the button behaviour and each
// preset, with the catalogue's English names next to the ids.
type buildSheet struct {
	out io.Writer
	cat *catalog.Catalog // nil: ids only
	now time.Time        // for the ship estimate
}

func (b buildSheet) printf(format string, args ...any) { fmt.Fprintf(b.out, format, args...) }

func (b buildSheet) order(o *order.Order) {
	money := func(v int64) string { return amount(v, o.Currency) }
	b.printf("Order #%d  %s\n", o.ID, o.Status)
	b.printf("Hash       %s\n", o.Hash)
	b.printf("Placed     %s UTC  (%s site, %s, catalogue %s)\n", o.CreatedAt.UTC().Format("2006-01-02 15:04"), o.Locale, o.Currency, o.CatalogVersion)
	c := o.Customer.Inert()
	b.printf("\nCustomer\n  %s %s\n  %s, %s\n  %s\n  %s %s\n  %s\n", c.FirstName, c.LastName, c.Email, c.Phone, c.Street, c.Zip, c.City, strings.ToUpper(c.Country))
	if c.Company != "" {
		b.printf("  invoice for %s, VAT ID %s\n", c.Company, c.VATID)
	}
	b.printf("\nItems\n")
	for i, l := range o.Lines {
		variant := ""
		if l.Variant != "" {
			variant = " (generator: " + b.name(b.generator(l.Variant)) + ")"
		}
		b.printf("  %d. %d x %s%s  %s each, %s\n", i+1, l.Quantity, l.Name, variant, money(l.UnitPrice), money(l.Total))
		if l.Creator != nil {
			b.creator(l.Creator)
		}
	}
	t := o.Totals
	b.printf("\nTotals\n  subtotal %s (waste fee included: %s)\n  shipping %s\n", money(t.Subtotal), money(t.WasteFee), money(t.Shipping))
	if t.Discount > 0 {
		b.printf("  discount -%s (code %s)\n", money(t.Discount), o.Coupon)
	}
	b.printf("  total    %s\n", money(t.Total))
	b.printf("  build %d working days, then delivery %d-%d days\n", o.BuildDays, o.DeliveryDays[0], o.DeliveryDays[1])
	if o.Tracking != "" {
		b.printf("  tracking %s %s\n", o.Tracking, o.TrackingURL)
	}
	if o.CancelReason != "" {
		b.printf("  cancelled: %s\n", o.CancelReason)
	}
	if len(o.Refunds) > 0 {
		b.printf("\nRefunds\n")
		for _, r := range o.Refunds {
			b.printf("  %s  %-9s %s through %s", r.At.UTC().Format("2006-01-02 15:04:05"), r.State, amount(r.Amount, r.Currency), r.Provider)
			if r.Reference != "" {
				b.printf(" (%s)", inert.String(r.Reference))
			}
			if r.Reason != "" {
				b.printf(": %s", inert.String(r.Reason))
			}
			if r.Note != "" {
				b.printf("\n      %s", inert.String(r.Note)) // the provider's words
			}
			b.printf("\n")
		}
	}
	b.production(o)
	b.printf("\nTimeline\n")
	for _, e := range o.Timeline {
		what := string(e.Status)
		if e.Note == order.NoteStage {
			what = "stage " + e.Stage
		}
		b.printf("  %s  %-16s %s\n", e.At.UTC().Format("2006-01-02 15:04:05"), what, inert.String(e.Cause))
	}
}

// production prints the stages of a paid order (or of one that reached
// some before it was sent or cancelled): each with the day it was reached,
// the ship estimate while paid, and whether the customer gets an e-mail
// per stage. Without a catalogue the timeline alone shows the stages.
func (b buildSheet) production(o *order.Order) {
	if b.cat == nil || len(b.cat.Production.Stages) == 0 || (o.Status != order.Paid && o.Stage() == "") {
		return
	}
	b.printf("\nProduction")
	if o.Status == order.Paid {
		left, ready := o.ShipEstimate(b.cat.Production.Stages, b.now)
		b.printf(" (ready to ship by %s, %d working days left)", ready.Format("2006-01-02"), left)
	}
	b.printf("\n")
	for _, s := range o.Progress(b.cat.Production.Stages) {
		mark, at := "[ ]", "          "
		if !s.At.IsZero() {
			mark, at = "[x]", s.At.UTC().Format("2006-01-02")
		}
		current := ""
		if s.ID == o.Stage() {
			current = "  <- now"
		}
		b.printf("  %s %s  %s%s\n", mark, at, b.name(s.Names, s.ID), current)
	}
	emails := "no"
	if o.StageEmails {
		emails = "yes"
	}
	b.printf("  e-mail per stage to the customer: %s\n", emails)
}

// creator prints the build sheet of one custom saber.
func (b buildSheet) creator(cfg *order.CreatorConfig) {
	b.printf("     BUILD SHEET\n")
	if b.cat != nil {
		for _, slot := range b.cat.Creator.Slots {
			id := cfg.Parts[slot.ID]
			name := id
			if p, ok := slot.Part(id); ok {
				name = b.name(p.Names, id)
			}
			b.printf("     %-10s %s\n", label(slot.Names, slot.ID)+":", name)
		}
	} else {
		// Sorted: the same order on every print of the same order.
		for _, slot := range slices.Sorted(maps.Keys(cfg.Parts)) {
			b.printf("     %-10s %s\n", slot+":", cfg.Parts[slot])
		}
	}
	b.printf("     %-10s %s\n", "generator:", b.name(b.generator(cfg.Generator)))
	b.printf("     %-10s %s\n", "button:", b.option("buttons", cfg.Button))
	for i, p := range cfg.Presets {
		b.printf("     preset %d: blade %s + white %d, %s, ignition %s, retraction %s, sound %s, clash %s\n", i+1,
			p.Color, p.White, b.option("effects", p.Effect), b.option("ignitions", p.Ignition),
			b.option("ignitions", p.Retraction), b.option("sounds", p.Sound), p.Clash)
	}
}

func (b buildSheet) generator(id string) (map[string]string, string) {
	if b.cat != nil {
		if g, ok := b.cat.Generator(id); ok {
			return g.Names, id
		}
	}
	return nil, id
}

func (b buildSheet) option(group, id string) string {
	if b.cat != nil {
		if o, ok := b.cat.Option(group, id); ok {
			return b.name(o.Names, id)
		}
	}
	return id
}

// name is the English name with the id, "Ancient [ancient]", or the id
// alone when the catalogue has no name for it. The id stays even when it
// only differs from the name in case: the sheet is read against the
// workshop's parts, which are labelled by id, and a column that sometimes
// has the bracket and sometimes not read as slugs.
func (b buildSheet) name(names map[string]string, id string) string {
	if n := names["en"]; n != "" {
		return n + " [" + id + "]"
	}
	return id
}

// label is a slot's English name for the sheet's left column, or its id.
func label(names map[string]string, id string) string {
	if n := names["en"]; n != "" {
		return n
	}
	return id
}
