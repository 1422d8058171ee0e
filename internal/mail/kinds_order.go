package mail

import (
	"fmt"
	"net/url"
	"sort"
	"strings"
	"time"

	"sabershop/internal/accounting"
	"sabershop/internal/catalog"
	"sabershop/internal/guarantee"
	"sabershop/internal/i18n"
	"sabershop/internal/mail/outbox"
	"sabershop/internal/order"
)

// orderData is what the four order e-mails show. Amounts are formatted for
// the order's locale and currency; an empty Discount or WasteFee is not
// shown.
type orderData struct {
	Number    string // "#12"
	Greeting  string
	StatusURL string

	Lines                                         []lineData
	Subtotal, Shipping, Discount, WasteFee, Total string
	Coupon                                        string

	BuildDays, DaysMin, DaysMax int
	EstimateFrom, EstimateTo    string
	// CreatorExcluded: a design the order recorded without the right of
	// withdrawal (made to the buyer's specification; with [legal]
	// creator_returnable on, designs are recorded returnable and the
	// contract's withdrawal paragraph covers them).
	CreatorExcluded bool
	Address         []string
	// ShippingName names the delivery method on the totals' shipping
	// line; DeliveryWhere is the locker the parcel goes to, which every
	// order e-mail repeats ("" for a courier: the address is the
	// shopper's, in Address).
	ShippingName, DeliveryWhere string
	// Invoice is the company an invoice is made out to, and its VAT ID
	// (the buyer asked for a company's invoice), or nil.
	Invoice []string

	Tracking, TrackingURL, Reason string
	PayBy                         string // the payment reminder: the day an unpaid order is cancelled

	// The refund e-mail (kinds_refund.go): the amount refunded, what is
	// left of the payment, whether that was all (and the order cancelled
	// by it), the owner's reason, how long the provider takes.
	Refunded, RefundLeft       string
	RefundAll, RefundCancelled bool
	RefundReason, RefundTiming string
	// stage_reached: the stage's name, the day the order should be ready
	// to ship, and whether it is ready (no build day left).
	Stage, ShipBy string
	ShipReady     bool
	// order_placed: the contract's essentials on a durable
	// medium (kinds_withdrawal.go contract).
	Contract *contractData
	// order_placed: the EU's notice on the legal guarantee in the order's
	// language, which the confirmation repeats (Directive 2011/83/EU
	// art. 8(7)(a) with art. 6(1)(l)), and its QR code's image.
	Guarantee *guaranteeData
	// withdrawal_received: the acknowledgement of a withdrawal.
	Withdrawal *withdrawalData
	// order_placed: the safety texts in the delivery country's languages
	// (kinds_safety.go).
	Safety []safetyLink
	// payment_received, refund_issued: the numbers of the attached
	// accounting documents ("FV/2026/0001", "FK/2026/0001"), and whether
	// they are a receipt (or a receipt's correction).
	Documents string
	Receipt   bool
	// payment_received, refund_issued: the numbers of the invoices being
	// registered in KSeF, which follow in their own e-mail, and how many
	// they are.
	Follow      string
	FollowCount int
	// document_issued: the document's number, whether it is a correcting
	// invoice, and the number KSeF gave it; Offline: none yet, the
	// invoice was issued in KSeF's offline mode.
	Document   string
	Correction bool
	KSeFNumber string
	Offline    bool

	ShopName, ShopEmail string

	// subjectKey is the key of the subject, when not "<kind>.subject";
	// preheaderKey the preheader's, when not "<kind>.preheader".
	subjectKey, preheaderKey string
}

type lineData struct {
	Name string
	// Images are absolute links to the line's picture: the product's, or a
	// creator design's part pictures lying down (pommel, grip, emitter), as
	// the basket and the status page show the hilt. The text e-mail has
	// the parts by name in Details.
	Images   []string
	Details  []string // generator variant, creator parts
	Quantity int
	Total    string
}

// Standard delivery (docs/product-rules.md#shipping), for an order that
// carries no country delivery days.
const defaultDaysMin, defaultDaysMax = 3, 7

