package shipx_test

import (
	"errors"
	"strings"
	"testing"

	"sabershop/internal/shipping"
)

func TestPoints(t *testing.T) {
	e := newEnv(t, 0)
	tests := []struct {
		name   string
		q      shipping.PointQuery
		first  string   // the nearest, "" when any
		all    string   // every code's prefix, "" when any
		only   []string // exactly these codes, in any order
		n      int      // how many, 0 when any
		sorted bool     // by distance, every distance set
	}{
		{name: "postcode", q: shipping.PointQuery{Text: "30-363"}, first: "KRA99M", all: "KRA", n: 10, sorted: true},
		{name: "postcode without dash", q: shipping.PointQuery{Text: "30363", Limit: 3}, first: "KRA99M", n: 3, sorted: true},
		{name: "Warsaw postcode", q: shipping.PointQuery{Text: "02-515", Limit: 2}, first: "WAW105M", n: 2, sorted: true},
		{name: "town", q: shipping.PointQuery{Text: "Łódź"}, all: "LOD", n: 6},
		{name: "town without diacritics", q: shipping.PointQuery{Text: "lodz"}, all: "LOD", n: 6},
		{name: "street in two towns", q: shipping.PointQuery{Text: "Długa"}, only: []string{"KRA06M", "GDA01M"}},
		{name: "street, town", q: shipping.PointQuery{Text: "ul. Długa, Kraków"}, only: []string{"KRA06M"}},
		{name: "near", q: shipping.PointQuery{Near: true, Lat: 52.2297, Lon: 21.0122, Limit: 3}, all: "WAW", n: 3, sorted: true},
		{name: "limit capped", q: shipping.PointQuery{Text: "Kraków", Limit: 100}, all: "KRA", n: 20},
		{name: "nowhere", q: shipping.PointQuery{Text: "Zakopane"}, n: 0, only: []string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pts, err := e.c.Points(ctx(t), tt.q)
			if err != nil {
				t.Fatal(err)
			}
			codes := make([]string, len(pts))
			for i, p := range pts {
				codes[i] = p.Code
				if !p.Operating {
					t.Errorf("%s is not operating", p.Code)
				}
				if tt.all != "" && !strings.HasPrefix(p.Code, tt.all) {
					t.Errorf("%s is not %s*", p.Code, tt.all)
				}
				if tt.sorted && (p.Distance <= 0 || i > 0 && p.Distance < pts[i-1].Distance) {
					t.Errorf("%s at %d m out of order: %+v", p.Code, p.Distance, pts)
				}
				if p.Street == "" || p.Zip == "" || p.City == "" || p.Hours == "" || p.Lat == 0 {
					t.Errorf("%s incomplete: %+v", p.Code, p)
				}
			}
			if tt.n > 0 && len(pts) != tt.n {
				t.Errorf("%d points %v, want %d", len(pts), codes, tt.n)
			}
			if tt.first != "" && (len(pts) == 0 || pts[0].Code != tt.first) {
				t.Errorf("first of %v, want %s", codes, tt.first)
			}
			if tt.only != nil && strings.Join(sorted(codes), ",") != strings.Join(sorted(tt.only), ",") {
				t.Errorf("points %v, want %v", codes, tt.only)
			}
			for _, c := range codes {
				if c == "KRA14M" || c == "WAW109M" || c == "GDA05M" {
					t.Errorf("closed %s offered", c)
				}
			}
		})
	}
}

func sorted(s []string) []string {
	out := append([]string(nil), s...)
	for i := range out {
		for j := i + 1; j < len(out); j++ {
			if out[j] < out[i] {
				out[i], out[j] = out[j], out[i]
			}
		}
	}
	return out
}

func TestClosedLocker(t *testing.T) {
	e := newEnv(t, 0)
	if err := e.f.Close("KRA99M"); err != nil {
		t.Fatal(err)
	}
	pts, err := e.c.Points(ctx(t), shipping.PointQuery{Text: "30-363"})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pts {
		if p.Code == "KRA99M" {
			t.Fatal("closed KRA99M offered")
		}
	}
	p, err := e.c.Point(ctx(t), "kra99m")
	if err != nil || p.Code != "KRA99M" || p.Operating || p.Hours != "24/7" {
		t.Fatalf("Point(KRA99M) = %+v, %v; want it, not operating", p, err)
	}
	r := lockerReq()
	r.Point = "KRA99M"
	_, err = e.c.Create(ctx(t), r)
	var inv *shipping.InvalidError
	if !errors.As(err, &inv) || len(inv.Fields["custom_attributes.target_point"]) == 0 {
		t.Fatalf("Create to a closed locker: %v, want InvalidError on target_point", err)
	}
	if _, err := e.c.Point(ctx(t), "XYZ00M"); !errors.Is(err, shipping.ErrNoPoint) {
		t.Fatalf("Point(XYZ00M): %v, want ErrNoPoint", err)
	}
	if err := e.f.Open("KRA99M"); err != nil {
		t.Fatal(err)
	}
	if p, _ := e.c.Point(ctx(t), "KRA99M"); !p.Operating {
		t.Fatal("reopened KRA99M not operating")
	}
}
