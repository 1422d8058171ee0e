// Package pointcache keeps what a carrier said of its lockers for a
// while, so the checkout's searches reach the carrier once per place and
// not once per shopper (the daemon proxies every search: no shopper's
// browser talks to the carrier), and an order can still name its locker
// when the carrier is briefly unreachable (docs/shipping.md).
package pointcache

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"sync"
	"time"

	"sabershop/internal/shipping"
)

// Lives of what is kept. A search answer is reused for SearchTTL; a point
// is always asked of the carrier (an order checks its locker is still
// open, whatever a search said a minute ago), and on an outage an answer
// up to StaleTTL old stands in for either.
const (
	SearchTTL  = 10 * time.Minute
	StaleTTL   = 24 * time.Hour
	maxEntries = 5000
)

type searchEntry struct {
	points []shipping.Point
	at     time.Time
}

type pointEntry struct {
	point shipping.Point
	at    time.Time
}

// Cache is a shipping.Carrier whose Points and Point answers are kept;
// every other method is the carrier's own.
type Cache struct {
	shipping.Carrier
	Now func() time.Time // time.Now when nil

	mu       sync.Mutex
	searches map[string]searchEntry
	points   map[string]pointEntry
}

// New wraps carrier.
func New(carrier shipping.Carrier) *Cache {
	return &Cache{Carrier: carrier, searches: map[string]searchEntry{}, points: map[string]pointEntry{}}
}

func (c *Cache) now() time.Time {
	if c.Now != nil {
		return c.Now()
	}
	return time.Now()
}

// searchKey folds the places that give the same answer: the text without
// case and extra spaces, coordinates to about 100 m.
func searchKey(q shipping.PointQuery) string {
	if q.Near {
		return fmt.Sprintf("@%.3f,%.3f/%d", math.Round(q.Lat*1000)/1000, math.Round(q.Lon*1000)/1000, q.Limit)
	}
	return strings.Join(strings.Fields(strings.ToLower(q.Text)), " ") + fmt.Sprintf("/%d", q.Limit)
}

// Points is the carrier's answer to the search, kept for SearchTTL; when
// the carrier is unavailable, an answer up to StaleTTL old.
func (c *Cache) Points(ctx context.Context, q shipping.PointQuery) ([]shipping.Point, error) {
	key, now := searchKey(q), c.now()
	c.mu.Lock()
	e, ok := c.searches[key]
	c.mu.Unlock()
	if ok && now.Sub(e.at) < SearchTTL {
		return e.points, nil
	}
	points, err := c.Carrier.Points(ctx, q)
	if err != nil {
		if ok && errors.Is(err, shipping.ErrUnavailable) && now.Sub(e.at) < StaleTTL {
			return e.points, nil
		}
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.trim()
	c.searches[key] = searchEntry{points: points, at: now}
	for _, p := range points {
		c.points[p.Code] = pointEntry{point: p, at: now}
	}
	return points, nil
}

// Point is the locker as the carrier says now; when the carrier is
// unavailable, as it was seen up to StaleTTL ago, in a search or by code.
func (c *Cache) Point(ctx context.Context, code string) (shipping.Point, error) {
	now := c.now()
	p, err := c.Carrier.Point(ctx, code)
	if err != nil {
		c.mu.Lock()
		e, ok := c.points[code]
		c.mu.Unlock()
		if ok && errors.Is(err, shipping.ErrUnavailable) && now.Sub(e.at) < StaleTTL {
			return e.point, nil
		}
		return shipping.Point{}, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.trim()
	c.points[code] = pointEntry{point: p, at: now}
	return p, nil
}

// trim empties a map grown past maxEntries (a crawl of every postcode
// must not grow the daemon without end); c.mu is held.
func (c *Cache) trim() {
	if len(c.searches) >= maxEntries {
		clear(c.searches)
	}
	if len(c.points) >= maxEntries {
		clear(c.points)
	}
}
