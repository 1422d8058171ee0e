package desk

import (
	"cmp"
	"context"
	"errors"
	"net/http"
	netmail "net/mail"
	"sort"
	"time"

	"sabershop/internal/accounting"
	"sabershop/internal/buildsheet"
	"sabershop/internal/catalog"
	"sabershop/internal/inert"
	"sabershop/internal/mail"
	"sabershop/internal/order"
	"sabershop/internal/store"
)

// deskOrder is one order as the desk shows it: everything the owner
// needs to build, ship and answer for it, with catalogue ids named in the
// owner's language and every text a stranger typed made inert.
type deskOrder struct {
	ID        uint64         `json:"id"`
	Status    order.Status   `json:"status"`
	Created   time.Time      `json:"created"`
	Locale    string         `json:"locale"`
	Currency  string         `json:"currency"`
	Customer  order.Customer `json:"customer"`
	Lines     []deskLine     `json:"lines"`
	Totals    order.Totals   `json:"totals"`
	Coupon    string         `json:"coupon,omitempty"`
	BuildDays int            `json:"build_days"`
	Tracking  string         `json:"tracking,omitempty"`
	Reason    string         `json:"cancel_reason,omitempty"`
	Timeline  []deskEvent    `json:"timeline"`
	Attempts  []deskAttempt  `json:"attempts"`
	Refunds   []order.Refund `json:"refunds"`
	Stages    []deskStage    `json:"stages"`
	Stage     string         `json:"stage,omitempty"`
	Mails     []deskMail     `json:"mails"`
	// Refundable is what a refund without an amount would pay back now
	// (order.NextRefund), absent when nothing can be refunded: the desk
	// offers the refund and names the amount before the owner confirms.
	Refundable *deskRefundable `json:"refundable,omitempty"`
	StatusURL  string          `json:"status_url"` // the shopper's page, on this shop

	// For the printed build sheet and packing slip (order_print.go):

	ShipBy      string          `json:"ship_by,omitempty"` // the workshop's day, YYYY-MM-DD, while paid
	TrackingURL string          `json:"tracking_url,omitempty"`
	Sender      catalog.Company `json:"sender"`

	// StageEmails: the shopper asked for an e-mail per production stage.
	StageEmails bool `json:"stage_emails"`
	// Notes are the owner's private notes, oldest first; the shopper's
	// API never reads them.
	Notes []deskNote `json:"notes"`
	// TermsVersion is the version of the terms the shopper accepted;
	// Withdrawal the shopper's withdrawal from the contract, made on the
	// status page (name and address made inert).
	TermsVersion string            `json:"terms_version,omitempty"`
	Withdrawal   *order.Withdrawal `json:"withdrawal,omitempty"`
	// Documents are the order's invoice or receipt and their corrections,
	// with their PDFs' names.
	Documents []deskDocument `json:"documents"`
	// Delivery is the method the shopper chose, with the locker;
	// Shipment the parcel created with the carrier; Shipping what the
	// desk can do about it (order_shipment.go).
	Delivery order.Delivery  `json:"delivery"`
	Shipment *order.Shipment `json:"shipment,omitempty"`
	Shipping deskShipping    `json:"shipping"`
}

type deskLine struct {
	Name     string `json:"name"`
	Quantity int    `json:"quantity"`
	Unit     int64  `json:"unit"`
	Total    int64  `json:"total"`
	// Variant is a hilt's generator, Build a creator design: the build
	// sheet's rows (buildsheet.Resolve, in the owner's language), which
	// the order's page and its printed sheet show alike.
	Variant *buildsheet.Row   `json:"variant,omitempty"`
	Build   *buildsheet.Build `json:"build,omitempty"`
}

type deskAttempt struct {
	Provider string             `json:"provider"`
	Method   string             `json:"method"`
	State    order.AttemptState `json:"state"`
	Amount   int64              `json:"amount"`
	Currency string             `json:"currency"`
	Started  time.Time          `json:"started"`
}

type deskStage struct {
	ID      string    `json:"id"`
	Name    string    `json:"name"`
	Reached time.Time `json:"reached,omitzero"`
}

type deskRefundable struct {
	Provider string `json:"provider"`
	Amount   int64  `json:"amount"`
	Currency string `json:"currency"`
	// Corrects is the kind of document the refund issues and its e-mail
	// carries (orders.RefundCorrection: "correction" or
	// "receipt_correction"), absent when the order has none to correct;
	// KSeF: the correction goes through KSeF and follows in its own e-mail.
	Corrects accounting.Kind `json:"corrects,omitempty"`
	KSeF     bool            `json:"ksef,omitempty"`
}

type deskNote struct {
	At    time.Time `json:"at"`
	Owner string    `json:"owner"`
	Text  string    `json:"text"`
}

