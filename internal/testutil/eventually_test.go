package testutil

import (
	"errors"
	"fmt"
	"runtime"
	"testing"
	"time"
)

func TestEventuallyPollsUntilNil(t *testing.T) {
	calls := 0
	Eventually(t, "the third call", func() error {
		calls++
		if calls < 3 {
			return fmt.Errorf("call %d", calls)
		}
		return nil
	})
	if calls != 3 {
		t.Errorf("check called %d times, want 3", calls)
	}
}

// deadlineTB is a test whose deadline has already come, to see how
// Eventually gives up.
type deadlineTB struct {
	testing.TB
	deadline time.Time
	failed   string
}

func (d *deadlineTB) Deadline() (time.Time, bool) { return d.deadline, true }
func (d *deadlineTB) Helper()                     {}
func (d *deadlineTB) Fatalf(format string, args ...any) {
	d.failed = fmt.Sprintf(format, args...)
	runtime.Goexit()
}

func TestEventuallyReportsWhatItAwaited(t *testing.T) {
	d := &deadlineTB{TB: t, deadline: time.Now()}
	done := make(chan struct{})
	go func() {
		defer close(done)
		Eventually(d, "the moon", func() error { return errors.New("still the sun") })
	}()
	select {
	case <-done:
	case <-UntilDeadline(t):
		t.Fatal("Eventually did not give up at a deadline already past")
	}
	if want := "gave up waiting for the moon at the test's deadline: still the sun"; d.failed != want {
		t.Errorf("failure %q, want %q", d.failed, want)
	}
}
