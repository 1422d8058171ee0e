package tpaytest

import (
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
)

// handleRefund is POST /transactions/{transactionId}/refunds as Tpay's
// guide (https://docs-api.tpay.com/refunds) describes it: an empty body
// ({}) refunds the whole transaction and sets its status to "refund"; a
// body with "amount" (in PLN) refunds part of it and leaves the status
// as it is, even when the parts add up to the whole. Only a paid
// transaction ("correct") can be refunded. The answer is the
// transaction, like the other transaction endpoints. Refusals use Tpay's
// failure shape with the fake's own error codes (Tpay's list was not in
// the documentation read): not_found (404), transaction_not_paid,
// amount_exceeded, fully_refunded (400).
func (s *Server) handleRefund(w http.ResponseWriter, r *http.Request) {
	raw, err := io.ReadAll(io.LimitReader(r.Body, 4<<10))
	if err != nil {
		apiErr(w, http.StatusBadRequest, "invalid_json", "request body unreadable")
		return
	}
	var b struct {
		Amount json.Number `json:"amount"`
	}
	if len(strings.TrimSpace(string(raw))) > 0 {
		dec := json.NewDecoder(strings.NewReader(string(raw)))
		dec.UseNumber()
		if err := dec.Decode(&b); err != nil {
			apiErr(w, http.StatusBadRequest, "invalid_json", "request body is not JSON")
			return
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	tx := s.pathTransaction(w, r)
	if tx == nil {
		return
	}
	if tx.Status == "refund" {
		apiErr(w, http.StatusBadRequest, "fully_refunded", "the transaction has been refunded in full")
		return
	}
	if tx.Status != "correct" {
		apiErr(w, http.StatusBadRequest, "transaction_not_paid", "only a paid transaction can be refunded")
		return
	}
	paid, _ := cents(tx.Amount)
	left := paid
	for _, rf := range s.refunds[tx.ID] {
		c, _ := cents(rf.Amount)
		left -= c
	}
	full := b.Amount == ""
	want := left
	if !full {
		amt, err := twoPlaces(string(b.Amount))
		if err != nil {
			apiErr(w, http.StatusBadRequest, "amount", err.Error())
			return
		}
		want, _ = cents(amt)
	}
	if want > left || want <= 0 {
		apiErr(w, http.StatusBadRequest, "amount_exceeded", "the refund amount exceeds what is left of the transaction")
		return
	}
	rf := Refund{RequestID: randHex(10), Amount: formatCents(want)}
	s.refunds[tx.ID] = append(s.refunds[tx.ID], rf)
	if full {
		tx.Status = "refund"
	}
	ans := s.view(tx)
	ans["requestId"] = rf.RequestID
	writeJSON(w, http.StatusOK, ans)
}

// cents reads "364.00" as 36400.
func cents(amt string) (int64, error) {
	whole, frac, _ := strings.Cut(amt, ".")
	for len(frac) < 2 {
		frac += "0"
	}
	return strconv.ParseInt(whole+frac[:2], 10, 64)
}

func formatCents(c int64) string {
	return strconv.FormatInt(c/100, 10) + "." + strconv.FormatInt(c%100/10, 10) + strconv.FormatInt(c%10, 10)
}
