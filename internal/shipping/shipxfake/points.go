package shipxfake

import (
	"math"
	"net/http"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

var postcodeRE = regexp.MustCompile(`^\d{2}-\d{3}$`)

// listPoints is GET /v1/points: filtered by name, type, status, city and
// street (the last one the fake's own: ShipX documents none), ordered by
// distance from relative_point or relative_post_code when given, paged
// by per_page (default 25, at most 500) and page.
func (f *Fake) listPoints(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	bad := map[string][]string{}
	perPage, page := 25, 1
	for key, dst := range map[string]*int{"per_page": &perPage, "page": &page} {
		if s := q.Get(key); s != "" {
			n, err := strconv.Atoi(s)
			if err != nil || n < 1 || key == "per_page" && n > 500 {
				bad[key] = append(bad[key], "invalid")
				continue
			}
			*dst = n
		}
	}
	var centre *location
	if s := q.Get("relative_point"); s != "" {
		lat, lon, ok := parseLatLon(s)
		if !ok {
			bad["relative_point"] = append(bad["relative_point"], "invalid")
		}
		centre = &location{lat, lon}
	} else if s := q.Get("relative_post_code"); s != "" {
		if !postcodeRE.MatchString(s) {
			bad["relative_post_code"] = append(bad["relative_post_code"], "invalid_format")
		} else if c, ok := centroids[s[:4]]; ok {
			centre = &c
		} else if c, ok := centroids[s[:2]]; ok {
			centre = &c
		} else {
			// No locker of the fake's is near: an empty answer, as ShipX
			// gives for a place without lockers in max_distance.
			writeJSON(w, http.StatusOK, page0(r, perPage, page, nil))
			return
		}
	}
	if len(bad) > 0 {
		fail(w, http.StatusBadRequest, "validation_failed", "Query parameters are not valid.", bad)
		return
	}
	types := splitList(q.Get("type"))
	statuses := splitList(q.Get("status"))
	names := splitList(q.Get("name"))
	city, street := fold(q.Get("city")), fold(q.Get("street"))

	f.mu.Lock()
	var items []point
	for _, p := range f.points {
		switch {
		case len(types) > 0 && !containsAny(types, p.Type),
			len(statuses) > 0 && !contains(statuses, p.Status),
			len(names) > 0 && !contains(names, p.Name),
			city != "" && fold(p.AddressDetails.City) != city,
			street != "" && !strings.Contains(fold(p.AddressDetails.Street), street):
			continue
		}
		c := *p
		if centre != nil {
			d := int(math.Round(haversine(*centre, p.Location)))
			c.Distance = &d
		}
		items = append(items, c)
	}
	f.mu.Unlock()
	sort.Slice(items, func(i, j int) bool {
		if items[i].Distance != nil && *items[i].Distance != *items[j].Distance {
			return *items[i].Distance < *items[j].Distance
		}
		return items[i].Name < items[j].Name
	})
	writeJSON(w, http.StatusOK, page0(r, perPage, page, items))
}

// page0 is ShipX's list envelope (href, count, page, per_page,
// total_pages, items) with the page's items.
func page0(r *http.Request, perPage, page int, all []point) map[string]any {
	from := min((page-1)*perPage, len(all))
	to := min(from+perPage, len(all))
	items := all[from:to]
	if items == nil {
		items = []point{}
	}
	return map[string]any{
		"href": r.URL.String(), "count": len(all), "page": page, "per_page": perPage,
		"total_pages": (len(all) + perPage - 1) / perPage, "items": items,
	}
}

// getPoint is GET /v1/points/{name}; 404 resource_not_found for a name
// the fake has no point by.
func (f *Fake) getPoint(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	p, ok := f.points[strings.ToUpper(r.PathValue("name"))]
	var c point
	if ok {
		c = *p
	}
	f.mu.Unlock()
	if !ok {
		fail(w, http.StatusNotFound, "resource_not_found", "Resource you are looking for are not found", nil)
		return
	}
	writeJSON(w, http.StatusOK, c)
}

func parseLatLon(s string) (lat, lon float64, ok bool) {
	a, b, found := strings.Cut(s, ",")
	if !found {
		return 0, 0, false
	}
	lat, err1 := strconv.ParseFloat(strings.TrimSpace(a), 64)
	lon, err2 := strconv.ParseFloat(strings.TrimSpace(b), 64)
	return lat, lon, err1 == nil && err2 == nil && math.Abs(lat) <= 90 && math.Abs(lon) <= 180
}

// haversine is the distance in metres between a and b on a sphere of
// the Earth's mean radius: a few metres off over a city, as good as the
// coordinates.
func haversine(a, b location) float64 {
	const r = 6371008.8
	rad := math.Pi / 180
	dLat := (b.Latitude - a.Latitude) * rad
	dLon := (b.Longitude - a.Longitude) * rad
	h := math.Sin(dLat/2)*math.Sin(dLat/2) +
		math.Cos(a.Latitude*rad)*math.Cos(b.Latitude*rad)*math.Sin(dLon/2)*math.Sin(dLon/2)
	return 2 * r * math.Asin(math.Sqrt(h))
}

func splitList(s string) []string {
	if s == "" {
		return nil
	}
	out := strings.Split(s, ",")
	for i := range out {
		out[i] = strings.TrimSpace(out[i])
	}
	return out
}

func contains(list []string, s string) bool {
	for _, l := range list {
		if strings.EqualFold(l, s) {
			return true
		}
	}
	return false
}

func containsAny(list, of []string) bool {
	for _, s := range of {
		if contains(list, s) {
			return true
		}
	}
	return false
}

// fold is s trimmed, in lower case, without diacritics: "Łódź" and
// "lodz" are one town to a shopper.
func fold(s string) string {
	s = strings.NewReplacer("ł", "l", "Ł", "L").Replace(strings.TrimSpace(s))
	t := transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
	if r, _, err := transform.String(t, s); err == nil {
		s = r
	}
	return strings.ToLower(s)
}
