package pointcache_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"sabershop/internal/shipping"
	"sabershop/internal/shipping/pointcache"
	"sabershop/internal/shipping/shipx"
	"sabershop/internal/shipping/shipxfake"
)

func newCache(t *testing.T) (*pointcache.Cache, *shipxfake.Fake, *time.Time) {
	t.Helper()
	f := shipxfake.New()
	c, err := shipx.New(shipx.Config{BaseURL: "http://shipx.test", Token: f.Token, OrganizationID: f.OrganizationID,
		WebhookSecret: f.WebhookSecret, HTTP: f.Client()})
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	cache := pointcache.New(c)
	cache.Now = func() time.Time { return now }
	return cache, f, &now
}

// A search is answered from the cache for SearchTTL (the carrier down
// does not notice), then asked again; on an outage an answer up to a day
// old stands in, older none.
func TestSearchCached(t *testing.T) {
	c, f, now := newCache(t)
	ctx := context.Background()
	q := shipping.PointQuery{Text: "30-363", Limit: 5}
	first, err := c.Points(ctx, q)
	if err != nil || len(first) == 0 {
		t.Fatalf("search: %v, %d", err, len(first))
	}
	f.Down(true)
	if got, err := c.Points(ctx, shipping.PointQuery{Text: " 30-363 ", Limit: 5}); err != nil || len(got) != len(first) {
		t.Errorf("within the TTL, with the carrier down: %v, %d", err, len(got))
	}
	*now = now.Add(pointcache.SearchTTL + time.Minute)
	if got, err := c.Points(ctx, q); err != nil || len(got) != len(first) {
		t.Errorf("stale during an outage: %v, %d", err, len(got))
	}
	*now = now.Add(pointcache.StaleTTL)
	if _, err := c.Points(ctx, q); !errors.Is(err, shipping.ErrUnavailable) {
		t.Errorf("a day-old answer during an outage: %v", err)
	}
}

// A locker is always asked of the carrier (one closed since the search is
// closed now); during an outage the locker as a search saw it stands in.
func TestPointAlwaysAsked(t *testing.T) {
	c, f, _ := newCache(t)
	ctx := context.Background()
	found, err := c.Points(ctx, shipping.PointQuery{Text: "30-363", Limit: 5})
	if err != nil {
		t.Fatal(err)
	}
	code := found[0].Code
	if err := f.Close(code); err != nil {
		t.Fatal(err)
	}
	if p, err := c.Point(ctx, code); err != nil || p.Operating {
		t.Errorf("closed since the search: %+v, %v", p, err)
	}
	if err := f.Open(code); err != nil {
		t.Fatal(err)
	}
	f.Down(true)
	if p, err := c.Point(ctx, found[1].Code); err != nil || !p.Operating || p.Code != found[1].Code {
		t.Errorf("during an outage: %+v, %v", p, err)
	}
	if _, err := c.Point(ctx, "WRO01M"); !errors.Is(err, shipping.ErrUnavailable) {
		t.Errorf("a locker never seen, during an outage: %v", err)
	}
}