type deskMail struct {
	ID      uint64    `json:"id"`
	Kind    string    `json:"kind"`
	To      string    `json:"to"`
	Subject string    `json:"subject"`
	Sent    time.Time `json:"sent,omitzero"`
	// Kept: its text is kept, so the desk can open and resend it.
	Kept bool `json:"kept,omitempty"`
	// Queued: still in the outbox (just resent, or the mail server is
	// down).
	Queued bool `json:"queued,omitempty"`
	// About tells apart e-mails of one kind (mailAbout): the stage a
	// stage e-mail announced, named in the desk's language; the number
	// of the document an invoice e-mail carried; a refund's amount.
	About string `json:"about,omitempty"`
}

// getOrder is GET /admin/api/orders/{id}.
func (d *Desk) getOrder(w http.ResponseWriter, r *http.Request) {
	o, ok := d.pathOrder(w, r)
	if !ok {
		return
	}
	d.writeOrder(w, r, o)
}

// orderIDKey carries the number withOrder read off the path.
type orderIDKey struct{}

// withOrder lets a request on an order's route through only when the
// path's {id} is an order number (order.ParseID: digits, nothing else),
// before its body is read or anything acts; otherwise it answers 404.
// The number read here is the only one the handler uses (orderID), so a
// 404 means nothing happened and a change reaches exactly the order the
// answer is about.
func (d *Desk) withOrder(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, ok := order.ParseID(r.PathValue("id"))
		if !ok {
			d.fail(w, r, http.StatusNotFound, "not_found", nil)
			return
		}
		next(w, r.WithContext(context.WithValue(r.Context(), orderIDKey{}, id)))
	}
}

// orderID is the order number withOrder read off r's path.
func orderID(r *http.Request) uint64 { return r.Context().Value(orderIDKey{}).(uint64) }

// pathOrder loads the order withOrder read off the path; it answers 404
// and returns false when there is none.
func (d *Desk) pathOrder(w http.ResponseWriter, r *http.Request) (*order.Order, bool) {
	var o *order.Order
	err := d.cfg.Store.View(func(tx *store.Tx) (err error) {
		o, err = tx.OrderByID(orderID(r))
		return err
	})
	if errors.Is(err, store.ErrNotFound) {
		d.fail(w, r, http.StatusNotFound, "not_found", nil)
		return nil, false
	}
	if err != nil {
		d.internal(w, r, err)
		return nil, false
	}
	return o, true
}

// writeOrder answers the order as the desk shows it, with its notes and
// its e-mails: those delivered and those still in the outbox, and its
// accounting documents.
func (d *Desk) writeOrder(w http.ResponseWriter, r *http.Request, o *order.Order) {
	var notes []*store.Note
	var docs []*accounting.Document
	if err := d.cfg.Store.View(func(tx *store.Tx) (err error) {
		if notes, err = tx.Notes(o.ID); err != nil {
			return err
		}
		docs, err = tx.DocumentsOf(o.ID)
		return err
	}); err != nil {
		d.internal(w, r, err)
		return
	}
	sent, err := d.cfg.Store.Sent(o.Hash)
	if err != nil {
		d.internal(w, r, err)
		return
	}
	queued, err := d.cfg.Store.OutboxOf(o.Hash)
	if err != nil {
		d.internal(w, r, err)
		return
	}
	loc := d.locale(r)
	v := d.deskOrder(o, notes, sent, loc)
	if v.Documents, err = d.documentViews(r, docs); err != nil {
		d.internal(w, r, err)
		return
	}
	if v.Refundable != nil {
		if c := d.orders().RefundCorrection(docs, d.cfg.Now()); c != nil {
			v.Refundable.Corrects, v.Refundable.KSeF = c.Kind, c.KSeF != nil
		}
	}
	for _, m := range queued {
		v.Mails = append(v.Mails, deskMail{ID: m.ID, Kind: m.Kind, To: inert.String(bareAddress(m.To)),
			Subject: inert.String(m.Subject), Queued: true, About: mailAbout(d.catalog(), loc, m.Kind, m.About)})
	}
	writeJSON(w, http.StatusOK, v)
}

// deskEvent is one entry of the order's timeline as the desk shows it:
// the event, and what it says as a code and parameters (order.Describe)
// that desk/pages/Order.tsx names in the owner's language from the
// [timeline] texts; every parameter and the stored cause made inert.
type deskEvent struct {
	Status order.Status      `json:"status"`
	At     time.Time         `json:"at"`
	Note   string            `json:"note,omitempty"`
	Stage  string            `json:"stage,omitempty"`
	Cause  string            `json:"cause"`
	Text   order.Description `json:"text"`
}

