package mail

import (
	"fmt"
	htmltemplate "html/template"
	"strings"
	"time"
	"unicode/utf8"

	"sabershop/internal/buildsheet"
	"sabershop/internal/catalog"
	"sabershop/internal/i18n"
	"sabershop/internal/inert"
	"sabershop/internal/mail/outbox"
	"sabershop/internal/order"
)

// The e-mails to the owner about an order
// (docs/decisions/e-mail.md#one-owner-e-mail-for-four-kinds-of-order-news):
// one per new order, per booked payment, per failed payment and per order
// cancelled because it stayed unpaid. They share one template (owner_order)
// and differ in their subject, heading and first paragraph. They are written
// in the owner's language, not the order's, and show everything a stranger
// typed inert (package inert): the owner's mail client must not act on it.
const (
	KindOwnerOrderPlaced     = "owner_order_placed"
	KindOwnerPaymentReceived = "owner_payment_received"
	KindOwnerPaymentFailed   = "owner_payment_failed"
	KindOwnerOrderExpired    = "owner_order_expired"
	// KindOwnerWithdrawal: the shopper withdrew from the contract on the
	// status page (docs/legal.md#withdrawal).
	KindOwnerWithdrawal = "owner_withdrawal"
	// KindOwnerKSeFRefused: KSeF refused an invoice of the order, or the
	// shop could not build or send it (OwnerDocumentRefused). It shares
	// the template but is not one of OwnerKinds: it says which document
	// and why, which a job of kind and order alone cannot re-render.
	KindOwnerKSeFRefused = "owner_ksef_refused"
)

// OwnerKinds are the kinds OwnerOrder writes.
var OwnerKinds = []string{KindOwnerOrderPlaced, KindOwnerPaymentReceived, KindOwnerPaymentFailed, KindOwnerOrderExpired,
	KindOwnerWithdrawal}

// IsOwnerKind tells whether kind is one of OwnerKinds.
func IsOwnerKind(kind string) bool {
	for _, k := range OwnerKinds {
		if k == kind {
			return true
		}
	}
	return false
}

// usesOwnerTemplate tells whether kind is written on ownerTemplate: one
// of OwnerKinds, or KindOwnerKSeFRefused.
func usesOwnerTemplate(kind string) bool {
	return IsOwnerKind(kind) || kind == KindOwnerKSeFRefused
}

// ownerTemplate is the template file of every owner kind.
const ownerTemplate = "owner_order"

type ownerData struct {
	Number, Heading, Intro, Warning string
	OrderURL                        string

	Status, Placed, Site string
	Lines                []ownerLine
	Subtotal, Shipping   string
	// ShippingName and DeliveryWhere: as orderData's.
	ShippingName, DeliveryWhere string
	Discount, Coupon            string
	WasteFee, Total             string
	BuildDays                   int

	Name, Email, Phone string
	Tel                htmltemplate.URL // "tel:+48600100200": the owner calls with a tap
	Address            []string
	Invoice            []string // the company and its VAT ID, when the buyer asked for a company's invoice
	Payments           []string

	// Document is the accounting document the e-mail is about
	// (owner_ksef_refused), for the subject and the heading.
	Document string
	// subjectKey and headingKey are the keys of the subject and the
	// heading: "<kind>.subject" and "<kind>.heading" unless the kind's
	// own part (ownerMessage's more) picks others.
	subjectKey, headingKey string
}

type ownerLine struct {
	Title string // "1 × Arc"
	Total string
	// Rows and Presets are the line's build sheet (buildsheet.Resolve):
	// a hilt's generator; a creator design's parts, generator and button,
	// then each preset field by field.
	Rows    []ownerRow
	Presets []ownerPreset
}

type ownerPreset struct {
	Label string // "Preset 1"
	Rows  []ownerRow
}

// ownerRow is one labelled row of the build sheet, in the owner's
// language.
type ownerRow struct {
	Label string
	// Value is the row's value without the id, ID the id a part is
	// looked up by (the HTML part mutes it), Text both as the text part
	// shows them ("Crown [crown]").
	Value, ID, Text string
	Swatch          string // "#rrggbb", a colour's
	// Pad is the spaces after "Label:" that line the text part's values
	// up under each other.
	Pad string
}

