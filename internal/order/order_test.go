package order

import (
	"slices"
	"strings"
	"testing"
	"time"
)

func TestNewHash(t *testing.T) {
	seen := map[string]bool{}
	for range 1000 {
		h, err := NewHash()
		if err != nil {
			t.Fatal(err)
		}
		if len(h) != 24 || !ValidHash(h) || strings.ContainsAny(h, "+/=") {
			t.Fatalf("hash %q", h)
		}
		if seen[h] {
			t.Fatalf("hash %q repeated", h)
		}
		seen[h] = true
	}
}

func TestValidHash(t *testing.T) {
	cases := map[string]bool{
		"AAAAAAAAAAAAAAAAAAAAAAAA":  true,
		"abcdefghijklmnopqrstuv-_":  true,
		"":                          false,
		"AAAAAAAAAAAAAAAAAAAAAAA":   false, // 23
		"AAAAAAAAAAAAAAAAAAAAAAAAA": false, // 25
		"AAAAAAAAAAAAAAAAAAAAAAA+":  false, // standard alphabet
		"AAAAAAAAAAAAAAAAAAAAAA==":  false,
		"../../../../etc/passwd/xx": false,
		"AAAAAAAAAAAAAAAAAAAAAA.A":  false,
	}
	for in, want := range cases {
		if got := ValidHash(in); got != want {
			t.Errorf("ValidHash(%q) = %v, want %v", in, got, want)
		}
	}
}

func TestNew(t *testing.T) {
	req := validRequest()
	req.Customer.Email = " anna@EXAMPLE.com "
	req.Code = "TEN"
	p, errs := PriceWithCoupon(testCatalog(), req, testAt, &Coupon{Code: "TEN", Percent: 10})
	if len(errs) != 0 {
		t.Fatal(errs)
	}
	local := time.Date(2026, 3, 1, 13, 0, 0, 0, time.FixedZone("CET", 3600))
	o := New(req, p, "hash", "v1", local)
	if o.Status != Placed || o.Hash != "hash" || o.CatalogVersion != "v1" || o.Locale != "pl" || o.Currency != "PLN" {
		t.Errorf("order %+v", o)
	}
	if !o.CreatedAt.Equal(local) || o.CreatedAt.Location() != time.UTC {
		t.Errorf("created %v", o.CreatedAt)
	}
	if len(o.Timeline) != 1 || o.Timeline[0] != (Event{Status: Placed, At: local.UTC(), Cause: "order placed"}) {
		t.Errorf("timeline %+v", o.Timeline)
	}
	if o.Customer.Email != "anna@example.com" {
		t.Errorf("customer not normalised: %q", o.Customer.Email)
	}
	if o.Coupon != "TEN" || o.Totals != p.Totals || o.Totals.Discount == 0 || len(o.Lines) != 2 {
		t.Errorf("coupon %q totals %+v", o.Coupon, o.Totals)
	}
	if o.DeliveryDays != [2]int{1, 3} || o.BuildDays != 15 {
		t.Errorf("days %v %d", o.DeliveryDays, o.BuildDays)
	}
	if !slices.Equal(o.Actions(), []string{"pay"}) {
		t.Errorf("actions %v", o.Actions())
	}
}
