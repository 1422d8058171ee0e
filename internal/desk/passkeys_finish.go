package desk

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"github.com/go-webauthn/webauthn/protocol"

	"sabershop/internal/owners"
	"sabershop/internal/store"
)

type passkeyAddRequest struct {
	Name       string          `json:"name"`
	Credential json.RawMessage `json:"credential"` // the browser's PublicKeyCredential, toJSON()
}

// postPasskeysFinish is POST /admin/api/passkeys/finish: the new
// credential, checked against the challenge this session began with
// (taken, so it cannot be used twice), kept on the account.
func (d *Desk) postPasskeysFinish(w http.ResponseWriter, r *http.Request) {
	var req passkeyAddRequest
	if !d.readJSON(w, r, &req) {
		return
	}
	in := current(r)
	now := d.cfg.Now().UTC()
	c, ok := d.ceremonies.take(registrationKey(in.session), now)
	if !ok || c.owner != in.owner.Name {
		d.fail(w, r, http.StatusBadRequest, "passkey_expired", nil)
		return
	}
	rp, err := d.relyingParty(r)
	if err != nil {
		d.fail(w, r, http.StatusBadRequest, "passkey_host", nil)
		return
	}
	parsed, err := protocol.ParseCredentialCreationResponseBytes(req.Credential)
	if err != nil {
		d.fail(w, r, http.StatusBadRequest, "passkey_failed", nil)
		return
	}
	cred, err := rp.CreateCredential(passkeyUser{in.owner}, c.data, parsed)
	if err != nil {
		d.cfg.Log.Warn("desk: passkey refused", "owner", in.owner.Name, "err", err)
		d.fail(w, r, http.StatusBadRequest, "passkey_failed", nil)
		return
	}
	name := truncate(strings.TrimSpace(req.Name), owners.MaxPasskeyName)
	var list []passkeyView
	err = d.cfg.Store.UpdateNow(func(tx *store.Tx) error {
		o, err := tx.Owner(in.owner.Name)
		if err != nil {
			return err
		}
		if name == "" {
			name = fmt.Sprintf("Passkey %d", len(o.Passkeys)+1)
		}
		o.Passkeys = append(o.Passkeys, owners.Passkey{Name: name, Created: now, Credential: ownersCredential(cred)})
		if err := tx.PutOwner(o); err != nil {
			return err
		}
		list = passkeysOf(o)
		return d.audit(tx, r, o.Name, "passkey.add", name, "")
	})
	if err != nil {
		d.internal(w, r, err)
		return
	}
	d.cfg.Log.Info("desk: passkey added", "owner", in.owner.Name)
	writeJSON(w, http.StatusOK, list)
}
