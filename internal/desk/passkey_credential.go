package desk

import (
	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/webauthn"

	"sabershop/internal/owners"
)

// The desk is where the shop speaks WebAuthn: owners keeps a passkey's
// record in a type of its own (owners.Credential, the same JSON as the
// library's), so the store and the accounts do not link go-webauthn, and
// the ceremonies here convert at their edge.

// passkeyUser is an account as go-webauthn asks for it (webauthn.User):
// its random user handle, its name, and its passkeys.
type passkeyUser struct{ o *owners.Owner }

var _ webauthn.User = passkeyUser{}

// WebAuthnID is the user handle (owners.Owner.PasskeyUser), never the name.
func (u passkeyUser) WebAuthnID() []byte { return u.o.PasskeyUser }

// WebAuthnName is what the authenticator shows.
func (u passkeyUser) WebAuthnName() string { return u.o.Name }

// WebAuthnDisplayName is what the authenticator shows.
func (u passkeyUser) WebAuthnDisplayName() string { return u.o.Name }

// WebAuthnCredentials are the account's passkeys.
func (u passkeyUser) WebAuthnCredentials() []webauthn.Credential {
	out := make([]webauthn.Credential, len(u.o.Passkeys))
	for i := range u.o.Passkeys {
		out[i] = webauthnCredential(&u.o.Passkeys[i].Credential)
	}
	return out
}

// webauthnCredential is kept credential c as the library takes it. The
// flags are set field by field, as decoding the library's own JSON sets
// them: the raw flags byte, which its JSON does not carry, stays zero, as
// it always was for a credential read from the data file.
func webauthnCredential(c *owners.Credential) webauthn.Credential {
	var transport []protocol.AuthenticatorTransport
	if c.Transport != nil {
		transport = make([]protocol.AuthenticatorTransport, len(c.Transport))
		for i, t := range c.Transport {
			transport[i] = protocol.AuthenticatorTransport(t)
		}
	}
	x := c.Extensions
	return webauthn.Credential{
		ID:                c.ID,
		PublicKey:         c.PublicKey,
		AttestationType:   c.AttestationType,
		AttestationFormat: c.AttestationFormat,
		Transport:         transport,
		Flags: webauthn.CredentialFlags{UserPresent: c.Flags.UserPresent, UserVerified: c.Flags.UserVerified,
			BackupEligible: c.Flags.BackupEligible, BackupState: c.Flags.BackupState},
		Authenticator: webauthn.Authenticator{AAGUID: c.Authenticator.AAGUID, SignCount: c.Authenticator.SignCount,
			CloneWarning: c.Authenticator.CloneWarning, Attachment: protocol.AuthenticatorAttachment(c.Authenticator.Attachment)},
		Attestation: webauthn.CredentialAttestation{ClientDataJSON: c.Attestation.ClientDataJSON,
			ClientDataHash: c.Attestation.ClientDataHash, AuthenticatorData: c.Attestation.AuthenticatorData,
			PublicKeyAlgorithm: c.Attestation.PublicKeyAlgorithm, Object: c.Attestation.Object},
		Extensions: webauthn.CredentialExtensions{RK: x.RK, CredProtect: protocol.CredentialProtectionPolicy(x.CredProtect),
			MinPinLength: x.MinPinLength, PRFEnabled: x.PRFEnabled, LargeBlobSupported: x.LargeBlobSupported,
			HMACSecret: x.HMACSecret, CredBlobSet: x.CredBlobSet},
	}
}

// ownersCredential is the library's credential c as the account keeps it:
// what its JSON would have kept.
func ownersCredential(c *webauthn.Credential) owners.Credential {
	var transport []string
	if c.Transport != nil {
		transport = make([]string, len(c.Transport))
		for i, t := range c.Transport {
			transport[i] = string(t)
		}
	}
	x := c.Extensions
	return owners.Credential{
		ID:                c.ID,
		PublicKey:         c.PublicKey,
		AttestationType:   c.AttestationType,
		AttestationFormat: c.AttestationFormat,
		Transport:         transport,
		Flags: owners.CredentialFlags{UserPresent: c.Flags.UserPresent, UserVerified: c.Flags.UserVerified,
			BackupEligible: c.Flags.BackupEligible, BackupState: c.Flags.BackupState},
		Authenticator: owners.Authenticator{AAGUID: c.Authenticator.AAGUID, SignCount: c.Authenticator.SignCount,
			CloneWarning: c.Authenticator.CloneWarning, Attachment: string(c.Authenticator.Attachment)},
		Attestation: owners.CredentialAttestation{ClientDataJSON: c.Attestation.ClientDataJSON,
			ClientDataHash: c.Attestation.ClientDataHash, AuthenticatorData: c.Attestation.AuthenticatorData,
			PublicKeyAlgorithm: c.Attestation.PublicKeyAlgorithm, Object: c.Attestation.Object},
		Extensions: owners.CredentialExtensions{RK: x.RK, CredProtect: string(x.CredProtect),
			MinPinLength: x.MinPinLength, PRFEnabled: x.PRFEnabled, LargeBlobSupported: x.LargeBlobSupported,
			HMACSecret: x.HMACSecret, CredBlobSet: x.CredBlobSet},
	}
}
