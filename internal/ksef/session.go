package ksef

import (
	"bytes"
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"time"
)

// Session is an interactive session (sesja-interaktywna.md) for FA(3)
// invoices, with its own AES-256 key. KSeF closes it by itself 12 hours
// after it was opened (ValidUntil).
type Session struct {
	c          *Client
	ref        string
	key, iv    []byte
	ValidUntil time.Time
}

// Ref is the session's reference number, for InvoiceStatus, FindByHash
// and UPO (also after a restart: keep it with the invoice).
func (s *Session) Ref() string { return s.ref }

// The form the shop sends: FA(3), schema 1-0E.
var formFA3 = struct {
	SystemCode    string `json:"systemCode"`
	SchemaVersion string `json:"schemaVersion"`
	Value         string `json:"value"`
}{"FA (3)", "1-0E", "FA"}

// Open authenticates if needed and opens an interactive FA(3) session with
// a fresh AES-256 key and IV, the key encrypted with the Ministry's
// SymmetricKeyEncryption key (POST /sessions/online). It asks for UPO
// v4-3 (X-KSeF-Feature: upo-v4-3, the default from 2025-12-22 on).
func (c *Client) Open(ctx context.Context) (*Session, error) {
	key := make([]byte, 32)
	iv := make([]byte, aes.BlockSize)
	if _, err := rand.Read(key); err != nil {
		return nil, fmt.Errorf("ksef: %w", err)
	}
	if _, err := rand.Read(iv); err != nil {
		return nil, fmt.Errorf("ksef: %w", err)
	}
	for reload := false; ; reload = true {
		s, err := c.open(ctx, key, iv, reload)
		var api *APIError
		if !reload && errors.As(err, &api) && api.Code == 21470 { // the key was rotated
			continue
		}
		return s, err
	}
}

func (c *Client) open(ctx context.Context, key, iv []byte, reload bool) (*Session, error) {
	if _, err := c.accessToken(ctx); err != nil {
		return nil, err
	}
	c.mu.Lock()
	pub, keyID, err := c.publicKey(ctx, usageSymmetric, reload)
	c.mu.Unlock()
	if err != nil {
		return nil, err
	}
	encKey, err := encryptRSA(pub, key)
	if err != nil {
		return nil, fmt.Errorf("ksef: encrypting the session key: %w", err)
	}
	type encryption struct {
		EncryptedSymmetricKey []byte `json:"encryptedSymmetricKey"`
		InitializationVector  []byte `json:"initializationVector"`
		PublicKeyID           string `json:"publicKeyId,omitempty"`
	}
	resp, err := c.authed(ctx, request{method: http.MethodPost, path: "/sessions/online",
		header: http.Header{"X-Ksef-Feature": {"upo-v4-3"}},
		body: struct {
			FormCode   any        `json:"formCode"`
			Encryption encryption `json:"encryption"`
		}{formFA3, encryption{encKey, iv, keyID}}})
	if err != nil {
		return nil, err
	}
	var out struct {
		ReferenceNumber string    `json:"referenceNumber"`
		ValidUntil      time.Time `json:"validUntil"`
	}
	if err := json.Unmarshal(resp.body, &out); err != nil || out.ReferenceNumber == "" {
		return nil, fmt.Errorf("%w: an unreadable session", ErrUnavailable)
	}
	return &Session{c: c, ref: out.ReferenceNumber, key: key, iv: iv, ValidUntil: out.ValidUntil}, nil
}

// encrypt is AES-256-CBC with PKCS#7 padding under the session's key and
// IV. The ciphertext carries no IV: KSeF has it from the session's
// initializationVector (as the official clients send it).
func encrypt(key, iv, plain []byte) ([]byte, error) {
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	pad := aes.BlockSize - len(plain)%aes.BlockSize
	buf := append(append(make([]byte, 0, len(plain)+pad), plain...), bytes.Repeat([]byte{byte(pad)}, pad)...)
	cipher.NewCBCEncrypter(block, iv).CryptBlocks(buf, buf)
	return buf, nil
}

