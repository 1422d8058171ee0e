package owners

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"testing"
)

// waitFor yields until cond holds: the test waits for what the gate does,
// not for a time.
func waitFor(cond func() bool) {
	for !cond() {
		runtime.Gosched()
	}
}

// One slot, two in the queue: the third one waiting is turned away at
// once; a waiter gets the slot when it is left; a waiter whose client
// leaves gives up its place; no more than the slots ever run.
func TestGate(t *testing.T) {
	g := NewGate(1, 2)
	first, err := g.Enter(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	got := make(chan *Slot)
	go func() {
		s, err := g.Enter(context.Background())
		if err != nil {
			t.Error(err)
		}
		got <- s
	}()
	ctx, cancel := context.WithCancel(context.Background())
	gaveUp := make(chan error)
	go func() {
		_, err := g.Enter(ctx)
		gaveUp <- err
	}()
	waitFor(func() bool { return g.waiting.Load() == 2 })
	if _, err := g.Enter(context.Background()); !errors.Is(err, ErrBusy) {
		t.Fatalf("a third waiter: %v, want ErrBusy", err)
	}
	cancel()
	if err := <-gaveUp; !errors.Is(err, context.Canceled) {
		t.Errorf("a waiter whose client left: %v", err)
	}
	select {
	case <-got:
		t.Fatal("a waiter got in while the slot was taken")
	default:
	}
	first.Leave()
	first.Leave() // a second Leave gives back nothing more
	second := <-got
	second.Leave()
	third, err := g.Enter(context.Background())
	if err != nil {
		t.Fatalf("enter with the slot free: %v", err)
	}
	third.Leave()
	if s := g.Stats(); s.Refused != 1 {
		t.Errorf("stats %+v", s)
	}
}

// Many at once: never more than the slots in a run, and each run counted.
func TestGateBound(t *testing.T) {
	const slots = 2
	g := NewGate(slots, 1000)
	var (
		mu           sync.Mutex
		inside, most int
		wg           sync.WaitGroup
	)
	h, err := HashPassword("correct horse battery")
	if err != nil {
		t.Fatal(err)
	}
	for range 20 {
		wg.Go(func() {
			s, err := g.Enter(context.Background())
			if err != nil {
				t.Error(err)
				return
			}
			defer s.Leave()
			mu.Lock()
			inside++
			most = max(most, inside)
			mu.Unlock()
			if s.Verify(h, "wrong horse battery") {
				t.Error("a wrong password matched")
			}
			mu.Lock()
			inside--
			mu.Unlock()
		})
	}
	wg.Wait()
	if most > slots || most == 0 {
		t.Errorf("%d checks at once, want at most %d", most, slots)
	}
	if s := g.Stats(); s.Checks != 20 || s.Refused != 0 {
		t.Errorf("stats %+v", s)
	}
	// A password the rules refuse is not hashed (no run).
	s, _ := g.Enter(context.Background())
	defer s.Leave()
	if _, err := s.Hash("short"); !errors.Is(err, ErrPassword) || g.Stats().Checks != 20 {
		t.Errorf("short password: %v, %+v", err, g.Stats())
	}
}
