package owners

import "encoding/json"

// Credential is a passkey's WebAuthn credential record as the data file
// keeps it: the public key, the sign count and flags the authenticator
// reported, the attestation as received. Its JSON is go-webauthn's
// webauthn.Credential's, field for field (the data files hold that
// library's encoding), but owners does not import the library: the store
// keeps accounts without linking WebAuthn, and the desk, which runs the
// ceremonies, converts between the two (internal/desk/passkey_credential.go).
type Credential struct {
	ID                []byte                `json:"id"`
	PublicKey         []byte                `json:"publicKey"`
	AttestationType   string                `json:"attestationType,omitempty"`
	AttestationFormat string                `json:"attestationFormat,omitempty"`
	Transport         []string              `json:"transport,omitempty"`
	Flags             CredentialFlags       `json:"flags"`
	Authenticator     Authenticator         `json:"authenticator"`
	Attestation       CredentialAttestation `json:"attestation"`
	Extensions        CredentialExtensions  `json:"extensions,omitzero"`
}

// CredentialFlags are the authenticator's flags as last recorded: user
// present, user verified, backup eligible, backed up.
type CredentialFlags struct {
	UserPresent    bool `json:"userPresent"`
	UserVerified   bool `json:"userVerified"`
	BackupEligible bool `json:"backupEligible"`
	BackupState    bool `json:"backupState"`
}

// Authenticator is what a credential records of its authenticator: its
// model (AAGUID), the signature counter, whether a clone was suspected,
// and how it was attached ("platform", "cross-platform").
type Authenticator struct {
	AAGUID       []byte `json:"AAGUID,omitempty"`
	SignCount    uint32 `json:"signCount,omitempty"`
	CloneWarning bool   `json:"cloneWarning,omitempty"`
	Attachment   string `json:"attachment,omitempty"`
}

// CredentialAttestation is the registration's attestation as received,
// kept byte for byte so it can be verified again later.
type CredentialAttestation struct {
	ClientDataJSON     []byte `json:"clientDataJSON,omitempty"`
	ClientDataHash     []byte `json:"clientDataHash,omitempty"`
	AuthenticatorData  []byte `json:"authenticatorData,omitempty"`
	PublicKeyAlgorithm int64  `json:"publicKeyAlgorithm,omitempty"`
	Object             []byte `json:"object,omitempty"`
}

// CredentialExtensions are the extension results of the registration
// that stay true for the credential's life.
type CredentialExtensions struct {
	RK                 *bool  `json:"rk,omitempty"`
	CredProtect        string `json:"credProtect,omitempty"`
	MinPinLength       *uint  `json:"minPinLength,omitempty"`
	PRFEnabled         *bool  `json:"prfEnabled,omitempty"`
	LargeBlobSupported *bool  `json:"largeBlobSupported,omitempty"`
	HMACSecret         *bool  `json:"hmacSecret,omitempty"`
	CredBlobSet        *bool  `json:"credBlobSet,omitempty"`
}

// attestationFormats are the attestation statement formats WebAuthn
// defines (go-webauthn's protocol.IsAttestationFormatString; the desk's
// tests hold the two lists equal).
var attestationFormats = map[string]bool{
	"packed": true, "tpm": true, "android-key": true, "android-safetynet": true,
	"fido-u2f": true, "apple": true, "compound": true, "none": true,
}

// UnmarshalJSON decodes a credential as webauthn.Credential does, with the
// library's move of a record written by its older versions, which kept
// the attestation format in attestationType: such a format moves to
// AttestationFormat, so a record reads the same through either type.
func (c *Credential) UnmarshalJSON(data []byte) error {
	type plain Credential
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return err
	}
	*c = Credential(p)
	if c.AttestationFormat == "" && attestationFormats[c.AttestationType] {
		c.AttestationFormat, c.AttestationType = c.AttestationType, ""
	}
	return nil
}
