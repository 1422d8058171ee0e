package orders

import (
	"fmt"
	"strings"

	"sabershop/internal/catalog"
	"sabershop/internal/mail"
	"sabershop/internal/order"
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

// SetStage sets production stage stageID on order id for the owner by:
// the timeline entry, the audit line and, when the shopper opted in, the
// stage_reached e-mail in one transaction. An unknown stage or an order
// that is not paid changes nothing and is an error wrapping
// order.ErrUnknownStage or order.ErrStageNotPaid.
func (s *Service) SetStage(id uint64, stageID string, by Actor) (StageResult, error) {
	cat, err := s.catalog()
	if err != nil {
		return StageResult{}, err
	}
	stage, _, ok := cat.Stage(stageID)
	if !ok {
		return StageResult{}, fmt.Errorf("%w %q (the stages are %s; content/config.toml lists them)", order.ErrUnknownStage, stageID, StageList(cat))
	}
	now := s.now()
	var res StageResult
	err = s.cfg.Store.UpdateNow(func(tx *store.Tx) error {
		res = StageResult{Stage: stage}
		o, err := byID(tx, id)
		if err != nil {
			return err
		}
		res.Order = o
		set, err := o.SetStage(cat.Production.Stages, stageID, now, by.Name)
		if err != nil || !set.Changed {
			return err
		}
		res.Changed = true
		if err := tx.PutOrder(o); err != nil {
			return err
		}
		if err := s.audit(tx, by, "order.stage", o, stageID); err != nil {
			return err
		}
		if !o.StageEmails || !set.First {
			return nil
		}
		msg, err := mail.StageReached(cat, o, s.Link(o.StatusPath()), stageID, now)
		if err != nil {
			return err
		}
		res.Mailed = true
		return tx.Enqueue(msg)
	})
	if err != nil {
		return StageResult{}, err
	}
	if res.Mailed {
		s.cfg.Kick()
	}
	if res.Changed {
		s.cfg.Log.Info("order stage", "order", res.Order.ID, "stage", stageID, "by", by.Name)
	}
	return res, nil
}

// StageList is the catalogue's stage ids for a message, or says there are none.
func StageList(cat *catalog.Catalog) string {
	if len(cat.Production.Stages) == 0 {
		return "none: the built site's catalogue has no [[production.stages]]"
	}
	ids := make([]string, len(cat.Production.Stages))
	for i, s := range cat.Production.Stages {
		ids[i] = s.ID
	}
	return strings.Join(ids, ", ")
}
