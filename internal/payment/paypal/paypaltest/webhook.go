package paypaltest

import (
	"bytes"
	"context"
	"crypto"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"time"

	"sabershop/internal/payment/paypal"
)

const certPath = "CERT-360caa42-fca2a594-fake"

// testCA is a root and the leaf PayPal would sign webhooks with.
type testCA struct {
	root    *x509.Certificate
	rootKey *rsa.PrivateKey
	leafKey *rsa.PrivateKey
	leafPEM []byte
}

func newTestCA() (*testCA, error) {
	rootKey, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		return nil, err
	}
	now := time.Now()
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "paypaltest root CA"},
		NotBefore:             now.Add(-time.Hour),
		NotAfter:              now.Add(10 * 365 * 24 * time.Hour),
		IsCA:                  true,
		BasicConstraintsValid: true,
		KeyUsage:              x509.KeyUsageCertSign,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &rootKey.PublicKey, rootKey)
	if err != nil {
		return nil, err
	}
	root, _ := x509.ParseCertificate(der)
	ca := &testCA{root: root, rootKey: rootKey}
	if ca.leafKey, ca.leafPEM, err = ca.Issue(now.Add(-time.Hour), now.Add(365*24*time.Hour)); err != nil {
		return nil, err
	}
	return ca, nil
}

// Issue makes a new signing key and its certificate from the root, valid
// between notBefore and notAfter.
func (ca *testCA) Issue(notBefore, notAfter time.Time) (*rsa.PrivateKey, []byte, error) {
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		return nil, nil, err
	}
	serial, _ := rand.Int(rand.Reader, big.NewInt(1<<62))
	tmpl := &x509.Certificate{
		SerialNumber: serial,
		Subject:      pkix.Name{CommonName: "messageverificationcerts.paypal.com"},
		NotBefore:    notBefore,
		NotAfter:     notAfter,
		KeyUsage:     x509.KeyUsageDigitalSignature,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, ca.root, &key.PublicKey, ca.rootKey)
	if err != nil {
		return nil, nil, err
	}
	return key, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), nil
}

func (ca *testCA) pool() *x509.CertPool {
	p := x509.NewCertPool()
	p.AddCert(ca.root)
	return p
}

func (s *Server) handleCert(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	pemBytes, ok := s.certs[r.PathValue("name")]
	s.mu.Unlock()
	if !ok {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "application/x-pem-file")
	w.Write(pemBytes)
}

// CertURLPrefix is the allow-listed prefix of the fake's certificate URLs.
func (s *Server) CertURLPrefix() string { return s.srv.URL + "/v1/notifications/certs/" }

// RootCAs trusts the fake's test CA (for paypal.Config.RootCAs).
func (s *Server) RootCAs() *x509.CertPool { return s.ca.pool() }

// ServeCert serves pemBytes at CertURLPrefix()+name and returns its URL,
// for tests with other certificates (self-signed, expired, ...).
func (s *Server) ServeCert(name string, pemBytes []byte) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.certs[name] = pemBytes
	return s.CertURLPrefix() + name
}

// IssueCert makes a key and certificate from the fake's root CA, valid
// between notBefore and notAfter (serve it with ServeCert).
func (s *Server) IssueCert(notBefore, notAfter time.Time) (*rsa.PrivateKey, []byte, error) {
	return s.ca.Issue(notBefore, notAfter)
}

// Signer signs webhooks the way PayPal does.
type Signer struct {
	Key       *rsa.PrivateKey
	CertURL   string
	WebhookID string
	Now       func() time.Time // the transmission time; default time.Now
}

// Signer is the fake's genuine signer.
func (s *Server) Signer() Signer {
	return Signer{Key: s.ca.leafKey, CertURL: s.CertURLPrefix() + certPath, WebhookID: s.opts.WebhookID}
}

