package admin

import (
	"encoding/base32"
	"errors"
	"fmt"
	"net/url"
	"sabershop/internal/orders"
	"strings"
	"time"

	"sabershop/internal/owners"
	"sabershop/internal/store"
)

// Terminal is the audit log's "who" of a command run on the server
// (orders.Terminal).
const Terminal = orders.Terminal

// terminal is the owner at the server's terminal, for the order
// service's audit lines.
var terminal = orders.Actor{Name: Terminal}

func (c *cmd) owners(sub string, rest []string) error {
	switch sub {
	case "list":
		return noArgs("owners list", rest, c.ownersList)
	case "add", "reset", "remove":
		if len(rest) != 1 {
			return usagef("usage: orderd owners %s NAME", sub)
		}
		name := strings.ToLower(strings.TrimSpace(rest[0]))
		if err := owners.CheckName(name); err != nil {
			return usagef("orderd owners %s: %v", sub, err)
		}
		if sub == "remove" {
			return c.ownersRemove(name)
		}
		return c.ownersSetup(name, sub == "add")
	case "totp":
		if len(rest) != 2 || (rest[1] != "on" && rest[1] != "off") {
			return usagef("usage: orderd owners totp NAME on|off")
		}
		return c.ownersTOTP(strings.ToLower(rest[0]), rest[1] == "on")
	}
	return usagef("unknown command %q\n\n%s", "owners "+sub, Usage)
}

// ErrOwnerExists is returned by Env.SetupOwner when adding a name that is
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
func (env Env) SetupOwner(name string, add bool, by string) (string, error) {
	name = strings.ToLower(strings.TrimSpace(name))
	if err := owners.CheckName(name); err != nil {
		return "", err
	}
	c := &cmd{env: env}
	cat, err := c.catalog()
	if err != nil {
		return "", err
	}
	now := env.now().UTC()
	var token string
	err = env.DB.UpdateNow(func(tx *store.Tx) error {
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
		return tx.Audit(&owners.Entry{At: now, Owner: by, IP: env.IP, What: what, Target: name})
	})
	if err != nil {
		return "", err
	}
	// The token is in the fragment: browsers never send it to a server.
	return c.link(cat, "/admin/setup#"+url.Values{"name": {name}, "token": {token}}.Encode()), nil
}

// ownersSetup prints SetupOwner's link.
func (c *cmd) ownersSetup(name string, add bool) error {
	link, err := c.env.SetupOwner(name, add, Terminal)
	switch {
	case errors.Is(err, ErrOwnerExists):
		return fmt.Errorf("an owner named %q exists: orderd owners reset %s gives a new setup link", name, name)
	case errors.Is(err, ErrNoOwner):
		return fmt.Errorf("no owner named %q (orderd owners list)", name)
	case err != nil:
		return err
	}
	c.printf("Setup link for %s (valid for %d hours, once):\n\n  %s\n\nOpen it on the phone you will use and choose a password.\n",
		name, int(owners.SetupValid.Hours()), link)
	return nil
}

// RemoveOwner deletes account name and its sessions, for by. The CLI and
// the desk call it.
func (env Env) RemoveOwner(name, by string) error {
	err := env.DB.UpdateNow(func(tx *store.Tx) error {
		if _, err := tx.Owner(name); err != nil {
			return err
		}
		if err := tx.DeleteOwner(name); err != nil {
			return err
		}
		return tx.Audit(&owners.Entry{At: env.now().UTC(), Owner: by, IP: env.IP, What: "owners.remove", Target: name})
	})
	if errors.Is(err, store.ErrNotFound) || errors.Is(err, store.ErrInvalid) {
		return ErrNoOwner
	}
	return err
}

func (c *cmd) ownersRemove(name string) error {
	err := c.env.RemoveOwner(name, Terminal)
	if errors.Is(err, ErrNoOwner) {
		return fmt.Errorf("no owner named %q (orderd owners list)", name)
	}
	if err == nil {
		c.printf("owner %s removed; every session of it has ended\n", name)
	}
	return err
}

// SetTOTP gives account name the password path's second factor with
// secret, or takes it away (secret nil), for by. The CLI and the desk
// call it; the desk first checks a code of the new secret.
func (env Env) SetTOTP(name string, secret []byte, by string) error {
	err := env.DB.UpdateNow(func(tx *store.Tx) error {
		o, err := tx.Owner(name)
		if err != nil {
			return err
		}
		o.TOTPSecret = secret
		if err := tx.PutOwner(o); err != nil {
			return err
		}
		return tx.Audit(&owners.Entry{At: env.now().UTC(), Owner: by, IP: env.IP,
			What: map[bool]string{true: "owners.totp.on", false: "owners.totp.off"}[secret != nil], Target: name})
	})
	if errors.Is(err, store.ErrNotFound) || errors.Is(err, store.ErrInvalid) {
		return ErrNoOwner
	}
	return err
}

// ownersTOTP turns the password path's second factor on (printing the
// key for an authenticator app) or off.
func (c *cmd) ownersTOTP(name string, on bool) error {
	cat, err := c.catalog()
	if err != nil {
		return err
	}
	var secret []byte
	if on {
		if secret, err = owners.NewTOTPSecret(); err != nil {
			return err
		}
	}
	if err := c.env.SetTOTP(name, secret, Terminal); errors.Is(err, ErrNoOwner) {
		return fmt.Errorf("no owner named %q (orderd owners list)", name)
	} else if err != nil {
		return err
	}
	if !on {
		c.printf("%s signs in with the password alone now\n", name)
		return nil
	}
	c.printf("Add this key to your authenticator app (scan it as a link, or type the key):\n\n  %s\n\n  key: %s\n\nFrom now on the password is followed by the app's six-digit code.\n",
		owners.TOTPURL(cat.Shop.Name, name, secret), base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(secret))
	return nil
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
func (env Env) Owners() ([]OwnerInfo, error) {
	var out []OwnerInfo
	err := env.DB.View(func(tx *store.Tx) error {
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

func (c *cmd) ownersList() error {
	list, err := c.env.Owners()
	if err != nil {
		return err
	}
	if len(list) == 0 {
		c.printf("no owners yet: orderd owners add NAME\n")
		return nil
	}
	for _, o := range list {
		state := "ready"
		if !o.Ready {
			state = "setup link not used yet"
		}
		totp := ""
		if o.TOTP {
			totp = ", with TOTP"
		}
		c.printf("%-20s %s%s, %d session(s), since %s\n", o.Name, state, totp, o.Sessions, o.Created.Format("2006-01-02"))
	}
	return nil
}
