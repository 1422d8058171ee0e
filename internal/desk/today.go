package desk

import (
	"errors"
	"net/http"
	"net/url"
	"sort"
	"time"

	"sabershop/internal/backoffice"
	"sabershop/internal/i18n"
	"sabershop/internal/order"
	"sabershop/internal/store"
)

// todayAnswer is the desk's first page: what waits for the owner. Each
// figure is a link to the order list filtered to exactly the orders it
// counts: its Query, the list's URL query, counted through the list's own
// filter (todayFigure).
type todayAnswer struct {
	Waiting figure       `json:"waiting"`  // placed or paying: waiting for the money
	ToBuild figure       `json:"to_build"` // paid, no stage yet
	Stages  []stageCount `json:"stages"`   // paid orders by their current stage
	Revenue []revenue    `json:"revenue"`  // per currency
	Outbox  outboxState  `json:"outbox"`
	Open    bool         `json:"open"`              // orders open (the owner's switch, else the catalogue's)
	Reopens string       `json:"reopens,omitempty"` // paused: the day orders open again, if said
	// KSeF is what needs the owner's look in KSeF: documents waiting
	// longer than backoffice.KSeFLate, and refused ones (empty: none).
	KSeF []todayKSeF `json:"ksef"`
}

// figure is one of Today's counts and the list that shows its orders.
type figure struct {
	// Count is how many orders the list at Query shows, counted up to
	// figureCap+1: beyond figureCap the desk says "500+".
	Count int `json:"count"`
	// Query is the order list's URL query ("status=waiting"), without "?".
	Query string `json:"query"`
}

// todayKSeF is a document waiting long for KSeF or refused by it.
type todayKSeF struct {
	Number  string    `json:"number"` // the shop's: FV/2027/0001
	OrderID uint64    `json:"order_id"`
	State   string    `json:"state"`          // waiting, sent, refused
	Since   time.Time `json:"since,omitzero"` // queued, or refused
}

type stageCount struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Count int    `json:"count"`
	Query string `json:"query"` // the list of the paid orders at this stage
}

// revenue is the paid total of the orders placed this week (from Monday)
// and this month, on the workshop's calendar, before refunds.
type revenue struct {
	Currency string `json:"currency"`
	Week     int64  `json:"week"`
	Month    int64  `json:"month"`
}

type outboxState struct {
	Queued int       `json:"queued"`
	Oldest time.Time `json:"oldest,omitzero"`
}

// figureCap bounds the count of one figure: beyond it the desk says "500+".
const figureCap = 500

// todayFigure counts the orders the list shows at status and stage: the
// list's own filter (listFilter) over the keys its pages walk (store's
// CountMatching), so the figure and the list cannot disagree. Its query
// names the filters in the list's order (desk/pages/Orders.tsx), so the
// list keeps the address it was opened at.
func todayFigure(tx *store.Tx, status, stage string) (figure, error) {
	q, query := url.Values{"status": {status}}, "status="+url.QueryEscape(status)
	if stage != "" {
		q.Set("stage", stage)
		query += "&stage=" + url.QueryEscape(stage)
	}
	f, err := listFilter(q)
	if err != nil {
		return figure{}, err
	}
	n, err := tx.CountMatching(f, figureCap+1)
	return figure{Count: n, Query: query}, err
}

// getToday is GET /admin/api/today.
func (d *Desk) getToday(w http.ResponseWriter, r *http.Request) {
	cat := d.catalog()
	loc := d.locale(r)
	now := d.cfg.Now().In(i18n.Workshop)
	month := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, i18n.Workshop)
	week := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, i18n.Workshop)
	week = week.AddDate(0, 0, -((int(week.Weekday()) + 6) % 7)) // back to Monday
	var a todayAnswer
	err := d.cfg.Store.View(func(tx *store.Tx) error {
		var err error
		if a.Waiting, err = todayFigure(tx, string(order.QueueWaiting), ""); err != nil {
			return err
		}
		if a.ToBuild, err = todayFigure(tx, string(order.QueueToBuild), ""); err != nil {
			return err
		}
		for _, s := range cat.Production.Stages {
			n, err := todayFigure(tx, string(order.Paid), s.ID)
			if err != nil {
				return err
			}
			a.Stages = append(a.Stages, stageCount{ID: s.ID, Name: local(s.Names, loc, s.ID), Count: n.Count, Query: n.Query})
		}
		from := month
		if week.Before(from) {
			from = week
		}
		recent, err := tx.OrdersSince(from.UTC())
		if err != nil {
			return err
		}
		by := map[string]*revenue{}
		for _, s := range recent {
			if s.Status != order.Paid && s.Status != order.Sent {
				continue
			}
			rv := by[s.Currency]
			if rv == nil {
				rv = &revenue{Currency: s.Currency}
				by[s.Currency] = rv
			}
			if !s.Created.Before(month) {
				rv.Month += s.Total
			}
			if !s.Created.Before(week) {
				rv.Week += s.Total
			}
		}
		for _, rv := range by {
			a.Revenue = append(a.Revenue, *rv)
		}
		sort.Slice(a.Revenue, func(i, j int) bool { return a.Revenue[i].Currency < a.Revenue[j].Currency })
		return nil
	})
	if err != nil {
		d.internal(w, r, err)
		return
	}
	if a.Outbox.Queued, a.Outbox.Oldest, err = d.cfg.Store.OutboxStats(); err != nil {
		d.internal(w, r, err)
		return
	}
	shop, err := d.cfg.Office.Shop()
	if err != nil {
		d.internal(w, r, err)
		return
	}
	a.Open, a.Reopens = shop.Open, shop.Reopens
	late, err := d.cfg.Office.KSeFAttention(loc)
	if err != nil {
		d.internal(w, r, err)
		return
	}
	a.KSeF = []todayKSeF{}
	for _, k := range late {
		a.KSeF = append(a.KSeF, todayKSeF{Number: k.Document, OrderID: k.OrderID, State: k.State, Since: k.Since})
	}
	if a.Stages == nil {
		a.Stages = []stageCount{}
	}
	if a.Revenue == nil {
		a.Revenue = []revenue{}
	}
	writeJSON(w, http.StatusOK, a)
}

type shopRequest struct {
	Open    *bool  `json:"open"`
	Reopens string `json:"reopens"` // with a pause: the day orders open again, YYYY-MM-DD, or ""
}

// postShop is POST /admin/api/shop {"open": false, "reopens": "2027-01-04"}:
// pause or open orders, through backoffice.Office.SetShopOpen (with its
// audit line).
func (d *Desk) postShop(w http.ResponseWriter, r *http.Request) {
	var req shopRequest
	if !d.readJSON(w, r, &req) {
		return
	}
	if req.Open == nil {
		d.fail(w, r, http.StatusUnprocessableEntity, "fields_required", nil)
		return
	}
	err := d.office(r).SetShopOpen(*req.Open, req.Reopens, current(r).owner.Name)
	if errors.Is(err, backoffice.ErrReopenDate) {
		d.fail(w, r, http.StatusUnprocessableEntity, "reopen_date", nil)
		return
	}
	if err != nil {
		d.internal(w, r, err)
		return
	}
	d.getToday(w, r)
}
