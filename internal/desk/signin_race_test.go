package desk_test

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"sabershop/internal/desk"
	"sabershop/internal/owners"
	"sabershop/internal/store"
)

// withGate is a desk whose password checks go through gate, so a test
// can count the argon2id runs; trustProxy takes each request's address
// from X-Forwarded-For (as behind Caddy), so a test can be a crowd.
func withGate(t *testing.T, gate *owners.Gate, trustProxy bool) *env {
	return newEnv(t, func(c *desk.Config) { c.Passwords, c.TrustProxy = gate, trustProxy })
}

// burst sends n sign-ins for name at once, each with the headers
// from(i) gives, and counts the answers by status and code.
func (e *env) burst(n int, name string, from func(i int) []string) map[string]int {
	e.t.Helper()
	var (
		mu  sync.Mutex
		got = map[string]int{}
		wg  sync.WaitGroup
	)
	start := make(chan struct{})
	for i := range n {
		wg.Go(func() {
			<-start
			a := e.call("POST", "/admin/api/signin", map[string]string{"name": name, "password": fmt.Sprint("guess ", i)}, from(i)...)
			mu.Lock()
			got[fmt.Sprint(a.status, " ", a.body["code"])]++
			mu.Unlock()
		})
	}
	close(start)
	wg.Wait()
	return got
}

// failuresLogged is the number of "signin.failed" lines in the audit log.
func (e *env) failuresLogged() int {
	e.t.Helper()
	n := 0
	err := e.db.View(func(tx *store.Tx) error {
		all, err := tx.AuditLog(0, 10000)
		for _, a := range all {
			if a.What == "signin.failed" {
				n++
			}
		}
		return err
	})
	if err != nil {
		e.t.Fatal(err)
	}
	return n
}

// checkBurst fails the test when the burst's answers are anything but a
// checked wrong password (401) or a 429 that says to wait, or when the
// passwords checked (argon2id runs), the 401s and the audit log's
// failures do not agree, or more than most were checked.
func checkBurst(t *testing.T, e *env, gate *owners.Gate, got map[string]int, checksBefore uint64, loggedBefore, most int) {
	t.Helper()
	checks := int(gate.Stats().Checks - checksBefore)
	t.Logf("answers %v; %d passwords checked", got, checks)
	for k := range got {
		switch k {
		case "401 signin_failed", "429 too_many_attempts", "429 rate_limited", "429 signin_busy":
		default:
			t.Errorf("answer %q", k)
		}
	}
	if checks > most || got["401 signin_failed"] != checks {
		t.Errorf("%d passwords checked, %d answered 401: want the same, at most %d", checks, got["401 signin_failed"], most)
	}
	if logged := e.failuresLogged() - loggedBefore; logged != checks {
		t.Errorf("%d failures in the audit log, %d passwords checked", logged, checks)
	}
}

// Five wrong passwords, the wait after them ended, then 60 sign-ins at
// once from the same address: one password is checked (the next wait
// starts with it) and the rest are told to wait, as if they had come one
// after another. The same from 60 addresses for one account (the
// account's own delay), and from one address on a fresh account (the
// five free tries, no more).
//
// The gate has a slot for every request here: its own serialising must
// not hide a try counted too late (on a VPS with more cores it has more
// slots).
func TestSigninBurstChecksOnePasswordPerTry(t *testing.T) {
	t.Run("one address", func(t *testing.T) {
		gate := owners.NewGate(64, 0)
		e := withGate(t, gate, false)
		e.signedIn("marek")
		for range owners.FreeTries {
			e.want(e.call("POST", "/admin/api/signin", map[string]string{"name": "marek", "password": "wrong"}), 401, "signin_failed")
		}
		e.want(e.call("POST", "/admin/api/signin", map[string]string{"name": "marek", "password": "wrong"}), 429, "too_many_attempts")
		e.clock.add(time.Second) // the first delay is over
		before, logged := gate.Stats().Checks, e.failuresLogged()
		got := e.burst(60, "marek", func(int) []string { return nil })
		checkBurst(t, e, gate, got, before, logged, 1)
		if got["401 signin_failed"] != 1 {
			t.Errorf("the try the delay's end allowed was not checked: %v", got)
		}
	})
	t.Run("one account from many addresses", func(t *testing.T) {
		gate := owners.NewGate(64, 0)
		e := withGate(t, gate, true)
		e.signedIn("marek")
		for i := range owners.FreeTries {
			e.want(e.call("POST", "/admin/api/signin", map[string]string{"name": "marek", "password": "wrong"},
				"X-Forwarded-For", fmt.Sprintf("198.51.100.%d", i)), 401, "signin_failed")
		}
		e.clock.add(time.Second)
		before, logged := gate.Stats().Checks, e.failuresLogged()
		got := e.burst(60, "marek", func(i int) []string { return []string{"X-Forwarded-For", fmt.Sprintf("203.0.113.%d", i)} })
		checkBurst(t, e, gate, got, before, logged, 1)
	})
	t.Run("fresh account", func(t *testing.T) {
		gate := owners.NewGate(64, 0)
		e := withGate(t, gate, false)
		e.signedIn("marek")
		before, logged := gate.Stats().Checks, e.failuresLogged()
		got := e.burst(60, "marek", func(int) []string { return nil })
		checkBurst(t, e, gate, got, before, logged, owners.FreeTries)
		if got["401 signin_failed"] != owners.FreeTries {
			t.Errorf("the free tries were not all checked: %v", got)
		}
	})
}

