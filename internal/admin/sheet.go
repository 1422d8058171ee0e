package admin

import (
	"fmt"
	"io"
	"strings"
	"time"
	"unicode/utf8"

	"sabershop/internal/buildsheet"
	"sabershop/internal/catalog"
	"sabershop/internal/desk"
	"sabershop/internal/i18n"
	"sabershop/internal/inert"
	"sabershop/internal/order"
	"sabershop/internal/shipping"
)

// buildSheet prints an order for the workshop: every line, and for a
// creator design every part, the generator, the button behaviour and each
// preset, with the catalogue's English names next to the ids. What to build
// is the build sheet the desk shows too (buildsheet.Resolve); this prints it
// with the rest of the order.
type buildSheet struct {
	out    io.Writer
	sheet  *buildsheet.Sheet
	format i18n.Format // English's, for the timeline's amounts
}

// printOrder prints o, resolved against cat (nil: ids only); now is the
// day the ship estimate counts from.
func printOrder(out io.Writer, o *order.Order, cat *catalog.Catalog, now time.Time) {
	var format i18n.Format
	if cat != nil {
		format = cat.Format("en")
	}
	buildSheet{out: out, sheet: buildsheet.Resolve(o, cat, "en", now), format: format}.order(o)
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
	if d := o.Delivery; d.IsLocker() {
		p := d.Point
		b.printf("\nDelivery   %s parcel locker %s (size %s): %s %s, %s %s\n", shipping.CarrierName(d.Carrier), inert.String(p.Code),
			d.Size, inert.String(p.Street), inert.String(p.Building), inert.String(p.Zip), inert.String(p.City))
	}
	if s := o.Shipment; s != nil {
		b.printf("Parcel     %s %s, %s, tracking %s\n", shipping.CarrierName(s.Carrier), inert.String(s.ID), s.Status, inert.String(s.Tracking))
	}
	b.printf("\nItems\n")
	for i, l := range o.Lines {
		line, variant := b.sheet.Lines[i], ""
		if line.Variant != nil {
			variant = " (" + labels[buildsheet.KeyGenerator] + ": " + line.Variant.Label() + ")"
		}
		b.printf("  %d. %d x %s%s  %s each, %s\n", i+1, l.Quantity, l.Name, variant, money(l.UnitPrice), money(l.Total))
		if line.Build != nil {
			b.creator(line.Build)
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
	stage := func(id string) string {
		for _, s := range b.sheet.Stages {
			if s.Name.ID == id {
				return s.Name.Name
			}
		}
		return id
	}
	for _, e := range o.Timeline {
		// The desk's words for the event (order.Describe), in this
		// sheet's English: the stored cause is never printed raw.
		b.printf("  %s  %-16s %s\n", e.At.UTC().Format("2006-01-02 15:04:05"), e.Status,
			desk.TimelineText("en", e, b.format, stage))
	}
}

// production prints the stages of a paid order (or of one that reached
// some before it was sent or cancelled): each with the day it was reached,
// the ship estimate while paid, and whether the customer gets an e-mail
// per stage. Without a catalogue the timeline alone shows the stages.
func (b buildSheet) production(o *order.Order) {
	if len(b.sheet.Stages) == 0 || (o.Status != order.Paid && o.Stage() == "") {
		return
	}
	b.printf("\nProduction")
	if o.Status == order.Paid {
		b.printf(" (ready to ship by %s, %d working days left)", b.sheet.ShipBy.Format("2006-01-02"), b.sheet.DaysLeft)
	}
	b.printf("\n")
	for _, s := range b.sheet.Stages {
		mark, at := "[ ]", "          "
		if !s.Reached.IsZero() {
			mark, at = "[x]", s.Reached.UTC().Format("2006-01-02")
		}
		current := ""
		if s.ID == o.Stage() {
			current = "  <- now"
		}
		b.printf("  %s %s  %s%s\n", mark, at, s.Label(), current)
	}
	emails := "no"
	if o.StageEmails {
		emails = "yes"
	}
	b.printf("  e-mail per stage to the customer: %s\n", emails)
}

// labels are the build sheet's labels in the terminal by the row's key
// (buildsheet.Labels): English only, like the rest of orderd; the desk
// and the e-mails take theirs from their bundles
// (docs/decisions/desk.md#the-build-sheet-in-labelled-rows).
var labels = map[string]string{
	buildsheet.KeyGenerator: "Generator", buildsheet.KeyButton: "Button", buildsheet.KeyColour: "Colour",
	buildsheet.KeyWhite: "White LED", buildsheet.KeyEffect: "Effect", buildsheet.KeyIgnition: "Ignition",
	buildsheet.KeyRetraction: "Retraction", buildsheet.KeySound: "Sound", buildsheet.KeyClash: "Clash",
}

func label(r buildsheet.Row) string {
	if r.Key == buildsheet.KeyPart {
		return r.Label
	}
	return labels[r.Key]
}

// creator prints the build sheet of one custom saber in the rows the desk
// shows: every part beside its slot's name as "Name [id]" (the id alone
// when the catalogue has no name for it), the generator and the button,
// then each preset under its number, field by field, the colours by
// their names.
func (b buildSheet) creator(build *buildsheet.Build) {
	white := func(level int) string { return fmt.Sprintf("%d of 255", level) }
	width := 0
	for _, r := range build.Rows {
		width = max(width, utf8.RuneCountInString(label(r)))
	}
	for _, l := range labels {
		width = max(width, len(l)+2) // a preset's rows are indented by two
	}
	row := func(indent string, r buildsheet.Row) {
		l := label(r) + ":"
		b.printf("     %s%s%s %s\n", indent, l, strings.Repeat(" ", max(0, width+1-len(indent)-utf8.RuneCountInString(l))), r.Text(white))
	}
	b.printf("     BUILD SHEET\n")
	for _, r := range build.Rows {
		row("", r)
	}
	for i, p := range build.Presets {
		b.printf("     Preset %d\n", i+1)
		for _, r := range p {
			row("  ", r)
		}
	}
}
