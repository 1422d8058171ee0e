package admin

import (
	"encoding/json"
	"time"
)

// Personal data (docs/legal.md#personal-data): the owner's export of what
// the shop holds about one address (GDPR art. 15 and 20), its erasure
// (art. 17, with the tax law's exception for orders) and the retention
// sweep the daemon runs daily. The CLI (orderd privacy) and the desk call
// these.

// privacy is `orderd privacy export|erase EMAIL`.
func (c *cmd) privacy(sub string, rest []string) error {
	if len(rest) != 1 || (sub != "export" && sub != "erase") {
		return usagef("usage: orderd privacy export|erase EMAIL\n\n%s", Usage)
	}
	if sub == "export" {
		d, err := c.office.PrivacyExport(rest[0], Terminal)
		if err != nil {
			return err
		}
		enc := json.NewEncoder(c.out)
		enc.SetIndent("", "  ")
		return enc.Encode(d)
	}
	e, err := c.office.PrivacyErase(rest[0], Terminal)
	if err != nil {
		return err
	}
	sub = "no notify-me sign-up"
	if e.Subscription {
		sub = "notify-me sign-up removed"
	}
	c.printf("%s; %d contact messages removed\n", sub, e.Messages)
	if len(e.Orders) == 0 {
		c.printf("no orders\n")
	}
	for _, o := range e.Orders {
		c.printf("order #%d of %s kept for the tax period: anonymised on %s\n", o.ID,
			o.Created.UTC().Format(time.DateOnly), o.AnonymisedOn)
	}
	return nil
}
