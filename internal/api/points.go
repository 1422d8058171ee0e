package api

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gorilla/mux"

	"sabershop/internal/shipping"
)

// pointsPage is GET /v1/points's answer: the lockers found, nearest
// first.
type pointsPage struct {
	Carrier string           `json:"carrier"`
	Items   []shipping.Point `json:"items"`
}

// maxPoints is the most lockers a search lists (a phone's screen shows
// five; a few more to scroll).
const maxPoints = 8

// getPoints is GET /v1/points?carrier=inpost&q=30-363 (or &lat=&lon=,
// the browser's location on the shopper's tap): the carrier's operating
// lockers near a postcode, a town, a street or a place, through the
// daemon's cache, so no shopper's browser talks to the carrier and a
// busy checkout asks it once per place. A query that is not one answers
// 422 on its field; a carrier that cannot be reached 503, in words that
// offer the courier instead.
func (s *Server) getPoints(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	locale := s.requestLocale(r, q.Get("locale"))
	name := q.Get("carrier")
	if name == "" {
		name = "inpost"
	}
	c := s.orders.Carrier(name)
	if c == nil {
		s.fail(w, http.StatusNotFound, locale, "not_found")
		return
	}
	pq := shipping.PointQuery{Text: strings.Join(strings.Fields(q.Get("q")), " "), Limit: maxPoints}
	if q.Has("lat") || q.Has("lon") {
		lat, err1 := strconv.ParseFloat(q.Get("lat"), 64)
		lon, err2 := strconv.ParseFloat(q.Get("lon"), 64)
		if err1 != nil || err2 != nil || lat < -90 || lat > 90 || lon < -180 || lon > 180 {
			s.failFields(w, locale, map[string]string{"q": "points_query"}, nil)
			return
		}
		pq.Near, pq.Lat, pq.Lon, pq.Text = true, lat, lon, ""
	} else if n := utf8.RuneCountInString(pq.Text); n < 2 || n > 80 || !utf8.ValidString(pq.Text) {
		s.failFields(w, locale, map[string]string{"q": "points_query"}, nil)
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), 8*time.Second)
	defer cancel()
	points, err := c.Points(ctx, pq)
	if err != nil {
		var invalid *shipping.InvalidError
		if errors.As(err, &invalid) {
			s.failFields(w, locale, map[string]string{"q": "points_query"}, nil)
			return
		}
		s.log.Warn("locker search failed", "carrier", name, "err", err)
		s.fail(w, http.StatusServiceUnavailable, locale, "points_unavailable")
		return
	}
	out := pointsPage{Carrier: name, Items: []shipping.Point{}}
	for _, p := range points {
		if p.Operating && len(out.Items) < maxPoints {
			out.Items = append(out.Items, p)
		}
	}
	writeJSON(w, http.StatusOK, out)
}

// maxCarrierBody bounds what a carrier may post.
const maxCarrierBody = 64 << 10

// postCarrierWebhook is POST /v1/carriers/{carrier}/webhook: a parcel's
// status, verified by the carrier's client (a forged or stale
// notification is refused, 401) and recorded on its order once
// (orders.Service.ApplyCarrierUpdate), so a replayed one changes nothing.
func (s *Server) postCarrierWebhook(w http.ResponseWriter, r *http.Request) {
	name := mux.Vars(r)["carrier"]
	c := s.orders.Carrier(name)
	if c == nil {
		s.fail(w, http.StatusNotFound, "en", "not_found")
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, maxCarrierBody+1))
	if err != nil || len(body) > maxCarrierBody {
		s.fail(w, http.StatusRequestEntityTooLarge, "en", "too_large")
		return
	}
	u, err := c.Verify(r.Context(), shipping.Notification{Header: r.Header, Query: r.URL.RawQuery, Body: body})
	if err != nil {
		s.cfg.Observer.Webhook(name, "rejected")
		s.log.Warn("carrier webhook rejected", "carrier", name, "err", err)
		if errors.Is(err, shipping.ErrForged) {
			s.fail(w, http.StatusUnauthorized, "en", "not_found")
			return
		}
		s.fail(w, http.StatusBadRequest, "en", "malformed_json")
		return
	}
	if err := s.orders.ApplyCarrierUpdate(name, u); err != nil {
		s.cfg.Observer.Webhook(name, "error")
		s.internal(w, r, "en", err)
		return
	}
	s.cfg.Observer.Webhook(name, string(u.Status))
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}