// OwnerOrder writes the owner's e-mail of kind (one of OwnerKinds) about
// order o, in locale loc, to the address to. orderURL is the link to the
// order; the e-mail's Reply-To is the shopper, so the owner answers them
// with one click. now dates the message.
func OwnerOrder(kind string, cat *catalog.Catalog, loc, to string, o *order.Order, orderURL string, now time.Time) (*outbox.Message, error) {
	if !IsOwnerKind(kind) {
		return nil, fmt.Errorf("mail: %q is not an e-mail to the owner", kind)
	}
	return ownerMessage(kind, cat, loc, to, o, orderURL, now, func(err *error, d *ownerData, format i18n.Format) {
		number, name := d.Number, d.Name
		switch kind {
		case KindOwnerOrderPlaced:
			d.Intro = trOr(err, loc, kind+".intro", "name", name, "date", d.Placed)
		case KindOwnerPaymentReceived:
			d.Intro = trOr(err, loc, kind+".intro", "amount", d.Total, "number", number)
			if o.Status == order.Cancelled {
				// Money that came for an order already cancelled (by the
				// owner, or because it stayed unpaid): only the owner can put
				// that right.
				d.Warning = trOr(err, loc, "owner.paid_cancelled")
			}
		case KindOwnerPaymentFailed:
			d.Intro = trOr(err, loc, kind+".intro", "number", number)
		case KindOwnerOrderExpired:
			d.Intro = trOr(err, loc, kind+".intro", "number", number, "reason", oneLine(inert.String(o.CancelReason)))
		case KindOwnerWithdrawal:
			d.Intro = ownerWithdrawalIntro(err, format, loc, number, o)
		}
	})
}

// ownerMessage writes an owner's e-mail of kind on the shared template:
// the order and the customer as OwnerOrder shows them; more fills in what
// the kind says (Intro, Warning, Document) and may pick other subject and
// heading keys than "<kind>.subject" and "<kind>.heading".
func ownerMessage(kind string, cat *catalog.Catalog, loc, to string, o *order.Order, orderURL string, now time.Time,
	more func(err *error, d *ownerData, format i18n.Format)) (*outbox.Message, error) {
	if cat == nil || o == nil {
		return nil, fmt.Errorf("mail: %s: nil catalogue or order", kind)
	}
	if !knownLocale(loc) {
		return nil, fmt.Errorf("%w: %q", ErrLocale, loc)
	}
	rcpt, err := address(cat.Shop.Name, to)
	if err != nil {
		return nil, fmt.Errorf("mail: %s for order %d: the owner's address: %w", kind, o.ID, err)
	}
	link, err := absURL(orderURL)
	if err != nil {
		return nil, fmt.Errorf("mail: %s for order %d: %w", kind, o.ID, err)
	}
	format := cat.Format(loc)
	money := func(v int64, currency string) string { return format.FormatMoney(v, currency) }
	c := o.Customer.Inert()
	name := oneLine(c.FirstName + " " + c.LastName)
	number := "#" + fmt.Sprint(o.ID)
	placed := o.CreatedAt.In(i18n.Workshop)
	d := ownerData{
		Number:    number,
		OrderURL:  link,
		Placed:    format.FormatDateTime(placed) + " " + placed.Format("MST"),
		Total:     money(o.Totals.Total, o.Currency),
		Subtotal:  money(o.Totals.Subtotal, o.Currency),
		Shipping:  money(o.Totals.Shipping, o.Currency),
		BuildDays: o.BuildDays,
		Address:   addressLines(cat, loc, c),
	}
	if d.Address != nil {
		d.Address = d.Address[1:] // the name is the first line of Customer
	}
	d.Invoice = invoiceLines(&err, loc, c)
	d.ShippingName, d.DeliveryWhere = deliveryTexts(&err, loc, o)
	d.Status = trOr(&err, loc, "owner.status."+string(o.Status))
	d.Site = trOr(&err, loc, "owner.site", "locale", localeName(loc, o.Locale), "currency", o.Currency)
	if o.Totals.Discount != 0 {
		d.Discount, d.Coupon = money(o.Totals.Discount, o.Currency), oneLine(inert.String(o.Coupon))
	}
	if o.Totals.WasteFee != 0 {
		d.WasteFee = money(o.Totals.WasteFee, o.Currency)
	}
	d.Name, d.Email, d.Phone = name, oneLine(c.Email), oneLine(c.Phone)
	if tel := telDigits(d.Phone); tel != "" {
		d.Tel = htmltemplate.URL("tel:" + tel) // only + and digits: safe as a link
	}
	sheet := buildsheet.Resolve(o, cat, loc, now)
	for i, l := range o.Lines {
		ol := ownerLine{Title: fmt.Sprintf("%d × %s", l.Quantity, oneLine(inert.String(l.Name))), Total: money(l.Total, o.Currency)}
		ol.Rows, ol.Presets = ownerSheet(&err, loc, sheet.Lines[i])
		d.Lines = append(d.Lines, ol)
	}
	for i := range o.Attempts {
		a := &o.Attempts[i]
		started := a.Started.In(i18n.Workshop)
		d.Payments = append(d.Payments, trOr(&err, loc, "owner.attempt",
			"provider", named(loc, "owner.providers."+a.Provider, oneLine(inert.String(a.Provider))),
			"method", named(loc, "owner.methods."+string(a.Method), oneLine(inert.String(a.Method))),
			"state", trOr(&err, loc, "owner.attempt_state."+string(a.State)),
			"amount", money(a.Amount, a.Currency), "date", format.FormatDateTime(started)))
	}
	d.subjectKey, d.headingKey = kind+".subject", kind+".heading"
	more(&err, &d, format)
	d.Heading = trOr(&err, loc, d.headingKey, "number", number, "document", d.Document)
	subject := oneLine(trOr(&err, loc, d.subjectKey, "number", number, "total", d.Total, "name", name, "document", d.Document))
	pre := trOr(&err, loc, kind+".preheader")
	if err != nil {
		return nil, err
	}
	m := &outbox.Message{Kind: kind, Locale: loc, To: rcpt, Subject: subject, Ref: o.Hash, Created: now.UTC()}
	if rt, err := address(name, c.Email); err == nil {
		m.ReplyTo = rt
	}
	m.HTML, m.Text, err = render(kind, view{Locale: loc, Subject: subject, Preheader: pre, Shop: cat.Shop, Data: d})
	if err != nil {
		return nil, err
	}
	return m, nil
}

