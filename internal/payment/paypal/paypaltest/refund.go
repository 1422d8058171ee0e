package paypaltest

import (
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
)

// Refund is a refund of a capture the fake accepted.
type Refund struct {
	ID, Status, Currency, Value string
	NoteToPayer                 string
	RequestID                   string
}

// Refunds are the refunds of capture id, oldest first.
func (s *Server) Refunds(captureID string) []Refund {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Refund(nil), s.refunds[captureID]...)
}

// handleRefund is POST /v2/payments/captures/{capture_id}/refund as the
// Payments v2 reference describes it: an empty body refunds what is left,
// {"amount": {"value", "currency_code"}} a part; a repeated
// PayPal-Request-Id gets the first refund again. The capture becomes
// PARTIALLY_REFUNDED, then REFUNDED. Refusals are PayPal's documented
// issues: 404 INVALID_RESOURCE_ID for an unknown capture, 422
// CAPTURE_FULLY_REFUNDED, PENDING_CAPTURE, REFUND_NOT_ALLOWED (a capture
// not completed), REFUND_AMOUNT_EXCEEDED, and 422 CURRENCY_MISMATCH
// ("the fake's own").
func (s *Server) handleRefund(w http.ResponseWriter, r *http.Request) {
	reqID := r.Header.Get("PayPal-Request-Id")
	raw, err := io.ReadAll(io.LimitReader(r.Body, 8<<10))
	if err != nil {
		writeError(w, http.StatusBadRequest, "INVALID_REQUEST", "MALFORMED_REQUEST_JSON", err.Error())
		return
	}
	var b struct {
		Amount *struct {
			CurrencyCode string `json:"currency_code"`
			Value        string `json:"value"`
		} `json:"amount"`
		NoteToPayer string `json:"note_to_payer"`
	}
	if len(strings.TrimSpace(string(raw))) > 0 {
		if err := json.Unmarshal(raw, &b); err != nil {
			writeError(w, http.StatusBadRequest, "INVALID_REQUEST", "MALFORMED_REQUEST_JSON", err.Error())
			return
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if rf, seen := s.refundByReq[reqID]; seen && reqID != "" {
		writeJSON(w, http.StatusOK, s.refundJSON(r.PathValue("id"), rf))
		return
	}
	var o *Order
	for _, cand := range s.orders {
		if cand.CaptureID != "" && cand.CaptureID == r.PathValue("id") {
			o = cand
		}
	}
	switch {
	case o == nil:
		writeError(w, http.StatusNotFound, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID", "Specified resource ID does not exist.")
		return
	case o.CaptureStatus == "REFUNDED":
		writeError(w, http.StatusUnprocessableEntity, "UNPROCESSABLE_ENTITY", "CAPTURE_FULLY_REFUNDED", "The capture has already been fully refunded.")
		return
	case o.CaptureStatus == Pending:
		writeError(w, http.StatusUnprocessableEntity, "UNPROCESSABLE_ENTITY", "PENDING_CAPTURE", "Cannot initiate a refund as the capture is pending.")
		return
	case o.CaptureStatus != Completed && o.CaptureStatus != "PARTIALLY_REFUNDED":
		writeError(w, http.StatusUnprocessableEntity, "UNPROCESSABLE_ENTITY", "REFUND_NOT_ALLOWED", "Capture cannot be refunded.")
		return
	}
	captured := cents(o.Value)
	left := captured
	for _, rf := range s.refunds[o.CaptureID] {
		left -= cents(rf.Value)
	}
	want := left
	if b.Amount != nil {
		if b.Amount.CurrencyCode != o.Currency {
			writeError(w, http.StatusUnprocessableEntity, "UNPROCESSABLE_ENTITY", "CURRENCY_MISMATCH", "The refund must be in the capture's currency.")
			return
		}
		if !valuePattern.MatchString(b.Amount.Value) {
			writeError(w, http.StatusBadRequest, "INVALID_REQUEST", "INVALID_PARAMETER_SYNTAX", "amount.value")
			return
		}
		want = cents(b.Amount.Value)
	}
	if want > left || want <= 0 {
		writeError(w, http.StatusUnprocessableEntity, "UNPROCESSABLE_ENTITY", "REFUND_AMOUNT_EXCEEDED",
			"The refund amount must be less than or equal to the capture amount that has not yet been refunded.")
		return
	}
	rf := Refund{ID: s.newID(""), Status: Completed, Currency: o.Currency, Value: formatCents(want), NoteToPayer: b.NoteToPayer, RequestID: reqID}
	s.refunds[o.CaptureID] = append(s.refunds[o.CaptureID], rf)
	if reqID != "" {
		s.refundByReq[reqID] = rf
	}
	o.CaptureStatus = "PARTIALLY_REFUNDED"
	if want == left {
		o.CaptureStatus = "REFUNDED"
	}
	writeJSON(w, http.StatusCreated, s.refundJSON(o.CaptureID, rf))
}

// refundJSON is the refund resource (Prefer: return=representation).
func (s *Server) refundJSON(captureID string, rf Refund) map[string]any {
	return map[string]any{
		"id": rf.ID, "status": rf.Status,
		"amount":        map[string]string{"currency_code": rf.Currency, "value": rf.Value},
		"note_to_payer": rf.NoteToPayer,
		"links": []map[string]string{
			{"href": s.srv.URL + "/v2/payments/refunds/" + rf.ID, "rel": "self", "method": "GET"},
			{"href": s.srv.URL + "/v2/payments/captures/" + captureID, "rel": "up", "method": "GET"},
		},
	}
}

// cents reads a value the fake checked ("364.00") as 36400.
func cents(v string) int64 {
	n, _ := strconv.ParseInt(strings.Replace(v, ".", "", 1), 10, 64)
	return n
}

func formatCents(c int64) string {
	return strconv.FormatInt(c/100, 10) + "." + strconv.FormatInt(c%100/10, 10) + strconv.FormatInt(c%10, 10)
}
