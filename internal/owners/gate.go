package owners

import (
	"context"
	"errors"
	"runtime"
	"sync/atomic"
)

// ErrBusy is returned by Gate.Enter when every slot is taken and the
// queue is full: the caller answers "busy, try again in a moment"
// without checking anything.
var ErrBusy = errors.New("owners: every password check slot is taken")

// Gate bounds the argon2id runs at once. Each run holds argonMemory
// (19 MiB) and a core for tens of milliseconds, and anyone may ask for
// one (a sign-in, even for a name that does not exist, costs one on
// purpose), so without a bound a hundred requests at once take 2 GB and
// both cores of a small VPS. A few requests wait for a slot in turn; the
// rest are turned away at once. The queue has a length, not a timeout:
// a loaded machine makes each wait longer, never a try that was let in
// fail.
type Gate struct {
	slots   chan struct{}
	queue   int64
	waiting atomic.Int64
	checks  atomic.Uint64
	refused atomic.Uint64
}

// NewGate lets slots argon2id runs go at once and queue requests wait
// for one.
func NewGate(slots, queue int) *Gate {
	return &Gate{slots: make(chan struct{}, max(slots, 1)), queue: int64(max(queue, 0))}
}

// GateSlots and GateQueue size the daemon's gate: one run per two cores
// (at least one), so a flood of sign-ins leaves half the machine to the
// shop, and four waiting per slot (about a fifth of a second in line on
// the VPS, measured in docs/benchmarks.md).
func GateSlots() int { return max(1, runtime.GOMAXPROCS(0)/2) }

// GateQueue is the daemon's queue length for GateSlots slots.
func GateQueue() int { return 4 * GateSlots() }

// Enter waits for a slot: at once when one is free, in the queue when
// it is not full, ErrBusy otherwise; ctx ends a wait (the client left).
// The slot is the caller's until Leave.
func (g *Gate) Enter(ctx context.Context) (*Slot, error) {
	select {
	case g.slots <- struct{}{}:
		return &Slot{g: g}, nil
	default:
	}
	if g.waiting.Add(1) > g.queue {
		g.waiting.Add(-1)
		g.refused.Add(1)
		return nil, ErrBusy
	}
	defer g.waiting.Add(-1)
	select {
	case g.slots <- struct{}{}:
		return &Slot{g: g}, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// GateStats are a gate's counts since it was made (the daemon's metrics).
type GateStats struct {
	Checks  uint64 // argon2id runs: passwords checked or hashed
	Refused uint64 // requests turned away busy
}

// Stats are the gate's counts.
func (g *Gate) Stats() GateStats {
	return GateStats{Checks: g.checks.Load(), Refused: g.refused.Load()}
}

// Slot is the right to run argon2id, from Gate.Enter until Leave.
type Slot struct {
	g    *Gate
	left atomic.Bool
}

// Leave gives the slot back; a second Leave does nothing.
func (s *Slot) Leave() {
	if s.left.CompareAndSwap(false, true) {
		<-s.g.slots
	}
}

// Verify is VerifyPassword in this slot.
func (s *Slot) Verify(hash, password string) bool {
	s.g.checks.Add(1)
	return VerifyPassword(hash, password)
}

// Hash is HashPassword in this slot (ErrPassword for a password it
// refuses, without a run).
func (s *Slot) Hash(password string) (string, error) {
	if err := CheckPassword(password); err != nil {
		return "", err
	}
	s.g.checks.Add(1)
	return HashPassword(password)
}
