package desk

import (
	"errors"
	"net/http"

	"sabershop/internal/order"
)

type stageRequest struct {
	Stage string `json:"stage"`
}

// postOrderStage is POST /admin/api/orders/{id}/stage: the production
// stage of a paid order, through orders.Service.SetStage, as the CLI (the
// timeline entry, the shopper's e-mail if they asked for one, the audit
// line). Answers the order as it is afterwards (getOrder: with its notes).
func (d *Desk) postOrderStage(w http.ResponseWriter, r *http.Request) {
	var req stageRequest
	if !d.readJSON(w, r, &req) {
		return
	}
	_, err := d.orders().SetStage(orderID(r), req.Stage, d.actor(r))
	if errors.Is(err, order.ErrUnknownStage) || errors.Is(err, order.ErrStageNotPaid) {
		d.fail(w, r, http.StatusConflict, "stage_refused", nil)
		return
	}
	d.then(w, r, err, d.getOrder)
}
