// Package ratelimit is a token bucket per key (a client's address), for
// the shop's writes (/v1) and the desk's sign-in routes (/admin/api).
// Buckets nobody used for a while are dropped, so a stream of fresh
// addresses costs memory only while it lasts.
package ratelimit

import (
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// idle is how long a bucket nobody used is kept; sweepEvery is how often
// the map is swept for them.
const (
	idle       = 10 * time.Minute
	sweepEvery = time.Minute
)

// Limiter allows each key Burst requests at once and Rate a second after
// that. The zero value is not usable; see New.
type Limiter struct {
	mu        sync.Mutex
	rate      rate.Limit
	burst     int
	buckets   map[string]*bucket
	lastSweep time.Time
}

type bucket struct {
	lim  *rate.Limiter
	seen time.Time
}

// New is a limiter of perSecond requests a second per key, burst at once
// (at least 1).
func New(perSecond float64, burst int) *Limiter {
	return &Limiter{rate: rate.Limit(perSecond), burst: max(burst, 1), buckets: map[string]*bucket{}}
}

// Allow tells whether key may make a request at now, taking a token when
// it may; when it may not, wait is how long until the next token.
func (l *Limiter) Allow(key string, now time.Time) (ok bool, wait time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if now.Sub(l.lastSweep) > sweepEvery {
		for k, b := range l.buckets {
			if now.Sub(b.seen) > idle {
				delete(l.buckets, k)
			}
		}
		l.lastSweep = now
	}
	b := l.buckets[key]
	if b == nil {
		b = &bucket{lim: rate.NewLimiter(l.rate, l.burst)}
		l.buckets[key] = b
	}
	b.seen = now
	if b.lim.AllowN(now, 1) {
		return true, 0
	}
	// The time until one token is back, without taking it.
	missing := 1 - b.lim.TokensAt(now)
	return false, max(time.Duration(missing/float64(l.rate)*float64(time.Second)), time.Millisecond)
}

// Len is the number of keys kept (for the tests of the sweep).
func (l *Limiter) Len() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.buckets)
}
