package api

import (
	"errors"
	"net/http"

	"sabershop/internal/order"
	"sabershop/internal/store"
)

// stageEmailsRequest turns the e-mail per production stage on or off; On
// is a pointer so that a body without it is refused, not read as "off".
type stageEmailsRequest struct {
	On     *bool  `json:"on"`
	Locale string `json:"locale"`
}

// postStageEmails is POST /v1/orders/{hash}/stage-emails: the shopper's
// opt-in to an e-mail at each production stage of a paid order
// (docs/decisions/orders-and-payments.md#one-e-mail-per-stage-forward-only-if-the-shopper-asked;
// the hash is their key, as for every write on the status page). 409
// stage_emails_not_allowed while unpaid or once sent or cancelled; asking for
// what is already set answers 200 and changes nothing.
func (s *Server) postStageEmails(w http.ResponseWriter, r *http.Request) {
	var req stageEmailsRequest
	hash, locale, ok := s.decodeOrderWrite(w, r, &req, &req.Locale, 1<<10)
	if !ok {
		return
	}
	if req.On == nil {
		s.failFields(w, locale, order.FieldErrors{"on": order.KeyRequired}, nil)
		return
	}
	o, err := s.orders.SetStageEmails(hash, *req.On)
	switch {
	case errors.Is(err, store.ErrNotFound):
		s.fail(w, http.StatusNotFound, locale, "order_not_found")
	case errors.Is(err, order.ErrStageNotPaid):
		s.fail(w, http.StatusConflict, locale, "stage_emails_not_allowed")
	case err != nil:
		s.internal(w, r, locale, err)
	default:
		key := "stage_emails_off"
		if *req.On {
			key = "stage_emails_on"
		}
		writeJSON(w, http.StatusOK, orderAnswer{Message: s.msg.T(locale, key, nil), Order: s.view(o)})
	}
}