// OrderPlaced is the e-mail that carries the payment link: items, totals,
// delivery estimate and what to do next. statusURL is the absolute link to
// the order's status page, where the shopper pays.
func OrderPlaced(cat *catalog.Catalog, o *order.Order, statusURL string) (*outbox.Message, error) {
	return orderMessageWith(KindOrderPlaced, cat, o, statusURL, func(d *orderData, _ i18n.Format) {
		d.Contract = contract(cat, o, statusURL)
		d.Guarantee = guaranteeOf(cat, o.Locale)
		d.Safety = safetyLinks(cat, o, statusURL)
	})
}

// PaymentReceived confirms a booked payment. attached are the accounting
// documents issued for it (numbers: "FV/2026/0001"), which the worker
// attaches as PDF files when it sends the message and the text names.
// follow are invoices being registered in KSeF: they are handed to the
// buyer only once KSeF accepts them, so the text says they follow in a
// separate e-mail (DocumentIssued) and attaches nothing for them.
func PaymentReceived(cat *catalog.Catalog, o *order.Order, statusURL string, attached, follow []string) (*outbox.Message, error) {
	m, err := orderMessageWith(KindPaymentReceived, cat, o, statusURL, func(d *orderData, _ i18n.Format) {
		if len(attached) > 0 {
			// A receipt (series R) is not an invoice: the text says which.
			d.Documents, d.Receipt = strings.Join(attached, ", "), strings.HasPrefix(attached[0], accounting.SeriesReceipt+"/")
		}
		if len(follow) > 0 {
			d.Follow, d.FollowCount = strings.Join(follow, ", "), len(follow)
		}
	})
	if err != nil {
		return nil, err
	}
	if len(attached) > 0 {
		m.Documents = attached
	}
	return m, nil
}

// OrderSent tells the shopper the parcel left, with o.Tracking and, when
// set, the o.TrackingURL link.
func OrderSent(cat *catalog.Catalog, o *order.Order, statusURL string) (*outbox.Message, error) {
	return orderMessage(KindOrderSent, cat, o, statusURL)
}

// OrderCancelled tells the shopper the order was cancelled, with
// o.CancelReason when set.
func OrderCancelled(cat *catalog.Catalog, o *order.Order, statusURL string) (*outbox.Message, error) {
	return orderMessage(KindOrderCancelled, cat, o, statusURL)
}

func orderMessage(kind string, cat *catalog.Catalog, o *order.Order, statusURL string) (*outbox.Message, error) {
	return orderMessageWith(kind, cat, o, statusURL, nil)
}

