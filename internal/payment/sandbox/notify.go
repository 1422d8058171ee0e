package sandbox

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"sabershop/internal/payment"
)

// SignatureHeader carries the hex HMAC-SHA256 of the notification body.
const SignatureHeader = "X-Sandbox-Signature"

// notice is the body of a notification:
//
//	{"event_id":"evt_…","reference":"sbx_…","order":"HASH","status":"paid","amount":36400,"currency":"EUR"}
type notice struct {
	EventID   string         `json:"event_id"`
	Reference string         `json:"reference"`
	Order     string         `json:"order"`
	Status    payment.Status `json:"status"`
	Amount    int64          `json:"amount"`
	Currency  string         `json:"currency"`
}

// SignedNotification is the body and signature header value the sandbox
// would post for n (for tests of the webhook that need a genuine one).
func (p *Provider) SignedNotification(n payment.Notification) (body []byte, signature string) {
	body, _ = json.Marshal(notice{
		EventID: n.EventID, Reference: n.Reference, Order: n.OrderHash,
		Status: n.Status, Amount: n.Amount, Currency: n.Currency,
	})
	return body, p.sign(body)
}

func (p *Provider) sign(body []byte) string {
	m := hmac.New(sha256.New, p.secret)
	m.Write(body)
	return hex.EncodeToString(m.Sum(nil))
}

// Notification verifies the signature (constant time) and parses the body.
func (p *Provider) Notification(ctx context.Context, r *http.Request, body []byte) (payment.Notification, payment.Ack, error) {
	got, err := hex.DecodeString(r.Header.Get(SignatureHeader))
	if err != nil || len(got) != sha256.Size {
		return payment.Notification{}, payment.Ack{}, payment.ErrForged
	}
	m := hmac.New(sha256.New, p.secret)
	m.Write(body)
	if !hmac.Equal(got, m.Sum(nil)) {
		return payment.Notification{}, payment.Ack{}, payment.ErrForged
	}
	var nt notice
	if err := json.Unmarshal(body, &nt); err != nil {
		return payment.Notification{}, payment.Ack{}, fmt.Errorf("sandbox: notification: %w", err)
	}
	switch nt.Status {
	case payment.StatusPaid, payment.StatusPending, payment.StatusFailed:
	default:
		return payment.Notification{}, payment.Ack{}, fmt.Errorf("sandbox: notification: status %q", nt.Status)
	}
	if nt.EventID == "" || nt.Reference == "" || nt.Order == "" {
		return payment.Notification{}, payment.Ack{}, errors.New("sandbox: notification: event, reference or order missing")
	}
	return payment.Notification{
			Provider: Name, EventID: nt.EventID, OrderHash: nt.Order, Reference: nt.Reference,
			Status: nt.Status, Amount: nt.Amount, Currency: nt.Currency,
		},
		payment.Ack{Status: http.StatusOK, ContentType: "text/plain; charset=utf-8", Body: "OK"},
		nil
}

// deliver posts n to notifyURL until the webhook answers 2xx, waiting
// retryBase, 2×, 4×… between attempts, as real providers retry. Every
// attempt carries the same event id.
func (p *Provider) deliver(notifyURL string, n payment.Notification) {
	if notifyURL == "" {
		p.log.Warn("sandbox: no notify URL; the payment is only queryable", "ref", n.Reference)
		return
	}
	body, sig := p.SignedNotification(n)
	wait := p.retryBase
	for attempt := 1; ; attempt++ {
		status, err := p.post(notifyURL, body, sig)
		if err == nil && status >= 200 && status < 300 {
			p.log.Info("sandbox: notification delivered", "ref", n.Reference, "status", string(n.Status), "attempt", attempt)
			return
		}
		if attempt >= p.attempts {
			p.log.Error("sandbox: notification not delivered; giving up", "ref", n.Reference, "attempts", attempt, "http_status", status, "err", err)
			return
		}
		p.log.Warn("sandbox: notification not delivered; will retry", "ref", n.Reference, "attempt", attempt, "http_status", status, "err", err, "in", wait)
		t := time.NewTimer(wait)
		select {
		case <-p.ctx.Done():
			t.Stop()
			return
		case <-t.C:
		}
		wait *= 2
	}
}

func (p *Provider) post(notifyURL string, body []byte, sig string) (int, error) {
	req, err := http.NewRequestWithContext(p.ctx, http.MethodPost, notifyURL, bytes.NewReader(body))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(SignatureHeader, sig)
	req.Header.Set("User-Agent", "sabershop-sandbox/1")
	resp, err := p.client.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	return resp.StatusCode, nil
}
