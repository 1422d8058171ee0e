package owners

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"
	"time"
)

// Passkeys: a stable random user handle, the credential kept through
// JSON (the store's form), a sign-in's new sign count recorded, removal
// by the desk's id, and a new setup link (the lost phone) forgets them.
func TestPasskeys(t *testing.T) {
	now := time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC)
	o := &Owner{Name: "marek", Created: now}
	if err := o.NewPasskeyUser(); err != nil {
		t.Fatal(err)
	}
	handle := bytes.Clone(o.PasskeyUser)
	if err := o.NewPasskeyUser(); err != nil || len(handle) != 32 || !bytes.Equal(handle, o.PasskeyUser) ||
		bytes.Contains(handle, []byte("marek")) {
		t.Fatalf("handle %x then %x (%v)", handle, o.PasskeyUser, err)
	}
	o.Passkeys = []Passkey{{Name: "phone", Created: now, Credential: Credential{ID: []byte{1, 2, 3},
		PublicKey: []byte("key"), Authenticator: Authenticator{SignCount: 1}}}}

	b, err := json.Marshal(o)
	if err != nil {
		t.Fatal(err)
	}
	var back Owner
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if len(back.Passkeys) != 1 || back.Passkeys[0].ID() != "AQID" || string(back.Passkeys[0].Credential.PublicKey) != "key" ||
		!bytes.Equal(back.PasskeyUser, handle) {
		t.Fatalf("after JSON: %s", b)
	}

	used := back.Passkeys[0].Credential
	used.Authenticator.SignCount = 7
	if !back.UsedPasskey(&used, now.Add(time.Hour)) || back.Passkeys[0].Credential.Authenticator.SignCount != 7 ||
		!back.Passkeys[0].LastUsed.Equal(now.Add(time.Hour)) {
		t.Errorf("after use: %+v", back.Passkeys[0])
	}
	if back.UsedPasskey(&Credential{ID: []byte{9}}, now) {
		t.Error("an unknown credential was recorded as used")
	}
	if _, err := back.RemovePasskey("nope"); !errors.Is(err, ErrNoPasskey) {
		t.Errorf("remove unknown: %v", err)
	}
	if p, err := back.RemovePasskey("AQID"); err != nil || p.Name != "phone" || len(back.Passkeys) != 0 {
		t.Errorf("remove: %+v %v, left %d", p, err, len(back.Passkeys))
	}

	if _, err := o.NewSetup(now); err != nil {
		t.Fatal(err)
	}
	if len(o.Passkeys) != 0 || o.PasskeyUser != nil {
		t.Errorf("a new setup link kept the passkeys: %+v", o.Passkeys)
	}
}
