// Package ksef is the shop's client of KSeF, the Ministry of Finance's
// national e-invoicing system (Krajowy System e-Faktur), API 2.0, as
// documented in the Ministry's public repository CIRFMF/ksef-docs
// (uwierzytelnianie.md, sesja-interaktywna.md, faktury/…, open-api.json).
//
// The shop authenticates with a KSeF token in the context of its own NIP,
// opens an interactive session for FA(3) invoices with a fresh AES-256
// key, sends each invoice encrypted, polls its status until KSeF accepts
// it (with a KSeF number) or refuses it (with a status code), and fetches
// the invoice's UPO (the official receipt). Errors are classified for the
// caller's retry policy: RateLimited, ErrUnavailable, ErrUnauthorized,
// ErrSessionClosed, APIError.
//
// The KSeF token is a secret: it is sent only encrypted with the
// Ministry's public key and never appears in an error or a log.
package ksef

import (
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Environment is one of KSeF's public environments (srodowiska.md).
type Environment string

const (
	// Test is TE, the test environment (release candidates; self-signed
	// certificates accepted, data shared between integrators).
	Test Environment = "test"
	// Demo is the pre-production environment, configured as production.
	Demo Environment = "demo"
	// Production is PRD: invoices with full legal effect.
	Production Environment = "production"
)

// BaseURL is the API's address in env, with the /v2 prefix of the
// OpenAPI's servers (https://api-test.ksef.mf.gov.pl/v2), or "" for an
// unknown environment.
func BaseURL(env Environment) string {
	switch env {
	case Test:
		return "https://api-test.ksef.mf.gov.pl/v2"
	case Demo:
		return "https://api-demo.ksef.mf.gov.pl/v2"
	case Production:
		return "https://api.ksef.mf.gov.pl/v2"
	}
	return ""
}

// QRBaseURL is the address of the verification links (QR codes) in env
// (kody-qr.md), or "" for an unknown environment.
func QRBaseURL(env Environment) string {
	switch env {
	case Test:
		return "https://qr-test.ksef.mf.gov.pl"
	case Demo:
		return "https://qr-demo.ksef.mf.gov.pl"
	case Production:
		return "https://qr.ksef.mf.gov.pl"
	}
	return ""
}

// Hash is the SHA-256 of b in standard base64 with padding (44
// characters): the form of invoiceHash and encryptedInvoiceHash in the
// API and of SkrotDokumentu in the UPO.
func Hash(b []byte) string {
	sum := sha256.Sum256(b)
	return base64.StdEncoding.EncodeToString(sum[:])
}

// InvoiceLink is the invoice's verification link, KOD I of kody-qr.md:
// {QR address}/invoice/{seller's NIP}/{issue date (P_1) DD-MM-RRRR}/{the
// XML's SHA-256 in base64url without padding}. xmlHash may be given as
// Hash returns it (standard base64) or already in base64url.
func InvoiceLink(env Environment, sellerNIP string, issued time.Time, xmlHash string) string {
	h := strings.TrimRight(xmlHash, "=")
	h = strings.NewReplacer("+", "-", "/", "_").Replace(h)
	return QRBaseURL(env) + "/invoice/" + sellerNIP + "/" + issued.Format("02-01-2006") + "/" + h
}

// ValidNumber reports whether ksefNumber is a KSeF number as numer-ksef.md
// describes it: 35 characters, "NIP-RRRRMMDD-FFFFFFFFFFFF-CC" (the
// seller's 10-digit NIP, the date of acceptance, 12 upper-case hex digits
// of the technical part) whose last two upper-case hex digits are the
// CRC-8 (polynomial 0x07, initial value 0x00) of the first 32 characters.
// The 36-character numbers of KSeF 1.0 the OpenAPI still accepts are not
// numbers KSeF 2.0 gives, and are refused.
func ValidNumber(ksefNumber string) bool {
	n := ksefNumber
	if len(n) != 35 || n[10] != '-' || n[19] != '-' || n[32] != '-' {
		return false
	}
	if !digits(n[:10]) || n[0] == '0' || !digits(n[11:19]) || !upperHex(n[20:32]) || !upperHex(n[33:]) {
		return false
	}
	if _, err := time.Parse("20060102", n[11:19]); err != nil {
		return false
	}
	return Checksum(n[:32]) == n[33:]
}

// Checksum is the CRC-8 of data (polynomial 0x07, initial value 0x00, no
// reflection, no final xor) in two upper-case hex digits: the last part
// of KSeF numbers and reference numbers (numer-ksef.md).
func Checksum(data string) string {
	var crc byte
	for i := 0; i < len(data); i++ {
		crc ^= data[i]
		for range 8 {
			if crc&0x80 != 0 {
				crc = crc<<1 ^ 0x07
			} else {
				crc <<= 1
			}
		}
	}
	return fmt.Sprintf("%02X", crc)
}

// NIP is a NIP as written ("676-245-18-91", "PL 676 245 18 91") reduced
// to its digits, as KSeF takes it.
func NIP(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, s)
}

