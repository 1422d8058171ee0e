package desk

import (
	"net/http"

	"github.com/go-webauthn/webauthn/webauthn"

	"sabershop/internal/store"
)

// postPasskeysBegin is POST /admin/api/passkeys/begin: the options for
// navigator.credentials.create. The challenge waits in memory under the
// session (one registration at a time per session); the account gets its
// user handle now if it has none.
func (d *Desk) postPasskeysBegin(w http.ResponseWriter, r *http.Request) {
	rp, ok := d.beginCeremony(w, r)
	if !ok {
		return
	}
	in := current(r)
	o := in.owner
	if len(o.PasskeyUser) == 0 {
		err := d.cfg.Store.Update(func(tx *store.Tx) error {
			fresh, err := tx.Owner(o.Name)
			if err != nil {
				return err
			}
			if err := fresh.NewPasskeyUser(); err != nil {
				return err
			}
			o = fresh
			return tx.PutOwner(fresh)
		})
		if err != nil {
			d.internal(w, r, err)
			return
		}
	}
	user := passkeyUser{o}
	creation, data, err := rp.BeginRegistration(user,
		webauthn.WithExclusions(webauthn.Credentials(user.WebAuthnCredentials()).CredentialDescriptors()))
	if err != nil {
		d.internal(w, r, err)
		return
	}
	now := d.cfg.Now().UTC()
	d.ceremonies.put(registrationKey(in.session), ceremony{data: *data, owner: o.Name, ip: in.session.IP,
		expires: now.Add(ceremonyTimeout)}, now)
	writeJSON(w, http.StatusOK, creation)
}
