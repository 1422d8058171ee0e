package admin

import (
	"encoding/base32"
	"errors"
	"fmt"
	"strings"

	"sabershop/internal/backoffice"
	"sabershop/internal/orders"
	"sabershop/internal/owners"
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

// ownersSetup prints SetupOwner's link.
func (c *cmd) ownersSetup(name string, add bool) error {
	link, err := c.office.SetupOwner(name, add, Terminal)
	switch {
	case errors.Is(err, backoffice.ErrOwnerExists):
		return fmt.Errorf("an owner named %q exists: orderd owners reset %s gives a new setup link", name, name)
	case errors.Is(err, backoffice.ErrNoOwner):
		return fmt.Errorf("no owner named %q (orderd owners list)", name)
	case err != nil:
		return err
	}
	c.printf("Setup link for %s (valid for %d hours, once):\n\n  %s\n\nOpen it on the phone you will use and choose a password.\n",
		name, int(owners.SetupValid.Hours()), link)
	return nil
}

func (c *cmd) ownersRemove(name string) error {
	err := c.office.RemoveOwner(name, Terminal)
	if errors.Is(err, backoffice.ErrNoOwner) {
		return fmt.Errorf("no owner named %q (orderd owners list)", name)
	}
	if err == nil {
		c.printf("owner %s removed; every session of it has ended\n", name)
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
	if err := c.office.SetTOTP(name, secret, Terminal); errors.Is(err, backoffice.ErrNoOwner) {
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

func (c *cmd) ownersList() error {
	list, err := c.office.Owners()
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
