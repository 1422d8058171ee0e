package api_test

import (
	"net/http"
	"sabershop/internal/api"
	"strconv"
	"testing"
)

type deliveryAnswer struct {
	Items []api.DeliveryView `json:"items"`
	Page  int                `json:"page"`
	Pages int                `json:"pages"`
	Total int                `json:"total"`
}

// The 16 shipping countries in pages of 6: 6, 6, 4, then an empty page;
// every country once, in the catalogue's order, with costs in EUR.
func TestDeliveriesPaged(t *testing.T) {
	e := newEnv(t)
	seen := map[string]bool{}
	var order []string
	for _, c := range []struct{ page, want int }{{1, 6}, {2, 6}, {3, 4}, {4, 0}} {
		r := e.get("/v1/deliveries?items=6&page=" + strconv.Itoa(c.page))
		wantStatus(t, r, http.StatusOK)
		var a deliveryAnswer
		r.Decode(t, &a)
		if len(a.Items) != c.want || a.Page != c.page || a.Pages != 3 || a.Total != 16 {
			t.Fatalf("page %d: %d items, page %d of %d, total %d", c.page, len(a.Items), a.Page, a.Pages, a.Total)
		}
		for _, d := range a.Items {
			if seen[d.Code] {
				t.Errorf("%s twice", d.Code)
			}
			seen[d.Code] = true
			order = append(order, d.Code)
			if d.Currency != "EUR" || d.Cost <= 0 || d.Cost != d.Costs["EUR"] || d.Name != d.Names["en"] || d.DaysMin < 1 || d.DaysMax < d.DaysMin {
				t.Errorf("page %d: %+v", c.page, d)
			}
		}
	}
	if len(order) != 16 {
		t.Fatalf("%d countries", len(order))
	}
	for i, d := range e.cat.Deliveries {
		if order[i] != d.Code {
			t.Errorf("position %d: %s, catalogue has %s", i, order[i], d.Code)
		}
	}
	if order[0] != "pl" {
		t.Errorf("first country %s", order[0])
	}

	// Without items: every country on one page.
	var all deliveryAnswer
	e.get("/v1/deliveries").Decode(t, &all)
	if len(all.Items) != 16 || all.Pages != 1 {
		t.Errorf("unpaged: %d items, %d pages", len(all.Items), all.Pages)
	}
}

// locale=pl answers Polish names and PLN costs (Accept-Language too).
func TestDeliveriesLocale(t *testing.T) {
	e := newEnv(t)
	for _, c := range []struct{ query, accept string }{{"&locale=pl", ""}, {"", "pl"}} {
		var a deliveryAnswer
		r := e.get("/v1/deliveries?items=6&page=1"+c.query, "Accept-Language", c.accept)
		wantStatus(t, r, http.StatusOK)
		r.Decode(t, &a)
		pl, de := a.Items[0], a.Items[3]
		if pl.Code != "pl" || pl.Name != "Polska" || pl.Currency != "PLN" || pl.Cost != 1900 {
			t.Errorf("%q: %+v", c.query, pl)
		}
		if de.Code != "de" || de.Name != "Niemcy" || de.Cost != 6400 || de.Costs["EUR"] != 1500 {
			t.Errorf("%q: %+v", c.query, de)
		}
	}
	var d deliveryAnswer
	e.get("/v1/deliveries?items=6&page=1&locale=de").Decode(t, &d)
	if d.Items[3].Name != "Deutschland" || d.Items[3].Currency != "EUR" || d.Items[3].Cost != 1500 {
		t.Errorf("de: %+v", d.Items[3])
	}
}

// A bad page size or page is 422 on that parameter, translated.
func TestDeliveriesBadQuery(t *testing.T) {
	e := newEnv(t)
	for _, c := range []struct{ query, field string }{
		{"items=0", "items"}, {"items=101", "items"}, {"items=x", "items"}, {"items=-1", "items"},
		{"items=6&page=0", "page"}, {"items=6&page=x", "page"}, {"page=-2", "page"},
	} {
		r := e.get("/v1/deliveries?" + c.query + "&locale=pl")
		wantStatus(t, r, http.StatusUnprocessableEntity)
		b := r.Err(t)
		if b.Code != "invalid_fields" || b.Errors[c.field] == "" || len(b.Errors) != 1 {
			t.Errorf("%s: %s", c.query, r.Body)
		}
		en := e.get("/v1/deliveries?" + c.query + "&locale=en").Err(t)
		if b.Messages[c.field] == "" || b.Messages[c.field] == en.Messages[c.field] {
			t.Errorf("%s: Polish %q, English %q", c.query, b.Messages[c.field], en.Messages[c.field])
		}
	}
	// The largest page size is allowed.
	wantStatus(t, e.get("/v1/deliveries?items=100"), http.StatusOK)
}