// orderMessageWith is orderMessage with more to show: more, when set,
// fills the kind's own fields of the data.
func orderMessageWith(kind string, cat *catalog.Catalog, o *order.Order, statusURL string,
	more func(*orderData, i18n.Format)) (*outbox.Message, error) {
	if cat == nil || o == nil {
		return nil, fmt.Errorf("mail: %s: nil catalogue or order", kind)
	}
	loc := o.Locale
	if !knownLocale(loc) {
		return nil, fmt.Errorf("%w: %q (order %d)", ErrLocale, loc, o.ID)
	}
	c := o.Customer
	to, err := address(c.FirstName+" "+c.LastName, c.Email)
	if err != nil {
		return nil, fmt.Errorf("mail: %s for order %d: %w", kind, o.ID, err)
	}
	status, err := absURL(statusURL)
	if err != nil {
		return nil, fmt.Errorf("mail: %s for order %d: %w", kind, o.ID, err)
	}
	d := orderData{
		Number:    "#" + fmt.Sprint(o.ID),
		StatusURL: status,
		ShopName:  cat.Shop.Name,
		ShopEmail: cat.Shop.Company.Email,
		BuildDays: o.BuildDays,
		DaysMin:   o.DeliveryDays[0],
		DaysMax:   o.DeliveryDays[1],
		Tracking:  oneLine(o.Tracking),
		Reason:    strings.TrimSpace(o.CancelReason),
	}
	if d.DaysMin <= 0 && d.DaysMax <= 0 {
		d.DaysMin, d.DaysMax = defaultDaysMin, defaultDaysMax
	}
	if o.TrackingURL != "" {
		if d.TrackingURL, err = absURL(o.TrackingURL); err != nil {
			return nil, fmt.Errorf("mail: tracking link of order %d: %w", o.ID, err)
		}
	}
	if first := oneLine(c.FirstName); first != "" {
		d.Greeting = trOr(&err, loc, "common.greeting", "name", first)
	} else {
		d.Greeting = trOr(&err, loc, "common.greeting_plain")
	}

	format := cat.Format(loc)
	money := func(v int64) string { return format.FormatMoney(v, o.Currency) }
	site, _ := url.Parse(status) // checked by absURL
	for _, l := range o.Lines {
		ld := lineData{Name: oneLine(l.Name), Quantity: l.Quantity, Total: money(l.Total)}
		if l.Creator != nil {
			d.CreatorExcluded = d.CreatorExcluded || !l.Returnable
			ld.Details = creatorDetails(&err, cat, loc, l.Creator)
			ld.Images = creatorImages(cat, l.Creator, site)
		} else {
			if l.Variant != "" {
				ld.Details = []string{trOr(&err, loc, "order.generator", "name", generatorName(cat, loc, l.Variant))}
			}
			if src := siteImage(site, l.Image); src != "" {
				ld.Images = []string{src}
			}
		}
		d.Lines = append(d.Lines, ld)
	}
	t := o.Totals
	d.Subtotal, d.Shipping, d.Total = money(t.Subtotal), money(t.Shipping), money(t.Total)
	if t.Discount != 0 {
		d.Discount, d.Coupon = money(t.Discount), oneLine(o.Coupon)
	}
	if t.WasteFee != 0 {
		d.WasteFee = money(t.WasteFee)
	}

	from, to2 := estimate(o.CreatedAt, d.BuildDays, d.DaysMin, d.DaysMax)
	d.EstimateFrom, d.EstimateTo = format.FormatDate(from), format.FormatDate(to2)
	d.Address = addressLines(cat, loc, c)
	d.ShippingName, d.DeliveryWhere = deliveryTexts(&err, loc, o)
	d.Invoice = invoiceLines(&err, loc, c)
	if more != nil {
		more(&d, format)
	}

	subjectKey := kind + ".subject"
	if d.subjectKey != "" {
		subjectKey = d.subjectKey
	}
	subject := oneLine(trOr(&err, loc, subjectKey, "number", d.Number, "document", d.Document))
	preheaderKey := kind + ".preheader"
	if d.preheaderKey != "" {
		preheaderKey = d.preheaderKey
	}
	pre := trOr(&err, loc, preheaderKey)
	if err != nil {
		return nil, err
	}
	m := &outbox.Message{
		Kind:    kind,
		Locale:  loc,
		To:      to,
		Subject: subject,
		Ref:     o.Hash,
		Created: time.Now().UTC(),
	}
	// Replies reach the owner even when the From address is a no-reply box.
	if rt, err := address(cat.Shop.Name, cat.Shop.Company.Email); err == nil {
		m.ReplyTo = rt
	}
	m.HTML, m.Text, err = render(kind, view{Locale: loc, Subject: subject, Preheader: pre, Shop: cat.Shop, Data: d})
	if err != nil {
		return nil, err
	}
	return m, nil
}

// creatorDetails lists a creator design's parts in the catalogue's slot
// order ("Emitter: Arc"), then the generator. Ids the catalogue no longer
// knows are shown as ids rather than dropped: the workshop needs them.
func creatorDetails(err *error, cat *catalog.Catalog, loc string, cc *order.CreatorConfig) []string {
	var out []string
	seen := map[string]bool{}
	for _, s := range cat.Creator.Slots {
		part, ok := cc.Parts[s.ID]
		if !ok {
			continue
		}
		seen[s.ID] = true
		name := part
		for _, p := range s.Options {
			if p.ID == part {
				name = localName(p.Names, loc, part)
			}
		}
		out = append(out, localName(s.Names, loc, s.ID)+": "+oneLine(name))
	}
	var rest []string
	for slot := range cc.Parts {
		if !seen[slot] {
			rest = append(rest, slot)
		}
	}
	sort.Strings(rest)
	for _, slot := range rest {
		out = append(out, oneLine(slot+": "+cc.Parts[slot]))
	}
	if cc.Generator != "" {
		out = append(out, trOr(err, loc, "order.generator", "name", generatorName(cat, loc, cc.Generator)))
	}
	return out
}

