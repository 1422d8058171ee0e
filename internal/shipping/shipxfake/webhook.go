package shipxfake

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"
)

// The signature's headers, as shipx reads them. The scheme is written
// here a second time, not imported from the client, so that a mistake
// in one shows against the other.
const (
	TimestampHeader = "X-Webhook-Timestamp"
	SignatureHeader = "X-Webhook-Signature"
)

// Event is a webhook's body as ShipX sends it ("Webhooks": event_ts,
// event, organization_id, payload).
type Event struct {
	EventTS        string  `json:"event_ts"`
	Event          string  `json:"event"`
	OrganizationID int64   `json:"organization_id"`
	Payload        Payload `json:"payload"`
}

// Payload is what the event is about.
type Payload struct {
	ShipmentID     int64   `json:"shipment_id"`
	Status         string  `json:"status,omitempty"`
	TrackingNumber *string `json:"tracking_number"`
}

func (s *shipment) event(kind, org string) Event {
	o, _ := strconv.ParseInt(org, 10, 64)
	e := Event{
		EventTS:        s.Updated.In(warsaw).Format("2006-01-02 15:04:05 -0700"),
		Event:          kind,
		OrganizationID: o,
		Payload:        Payload{ShipmentID: s.ID},
	}
	if kind != "shipment_confirmed" {
		e.Payload.Status = s.Status
	}
	if s.Tracking != "" {
		t := s.Tracking
		e.Payload.TrackingNumber = &t
	}
	return e
}

// warsaw is InPost's clock in event_ts; a fixed +01:00 without the zone
// database.
var warsaw = func() *time.Location {
	if l, err := time.LoadLocation("Europe/Warsaw"); err == nil {
		return l
	}
	return time.FixedZone("CET", 3600)
}()

// sign is the signature header's value: HMAC-SHA256 over the Unix time,
// a dot and the body, hex after "sha256=".
func sign(secret string, at time.Time, body []byte) string {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write([]byte(strconv.FormatInt(at.Unix(), 10) + "."))
	m.Write(body)
	return "sha256=" + hex.EncodeToString(m.Sum(nil))
}

// send posts e to the webhook URL, twice when ReplayWebhooks is on; a
// failed delivery is counted, not retried.
func (f *Fake) send(e Event) {
	f.mu.Lock()
	url, times := f.webhookURL, 1
	if f.replay {
		times = 2
	}
	f.mu.Unlock()
	if url == "" {
		return
	}
	body, _ := json.Marshal(e)
	c := f.WebhookClient
	if c == nil {
		c = &http.Client{Timeout: 5 * time.Second}
	}
	for range times {
		req, _ := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		at := time.Now()
		req.Header.Set(TimestampHeader, strconv.FormatInt(at.Unix(), 10))
		req.Header.Set(SignatureHeader, sign(f.WebhookSecret, at, body))
		resp, err := c.Do(req)
		ok := err == nil && resp.StatusCode/100 == 2
		if err == nil {
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
		f.mu.Lock()
		if ok {
			f.hooksSent++
		} else {
			f.hookErrs++
		}
		f.mu.Unlock()
	}
}

// Webhook is a webhook request for the shipment with the status, sent
// at at and signed with secret, to hand to a handler in a test: with
// f.WebhookSecret and now it is genuine; with another secret, forged;
// with an hour ago, stale. status "confirmed" is a shipment_confirmed
// event.
func (f *Fake) Webhook(shipmentID, status string, at time.Time, secret string) (*http.Request, []byte) {
	id, _ := strconv.ParseInt(shipmentID, 10, 64)
	f.mu.Lock()
	s := shipment{ID: id, Status: status, Updated: at}
	if cur, ok := f.shipments[id]; ok {
		s.Tracking = cur.Tracking
	}
	f.mu.Unlock()
	kind := "shipment_status_changed"
	if status == "confirmed" {
		kind = "shipment_confirmed"
	}
	body, _ := json.Marshal(s.event(kind, f.OrganizationID))
	req, _ := http.NewRequest(http.MethodPost, "http://shop.test/webhooks/inpost", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(TimestampHeader, strconv.FormatInt(at.Unix(), 10))
	req.Header.Set(SignatureHeader, sign(secret, at, body))
	return req, body
}

// ForgedWebhook is Webhook signed with a secret that is not the fake's.
func (f *Fake) ForgedWebhook(shipmentID, status string) (*http.Request, []byte) {
	return f.Webhook(shipmentID, status, time.Now(), fmt.Sprintf("not-%s", f.WebhookSecret))
}