// Send sends one invoice, the FA(3) XML exactly as it will be kept (its
// Hash is the invoice's identity), encrypted, with the hashes and sizes of
// both forms (POST /sessions/online/{ref}/invoices). KSeF answers at once
// with the invoice's reference number and verifies it asynchronously:
// poll InvoiceStatus. After an ErrUnavailable the invoice may have
// arrived: FindByHash tells.
func (s *Session) Send(ctx context.Context, xml []byte) (invoiceRef string, err error) {
	return s.send(ctx, xml, false)
}

// SendOffline sends, as Send does, an invoice issued in one of KSeF's
// offline modes (offline24: handed over before KSeF had it, with KOD II),
// declaring it so (offlineMode: true, tryby-offline.md).
func (s *Session) SendOffline(ctx context.Context, xml []byte) (invoiceRef string, err error) {
	return s.send(ctx, xml, true)
}

func (s *Session) send(ctx context.Context, xml []byte, offline bool) (invoiceRef string, err error) {
	if len(xml) == 0 {
		return "", errors.New("ksef: an empty invoice")
	}
	enc, err := encrypt(s.key, s.iv, xml)
	if err != nil {
		return "", fmt.Errorf("ksef: encrypting the invoice: %w", err)
	}
	resp, err := s.c.authed(ctx, request{method: http.MethodPost, path: "/sessions/online/" + url.PathEscape(s.ref) + "/invoices", session: true,
		body: sendInvoiceRequest{
			InvoiceHash:             Hash(xml),
			InvoiceSize:             int64(len(xml)),
			EncryptedInvoiceHash:    Hash(enc),
			EncryptedInvoiceSize:    int64(len(enc)),
			EncryptedInvoiceContent: enc,
			OfflineMode:             offline,
		}})
	if err != nil {
		return "", err
	}
	var out struct {
		ReferenceNumber string `json:"referenceNumber"`
	}
	if err := json.Unmarshal(resp.body, &out); err != nil || out.ReferenceNumber == "" {
		return "", fmt.Errorf("%w: an unreadable answer to the invoice", ErrUnavailable)
	}
	return out.ReferenceNumber, nil
}

type sendInvoiceRequest struct {
	InvoiceHash             string `json:"invoiceHash"`
	InvoiceSize             int64  `json:"invoiceSize"`
	EncryptedInvoiceHash    string `json:"encryptedInvoiceHash"`
	EncryptedInvoiceSize    int64  `json:"encryptedInvoiceSize"`
	EncryptedInvoiceContent []byte `json:"encryptedInvoiceContent"`
	OfflineMode             bool   `json:"offlineMode,omitempty"`
}

// Close closes the session (POST /sessions/online/{ref}/close); KSeF then
// prepares the session's collective UPO. Closing a closed session is
// ErrSessionClosed.
func (s *Session) Close(ctx context.Context) error {
	_, err := s.c.authed(ctx, request{method: http.MethodPost, path: "/sessions/online/" + url.PathEscape(s.ref) + "/close", session: true})
	return err
}

// invoiceStatus is SessionInvoiceStatusResponse.
type invoiceStatus struct {
	OrdinalNumber        int        `json:"ordinalNumber"`
	InvoiceNumber        string     `json:"invoiceNumber,omitempty"`
	KsefNumber           string     `json:"ksefNumber,omitempty"`
	ReferenceNumber      string     `json:"referenceNumber"`
	InvoiceHash          string     `json:"invoiceHash"`
	AcquisitionDate      *time.Time `json:"acquisitionDate,omitempty"`
	InvoicingDate        time.Time  `json:"invoicingDate"`
	PermanentStorageDate *time.Time `json:"permanentStorageDate,omitempty"`
	Status               statusInfo `json:"status"`
}

