package admin

import (
	"errors"

	"sabershop/internal/catalog"
	"sabershop/internal/inert"
	"sabershop/internal/order"
	"sabershop/internal/orders"
)

// ordersStage is `orderd orders stage ID STAGE`, a printer around
// orders.Service.SetStage.
func (c *cmd) ordersStage(args []string) error {
	pos, err := parse(flags("orders stage"), args)
	if err != nil {
		return err
	}
	if len(pos) != 2 {
		stages := "the ones content/config.toml lists"
		if cat := c.currentCatalog(); cat != nil {
			stages = orders.StageList(cat)
		}
		return usagef("orderd orders stage: give one order ID or hash and a stage, e.g. orderd orders stage 12 %s (stages: %s)",
			firstStage(c.currentCatalog()), stages)
	}
	id, err := c.office.Orders.Lookup(pos[0])
	if err != nil {
		return err
	}
	res, err := c.office.Orders.SetStage(id, pos[1], terminal)
	switch {
	case errors.Is(err, order.ErrUnknownStage):
		return usagef("orderd orders stage: %v", err)
	case err != nil:
		return err
	}
	o, name := res.Order, res.Stage.Names["en"]
	switch {
	case !res.Changed:
		c.printf("order #%d is already at stage %s (%s); nothing changed, no e-mail sent\n", o.ID, res.Stage.ID, name)
	case res.Mailed:
		c.printf("order #%d is now at stage %s (%s); e-mail to %s queued\n", o.ID, res.Stage.ID, name, inert.String(o.Customer.Email))
	default:
		c.printf("order #%d is now at stage %s (%s); no e-mail (%s)\n", o.ID, res.Stage.ID, name, noMailWhy(o))
	}
	return nil
}

func noMailWhy(o *order.Order) string {
	if !o.StageEmails {
		return "the customer did not ask for stage e-mails"
	}
	return "the customer had this stage's e-mail already, or it is a correction backward"
}

func firstStage(cat *catalog.Catalog) string {
	if cat == nil || len(cat.Production.Stages) == 0 {
		return "STAGE"
	}
	return cat.Production.Stages[0].ID
}
