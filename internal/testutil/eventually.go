package testutil

import (
	"testing"
	"time"
)

// Eventually calls check until it returns nil: at once, then after 5 ms,
// doubling the pause up to 50 ms, so that a quick event is seen quickly and
// a slow one (a process starting on a loaded machine) costs little CPU.
// Nothing but the test binary's own deadline (UntilDeadline) bounds the
// wait: a busy machine may take long, and only a broken run fails, with
// what was awaited and check's last answer. check says why it is not done
// yet in its error; it runs on the test's goroutine, so it may also stop
// the test itself (t.Fatal) when waiting longer is pointless.
//
// A test that needs time to pass waits for the event that marks it (a
// channel, a state polled here), never a fixed sleep: every poll loop of
// the tests goes through here, so none keeps a budget of its own.
func Eventually(t testing.TB, what string, check func() error) {
	t.Helper()
	expired := UntilDeadline(t)
	pause := 5 * time.Millisecond
	for {
		err := check()
		if err == nil {
			return
		}
		timer := time.NewTimer(pause)
		select {
		case <-expired:
			timer.Stop()
			t.Fatalf("gave up waiting for %s at the test's deadline: %v", what, err)
		case <-timer.C:
		}
		pause = min(2*pause, 50*time.Millisecond)
	}
}
