package desk

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/webauthn"

	"sabershop/internal/owners"
)

// fullCredential is a webauthn.Credential with every field the library
// keeps set, as a registration makes it (the flags from their byte).
func fullCredential() webauthn.Credential {
	yes, no, pin := true, false, uint(6)
	return webauthn.Credential{
		ID:                []byte{1, 2, 3, 250},
		PublicKey:         []byte("a COSE key"),
		AttestationType:   "none",
		AttestationFormat: "packed",
		Transport:         []protocol.AuthenticatorTransport{protocol.Internal, protocol.Hybrid},
		Flags:             webauthn.NewCredentialFlags(protocol.FlagUserPresent | protocol.FlagUserVerified | protocol.FlagBackupEligible),
		Authenticator: webauthn.Authenticator{AAGUID: bytes.Repeat([]byte{0xad}, 16), SignCount: 7, CloneWarning: true,
			Attachment: protocol.Platform},
		Attestation: webauthn.CredentialAttestation{ClientDataJSON: []byte(`{"type":"webauthn.create"}`),
			ClientDataHash: []byte{9, 9}, AuthenticatorData: []byte{8, 8}, PublicKeyAlgorithm: -7, Object: []byte{0xa3}},
		Extensions: webauthn.CredentialExtensions{RK: &yes, CredProtect: protocol.CredentialProtectionPolicyUserVerificationRequired,
			MinPinLength: &pin, PRFEnabled: &no, LargeBlobSupported: &yes, HMACSecret: &yes, CredBlobSet: &no},
	}
}

// A credential the data file holds in go-webauthn's JSON decodes into
// owners.Credential and encodes back to the same bytes, and decodes from
// those into the library's type equal to what the library itself reads:
// existing accounts keep their passkeys. Checked for a full credential and
// for a bare one (the omitted fields).
func TestCredentialJSONIsTheLibrarys(t *testing.T) {
	for name, c := range map[string]webauthn.Credential{
		"full": fullCredential(),
		"bare": {ID: []byte{1}, PublicKey: []byte("k")},
	} {
		blob, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		var kept owners.Credential
		if err := json.Unmarshal(blob, &kept); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		again, err := json.Marshal(kept)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(again, blob) {
			t.Errorf("%s: owners.Credential encodes\n%s\nthe library\n%s", name, again, blob)
		}
		var want, back webauthn.Credential
		if err := json.Unmarshal(blob, &want); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(again, &back); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(back, want) {
			t.Errorf("%s: read back %+v\nwant %+v", name, back, want)
		}
		// The desk's conversion gives the library what its JSON gives.
		if got := webauthnCredential(&kept); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: converted %+v\nwant %+v", name, got, want)
		}
		// And back: what a ceremony returns is kept as its JSON would be.
		if got := ownersCredential(&c); !reflect.DeepEqual(got, kept) {
			t.Errorf("%s: kept %+v\nwant %+v", name, got, kept)
		}
	}
}

// A record written by an older go-webauthn kept the attestation format in
// attestationType; both types move it to AttestationFormat alike, for
// every format the library knows and for none of the attestation types.
func TestCredentialOldAttestationField(t *testing.T) {
	for _, v := range []string{
		string(protocol.AttestationFormatPacked), string(protocol.AttestationFormatTPM),
		string(protocol.AttestationFormatAndroidKey), string(protocol.AttestationFormatAndroidSafetyNet),
		string(protocol.AttestationFormatFIDOUniversalSecondFactor), string(protocol.AttestationFormatApple),
		string(protocol.AttestationFormatCompound), string(protocol.AttestationFormatNone),
		"basic_full", "basic_surrogate", "attca", "anonca", "ecdaa", "self", "Packed", "",
	} {
		blob := []byte(`{"id":"AQ==","publicKey":"aw==","attestationType":"` + v + `","flags":{"userPresent":true,` +
			`"userVerified":false,"backupEligible":false,"backupState":false},"authenticator":{},"attestation":{}}`)
		var want webauthn.Credential
		var kept owners.Credential
		if err := json.Unmarshal(blob, &want); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(blob, &kept); err != nil {
			t.Fatal(err)
		}
		if got := webauthnCredential(&kept); !reflect.DeepEqual(got, want) {
			t.Errorf("attestationType %q: read as %q/%q, the library %q/%q", v,
				got.AttestationType, got.AttestationFormat, want.AttestationType, want.AttestationFormat)
		}
		if protocol.IsAttestationFormatString(v) != (kept.AttestationFormat == v && v != "") {
			t.Errorf("attestationType %q: the library's list and owners' differ", v)
		}
	}
}

// The account as go-webauthn sees it: its random handle, its name, its
// passkeys' credentials, and a sign-in's new sign count kept.
func TestPasskeyUser(t *testing.T) {
	c := fullCredential()
	o := &owners.Owner{Name: "marek", PasskeyUser: []byte("handle"),
		Passkeys: []owners.Passkey{{Name: "phone", Credential: ownersCredential(&c)}}}
	u := passkeyUser{o}
	if string(u.WebAuthnID()) != "handle" || u.WebAuthnName() != "marek" || u.WebAuthnDisplayName() != "marek" {
		t.Errorf("user %q %q %q", u.WebAuthnID(), u.WebAuthnName(), u.WebAuthnDisplayName())
	}
	creds := u.WebAuthnCredentials()
	if len(creds) != 1 || !bytes.Equal(creds[0].ID, c.ID) || creds[0].Authenticator.SignCount != 7 ||
		len(webauthn.Credentials(creds).CredentialDescriptors()) != 1 {
		t.Fatalf("credentials %+v", creds)
	}
	creds[0].Authenticator.SignCount = 8
	used := ownersCredential(&creds[0])
	if !o.UsedPasskey(&used, time.Now()) || o.Passkeys[0].Credential.Authenticator.SignCount != 8 {
		t.Errorf("after a sign-in: %+v", o.Passkeys[0].Credential.Authenticator)
	}
}