// ownerSheet is a line's build sheet as the owner's e-mail lays it out:
// the rows of buildsheet.Resolve labelled by the e-mails' "sheet.<key>"
// in loc, each preset under its number, the text part's values lined up.
func ownerSheet(err *error, loc string, line buildsheet.Line) ([]ownerRow, []ownerPreset) {
	white := func(level int) string { return trOr(err, loc, "sheet.white_value", "value", level) }
	row := func(r buildsheet.Row) ownerRow {
		label := r.Label
		if r.Key != buildsheet.KeyPart {
			label = trOr(err, loc, "sheet."+r.Key)
		}
		v := ownerRow{Label: oneLine(label), Value: oneLine(r.Name), ID: oneLine(r.ID), Text: oneLine(r.Text(white)), Swatch: r.Swatch}
		if r.Level != nil {
			v.Value = v.Text
		}
		return v
	}
	var rows []ownerRow
	var presets []ownerPreset
	if line.Variant != nil {
		rows = append(rows, row(line.Variant.Row(buildsheet.KeyGenerator)))
	}
	if b := line.Build; b != nil {
		for _, r := range b.Rows {
			rows = append(rows, row(r))
		}
		for i, p := range b.Presets {
			op := ownerPreset{Label: trOr(err, loc, "sheet.preset", "n", i+1)}
			for _, r := range p {
				op.Rows = append(op.Rows, row(r))
			}
			presets = append(presets, op)
		}
	}
	// A preset's rows are indented by two more spaces than the line's.
	width := 0
	for _, r := range rows {
		width = max(width, utf8.RuneCountInString(r.Label))
	}
	for _, p := range presets {
		for _, r := range p.Rows {
			width = max(width, utf8.RuneCountInString(r.Label)+2)
		}
	}
	for i := range rows {
		rows[i].Pad = strings.Repeat(" ", width-utf8.RuneCountInString(rows[i].Label)+1)
	}
	for _, p := range presets {
		for i := range p.Rows {
			p.Rows[i].Pad = strings.Repeat(" ", width-2-utf8.RuneCountInString(p.Rows[i].Label)+1)
		}
	}
	return rows, presets
}

// telDigits is a phone number as a tel: link wants it ("+48600100200"),
// or "" when it has no digits.
func telDigits(phone string) string {
	var b strings.Builder
	for i, r := range phone {
		if (r >= '0' && r <= '9') || (r == '+' && i == 0) {
			b.WriteRune(r)
		}
	}
	if strings.Trim(b.String(), "+") == "" {
		return ""
	}
	return b.String()
}

// localeName is a site version's name in loc, "Polish (pl)", or its code.
func localeName(loc, code string) string {
	if name, ok := Strings().Lookup(loc, "locale."+code, nil); ok {
		return name + " (" + code + ")"
	}
	return inert.String(oneLine(code))
}

// named is key's text in loc, or fallback where the strings have none (a
// provider added later): the desk's names for providers and methods
// ("sandbox" is the test mode), not their ids.
func named(loc, key, fallback string) string {
	if s, err := tr(loc, key); err == nil {
		return s
	}
	return fallback
}