// creatorImages are the pictures of a design's parts in reverse slot order
// (the parts are drawn lying down, emitter to the right), absolute on the
// site the status link points to. A part without a picture is left out.
func creatorImages(cat *catalog.Catalog, cc *order.CreatorConfig, site *url.URL) []string {
	var out []string
	for i := len(cat.Creator.Slots) - 1; i >= 0; i-- {
		s := &cat.Creator.Slots[i]
		if p, ok := s.Part(cc.Parts[s.ID]); ok {
			if src := siteImage(site, p.Image); src != "" {
				out = append(out, src)
			}
		}
	}
	return out
}

// siteImage makes a site path ("/images/x.svg") absolute on site: an
// e-mail has no page to be relative to. Anything else is dropped.
func siteImage(site *url.URL, p string) string {
	if site == nil || !strings.HasPrefix(p, "/") || strings.HasPrefix(p, "//") || hasLineBreak(p) {
		return ""
	}
	return site.ResolveReference(&url.URL{Path: p}).String()
}

func generatorName(cat *catalog.Catalog, loc, id string) string {
	for _, g := range cat.Creator.Generators {
		if g.ID == id {
			return oneLine(localName(g.Names, loc, id))
		}
	}
	return oneLine(id)
}

// localName picks a catalogue name in loc, then English, then the id.
func localName(names map[string]string, loc, id string) string {
	if n := names[loc]; n != "" {
		return n
	}
	if n := names["en"]; n != "" {
		return n
	}
	return id
}

func addressLines(cat *catalog.Catalog, loc string, c order.Customer) []string {
	country := strings.ToUpper(c.Country)
	for _, dl := range cat.Deliveries {
		if dl.Code == c.Country {
			country = localName(dl.Names, loc, country)
		}
	}
	var out []string
	for _, s := range []string{
		c.FirstName + " " + c.LastName, c.Street, c.Zip + " " + c.City, country,
	} {
		if s = oneLine(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// invoiceLines are the company and its VAT ID of a buyer who asked for a
// company's invoice; nil for a consumer.
func invoiceLines(err *error, loc string, c order.Customer) []string {
	if c.Company == "" {
		return nil
	}
	return []string{oneLine(c.Company), trOr(err, loc, "order.vat_id", "id", oneLine(c.VATID))}
}

// estimate is the delivery window of an order paid on the day it was
// placed: build days are working days (Monday to Friday), delivery days
// are calendar days counted from dispatch. Days are the workshop's
// (i18n.Workshop): an order placed at 00:30 on a Monday in Kraków is a
// Monday order, though it is still Sunday in UTC.
func estimate(placed time.Time, buildDays, daysMin, daysMax int) (from, to time.Time) {
	if placed.IsZero() {
		placed = time.Now()
	}
	ship := order.AddWorkingDays(placed, buildDays)
	return ship.AddDate(0, 0, daysMin), ship.AddDate(0, 0, daysMax)
}

// guaranteeData is the notice as the e-mail shows it: its blocks, and the
// absolute address of its QR code's PNG (the build writes it).
type guaranteeData struct {
	guarantee.Notice
	QRImage string
}

// guaranteeOf is the notice in locale's language, or nil in a catalogue
// without one (an older build's).
func guaranteeOf(cat *catalog.Catalog, locale string) *guaranteeData {
	n, ok := cat.Guarantee[locale]
	if !ok {
		return nil
	}
	return &guaranteeData{Notice: n, QRImage: strings.TrimSuffix(cat.Shop.BaseURL, "/") + guarantee.QRPath(locale, "png")}
}