// Sign returns the PAYPAL-* headers for body.
func (sg Signer) Sign(body []byte) (http.Header, error) {
	now := time.Now
	if sg.Now != nil {
		now = sg.Now
	}
	id := make([]byte, 16)
	rand.Read(id)
	tid := fmt.Sprintf("%x-%x-%x-%x-%x", id[:4], id[4:6], id[6:8], id[8:10], id[10:])
	ts := now().UTC().Format(time.RFC3339)
	sum := sha256.Sum256([]byte(paypal.SignedMessage(tid, ts, sg.WebhookID, body)))
	sig, err := rsa.SignPKCS1v15(rand.Reader, sg.Key, crypto.SHA256, sum[:])
	if err != nil {
		return nil, err
	}
	h := http.Header{}
	h.Set("PAYPAL-TRANSMISSION-ID", tid)
	h.Set("PAYPAL-TRANSMISSION-TIME", ts)
	h.Set("PAYPAL-TRANSMISSION-SIG", base64.StdEncoding.EncodeToString(sig))
	h.Set("PAYPAL-CERT-URL", sg.CertURL)
	h.Set("PAYPAL-AUTH-ALGO", "SHA256withRSA")
	h.Set("Content-Type", "application/json")
	return h, nil
}

// Event is a webhook event; Resource is marshalled as given.
type Event struct {
	ID           string
	EventType    string
	ResourceType string
	Resource     any
}

// Body is the event as PayPal sends it.
func (e Event) Body() ([]byte, error) {
	return json.Marshal(map[string]any{
		"id": e.ID, "event_version": "1.0", "create_time": time.Now().UTC().Format(time.RFC3339),
		"resource_type": e.ResourceType, "resource_version": "2.0",
		"event_type": e.EventType, "summary": e.EventType + " (paypaltest)",
		"resource": e.Resource,
	})
}

// CaptureEvent is a PAYMENT.CAPTURE.* event (eventType) about order id's
// capture; before a capture, one with status per eventType is made up.
func (s *Server) CaptureEvent(id, eventType string) (Event, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	o, ok := s.orders[id]
	if !ok {
		return Event{}, fmt.Errorf("paypaltest: no order %s", id)
	}
	c := *o
	if c.CaptureID == "" {
		c.CaptureID = "CAP" + o.ID[3:]
	}
	switch eventType {
	case "PAYMENT.CAPTURE.COMPLETED":
		c.CaptureStatus = Completed
	case "PAYMENT.CAPTURE.PENDING":
		c.CaptureStatus = Pending
	case "PAYMENT.CAPTURE.DENIED":
		c.CaptureStatus = "DECLINED"
	case "PAYMENT.CAPTURE.REFUNDED":
		c.CaptureStatus = "REFUNDED"
	}
	return Event{ID: "WH-" + s.newID(""), EventType: eventType, ResourceType: "capture", Resource: s.captureJSON(&c)}, nil
}

// OrderApprovedEvent is CHECKOUT.ORDER.APPROVED for order id.
func (s *Server) OrderApprovedEvent(id string) (Event, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	o, ok := s.orders[id]
	if !ok {
		return Event{}, fmt.Errorf("paypaltest: no order %s", id)
	}
	return Event{ID: "WH-" + s.newID(""), EventType: "CHECKOUT.ORDER.APPROVED", ResourceType: "checkout-order", Resource: s.orderJSON(o)}, nil
}

// SendWebhook posts ev to url signed by the fake, and returns the status
// code the receiver answered.
func (s *Server) SendWebhook(ctx context.Context, url string, ev Event) (int, error) {
	body, err := ev.Body()
	if err != nil {
		return 0, err
	}
	return Post(ctx, url, body, s.Signer())
}

// Post sends body signed by sg (a test's own signer, to forge).
func Post(ctx context.Context, url string, body []byte, sg Signer) (int, error) {
	h, err := sg.Sign(body)
	if err != nil {
		return 0, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return 0, err
	}
	req.Header = h
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	io.Copy(io.Discard, resp.Body)
	return resp.StatusCode, nil
}
