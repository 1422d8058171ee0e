package owners

import "time"

// Failed sign-ins slow the next try, per account and per address, with
// delays that grow and then stop growing: five free tries, then 1 s,
// 2 s, 4 s, ... up to MaxDelay. A guesser gets a few hundred tries a day
// at most; the owner is never locked out for longer than MaxDelay, and a
// passkey is not slowed by a guesser's failures.
const (
	FreeTries = 5
	MaxDelay  = 15 * time.Minute
	// forgetAfter clears a record nobody failed on for a day.
	forgetAfter = 24 * time.Hour
)

// Failures is the record of one account's or one address's failed
// sign-ins.
type Failures struct {
	Count int       `json:"count"`
	Last  time.Time `json:"last"`
}

// Delay is how long after the last failure the next try must wait.
func (f Failures) Delay() time.Duration {
	if f.Count < FreeTries {
		return 0
	}
	d := time.Second << min(f.Count-FreeTries, 20)
	return min(d, MaxDelay)
}

// Wait is how long a try at now must still wait (0: go ahead).
func (f Failures) Wait(now time.Time) time.Duration {
	if now.Sub(f.Last) >= forgetAfter {
		return 0
	}
	if w := f.Last.Add(f.Delay()).Sub(now); w > 0 {
		return w
	}
	return 0
}

// Failed records a failure at now.
func (f Failures) Failed(now time.Time) Failures {
	if now.Sub(f.Last) >= forgetAfter {
		f.Count = 0
	}
	return Failures{Count: f.Count + 1, Last: now}
}

// Undone takes back one failure recorded before a check that then did
// not fail (a right password that still needs its second factor): a try
// is counted before its secret is checked, so that tries sent at once
// cost what the same tries one after another do. The time of the last
// failure stays.
func (f Failures) Undone() Failures {
	if f.Count <= 1 {
		return Failures{}
	}
	return Failures{Count: f.Count - 1, Last: f.Last}
}
