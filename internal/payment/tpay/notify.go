package tpay

import (
	"context"
	"crypto/md5"
	"crypto/subtle"
	"encoding/hex"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"sabershop/internal/payment"
)

// ackTRUE is the only answer Tpay takes as "delivered".
var ackTRUE = payment.Ack{Status: http.StatusOK, ContentType: "text/plain", Body: "TRUE"}

// Notification implements payment.Provider: the JWS signature and the
// md5sum must both verify before any field is believed.
func (p *Provider) Notification(ctx context.Context, r *http.Request, body []byte) (payment.Notification, payment.Ack, error) {
	if err := p.verifyJWS(ctx, r.Header.Get("X-JWS-Signature"), body); err != nil {
		p.cfg.Log.Warn("tpay: notification rejected", "reason", err.Error())
		return payment.Notification{}, payment.Ack{}, fmt.Errorf("%w: %v", payment.ErrForged, err)
	}
	form, err := url.ParseQuery(string(body))
	if err != nil {
		return payment.Notification{}, payment.Ack{}, fmt.Errorf("%w: body is not a form", payment.ErrForged)
	}
	f := func(k string) string { return form.Get(k) }
	if f("tr_id") == "" || f("md5sum") == "" {
		return payment.Notification{}, payment.Ack{}, fmt.Errorf("%w: not a transaction notification", payment.ErrForged)
	}
	if !p.md5OK(f("id"), f("tr_id"), f("tr_amount"), f("tr_crc"), f("md5sum")) {
		p.cfg.Log.Warn("tpay: notification rejected", "tr_id", f("tr_id"), "reason", "md5sum")
		return payment.Notification{}, payment.Ack{}, fmt.Errorf("%w: md5sum does not match", payment.ErrForged)
	}
	n, err := parseNotification(form)
	if err != nil {
		p.cfg.Log.Warn("tpay: notification not understood", "tr_id", f("tr_id"), "error", err.Error())
		return payment.Notification{}, payment.Ack{}, err
	}
	p.cfg.Log.Info("tpay: notification", "tr_id", n.Reference, "tr_status", f("tr_status"), "status", string(n.Status))
	return n, ackTRUE, nil
}

// md5OK checks md5(id + tr_id + tr_amount + tr_crc + security code). The
// amount is tried as sent and with two decimals, as Tpay's own library
// formats it.
func (p *Provider) md5OK(id, trID, trAmount, crc, got string) bool {
	want := []string{trAmount}
	if v, err := parseAmount(trAmount); err == nil {
		if s := amount(v).String(); s != trAmount {
			want = append(want, s)
		}
	}
	for _, a := range want {
		sum := md5.Sum([]byte(id + trID + a + crc + p.cfg.SecurityCode))
		if subtle.ConstantTimeCompare([]byte(hex.EncodeToString(sum[:])), []byte(strings.ToLower(got))) == 1 {
			return true
		}
	}
	return false
}

// parseNotification maps a verified form onto payment.Notification.
//
//   - TRUE (and PAID) is paid. Amount is tr_amount, the amount the shop
//     asked for, unless less was paid (an underpayment the merchant's
//     settings let through): then tr_paid, so the API's amount check
//     catches it.
//   - FALSE with tr_error overpay/surcharge: money arrived but does not
//     match; Tpay waits for the merchant to decide, so pending.
//   - FALSE otherwise and CHARGEBACK (a refund): failed.
func parseNotification(form url.Values) (payment.Notification, error) {
	want, err := parseAmount(form.Get("tr_amount"))
	if err != nil {
		return payment.Notification{}, err
	}
	paid := want
	if s := form.Get("tr_paid"); s != "" {
		if paid, err = parseAmount(s); err != nil {
			return payment.Notification{}, err
		}
	}
	n := payment.Notification{
		Provider:  Name,
		EventID:   form.Get("tr_id") + ":" + form.Get("tr_status") + ":" + form.Get("tr_date"),
		OrderHash: form.Get("tr_crc"),
		Reference: form.Get("tr_id"),
		Amount:    want,
		Currency:  "PLN", // notifications carry none; transactions are PLN
	}
	switch strings.ToUpper(form.Get("tr_status")) {
	case "TRUE", "PAID":
		n.Status = payment.StatusPaid
		if paid < want {
			n.Amount = paid
		}
	case "FALSE":
		n.Status = payment.StatusFailed
		switch strings.ToLower(form.Get("tr_error")) {
		case "overpay", "surcharge":
			n.Status = payment.StatusPending
			n.Amount = paid
		}
	case "CHARGEBACK":
		n.Status = payment.StatusFailed
	default:
		return payment.Notification{}, fmt.Errorf("tpay: notification %s: unknown tr_status %q", n.Reference, form.Get("tr_status"))
	}
	return n, nil
}