func digits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

func upperHex(s string) bool {
	for i := 0; i < len(s); i++ {
		if (s[i] < '0' || s[i] > '9') && (s[i] < 'A' || s[i] > 'F') {
			return false
		}
	}
	return s != ""
}

// Status is an invoice's status in its session (GET
// /sessions/{ref}/invoices/{invoiceRef}, InvoiceStatusInfo).
type Status struct {
	// Code is KSeF's status code: 100 (accepted for processing) and 150
	// (processing) while it works, 200 (success), 4xx/5xx refusals: 405
	// (cancelled by a session error), 410 (no permission), 415
	// (attachment not allowed), 430 (invoice file verification error),
	// 435 (decryption error), 440 (duplicate), 450 (semantic/schema
	// verification error), 500 (unknown), 550 (cancelled by the system:
	// send again).
	Code        int
	Description string
	Details     []string
	// KSeFNumber is the number KSeF gave the invoice, once accepted.
	KSeFNumber string
	// Accepted is the invoice's permanentStorageDate (when KSeF stored it
	// for good: "always later than acquisitionDate", filled in
	// asynchronously) or, while that is not yet given, its
	// acquisitionDate (when the KSeF number was given). Zero until
	// accepted.
	Accepted time.Time
	// OriginalKSeFNumber and OriginalSession are a 440 duplicate's
	// extensions (originalKsefNumber, originalSessionReferenceNumber):
	// where the invoice with the same seller, kind and number was
	// accepted before.
	OriginalKSeFNumber, OriginalSession string
}

// Done reports whether KSeF has finished with the invoice, either way.
func (s Status) Done() bool { return s.Code >= 200 }

// OK reports whether KSeF accepted the invoice.
func (s Status) OK() bool { return s.Code == 200 }

// Duplicate reports whether KSeF refused the invoice as a duplicate (440)
// of the one in OriginalKSeFNumber.
func (s Status) Duplicate() bool { return s.Code == 440 }

// Errors, for the caller's retry policy.
var (
	// ErrUnavailable is returned when KSeF could not be reached or failed
	// to answer: a network error, a timeout, a 5xx, an authentication
	// KSeF itself failed (status 500/550). Try later; nothing changed
	// for a request that got this (except possibly a send: recover with
	// FindByHash).
	ErrUnavailable = errors.New("ksef: KSeF is unavailable")

	// ErrUnauthorized is returned when KSeF refuses the credentials: the
	// KSeF token is wrong, revoked or inactive, lacks the permission for
	// the NIP's context (401/403, or authentication status 4xx), even
	// after refreshing the access token and authenticating again. The
	// owner must fix the token.
	ErrUnauthorized = errors.New("ksef: KSeF refused the credentials (check the KSeF token and its permissions)")

	// ErrSessionClosed is returned when the session is closed, expired
	// (12 h), cancelled or unknown to KSeF (exception codes 21173,
	// 21180): open a new one. The error also wraps the *APIError.
	ErrSessionClosed = errors.New("ksef: the session is closed or unknown")
)

// RateLimited is returned for 429 Too Many Requests: wait RetryAfter
// (KSeF's Retry-After, in seconds or an HTTP date; 0 if absent) before
// the next request. KSeF lengthens the block of those who do not.
type RateLimited struct {
	RetryAfter time.Duration
}

func (e *RateLimited) Error() string {
	return fmt.Sprintf("ksef: too many requests, retry after %s", e.RetryAfter)
}

// APIError is returned for a documented 4xx answer of KSeF with its
// exception: the HTTP status and the first exceptionDetailList entry
// ({exceptionCode, exceptionDescription, details}), e.g. 400 21405 for
// input KSeF's validator refuses, 21403 for an invoice hash that does not
// match, 21178 for an UPO not (yet) there. Problem Details bodies
// (application/problem+json, as 401/403/410 are) fill Description and
// Details from title and detail, with Code 0.
type APIError struct {
	Status      int
	Code        int
	Description string
	Details     []string
}

func (e *APIError) Error() string {
	s := fmt.Sprintf("ksef: HTTP %d", e.Status)
	if e.Code != 0 {
		s += fmt.Sprintf(" %d", e.Code)
	}
	if e.Description != "" {
		s += " " + e.Description
	}
	if len(e.Details) > 0 {
		s += ": " + strings.Join(e.Details, "; ")
	}
	return s
}