func (is invoiceStatus) status() Status {
	st := Status{
		Code:               is.Status.Code,
		Description:        is.Status.Description,
		Details:            is.Status.Details,
		KSeFNumber:         is.KsefNumber,
		OriginalKSeFNumber: is.Status.Extensions["originalKsefNumber"],
		OriginalSession:    is.Status.Extensions["originalSessionReferenceNumber"],
	}
	switch {
	case is.PermanentStorageDate != nil && !is.PermanentStorageDate.IsZero():
		st.Accepted = *is.PermanentStorageDate
	case is.AcquisitionDate != nil && !is.AcquisitionDate.IsZero():
		st.Accepted = *is.AcquisitionDate
	}
	if !st.OK() {
		st.Accepted = time.Time{}
	}
	return st
}

// InvoiceStatus is the status of the invoice invoiceRef sent in the
// session sessionRef (GET /sessions/{ref}/invoices/{invoiceRef}); the
// session may be closed by then.
func (c *Client) InvoiceStatus(ctx context.Context, sessionRef, invoiceRef string) (Status, error) {
	resp, err := c.authed(ctx, request{method: http.MethodGet, path: "/sessions/" + url.PathEscape(sessionRef) + "/invoices/" + url.PathEscape(invoiceRef)})
	if err != nil {
		return Status{}, err
	}
	var is invoiceStatus
	if err := json.Unmarshal(resp.body, &is); err != nil {
		return Status{}, fmt.Errorf("%w: an unreadable invoice status: %v", ErrUnavailable, err)
	}
	return is.status(), nil
}

// findPageSize is FindByHash's page (the API allows 10 to 1000).
const findPageSize = 100

// FindByHash looks through the invoices of the session sessionRef (GET
// /sessions/{ref}/invoices, page by page with x-continuation-token) for
// one with invoiceHash (Hash of its XML): the way back after a crash
// between sending an invoice and recording its reference. Of several
// (the same XML sent twice), the accepted one is preferred, then one
// still in processing, then the first.
func (c *Client) FindByHash(ctx context.Context, sessionRef, invoiceHash string) (invoiceRef string, found bool, err error) {
	var best *invoiceStatus
	rank := func(is *invoiceStatus) int {
		switch {
		case is.Status.Code == 200:
			return 2
		case is.Status.Code < 200:
			return 1
		}
		return 0
	}
	cont := ""
	for {
		r := request{method: http.MethodGet, path: "/sessions/" + url.PathEscape(sessionRef) + "/invoices?pageSize=" + fmt.Sprint(findPageSize), session: true}
		if cont != "" {
			r.header = http.Header{"X-Continuation-Token": {cont}}
		}
		resp, err := c.authed(ctx, r)
		if err != nil {
			return "", false, err
		}
		var page struct {
			ContinuationToken string          `json:"continuationToken"`
			Invoices          []invoiceStatus `json:"invoices"`
		}
		if err := json.Unmarshal(resp.body, &page); err != nil {
			return "", false, fmt.Errorf("%w: an unreadable list of invoices: %v", ErrUnavailable, err)
		}
		for i := range page.Invoices {
			if is := &page.Invoices[i]; is.InvoiceHash == invoiceHash && (best == nil || rank(is) > rank(best)) {
				best = is
			}
		}
		if page.ContinuationToken == "" || page.ContinuationToken == cont {
			break
		}
		cont = page.ContinuationToken
	}
	if best == nil {
		return "", false, nil
	}
	return best.ReferenceNumber, true, nil
}

// UPO is the UPO (the official receipt, XML per upo-v4-3.xsd, signed by
// the Ministry) of the invoice with ksefNumber sent in the session
// sessionRef (GET /sessions/{ref}/invoices/ksef/{ksefNumber}/upo). An
// *APIError with Code 21178 means it is not there (yet).
func (c *Client) UPO(ctx context.Context, sessionRef, ksefNumber string) ([]byte, error) {
	resp, err := c.authed(ctx, request{method: http.MethodGet, accept: "application/xml",
		path: "/sessions/" + url.PathEscape(sessionRef) + "/invoices/ksef/" + url.PathEscape(ksefNumber) + "/upo"})
	if err != nil {
		return nil, err
	}
	if h := resp.header.Get("x-ms-meta-hash"); h != "" && h != Hash(resp.body) {
		return nil, fmt.Errorf("%w: the UPO does not match its x-ms-meta-hash", ErrUnavailable)
	}
	return resp.body, nil
}
