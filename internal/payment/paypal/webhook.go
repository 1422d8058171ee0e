package paypal

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"sabershop/internal/payment"
)

// event is a webhook notification; resource depends on event_type.
type event struct {
	ID        string          `json:"id"`
	EventType string          `json:"event_type"`
	Resource  json.RawMessage `json:"resource"`
}

// okAck is what PayPal gets once a webhook is handled: any 2xx stops its
// retries.
var okAck = payment.Ack{Status: http.StatusOK, ContentType: "application/json", Body: "{}"}

// Notification verifies a webhook and says what it means for the order.
// Events that do not move a payment (refunds, disputes, unknown types)
// give a Notification with an empty Status, which the API ignores but
// acknowledges, so PayPal stops sending them.
func (p *Provider) Notification(ctx context.Context, r *http.Request, body []byte) (payment.Notification, payment.Ack, error) {
	if err := p.verify(ctx, r.Header, body); err != nil {
		return payment.Notification{}, payment.Ack{}, err
	}
	var ev event
	if err := json.Unmarshal(body, &ev); err != nil || ev.ID == "" {
		// Signed by PayPal yet unreadable: an error, not a forgery.
		return payment.Notification{}, payment.Ack{}, fmt.Errorf("paypal: webhook: unreadable event (%v)", err)
	}
	n, err := p.eventNotification(ctx, ev)
	if err != nil {
		return payment.Notification{}, payment.Ack{}, fmt.Errorf("paypal: webhook %s %s: %w", ev.EventType, ev.ID, err)
	}
	n.Provider, n.EventID = "paypal", ev.ID
	return n, okAck, nil
}

func (p *Provider) eventNotification(ctx context.Context, ev event) (payment.Notification, error) {
	var st payment.Status
	switch ev.EventType {
	case "PAYMENT.CAPTURE.COMPLETED":
		st = payment.StatusPaid
	case "PAYMENT.CAPTURE.PENDING":
		st = payment.StatusPending
	case "PAYMENT.CAPTURE.DENIED", "PAYMENT.CAPTURE.DECLINED":
		st = payment.StatusFailed
	case "CHECKOUT.ORDER.APPROVED":
		// The shopper approved; the browser may never come back to Return,
		// so capture here. The fixed capture request id makes this and
		// Return one capture.
		var o struct {
			ID string `json:"id"`
		}
		if err := json.Unmarshal(ev.Resource, &o); err != nil || !orderIDPattern.MatchString(o.ID) {
			return payment.Notification{}, fmt.Errorf("order id missing (%v)", err)
		}
		return p.captureOrder(ctx, o.ID)
	default:
		return payment.Notification{}, nil
	}
	var c capture
	if err := json.Unmarshal(ev.Resource, &c); err != nil {
		return payment.Notification{}, fmt.Errorf("capture resource: %w", err)
	}
	n := payment.Notification{Status: st, OrderHash: c.CustomID, Reference: c.SupplementaryData.RelatedIDs.OrderID, Capture: c.ID}
	if n.OrderHash == "" {
		n.OrderHash = c.InvoiceID
	}
	if n.OrderHash == "" {
		// Not one of ours (a payment made outside the shop): nothing to do.
		p.cfg.Log.Warn("paypal: capture event without custom_id", "event", ev.ID, "capture", c.ID)
		return payment.Notification{}, nil
	}
	v, err := parseAmount(c.Amount.Value, c.Amount.CurrencyCode)
	if err != nil {
		return payment.Notification{}, err
	}
	n.Amount, n.Currency = v, c.Amount.CurrencyCode
	return n, nil
}
