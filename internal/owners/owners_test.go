package owners

import (
	"errors"
	"strings"
	"testing"
	"time"
)

// RFC 6238 appendix B, SHA-1: the key is the ASCII "12345678901234567890",
// codes of 8 digits at the given Unix times.
func TestTOTPRFCVectors(t *testing.T) {
	key := []byte("12345678901234567890")
	for unix, want := range map[int64]string{
		59: "94287082", 1111111109: "07081804", 1111111111: "14050471",
		1234567890: "89005924", 2000000000: "69279037", 20000000000: "65353130",
	} {
		if got := totpCode(key, uint64(unix/30), 8); got != want {
			t.Errorf("T=%d: %s, want %s", unix, got, want)
		}
	}
}

func TestVerifyTOTP(t *testing.T) {
	key := []byte("12345678901234567890")
	now := time.Unix(1111111109, 0)
	code := totpCode(key, uint64(now.Unix()/30), 6)
	for _, c := range []struct {
		at   time.Time
		code string
		want bool
	}{
		{now, code, true},
		{now, code[:3] + " " + code[3:], true}, // typed with a space
		{now.Add(30 * time.Second), code, true},
		{now.Add(-30 * time.Second), code, true},
		{now.Add(90 * time.Second), code, false},
		{now, "000000", code == "000000"},
		{now, code[:5], false},
	} {
		if got := VerifyTOTP(key, c.code, c.at); got != c.want {
			t.Errorf("%q at %v: %v", c.code, c.at.Unix(), got)
		}
	}
	if VerifyTOTP(nil, code, now) {
		t.Error("no secret accepted a code")
	}
	u := TOTPURL("Saber Forge", "marek", key)
	if !strings.HasPrefix(u, "otpauth://totp/Saber%20Forge:marek?") || !strings.Contains(u, "secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ") {
		t.Errorf("otpauth URL %q", u)
	}
}

func TestPassword(t *testing.T) {
	h, err := HashPassword("correct horse battery")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(h, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Errorf("hash %q", h)
	}
	h2, _ := HashPassword("correct horse battery")
	if h == h2 {
		t.Error("two hashes of one password are equal: no salt")
	}
	if !VerifyPassword(h, "correct horse battery") || VerifyPassword(h, "correct horse batterY") || VerifyPassword(h, "") {
		t.Error("VerifyPassword")
	}
	for _, bad := range []string{"", "$argon2i$v=19$m=19456,t=2,p=1$c2FsdA$a2V5", "$argon2id$v=19$m=999999999,t=2,p=1$c2FsdA$a2V5", strings.Replace(h, "$v=19", "$v=18", 1)} {
		if VerifyPassword(bad, "correct horse battery") {
			t.Errorf("malformed hash %q matched", bad)
		}
	}
	for _, pw := range []string{"short", "elevenchars", strings.Repeat("x", MaxPassword+1)} {
		if _, err := HashPassword(pw); !errors.Is(err, ErrPassword) {
			t.Errorf("%d characters: %v", len(pw), err)
		}
	}
	// Twelve characters of any script count as twelve.
	if _, err := HashPassword("zażółćgęśląj"); err != nil {
		t.Error(err)
	}
}

