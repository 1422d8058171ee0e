package tpaytest

import (
	"bytes"
	"context"
	"crypto"
	"crypto/md5"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// NotificationBody is the form Tpay would POST about transaction id (its
// transactionId or title) with tr_status status ("TRUE", "FALSE",
// "CHARGEBACK", ...), md5sum included.
func (s *Server) NotificationBody(id, status string) ([]byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	tx := s.lookup(id)
	if tx == nil {
		return nil, fmt.Errorf("tpaytest: no transaction %q", id)
	}
	return s.body(tx, status), nil
}

// body needs s.mu.
func (s *Server) body(tx *Transaction, status string) []byte {
	paid := tx.Amount
	if status != "TRUE" && status != "PAID" {
		paid = "0.00"
	}
	f := url.Values{
		"id":        {s.opts.MerchantID},
		"tr_id":     {tx.Title},
		"tr_date":   {s.opts.Now().Format(time.DateTime)},
		"tr_crc":    {tx.HiddenDescription},
		"tr_amount": {tx.Amount},
		"tr_paid":   {paid},
		"tr_desc":   {tx.Description},
		"tr_status": {status},
		"tr_error":  {"none"},
		"tr_email":  {tx.PayerEmail},
		"test_mode": {"1"},
	}
	f.Set("md5sum", MD5Sum(s.opts.MerchantID, tx.Title, tx.Amount, tx.HiddenDescription, s.opts.SecurityCode))
	return []byte(f.Encode())
}

// MD5Sum is Tpay's md5(id + tr_id + tr_amount + tr_crc + security code).
func MD5Sum(id, trID, amount, crc, code string) string {
	sum := md5.Sum([]byte(id + trID + amount + crc + code))
	return hex.EncodeToString(sum[:])
}

// SignJWS is the X-JWS-Signature Tpay would send with body.
func (s *Server) SignJWS(body []byte) string { return s.SignJWSAs(body, s.CertURL()) }

// SignJWSAs signs body with the fake's key but names x5u as the
// certificate (tests of a wrong or foreign certificate URL).
func (s *Server) SignJWSAs(body []byte, x5u string) string {
	hdr, _ := json.Marshal(map[string]string{"alg": "RS256", "x5u": x5u})
	h := base64.RawURLEncoding.EncodeToString(hdr)
	sum := sha256.Sum256([]byte(h + "." + base64.RawURLEncoding.EncodeToString(body)))
	sig, err := rsa.SignPKCS1v15(rand.Reader, s.keys.leafKey, crypto.SHA256, sum[:])
	if err != nil {
		panic(err) // a 2048-bit key signing a digest cannot fail
	}
	return h + ".." + base64.RawURLEncoding.EncodeToString(sig)
}

// NotificationRequest is the signed request Notify would send.
func (s *Server) NotificationRequest(ctx context.Context, notifyURL, id, status string) (*http.Request, []byte, error) {
	body, err := s.NotificationBody(id, status)
	if err != nil {
		return nil, nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, notifyURL, bytes.NewReader(body))
	if err != nil {
		return nil, nil, err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("X-JWS-Signature", s.SignJWS(body))
	return req, body, nil
}

// Notify POSTs a signed notification about transaction id with tr_status
// status to notifyURL and wants exactly "TRUE" back. TRUE marks the
// transaction paid ("correct") and CHARGEBACK refunded, so Query agrees.
func (s *Server) Notify(ctx context.Context, notifyURL, id, status string) error {
	req, _, err := s.NotificationRequest(ctx, notifyURL, id, status)
	if err != nil {
		return err
	}
	s.mu.Lock()
	if tx := s.lookup(id); tx != nil {
		switch status {
		case "TRUE", "PAID":
			tx.Status = "correct"
		case "CHARGEBACK":
			tx.Status = "chargeback"
		}
	}
	s.mu.Unlock()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("tpaytest: notify: %w", err)
	}
	defer resp.Body.Close()
	ans, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
	if resp.StatusCode != http.StatusOK || string(ans) != "TRUE" {
		return fmt.Errorf("tpaytest: notify: HTTP %d %q, want 200 \"TRUE\"", resp.StatusCode, strings.TrimSpace(string(ans)))
	}
	return nil
}

// autoNotify delivers the TRUE notification in the background when
// Options.AutoNotify is set; needs s.mu.
func (s *Server) autoNotify(tx *Transaction) {
	if !s.opts.AutoNotify || tx.NotifyURL == "" {
		return
	}
	id, to := tx.ID, tx.NotifyURL
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		time.Sleep(s.opts.NotifyDelay)
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := s.Notify(ctx, to, id, "TRUE"); err != nil {
			s.mu.Lock()
			s.notifyErr = append(s.notifyErr, err)
			s.mu.Unlock()
		}
	}()
}
