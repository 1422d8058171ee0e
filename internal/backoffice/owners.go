package backoffice

import (
	"errors"
	"net/url"
	"strings"
	"time"

	"sabershop/internal/owners"
	"sabershop/internal/store"
)

// ErrOwnerExists is returned by SetupOwner when adding a name that is
// taken (reset gives it a new link).
var ErrOwnerExists = errors.New("an owner of that name exists")

// ErrNoOwner is returned by the owner functions for a name with no
// account.
var ErrNoOwner = errors.New("no owner of that name")

// SetupOwner makes an account (add) or gives an existing one a new setup
// link (reset: a forgotten password, a lost phone), for by (Terminal or
// the desk's account), and returns the link. A reset ends every session
// of the account and its password stops working until the link is used.
// The CLI (owners add|reset) and the desk call it.
func (b Office) SetupOwner(name string, add bool, by string) (string, error) {
	name = strings.ToLower(strings.TrimSpace(name))
	if err := owners.CheckName(name); err != nil {
		return "", err
	}
	cat, err := b.catalog()
	if err != nil {
		return "", err
	}
	now := b.now().UTC()
	var token string
	err = b.DB.UpdateNow(func(tx *store.Tx) error {
		o, err := tx.Owner(name)
		switch {
		case add && err == nil:
			return ErrOwnerExists
		case add && errors.Is(err, store.ErrNotFound):
			o = &owners.Owner{Name: name, Created: now}
		case !add && errors.Is(err, store.ErrNotFound):
			return ErrNoOwner
		case err != nil:
			return err
		}
		if token, err = o.NewSetup(now); err != nil {
			return err
		}
		o.PasswordHash = ""
		if err := tx.DeleteSessionsOf(name); err != nil {
			return err
		}
		if err := tx.PutOwner(o); err != nil {
			return err
		}
		what := "owners.add"
		if !add {
			what = "owners.reset"
		}
		return tx.Audit(&owners.Entry{At: now, Owner: by, IP: b.IP, What: what, Target: name})
	})
	if err != nil {
		return "", err
	}
	// The token is in the fragment: browsers never send it to a server.
	return b.link(cat, "/admin/setup#"+url.Values{"name": {name}, "token": {token}}.Encode()), nil
}

// RemoveOwner deletes account name and its sessions, for by. The CLI and
// the desk call it.
func (b Office) RemoveOwner(name, by string) error {
	err := b.DB.UpdateNow(func(tx *store.Tx) error {
		if _, err := tx.Owner(name); err != nil {
			return err
		}
		if err := tx.DeleteOwner(name); err != nil {
			return err
		}
		return tx.Audit(&owners.Entry{At: b.now().UTC(), Owner: by, IP: b.IP, What: "owners.remove", Target: name})
	})
	if errors.Is(err, store.ErrNotFound) || errors.Is(err, store.ErrInvalid) {
		return ErrNoOwner
	}
	return err
}

// SetTOTP gives account name the password path's second factor with
// secret, or takes it away (secret nil), for by. The CLI and the desk
// call it; the desk first checks a code of the new secret.
func (b Office) SetTOTP(name string, secret []byte, by string) error {
	err := b.DB.UpdateNow(func(tx *store.Tx) error {
		o, err := tx.Owner(name)
		if err != nil {
			return err
		}
		o.TOTPSecret = secret
		if err := tx.PutOwner(o); err != nil {
			return err
		}
		return tx.Audit(&owners.Entry{At: b.now().UTC(), Owner: by, IP: b.IP,
			What: map[bool]string{true: "owners.totp.on", false: "owners.totp.off"}[secret != nil], Target: name})
	})
	if errors.Is(err, store.ErrNotFound) || errors.Is(err, store.ErrInvalid) {
		return ErrNoOwner
	}
	return err
}

// OwnerInfo is one account as the owners' list shows it.
type OwnerInfo struct {
	Name     string    `json:"name"`
	Ready    bool      `json:"ready"` // the setup link was used
	TOTP     bool      `json:"totp"`
	Passkeys int       `json:"passkeys"`
	Sessions int       `json:"sessions"`
	Created  time.Time `json:"created"`
}

// Owners lists the accounts. The CLI (owners list) and the desk call it.
func (b Office) Owners() ([]OwnerInfo, error) {
	var out []OwnerInfo
	err := b.DB.View(func(tx *store.Tx) error {
		out = nil
		list, err := tx.Owners()
		if err != nil {
			return err
		}
		for _, o := range list {
			ss, err := tx.SessionsOf(o.Name)
			if err != nil {
				return err
			}
			out = append(out, OwnerInfo{Name: o.Name, Ready: o.Ready(), TOTP: len(o.TOTPSecret) > 0, Passkeys: len(o.Passkeys),
				Sessions: len(ss), Created: o.Created})
		}
		return nil
	})
	return out, err
}
