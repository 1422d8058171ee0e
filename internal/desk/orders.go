package desk

import (
	"errors"
	"net/http"
	"net/url"

	"sabershop/internal/backoffice"
	"sabershop/internal/inert"
	"sabershop/internal/store"
)

// ordersPage is how many orders a page of the list holds: a phone's
// screenful or two.
const ordersPage = 30

// listFilter is the list's filter from its query (the URL's, as the desk
// keeps it in /admin/orders?...): what the list shows, and what each of
// Today's figures counts (todayQuery).
func listFilter(q url.Values) (store.OrderFilter, error) {
	return backoffice.OrderFilter(q.Get("status"), q.Get("stage"), q.Get("country"), q.Get("currency"), q.Get("from"), q.Get("to"))
}

// getOrders is GET /admin/api/orders: the order list, newest first, with
// the filters of the CLI's `orders list` (status, stage, country,
// currency, from, to: checked by the same backoffice.OrderFilter) or a search
// (q: a number, a name, an e-mail), paged by an opaque cursor.
func (d *Desk) getOrders(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	var page *store.OrderPage
	var err error
	if text := q.Get("q"); text != "" {
		err = d.cfg.Store.View(func(tx *store.Tx) error {
			page, err = tx.SearchOrders(text, q.Get("cursor"), ordersPage)
			return err
		})
	} else {
		var f store.OrderFilter
		if f, err = listFilter(q); err != nil {
			d.fail(w, r, http.StatusUnprocessableEntity, "invalid_filter", nil)
			return
		}
		err = d.cfg.Store.View(func(tx *store.Tx) error {
			page, err = tx.ListOrders(f, q.Get("cursor"), ordersPage)
			return err
		})
	}
	switch {
	case errors.Is(err, store.ErrCursor):
		d.fail(w, r, http.StatusBadRequest, "invalid_filter", nil)
		return
	case err != nil:
		d.internal(w, r, err)
		return
	}
	if page.Orders == nil {
		page.Orders = []store.OrderSummary{}
	}
	for i := range page.Orders {
		s := &page.Orders[i]
		s.FirstName, s.LastName, s.Email = inert.String(s.FirstName), inert.String(s.LastName), inert.String(s.Email)
	}
	writeJSON(w, http.StatusOK, page)
}
