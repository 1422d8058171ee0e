package admin

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"sabershop/internal/catalog"
	"sabershop/internal/inert"
	"sabershop/internal/mail"
	"sabershop/internal/order"
	"sabershop/internal/owners"
	"sabershop/internal/store"
)

// StageResult is what SetStage did.
type StageResult struct {
	Order *order.Order // as stored afterwards
	Stage catalog.Stage
	// Changed: the stage was recorded; false when it was already the
	// stage in force.
	Changed bool
	// Mailed: the shopper's stage_reached e-mail is queued (they asked
	// for it and the build reached the stage for the first time).
	Mailed bool
}

// SetStage sets production stage id on order ref (its ID, "#12", or its
// status hash) for the owner by (Terminal, or the desk's account name): the
// timeline entry and, when the shopper opted in, the stage_reached e-mail
// in one transaction. The CLI (orderd orders stage) and the desk both call
// it. An unknown stage or an order that is not paid changes nothing and
// is an error wrapping order.ErrUnknownStage or order.ErrStageNotPaid.
func (env Env) SetStage(ref, id, by string) (StageResult, error) {
	c := &cmd{env: env}
	cat, err := c.catalog()
	if err != nil {
		return StageResult{}, err
	}
	stage, _, ok := cat.Stage(id)
	if !ok {
		return StageResult{}, fmt.Errorf("%w %q (the stages are %s; content/config.toml lists them)", order.ErrUnknownStage, id, stageList(cat))
	}
	now := env.now().UTC()
	var res StageResult
	err = env.DB.UpdateNow(func(tx *store.Tx) error {
		res = StageResult{Stage: stage}
		o, err := findOrder(tx, ref)
		if err != nil {
			return err
		}
		res.Order = o
		set, err := o.SetStage(cat.Production.Stages, id, now, by)
		if err != nil || !set.Changed {
			return err
		}
		res.Changed = true
		if err := tx.PutOrder(o); err != nil {
			return err
		}
		if err := tx.Audit(&owners.Entry{At: now, Owner: by, IP: env.IP, What: "order.stage", Target: fmt.Sprintf("#%d", o.ID), Detail: id}); err != nil {
			return err
		}
		if !o.StageEmails || !set.First {
			return nil
		}
		msg, err := mail.StageReached(cat, o, c.link(cat, o.StatusPath()), id, now)
		if err != nil {
			return err
		}
		res.Mailed = true
		return tx.Enqueue(msg)
	})
	if err != nil {
		return StageResult{}, err
	}
	if res.Mailed && env.Kick != nil {
		env.Kick()
	}
	if res.Changed && env.Log != nil {
		env.Log.Info("order stage", "order", res.Order.ID, "stage", id, "by", by)
	}
	return res, nil
}

func (env Env) now() time.Time {
	if env.Now == nil {
		return time.Now()
	}
	return env.Now()
}

// stageList is the catalogue's stage ids for a message, or says there are none.
func stageList(cat *catalog.Catalog) string {
	if len(cat.Production.Stages) == 0 {
		return "none: the built site's catalogue has no [[production.stages]]"
	}
	ids := make([]string, len(cat.Production.Stages))
	for i, s := range cat.Production.Stages {
		ids[i] = s.ID
	}
	return strings.Join(ids, ", ")
}

// ordersStage is `orderd orders stage ID STAGE`, a printer around SetStage.
func (c *cmd) ordersStage(args []string) error {
	pos, err := parse(flags("orders stage"), args)
	if err != nil {
		return err
	}
	if len(pos) != 2 {
		stages := "the ones content/config.toml lists"
		if cat := c.currentCatalog(); cat != nil {
			stages = stageList(cat)
		}
		return usagef("orderd orders stage: give one order ID or hash and a stage, e.g. orderd orders stage 12 %s (stages: %s)",
			firstStage(c.currentCatalog()), stages)
	}
	res, err := c.env.SetStage(pos[0], pos[1], Terminal)
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