// Every slot taken and the queue full: a sign-in is 429 signin_busy with
// Retry-After, in the owner's language, and counts as no failure; the
// right password goes through once a slot is free.
func TestSigninBusy(t *testing.T) {
	gate := owners.NewGate(1, 0)
	e := withGate(t, gate, false)
	e.signedIn("marek")
	held, err := gate.Enter(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	a := e.call("POST", "/admin/api/signin", map[string]string{"name": "marek", "password": password}, "Accept-Language", "en")
	e.want(a, 429, "signin_busy")
	if a.header.Get("Retry-After") != "1" || a.body["message"] != "The desk is checking many sign-ins at once. Try again in 1 seconds." {
		t.Errorf("busy: %v %s", a.header, a.raw)
	}
	held.Leave()
	e.want(e.call("POST", "/admin/api/signin", map[string]string{"name": "marek", "password": password}), 200, "")
	if n := e.failuresLogged(); n != 0 {
		t.Errorf("%d failures logged", n)
	}
}

// The sign-in routes are limited per address: a burst of 20, then one
// every 3 s, told when to come back; another address is not touched; an
// IPv6 address counts as its /64.
func TestSigninRateLimit(t *testing.T) {
	e := withGate(t, owners.NewGate(1, 1000), true)
	e.signedIn("marek")
	from := func(addr string) []string { return []string{"X-Forwarded-For", addr} }
	setup := map[string]string{"name": "nobody", "token": "x", "password": password}
	for i := range 20 {
		// Setups with a made-up link: refused, each a request all the same.
		e.want(e.call("POST", "/admin/api/setup", setup, from(fmt.Sprintf("2001:db8:7:7::%x", i+1))...), 400, "setup_invalid")
	}
	a := e.call("POST", "/admin/api/signin", map[string]string{"name": "marek", "password": password}, from("2001:db8:7:7:ffff::1")...)
	e.want(a, 429, "rate_limited")
	if a.header.Get("Retry-After") != "3" {
		t.Errorf("Retry-After %q", a.header.Get("Retry-After"))
	}
	e.want(e.call("POST", "/admin/api/signin", map[string]string{"name": "marek", "password": password}, from("2001:db8:7:8::1")...), 200, "")
	e.clock.add(3 * time.Second)
	e.want(e.call("POST", "/admin/api/signin", map[string]string{"name": "marek", "password": password}, from("2001:db8:7:7::1")...), 200, "")
}

// A name nobody has costs the same password check as a wrong password
// for a real account, and a right password that still needs its code is
// one check that counts as no failure.
func TestSigninCostsOneCheckWhateverTheName(t *testing.T) {
	gate := owners.NewGate(1, 4)
	e := withGate(t, gate, false)
	e.signedIn("marek")
	for _, name := range []string{"marek", "nobody", "Not A Name!"} {
		before := gate.Stats().Checks
		e.want(e.call("POST", "/admin/api/signin", map[string]string{"name": name, "password": "wrong password"}), 401, "signin_failed")
		if n := gate.Stats().Checks - before; n != 1 {
			t.Errorf("a sign-in as %q: %d checks", name, n)
		}
	}
	if err := e.db.Update(func(tx *store.Tx) error {
		o, err := tx.Owner("marek")
		if err != nil {
			return err
		}
		o.TOTPSecret = []byte("12345678901234567890")
		return tx.PutOwner(o)
	}); err != nil {
		t.Fatal(err)
	}
	var before owners.Failures
	if err := e.db.View(func(tx *store.Tx) (err error) { before, err = tx.Failures("account:marek"); return err }); err != nil {
		t.Fatal(err)
	}
	e.want(e.call("POST", "/admin/api/signin", map[string]string{"name": "marek", "password": password}), 401, "totp_required")
	var after owners.Failures
	if err := e.db.View(func(tx *store.Tx) (err error) { after, err = tx.Failures("account:marek"); return err }); err != nil {
		t.Fatal(err)
	}
	if after.Count != before.Count {
		t.Errorf("a right password asking for its code counted: %d failures, were %d", after.Count, before.Count)
	}
}
