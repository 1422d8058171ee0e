package desk

import (
	"net/http"
	"slices"
	"strings"
)

// filtersAnswer is what the order list's filters offer: the catalogue's
// production stages, the shop's delivery countries and its currencies,
// named in the owner's language. The list takes other values too (an
// order to a country the shop no longer ships to); these are the choices.
type filtersAnswer struct {
	Stages     []choice `json:"stages"`
	Countries  []choice `json:"countries"`
	Currencies []string `json:"currencies"`
}

type choice struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// getOrderFilters is GET /admin/api/orders/filters.
func (d *Desk) getOrderFilters(w http.ResponseWriter, r *http.Request) {
	cat, loc := d.catalog(), d.locale(r)
	a := filtersAnswer{Stages: []choice{}, Countries: []choice{}, Currencies: []string{}}
	for _, s := range cat.Production.Stages {
		a.Stages = append(a.Stages, choice{ID: s.ID, Name: local(s.Names, loc, s.ID)})
	}
	for _, dl := range cat.Deliveries {
		a.Countries = append(a.Countries, choice{ID: dl.Code, Name: local(dl.Names, loc, strings.ToUpper(dl.Code))})
	}
	for _, l := range cat.Locales {
		if !slices.Contains(a.Currencies, l.Currency) {
			a.Currencies = append(a.Currencies, l.Currency)
		}
	}
	slices.Sort(a.Currencies)
	writeJSON(w, http.StatusOK, a)
}
