package shipx

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"

	"sabershop/internal/shipping"
)

// point is a point as GET /v1/points lists it ("Points": name, status,
// location, location_description, opening_hours, address_details,
// distance, type).
type point struct {
	Name                string   `json:"name"`
	Type                []string `json:"type"`
	Status              string   `json:"status"`
	LocationDescription string   `json:"location_description"`
	OpeningHours        string   `json:"opening_hours"`
	Location247         bool     `json:"location_247"`
	Distance            *float64 `json:"distance"`
	Location            struct {
		Latitude  float64 `json:"latitude"`
		Longitude float64 `json:"longitude"`
	} `json:"location"`
	AddressDetails struct {
		City           string `json:"city"`
		PostCode       string `json:"post_code"`
		Street         string `json:"street"`
		BuildingNumber string `json:"building_number"`
		FlatNumber     string `json:"flat_number"`
	} `json:"address_details"`
}

// operating is ShipX's status of a point that takes parcels; the others
// (NonOperating, Disabled, Created, Overloaded...) do not.
const operating = "Operating"

func (p point) shop() shipping.Point {
	hours := p.OpeningHours
	if p.Location247 && hours == "" {
		hours = "24/7"
	}
	sp := shipping.Point{
		Code:        p.Name,
		Street:      p.AddressDetails.Street,
		Building:    p.AddressDetails.BuildingNumber,
		Zip:         p.AddressDetails.PostCode,
		City:        p.AddressDetails.City,
		Description: p.LocationDescription,
		Hours:       hours,
		Lat:         p.Location.Latitude,
		Lon:         p.Location.Longitude,
		Operating:   p.Status == operating,
	}
	if p.AddressDetails.FlatNumber != "" {
		sp.Building += "/" + p.AddressDetails.FlatNumber
	}
	if p.Distance != nil {
		sp.Distance = int(*p.Distance + 0.5)
	}
	return sp
}

type pointList struct {
	Items []point `json:"items"`
}

// postcode is a Polish postcode as shoppers type it: "30-363" or "30363".
var postcode = regexp.MustCompile(`^(\d{2})-?(\d{3})$`)

// Points finds operating parcel lockers, nearest first:
//   - Near: relative_point=lat,lon (the browser's location);
//   - Text a postcode: relative_post_code=NN-NNN (ShipX measures from
//     the postcode's area);
//   - "street, town": city=town and street=street, keeping the lockers
//     on that street (a big town has more lockers than a page holds);
//   - any other Text: city=Text (a town); when no town is called that,
//     street=Text. ShipX documents no street filter (the docs list city,
//     post code, name and the relative searches), so the answer is
//     filtered here by street too: were the parameter ignored, the
//     shopper gets no lockers and a hint to type a postcode, not lockers
//     from the other end of Poland.
//
// Every search asks type=parcel_locker and status=Operating, and the
// answer is filtered again: a closed locker must not reach the checkout
// even if the filter were ignored.
func (c *Client) Points(ctx context.Context, q shipping.PointQuery) ([]shipping.Point, error) {
	limit := q.Limit
	if limit <= 0 {
		limit = DefaultLimit
	}
	limit = min(limit, MaxLimit)
	v := url.Values{}
	v.Set("type", "parcel_locker")
	v.Set("status", operating)
	v.Set("per_page", strconv.Itoa(limit))
	text := strings.TrimSpace(q.Text)
	switch {
	case q.Near:
		v.Set("relative_point", fmt.Sprintf("%.6f,%.6f", q.Lat, q.Lon))
		v.Set("sort_by", "distance_to_relative_point")
		return c.listPoints(ctx, v, limit, "")
	case postcode.MatchString(text):
		m := postcode.FindStringSubmatch(text)
		v.Set("relative_post_code", m[1]+"-"+m[2])
		v.Set("sort_by", "distance_to_relative_point")
		return c.listPoints(ctx, v, limit, "")
	case text == "":
		return nil, errors.New("shipx: a point search needs a place")
	}
	if street, town, ok := strings.Cut(text, ","); ok {
		v.Set("city", strings.TrimSpace(town))
		v.Set("street", bareStreet(street))
		v.Set("per_page", strconv.Itoa(MaxLimit))
		return c.listPoints(ctx, v, limit, street)
	}
	v.Set("city", text)
	pts, err := c.listPoints(ctx, v, limit, "")
	if err != nil || len(pts) > 0 {
		return pts, err
	}
	v.Del("city")
	v.Set("street", bareStreet(text))
	v.Set("per_page", strconv.Itoa(MaxLimit))
	return c.listPoints(ctx, v, limit, text)
}

// listPoints asks for points and keeps the operating ones (on street,
// when not "") up to limit, nearest first.
func (c *Client) listPoints(ctx context.Context, v url.Values, limit int, street string) ([]shipping.Point, error) {
	street = fold(bareStreet(street))
	var l pointList
	if _, err := c.do(ctx, http.MethodGet, c.api(c.points, v, "v1", "points"), c.sameHost(), nil, &l); err != nil {
		return nil, pointErr(err)
	}
	out := make([]shipping.Point, 0, len(l.Items))
	for _, p := range l.Items {
		if p.Status == operating && strings.Contains(fold(p.AddressDetails.Street), street) {
			out = append(out, p.shop())
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Distance < out[j].Distance })
	if len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}

// bareStreet is a street without "ul." before it, as ShipX's
// address_details.street holds it ("ul. Długa" → "Długa").
func bareStreet(s string) string {
	s = strings.TrimSpace(s)
	for _, p := range []string{"ul.", "ul ", "Ul.", "UL."} {
		s = strings.TrimSpace(strings.TrimPrefix(s, p))
	}
	return s
}

// sameHost: the token goes only to ShipX's own host; a separate points
// host (public, needs none) does not get it.
func (c *Client) sameHost() bool { return c.points.Host == c.base.Host }

// Point is the point with the code as it is now, closed ones too;
// shipping.ErrNoPoint on ShipX's 404.
func (c *Client) Point(ctx context.Context, code string) (shipping.Point, error) {
	code = strings.ToUpper(strings.TrimSpace(code))
	if code == "" {
		return shipping.Point{}, shipping.ErrNoPoint
	}
	var p point
	_, err := c.do(ctx, http.MethodGet, c.api(c.points, nil, "v1", "points", code), c.sameHost(), nil, &p)
	var he *httpError
	if errors.As(err, &he) && he.code == http.StatusNotFound {
		return shipping.Point{}, shipping.ErrNoPoint
	}
	if err != nil {
		return shipping.Point{}, pointErr(err)
	}
	return p.shop(), nil
}

func pointErr(err error) error {
	var he *httpError
	if errors.As(err, &he) {
		return invalid(he)
	}
	return err
}

// fold is s in lower case without diacritics ("Łódź" → "lodz"), for
// comparing what a shopper typed with a point's address.
func fold(s string) string {
	s = strings.NewReplacer("ł", "l", "Ł", "L").Replace(s)
	t := transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
	r, _, err := transform.String(t, s)
	if err != nil {
		r = s
	}
	return strings.ToLower(r)
}
