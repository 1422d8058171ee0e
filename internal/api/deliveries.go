package api

import (
	"net/http"
	"strconv"
)

// deliveryView is one shipping country in the asking locale and currency
// (names and costs in every locale and currency come along, so a client
// can switch without asking again).
type deliveryView struct {
	Code     string            `json:"code"`
	Name     string            `json:"name"`
	Cost     int64             `json:"cost"`
	Currency string            `json:"currency"`
	DaysMin  int               `json:"days_min"`
	DaysMax  int               `json:"days_max"`
	Names    map[string]string `json:"names"`
	Costs    map[string]int64  `json:"costs"`
	// Methods are every delivery method (Cost and the days above are the
	// default's, the courier's).
	Methods []methodView `json:"methods"`
}

// methodView is a delivery method in the asking currency.
type methodView struct {
	ID      string           `json:"id"`
	Carrier string           `json:"carrier,omitempty"`
	Cost    int64            `json:"cost"`
	DaysMin int              `json:"days_min"`
	DaysMax int              `json:"days_max"`
	Costs   map[string]int64 `json:"costs"`
}

type deliveriesPage struct {
	Items []deliveryView `json:"items"`
	Page  int            `json:"page"`
	Pages int            `json:"pages"`
	Total int            `json:"total"`
}

// getDeliveries is GET /v1/deliveries?items=6&page=1&locale=pl: shipping
// countries, paged. items is the page size (1-100, default all); page
// starts at 1; a page past the end is empty, not an error.
func (s *Server) getDeliveries(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	locale := s.requestLocale(r, "")
	cat := s.cfg.Catalogs.Current()
	all := cat.Deliveries
	size := len(all)
	if v := q.Get("items"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 100 {
			s.failFields(w, locale, map[string]string{"items": "items_range"}, nil)
			return
		}
		size = n
	}
	page := 1
	if v := q.Get("page"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			s.failFields(w, locale, map[string]string{"page": "page_invalid"}, nil)
			return
		}
		page = n
	}
	currency, _ := cat.Currency(locale)
	out := deliveriesPage{Items: []deliveryView{}, Page: page, Total: len(all)}
	if size > 0 {
		out.Pages = (len(all) + size - 1) / size
	}
	from := (page - 1) * size
	for i := from; i < len(all) && i < from+size; i++ {
		d := all[i]
		v := deliveryView{Code: d.Code, Name: d.Names[locale], Currency: currency, Names: d.Names, Methods: []methodView{}}
		for _, m := range d.Methods {
			v.Methods = append(v.Methods, methodView{ID: string(m.ID), Carrier: m.Carrier, Cost: m.Cost[currency],
				DaysMin: m.DaysMin, DaysMax: m.DaysMax, Costs: m.Cost})
		}
		if def, ok := d.Method(""); ok {
			v.Cost, v.DaysMin, v.DaysMax, v.Costs = def.Cost[currency], def.DaysMin, def.DaysMax, def.Cost
		}
		out.Items = append(out.Items, v)
	}
	writeJSON(w, http.StatusOK, out)
}
