package desk

import (
	"errors"
	"fmt"
	"net/http"
	netmail "net/mail"
	"sort"
	"strconv"
	"strings"
	"time"

	"sabershop/internal/catalog"
	"sabershop/internal/inert"
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
	Timeline  []order.Event  `json:"timeline"`
	Attempts  []deskAttempt  `json:"attempts"`
	Refunds   []order.Refund `json:"refunds"`
	Stages    []deskStage    `json:"stages"`
	Stage     string         `json:"stage,omitempty"`
	Mails     []deskMail     `json:"mails"`
	StatusURL string         `json:"status_url"` // the shopper's page, on this shop

	// StageEmails: the shopper asked for an e-mail per production stage.
	StageEmails bool `json:"stage_emails"`
	// Notes are the owner's private notes, oldest first; the shopper's
	// API never reads them.
	Notes []deskNote `json:"notes"`
}

type deskLine struct {
	Name     string   `json:"name"`
	Quantity int      `json:"quantity"`
	Unit     int64    `json:"unit"`
	Total    int64    `json:"total"`
	Sheet    []string `json:"sheet,omitempty"` // "Emitter: Talon [talon]", the generator, the button
	Presets  []string `json:"presets,omitempty"`
	Colours  []string `json:"colours,omitempty"` // each preset's blade colour, "#rrggbb"
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

type deskNote struct {
	At    time.Time `json:"at"`
	Owner string    `json:"owner"`
	Text  string    `json:"text"`
}

type deskMail struct {
	Kind    string    `json:"kind"`
	To      string    `json:"to"`
	Subject string    `json:"subject"`
	Sent    time.Time `json:"sent"`
}

// getOrder is GET /admin/api/orders/{id}.
func (d *Desk) getOrder(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.ParseUint(strings.TrimPrefix(r.PathValue("id"), "#"), 10, 64)
	if err != nil || id == 0 {
		d.fail(w, r, http.StatusNotFound, "not_found", nil)
		return
	}
	var (
		o     *order.Order
		notes []*store.Note
	)
	err = d.cfg.Store.View(func(tx *store.Tx) error {
		if o, err = tx.OrderByID(id); err != nil {
			return err
		}
		notes, err = tx.Notes(id)
		return err
	})
	if errors.Is(err, store.ErrNotFound) {
		d.fail(w, r, http.StatusNotFound, "not_found", nil)
		return
	}
	if err != nil {
		d.internal(w, r, err)
		return
	}
	sent, err := d.cfg.Store.Sent(o.Hash)
	if err != nil {
		d.internal(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, d.deskOrder(o, notes, sent, d.locale(r)))
}

func (d *Desk) deskOrder(o *order.Order, notes []*store.Note, sent []store.SentRecord, loc string) deskOrder {
	cat := d.catalog()
	v := deskOrder{ID: o.ID, Status: o.Status, Created: o.CreatedAt, Locale: o.Locale, Currency: o.Currency,
		Customer: o.Customer.Inert(), Totals: o.Totals, Coupon: inert.String(o.Coupon), BuildDays: o.BuildDays,
		Tracking: inert.String(o.Tracking), Reason: inert.String(o.CancelReason), Stage: o.Stage(), StageEmails: o.StageEmails,
		Refunds: o.Refunds, StatusURL: o.StatusPath(), Attempts: []deskAttempt{}, Mails: []deskMail{}, Stages: []deskStage{},
		Notes: []deskNote{}}
	if v.Refunds == nil {
		v.Refunds = []order.Refund{}
	}
	for i := range v.Refunds {
		v.Refunds[i].Reason, v.Refunds[i].Note = inert.String(v.Refunds[i].Reason), inert.String(v.Refunds[i].Note)
	}
	for _, e := range o.Timeline {
		e.Cause = inert.String(e.Cause)
		v.Timeline = append(v.Timeline, e)
	}
	for _, a := range o.Attempts {
		v.Attempts = append(v.Attempts, deskAttempt{Provider: a.Provider, Method: a.Method, State: a.State, Amount: a.Amount,
			Currency: a.Currency, Started: a.Started})
	}
	for _, l := range o.Lines {
		dl := deskLine{Name: inert.String(l.Name), Quantity: l.Quantity, Unit: l.UnitPrice, Total: l.Total}
		if l.Variant != "" {
			dl.Sheet = append(dl.Sheet, "generator: "+name(cat.Creator.Generators, loc, l.Variant))
		}
		if c := l.Creator; c != nil {
			dl.Sheet, dl.Presets, dl.Colours = sheet(cat, loc, c)
		}
		v.Lines = append(v.Lines, dl)
	}
	if cat != nil {
		for _, p := range o.Progress(cat.Production.Stages) {
			v.Stages = append(v.Stages, deskStage{ID: p.Stage.ID, Name: local(p.Stage.Names, loc, p.Stage.ID), Reached: p.At})
		}
	}
	for _, n := range notes {
		v.Notes = append(v.Notes, deskNote{At: n.At, Owner: inert.String(n.Owner), Text: inert.Text(n.Text)})
	}
	sort.Slice(sent, func(i, j int) bool { return sent[i].Sent.Before(sent[j].Sent) })
	for _, m := range sent {
		v.Mails = append(v.Mails, deskMail{Kind: m.Kind, To: inert.String(bareAddress(m.To)), Subject: inert.String(m.Subject), Sent: m.Sent})
	}
	return v
}

// sheet is a creator design's build sheet: each slot's part, the
// generator, the button, then the presets; ids stay beside the names (the
// workshop's parts are labelled by id).
func sheet(cat *catalog.Catalog, loc string, c *order.CreatorConfig) (rows, presets, colours []string) {
	if cat == nil {
		cat = &catalog.Catalog{}
	}
	for _, s := range cat.Creator.Slots {
		if id, ok := c.Parts[s.ID]; ok {
			rows = append(rows, local(s.Names, loc, s.ID)+": "+name(s.Options, loc, id))
		}
	}
	if c.Generator != "" {
		rows = append(rows, "generator: "+name(cat.Creator.Generators, loc, c.Generator))
	}
	if c.Button != "" {
		rows = append(rows, "button: "+option(cat, loc, "buttons", c.Button))
	}
	for i, p := range c.Presets {
		presets = append(presets, fmt.Sprintf("%d. %s + white %d · %s · %s / %s · %s · clash %s", i+1, inert.String(p.Color), p.White,
			option(cat, loc, "effects", p.Effect), option(cat, loc, "ignitions", p.Ignition), option(cat, loc, "ignitions", p.Retraction),
			option(cat, loc, "sounds", p.Sound), inert.String(p.Clash)))
		colours = append(colours, p.Color)
	}
	return rows, presets, colours
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

func name(parts []catalog.Part, loc, id string) string {
	for _, p := range parts {
		if p.ID == id {
			return local(p.Names, loc, id) + " [" + id + "]"
		}
	}
	return inert.String(id)
}

func option(cat *catalog.Catalog, loc, group, id string) string {
	if o, ok := cat.Option(group, id); ok {
		return local(o.Names, loc, id) + " [" + id + "]"
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
