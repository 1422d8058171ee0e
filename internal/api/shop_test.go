package api_test

import (
	"net/http"
	"strings"
	"testing"

	"sabershop/internal/catalog/catalogtest"
	"sabershop/internal/store"
)

type shopAnswer struct {
	OrdersOpen bool `json:"orders_open"`
	Paused     *struct {
		Title   string `json:"title"`
		Button  string `json:"button"`
		Message string `json:"message"`
	} `json:"paused"`
	CouponMinimum  map[string]int64  `json:"coupon_minimum"`
	Currencies     map[string]string `json:"currencies"`
	CatalogVersion string            `json:"catalog_version"`
}

// GET /v1/shop reports the owner's switch: open by default (the catalogue's
// orders_open), paused after SetOrdersOpen(false) with the texts of
// docs/product-rules.md#paused-orders in the asking locale, open again after
// resuming.
func TestShopOpenPaused(t *testing.T) {
	e := newEnv(t)
	r := e.get("/v1/shop")
	wantStatus(t, r, http.StatusOK)
	if r.Header.Get("Cache-Control") != "no-store" {
		t.Errorf("Cache-Control %q", r.Header.Get("Cache-Control"))
	}
	var open shopAnswer
	r.Decode(t, &open)
	if !open.OrdersOpen || open.Paused != nil {
		t.Errorf("fresh shop: %s", r.Body)
	}
	if open.CouponMinimum["PLN"] != 100000 || open.CouponMinimum["EUR"] != 23500 {
		t.Errorf("coupon_minimum %v", open.CouponMinimum)
	}
	if open.Currencies["pl"] != "PLN" || open.Currencies["en"] != "EUR" || open.Currencies["de"] != "EUR" {
		t.Errorf("currencies %v", open.Currencies)
	}
	if open.CatalogVersion != e.cat.Version || open.CatalogVersion == "" {
		t.Errorf("catalog_version %q, want %q", open.CatalogVersion, e.cat.Version)
	}

	e.setOpen(false)
	for _, c := range []struct{ query, accept, title, button string }{
		{"?locale=pl", "", "Zamówienia wstrzymane", "ZAMAWIANIE CHWILOWO NIEDOSTĘPNE"},
		{"", "pl-PL,pl;q=0.9", "Zamówienia wstrzymane", "ZAMAWIANIE CHWILOWO NIEDOSTĘPNE"},
		{"?locale=de", "", "Bestellungen pausiert", "BESTELLEN VORÜBERGEHEND NICHT MÖGLICH"},
		{"", "", "Orders paused", "ORDERING TEMPORARILY UNAVAILABLE"},
	} {
		r := e.get("/v1/shop"+c.query, "Accept-Language", c.accept)
		wantStatus(t, r, http.StatusOK)
		var paused shopAnswer
		r.Decode(t, &paused)
		if paused.OrdersOpen || paused.Paused == nil {
			t.Fatalf("paused shop %q: %s", c.query, r.Body)
		}
		if paused.Paused.Title != c.title || paused.Paused.Button != c.button || paused.Paused.Message == "" {
			t.Errorf("%q %q: paused texts %+v", c.query, c.accept, *paused.Paused)
		}
	}

	e.setOpen(true)
	var again shopAnswer
	e.get("/v1/shop").Decode(t, &again)
	if !again.OrdersOpen || again.Paused != nil {
		t.Errorf("resumed shop still paused")
	}
}

// Without the owner's switch, the catalogue's orders_open decides.
func TestShopCatalogueDefault(t *testing.T) {
	cat := catalogtest.Shop(t)
	cat.OrdersOpen = false
	e := newEnv(t, withCatalog(cat))
	var a shopAnswer
	e.get("/v1/shop").Decode(t, &a)
	if a.OrdersOpen {
		t.Error("catalogue says closed, shop says open")
	}
	e.setOpen(true)
	e.get("/v1/shop").Decode(t, &a)
	if !a.OrdersOpen {
		t.Error("the owner's switch does not override the catalogue")
	}
}

// A paused shop tells the day it takes orders again, when the owner named
// one; an open shop says nothing of it.
func TestShopReopens(t *testing.T) {
	e := newEnv(t)
	if err := e.db.UpdateNow(func(tx *store.Tx) error {
		if err := tx.SetOrdersOpen(false); err != nil {
			return err
		}
		return tx.SetOrdersReopen("2027-01-04")
	}); err != nil {
		t.Fatal(err)
	}
	var a struct {
		OrdersOpen bool   `json:"orders_open"`
		Reopens    string `json:"reopens"`
	}
	e.get("/v1/shop?locale=pl").Decode(t, &a)
	if a.OrdersOpen || a.Reopens != "2027-01-04" {
		t.Errorf("paused until a day: %+v", a)
	}
	e.setOpen(true)
	r := e.get("/v1/shop")
	if strings.Contains(string(r.Body), "reopens") {
		t.Errorf("an open shop names a day: %s", r.Body)
	}
}