func timelineEvent(e order.Event) deskEvent {
	d := order.Describe(e)
	for k, p := range d.Params {
		d.Params[k] = inert.String(p)
	}
	return deskEvent{Status: e.Status, At: e.At, Note: e.Note, Stage: e.Stage, Cause: inert.String(e.Cause), Text: d}
}

func (d *Desk) deskOrder(o *order.Order, notes []*store.Note, sent []store.SentRecord, loc string) deskOrder {
	cat := d.catalog()
	bs := buildsheet.Resolve(o, cat, loc, d.cfg.Now())
	v := deskOrder{ID: o.ID, Status: o.Status, Created: o.CreatedAt, Locale: o.Locale, Currency: o.Currency,
		Customer: o.Customer.Inert(), Totals: o.Totals, Coupon: inert.String(o.Coupon), BuildDays: o.BuildDays,
		Tracking: inert.String(o.Tracking), Reason: inert.String(o.CancelReason), Stage: o.Stage(), StageEmails: o.StageEmails,
		Refunds: o.Refunds, StatusURL: o.StatusPath(), Attempts: []deskAttempt{}, Mails: []deskMail{}, Stages: []deskStage{},
		Notes: []deskNote{}}
	v.TermsVersion = o.TermsVersion
	if w := o.Withdrawal; w != nil {
		v.Withdrawal = &order.Withdrawal{At: w.At, Name: inert.String(w.Name), Email: inert.String(w.Email)}
	}
	if v.Refunds == nil {
		v.Refunds = []order.Refund{}
	}
	for i := range v.Refunds {
		v.Refunds[i].Reason, v.Refunds[i].Note = inert.String(v.Refunds[i].Reason), inert.String(v.Refunds[i].Note)
	}
	for _, e := range o.Timeline {
		v.Timeline = append(v.Timeline, timelineEvent(e))
	}
	for _, a := range o.Attempts {
		v.Attempts = append(v.Attempts, deskAttempt{Provider: a.Provider, Method: a.Method, State: a.State, Amount: a.Amount,
			Currency: a.Currency, Started: a.Started})
	}
	for i, l := range o.Lines {
		dl := deskLine{Name: inert.String(l.Name), Quantity: l.Quantity, Unit: l.UnitPrice, Total: l.Total}
		if g := bs.Lines[i].Variant; g != nil {
			row := g.Row(buildsheet.KeyGenerator)
			dl.Variant = &row
		}
		dl.Build = bs.Lines[i].Build
		v.Lines = append(v.Lines, dl)
	}
	for _, s := range bs.Stages {
		v.Stages = append(v.Stages, deskStage{ID: s.ID, Name: cmp.Or(s.Name.Name, inert.String(s.ID)), Reached: s.Reached})
	}
	if p, amount, cur, ok := o.NextRefund(d.cfg.Now()); ok {
		v.Refundable = &deskRefundable{Provider: p, Amount: amount, Currency: cur}
	}
	forPrint(&v, o, bs, cat)
	v.Delivery, v.Shipment, v.Shipping = inertDelivery(o.Delivery), inertShipment(o.Shipment), d.shipping(o)

	for _, n := range notes {
		v.Notes = append(v.Notes, deskNote{At: n.At, Owner: inert.String(n.Owner), Text: inert.Text(n.Text)})
	}
	sort.Slice(sent, func(i, j int) bool { return sent[i].Sent.Before(sent[j].Sent) })
	for _, m := range sent {
		v.Mails = append(v.Mails, deskMail{ID: m.ID, Kind: m.Kind, To: inert.String(bareAddress(m.To)), Subject: inert.String(m.Subject),
			Sent: m.Sent, Kept: m.Kept, About: mailAbout(cat, loc, m.Kind, m.About)})
	}
	return v
}

// mailAbout names what an order's e-mail of kind was about
// (outbox.Message.About) in the desk's language loc: a stage e-mail's
// stage by its catalogue name (its id when the catalogue no longer has
// it), anything else as it was recorded, inert.
func mailAbout(cat *catalog.Catalog, loc, kind, about string) string {
	if about == "" {
		return ""
	}
	if kind == mail.KindStageReached {
		if s, _, ok := cat.Stage(about); ok {
			return local(s.Names, loc, about)
		}
	}
	return inert.String(about)
}

func local(names map[string]string, loc, id string) string {
	if n := names[loc]; n != "" {
		return n
	}
	if n := names["en"]; n != "" {
		return n
	}
	return inert.String(id)
}

// bareAddress is the address of a To header ("=?utf-8?q?...?= <a@b>" ->
// "a@b"), or the header as it is.
func bareAddress(to string) string {
	if a, err := netmail.ParseAddress(to); err == nil {
		return a.Address
	}
	return to
}
