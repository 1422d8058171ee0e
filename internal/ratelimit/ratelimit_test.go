package ratelimit

import (
	"fmt"
	"testing"
	"time"
)

var t0 = time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC)

// A key gets its burst at once, then one request per 1/rate; the wait it
// is told is the time to its next token; other keys are not touched.
func TestAllow(t *testing.T) {
	l := New(0.5, 3) // one every 2 s
	for i := range 3 {
		if ok, _ := l.Allow("a", t0); !ok {
			t.Fatalf("request %d of the burst refused", i+1)
		}
	}
	ok, wait := l.Allow("a", t0)
	if ok || wait != 2*time.Second {
		t.Fatalf("fourth at once: %v, wait %v (want 2s)", ok, wait)
	}
	// Asking again does not push the next token further away.
	if ok, wait = l.Allow("a", t0.Add(500*time.Millisecond)); ok || wait != 1500*time.Millisecond {
		t.Fatalf("after 0.5 s: %v, wait %v", ok, wait)
	}
	if ok, _ = l.Allow("b", t0); !ok {
		t.Fatal("another key refused")
	}
	if ok, _ = l.Allow("a", t0.Add(2*time.Second)); !ok {
		t.Fatal("a token 2 s later refused")
	}
	if ok, _ = l.Allow("a", t0.Add(2*time.Second)); ok {
		t.Fatal("two tokens 2 s later")
	}
}

// Keys nobody used for idle are dropped: fresh addresses cost memory only
// while they come.
func TestSweep(t *testing.T) {
	l := New(1, 1)
	for i := range 1000 {
		l.Allow(fmt.Sprint("10.0.", i/256, ".", i%256), t0)
	}
	if l.Len() != 1000 {
		t.Fatalf("%d keys", l.Len())
	}
	l.Allow("10.9.9.9", t0.Add(idle+sweepEvery+time.Second))
	if l.Len() != 1 {
		t.Errorf("%d keys after the idle time, want 1", l.Len())
	}
}