func TestThrottle(t *testing.T) {
	now := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	var f Failures
	for i := range FreeTries {
		if w := f.Wait(now); w != 0 {
			t.Fatalf("try %d waits %v", i+1, w)
		}
		f = f.Failed(now)
	}
	if w := f.Wait(now); w != time.Second {
		t.Errorf("after %d failures: wait %v, want 1s", FreeTries, w)
	}
	// 100 failures: the wait stops growing at MaxDelay, and ends.
	for range 100 {
		f = f.Failed(now)
	}
	if w := f.Wait(now); w != MaxDelay {
		t.Errorf("after 105 failures: wait %v", w)
	}
	if w := f.Wait(now.Add(MaxDelay)); w != 0 {
		t.Errorf("after MaxDelay: still %v", w)
	}
	// A guesser at full speed gets at most one try per MaxDelay: fewer
	// than a hundred a day.
	if perDay := int(24 * time.Hour / MaxDelay); perDay > 100 {
		t.Errorf("%d tries a day", perDay)
	}
	// A day without failures starts afresh.
	if f = f.Failed(now.Add(25 * time.Hour)); f.Count != 1 {
		t.Errorf("count after a quiet day: %d", f.Count)
	}
	// A failure counted before a check that did not fail is taken back:
	// the count is as before, the time of the last failure stays.
	later := now.Add(26 * time.Hour)
	if u := f.Failed(later).Undone(); u.Count != 1 || !u.Last.Equal(later) {
		t.Errorf("undone: %+v", u)
	}
	if u := (Failures{}).Failed(later).Undone(); u != (Failures{}) {
		t.Errorf("the only failure undone: %+v, want none", u)
	}
}

func TestSetupAndSessions(t *testing.T) {
	now := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	o := &Owner{Name: "marek", Created: now}
	if err := CheckName(o.Name); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"", "Marek", "marek kowalczyk", strings.Repeat("a", 33), "<b>"} {
		if CheckName(bad) == nil {
			t.Errorf("name %q accepted", bad)
		}
	}
	token, err := o.NewSetup(now)
	if err != nil || o.Ready() {
		t.Fatal(err, o.Ready())
	}
	hash, err := HashPassword("a good long password")
	if err != nil {
		t.Fatal(err)
	}
	if err := o.CheckSetup(token+"x", now); !errors.Is(err, ErrSetup) {
		t.Errorf("wrong token: %v", err)
	}
	if err := o.UseSetup(token+"x", hash, now); !errors.Is(err, ErrSetup) || o.Ready() {
		t.Errorf("wrong token: %v", err)
	}
	if err := o.UseSetup(token, hash, now.Add(SetupValid)); !errors.Is(err, ErrSetup) {
		t.Errorf("expired token: %v", err)
	}
	if err := o.CheckSetup(token, now.Add(time.Hour)); err != nil {
		t.Errorf("a good token: %v", err)
	}
	if err := o.UseSetup(token, hash, now.Add(time.Hour)); err != nil || !o.Ready() {
		t.Fatalf("setup: %v", err)
	}
	if err := o.UseSetup(token, hash, now.Add(time.Hour)); !errors.Is(err, ErrSetup) {
		t.Errorf("a used token worked again: %v", err)
	}

	at := now.Add(2 * time.Hour)
	s, id, err := NewSession("marek", "192.0.2.1", "Mozilla/5.0", "password", at)
	if err != nil || s.Key != SessionKey(id) || s.Key == id || len(id) < 43 || s.CSRF == "" {
		t.Fatalf("session %+v id %q: %v", s, id, err)
	}
	for _, c := range []struct {
		name string
		at   time.Time
		want bool
	}{
		{"fresh", at, true},
		{"idle just under the limit", at.Add(IdleTimeout - time.Second), true},
		{"idle too long", at.Add(IdleTimeout), false},
	} {
		if got := s.Live(o, c.at); got != c.want {
			t.Errorf("%s: %v", c.name, got)
		}
	}
	// Used every hour, it still ends after MaxLifetime.
	for tt := at; tt.Before(at.Add(MaxLifetime)); tt = tt.Add(time.Hour) {
		if !s.Live(o, tt) {
			t.Fatalf("ended early at %v", tt)
		}
		s.LastSeen = tt
	}
	if s.Live(o, at.Add(MaxLifetime)) {
		t.Error("alive after MaxLifetime")
	}
	// Sign-out everywhere ends sessions made before it.
	s2, _, _ := NewSession("marek", "192.0.2.1", "", "password", at)
	o.SessionsAfter = at.Add(time.Minute)
	if s2.Live(o, at.Add(2*time.Minute)) || s2.Live(nil, at) {
		t.Error("a session outlived sign-out everywhere or its account")
	}
}
