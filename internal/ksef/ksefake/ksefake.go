// Package ksefake is a local KSeF: the part of the Ministry of Finance's
// e-invoicing API 2.0 the shop uses (CIRFMF/ksef-docs: authentication
// with a KSeF token, interactive sessions, invoice status and UPO), served
// in process for the tests and the sandbox shop (make run), offline.
//
// It keeps the contract, not just the shape: its own RSA keys published
// as self-signed certificates for KsefTokenEncryption and
// SymmetricKeyEncryption; the KSeF token really decrypted and checked
// against the challenge's timestamp; each session's AES-256 key really
// decrypted with its key, each invoice decrypted and checked (hashes and
// sizes, FA(3) schema through xmllint, the seller's NIP against the
// session's context); answers given asynchronously (100/150, then 200
// with a KSeF number of the documented structure and checksum, or a
// refusal: 430, 435, 440 duplicate, 450, 410); duplicates refused
// globally by seller NIP, RodzajFaktury and P_2; an UPO v4-3 per accepted
// invoice that validates against the official schema (not signed: the
// real one carries the Ministry's XAdES signature); access tokens that
// expire and refresh; sessions valid 12 hours. Modes set at run time
// misbehave as KSeF can: Slow, Down, RateLimit, RefuseNext, RefuseFirst,
// ExpireTokens, CloseSessions, RevokeToken.
//
// Everything is in memory: a restarted fake forgets its keys, tokens,
// sessions, invoices and the numbers it refused as duplicates.
package ksefake

import (
	"bytes"
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"net/http/httptest"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"sabershop/internal/ksef/schema"
)

// Warsaw is KSeF's clock for the dates in KSeF numbers and reference
// numbers; a fixed +01:00 when the zone database is missing.
var warsaw = func() *time.Location {
	if l, err := time.LoadLocation("Europe/Warsaw"); err == nil {
		return l
	}
	return time.FixedZone("CET", 3600)
}()

// Defaults of the Fake's durations.
const (
	DefaultProcessDelay = 50 * time.Millisecond
	DefaultAccessTTL    = 15 * time.Minute
	DefaultRefreshTTL   = 7 * 24 * time.Hour
	// SessionTTL is an interactive session's life (sesja-interaktywna.md).
	SessionTTL = 12 * time.Hour
	// challengeTTL is a challenge's life (uwierzytelnianie.md).
	challengeTTL = 10 * time.Minute
)

// Fake is the fake KSeF. Make it with New; set the exported fields before
// serving; the modes' methods are safe at any time, concurrently.
type Fake struct {
	// ProcessDelay is how long an invoice (and an authentication) stays
	// in processing before its verdict (0: DefaultProcessDelay).
	ProcessDelay time.Duration
	// AccessTTL and RefreshTTL are the tokens' lives (0: the defaults).
	AccessTTL, RefreshTTL time.Duration
	// RequireSchema makes the fake refuse to run (HTTP 500 to every
	// request) when xmllint is missing, instead of accepting invoices it
	// cannot check against the FA(3) schema. The tests set it.
	RequireSchema bool
	// Now is the fake's clock (nil: time.Now).
	Now func() time.Time

	tokenKey, symKey     *rsa.PrivateKey
	certs                []byte // the JSON of GET /security/public-key-certificates
	tokenKeyID, symKeyID string

	mu         sync.Mutex
	tokens     map[string]*ksefToken // by the token's value
	challenges map[string]int64      // challenge → timestampMs
	auths      map[string]*authOp    // by reference number
	authByTok  map[string]*authOp    // by authenticationToken
	access     map[string]*grant
	refresh    map[string]*grant
	sessions   map[string]*session
	invoices   map[string]*invoice // by reference number
	pending    []*invoice          // in order of receipt
	originals  map[string]*invoice // accepted, by seller NIP|RodzajFaktury|P_2

	slow      time.Duration
	down      bool
	hold      bool
	limitN    int
	limitWait time.Duration
	refuse    []refusal
	// first is RefuseFirst's setting; firstRefused the invoices (seller
	// NIP|P_2) it refused once already.
	first        *firstRefusal
	firstRefused map[string]bool

	received, refreshes, authentications int
}

type ksefToken struct {
	nip, ref string
	revoked  bool
}

type authOp struct {
	ref, authToken string
	started        time.Time
	nip            string
	tok            *ksefToken
	status         statusInfo
	redeemed       bool
}

type grant struct {
	auth  *authOp
	until time.Time
}

type session struct {
	ref, nip   string
	key, iv    []byte
	opened     time.Time
	validUntil time.Time
	closed     bool
	invoices   []*invoice
	tokenRef   string
}

type invoice struct {
	ref, sessionRef string
	ordinal         int
	hash            string
	marked          bool // its XML holds RefuseFirst's marker
	received        time.Time
	ready           time.Time // the verdict is given from then on
	verdict         statusInfo
	nip, kind, p2   string
	issued          string // P_1
	offline         bool   // sent with offlineMode: true
	status          statusInfo
	ksefNumber      string
	acquired        time.Time
	stored          time.Time
}

type refusal struct {
	code int
	desc string
}

type firstRefusal struct {
	marker []byte
	refusal
}

type statusInfo struct {
	Code        int               `json:"code"`
	Description string            `json:"description"`
	Details     []string          `json:"details,omitempty"`
	Extensions  map[string]string `json:"extensions,omitempty"`
}

// New is a fake KSeF with fresh RSA key pairs (2048-bit) and certificates
// for them, knowing no KSeF token yet (AddToken).
func New() (*Fake, error) {
	f := &Fake{
		tokens: map[string]*ksefToken{}, challenges: map[string]int64{},
		auths: map[string]*authOp{}, authByTok: map[string]*authOp{},
		access: map[string]*grant{}, refresh: map[string]*grant{},
		sessions: map[string]*session{}, invoices: map[string]*invoice{},
		originals: map[string]*invoice{}, firstRefused: map[string]bool{},
	}
	type cert struct {
		Certificate   []byte    `json:"certificate"`
		CertificateID string    `json:"certificateId"`
		PublicKeyID   string    `json:"publicKeyId"`
		ValidFrom     time.Time `json:"validFrom"`
		ValidTo       time.Time `json:"validTo"`
		Usage         []string  `json:"usage"`
	}
	var certs []cert
	from := time.Now().Add(-time.Hour).UTC().Truncate(time.Second)
	to := from.AddDate(2, 0, 0)
	for i, usage := range []string{"KsefTokenEncryption", "SymmetricKeyEncryption"} {
		key, err := rsa.GenerateKey(rand.Reader, 2048)
		if err != nil {
			return nil, err
		}
		tmpl := &x509.Certificate{
			SerialNumber: big.NewInt(int64(i + 1)),
			Subject:      pkix.Name{CommonName: "Ministerstwo Finansów", Country: []string{"PL"}, OrganizationalUnit: []string{"ksefake " + usage}},
			NotBefore:    from, NotAfter: to,
			KeyUsage: x509.KeyUsageKeyEncipherment | x509.KeyUsageDataEncipherment,
		}
		der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
		if err != nil {
			return nil, err
		}
		spki, err := x509.MarshalPKIXPublicKey(&key.PublicKey)
		if err != nil {
			return nil, err
		}
		keyID := b64sha(spki)
		certs = append(certs, cert{der, b64sha(der), keyID, from, to, []string{usage}})
		if i == 0 {
			f.tokenKey, f.tokenKeyID = key, keyID
		} else {
			f.symKey, f.symKeyID = key, keyID
		}
	}
	var err error
	f.certs, err = json.Marshal(certs)
	return f, err
}

func b64sha(b []byte) string {
	sum := sha256.Sum256(b)
	return base64.StdEncoding.EncodeToString(sum[:])
}

// AddToken makes token a KSeF token valid in the context of nip (with the
// permission to send invoices).
func (f *Fake) AddToken(nip, token string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.tokens[token] = &ksefToken{nip: nip, ref: f.refNumber("TK")}
}

// RevokeToken revokes the KSeF token: authenticating with it fails (status
// 450) and its refresh tokens are refused (21301); access tokens already
// given stay valid until they expire, as in KSeF.
func (f *Fake) RevokeToken(token string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if t := f.tokens[token]; t != nil {
		t.revoked = true
	}
}

// Slow delays every answer by d (0: none).
func (f *Fake) Slow(d time.Duration) { f.mu.Lock(); f.slow = d; f.mu.Unlock() }

// Hold keeps every invoice received in processing (status 150) while
// on, as KSeF under load does for minutes: the sender's session stays in
// use. Off, the held verdicts are given.
func (f *Fake) Hold(on bool) { f.mu.Lock(); f.hold = on; f.mu.Unlock() }

// Down makes every request answer 503 while down.
func (f *Fake) Down(down bool) { f.mu.Lock(); f.down = down; f.mu.Unlock() }

// RateLimit makes the next n requests answer 429 Too Many Requests with
// Retry-After: retryAfter (in whole seconds).
func (f *Fake) RateLimit(n int, retryAfter time.Duration) {
	f.mu.Lock()
	f.limitN, f.limitWait = n, retryAfter
	f.mu.Unlock()
}

// RefuseNext makes the next invoice received, otherwise good, refused
// with status code and description.
func (f *Fake) RefuseNext(code int, description string) {
	f.mu.Lock()
	f.refuse = append(f.refuse, refusal{code, description})
	f.mu.Unlock()
}

// RefuseFirst makes the first submission of each invoice (by seller NIP
// and P_2) whose XML contains marker, otherwise good, refused with status
// code and description; a later submission of the same invoice is
// accepted. The sandbox shop uses it to show a refusal and its retry on
// demand (a buyer named "… KSeF-ODMOWA …").
func (f *Fake) RefuseFirst(marker string, code int, description string) {
	f.mu.Lock()
	f.first = &firstRefusal{[]byte(marker), refusal{code, description}}
	f.mu.Unlock()
}

// ExpireTokens makes every access token given so far invalid (401);
// refresh tokens stay good.
func (f *Fake) ExpireTokens() {
	f.mu.Lock()
	clear(f.access)
	f.mu.Unlock()
}

// CloseSessions closes every open session, as their 12 hours running out
// would: sending to one is refused with 21180.
func (f *Fake) CloseSessions() {
	f.mu.Lock()
	for _, s := range f.sessions {
		s.closed = true
	}
	f.mu.Unlock()
}

// Invoice is an invoice the fake accepted.
type Invoice struct {
	NIP, Kind, Number string // seller's NIP, RodzajFaktury, P_2
	KSeFNumber        string
	Session, Ref      string // the session's and the invoice's reference numbers
	Hash              string // SHA-256 of the XML, base64
	Accepted          time.Time
	Offline           bool // sent with offlineMode: true
}

// Accepted lists the invoices accepted so far, in order of acceptance.
func (f *Fake) Accepted() []Invoice {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.settle()
	var out []Invoice
	for _, inv := range f.originals {
		out = append(out, Invoice{inv.nip, inv.kind, inv.p2, inv.ksefNumber, inv.sessionRef, inv.ref, inv.hash, inv.stored, inv.offline})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Accepted.Before(out[j].Accepted) })
	return out
}

// Received is how many invoices the fake took in (POST
// /sessions/online/{ref}/invoices answered 202).
func (f *Fake) Received() int { f.mu.Lock(); defer f.mu.Unlock(); return f.received }

// Refreshes is how many access tokens were refreshed.
func (f *Fake) Refreshes() int { f.mu.Lock(); defer f.mu.Unlock(); return f.refreshes }

// Authentications is how many authentications with a KSeF token started.
func (f *Fake) Authentications() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.authentications
}

// OpenSessions is how many sessions are open.
func (f *Fake) OpenSessions() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	n := 0
	for _, s := range f.sessions {
		if f.open(s) {
			n++
		}
	}
	return n
}

func (f *Fake) now() time.Time {
	if f.Now != nil {
		return f.Now()
	}
	return time.Now()
}

func (f *Fake) delay() time.Duration {
	if f.ProcessDelay > 0 {
		return f.ProcessDelay
	}
	return DefaultProcessDelay
}

func (f *Fake) open(s *session) bool { return !s.closed && f.now().Before(s.validUntil) }

// refNumber is a reference number of KSeF's form (the UPO schema's
// TNumerReferencyjny): RRRRMMDD-KK-HHHHHHHHHH-HHHHHHHHHH-CC, 36
// characters, kind a two-letter code (SO online session, EE invoice, AU
// authentication, CR challenge, TK token).
func (f *Fake) refNumber(kind string) string {
	b := make([]byte, 10)
	_, _ = rand.Read(b)
	h := strings.ToUpper(hex.EncodeToString(b))
	s := f.now().In(warsaw).Format("20060102") + "-" + kind + "-" + h[:10] + "-" + h[10:]
	return s + "-" + crc8(s)
}

// ksefNumber is a KSeF number (numer-ksef.md): NIP-RRRRMMDD-12 hex
// digits-CRC-8 of the first 32 characters.
func (f *Fake) ksefNumber(nip string, at time.Time) string {
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	s := nip + "-" + at.In(warsaw).Format("20060102") + "-" + strings.ToUpper(hex.EncodeToString(b))
	return s + "-" + crc8(s)
}

// crc8 is CRC-8 with polynomial 0x07 and initial value 0x00, in two
// upper-case hex digits. The fake has its own, not package ksef's: a
// client's mistake in it must not be the fake's too.
func crc8(s string) string {
	var crc byte
	for i := 0; i < len(s); i++ {
		crc ^= s[i]
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

// ServeHTTP answers the API under /v2 (the OpenAPI's servers:
// https://api-test.ksef.mf.gov.pl/v2): a Client's BaseURL is the test
// server's URL + "/v2".
func (f *Fake) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if f.RequireSchema && !schema.Available() {
		http.Error(w, "ksefake: RequireSchema is set and xmllint is not installed (Debian: libxml2-utils)", http.StatusInternalServerError)
		return
	}
	f.mu.Lock()
	slow, down := f.slow, f.down
	limited, wait := false, f.limitWait
	if f.limitN > 0 {
		f.limitN--
		limited = true
	}
	f.mu.Unlock()
	if slow > 0 {
		select {
		case <-time.After(slow):
		case <-r.Context().Done():
			return
		}
	}
	if down {
		http.Error(w, "Service Unavailable", http.StatusServiceUnavailable)
		return
	}
	if limited {
		secs := int((wait + time.Second - 1) / time.Second)
		w.Header().Set("Retry-After", strconv.Itoa(secs))
		writeJSON(w, http.StatusTooManyRequests, map[string]any{"status": statusInfo{
			Code: 429, Description: "Too Many Requests",
			Details: []string{fmt.Sprintf("Przekroczono limit żądań. Spróbuj ponownie po %d sekundach.", secs)},
		}})
		return
	}
	f.mux().ServeHTTP(w, r)
}

func (f *Fake) mux() *http.ServeMux {
	m := http.NewServeMux()
	m.HandleFunc("GET /v2/security/public-key-certificates", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(f.certs)
	})
	m.HandleFunc("POST /v2/auth/challenge", f.challenge)
	m.HandleFunc("POST /v2/auth/ksef-token", f.ksefToken)
	m.HandleFunc("GET /v2/auth/{ref}", f.authStatus)
	m.HandleFunc("POST /v2/auth/token/redeem", f.redeem)
	m.HandleFunc("POST /v2/auth/token/refresh", f.refreshToken)
	m.HandleFunc("POST /v2/sessions/online", f.openSession)
	m.HandleFunc("POST /v2/sessions/online/{ref}/invoices", f.sendInvoice)
	m.HandleFunc("POST /v2/sessions/online/{ref}/close", f.inSession(f.closeSession))
	m.HandleFunc("GET /v2/sessions/{ref}", f.inSession(f.sessionStatus))
	m.HandleFunc("GET /v2/sessions/{ref}/invoices", f.inSession(f.listInvoices))
	m.HandleFunc("GET /v2/sessions/{ref}/invoices/{inv}", f.inSession(f.invoiceStatus))
	m.HandleFunc("GET /v2/sessions/{ref}/invoices/{inv}/upo", f.inSession(f.upoByRef))
	m.HandleFunc("GET /v2/sessions/{ref}/invoices/ksef/{num}/upo", f.inSession(f.upoByNumber))
	return m
}

// inSession is h, a handler of one of the caller's sessions' resources,
// run under the fake's lock once the caller's access token and the
// session are checked and the verdicts due are given.
func (f *Fake) inSession(h func(http.ResponseWriter, *http.Request, *session)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		defer f.mu.Unlock()
		g := f.granted(w, r)
		if g == nil {
			return
		}
		s := f.ownSession(w, r, g)
		if s == nil {
			return
		}
		f.settle()
		h(w, r, s)
	}
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// exception answers 400 with KSeF's ExceptionResponse, or with Problem
// Details when the request asked for them (X-Error-Format:
// problem-details).
func exception(w http.ResponseWriter, r *http.Request, code int, description string, details ...string) {
	now := time.Now().UTC()
	if r.Header.Get("X-Error-Format") == "problem-details" {
		w.Header().Set("Content-Type", "application/problem+json")
		w.WriteHeader(http.StatusBadRequest)
		_ = json.NewEncoder(w).Encode(map[string]any{
			"title": "Bad Request", "status": 400, "instance": r.URL.Path, "detail": description,
			"errors":    []map[string]any{{"code": code, "description": description, "details": details}},
			"timestamp": now, "traceId": "ksefake",
		})
		return
	}
	writeJSON(w, http.StatusBadRequest, map[string]any{"exception": map[string]any{
		"exceptionDetailList": []map[string]any{{"exceptionCode": code, "exceptionDescription": description, "details": details}},
		"serviceCode":         "ksefake", "serviceName": "ksefake", "timestamp": now,
	}})
}

// problem answers 401 or 403 with Problem Details, as KSeF does.
func problem(w http.ResponseWriter, r *http.Request, status int, detail string) {
	w.Header().Set("Content-Type", "application/problem+json")
	w.WriteHeader(status)
	body := map[string]any{"title": http.StatusText(status), "status": status, "detail": detail, "instance": r.URL.Path, "timestamp": time.Now().UTC()}
	if status == http.StatusForbidden {
		body["reasonCode"] = "missing-permissions"
	}
	_ = json.NewEncoder(w).Encode(body)
}

func bearer(r *http.Request) string {
	if t, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer "); ok {
		return strings.TrimSpace(t)
	}
	return ""
}

// granted is the access token's grant, or nil after a 401 answered.
// Called with f.mu held.
func (f *Fake) granted(w http.ResponseWriter, r *http.Request) *grant {
	g := f.access[bearer(r)]
	if g == nil || !f.now().Before(g.until) {
		problem(w, r, http.StatusUnauthorized, "Brak lub nieprawidłowy token dostępowy.")
		return nil
	}
	return g
}

func decode(w http.ResponseWriter, r *http.Request, v any) bool {
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, 8<<20))
	if err := dec.Decode(v); err != nil {
		exception(w, r, 21405, "Błąd walidacji danych wejściowych.", err.Error())
		return false
	}
	return true
}

func (f *Fake) challenge(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	now := f.now()
	ch := f.refNumber("CR")
	f.challenges[ch] = now.UnixMilli()
	for c, ms := range f.challenges { // forget the stale ones
		if now.Sub(time.UnixMilli(ms)) > challengeTTL {
			delete(f.challenges, c)
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{"challenge": ch, "timestamp": now.UTC(), "timestampMs": now.UnixMilli(), "clientIp": "127.0.0.1"})
}

func (f *Fake) ksefToken(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Challenge         string `json:"challenge"`
		ContextIdentifier struct {
			Type  string `json:"type"`
			Value string `json:"value"`
		} `json:"contextIdentifier"`
		EncryptedToken []byte `json:"encryptedToken"`
		PublicKeyID    string `json:"publicKeyId"`
	}
	if !decode(w, r, &req) {
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	now := f.now()
	ms, ok := f.challenges[req.Challenge]
	if !ok || now.Sub(time.UnixMilli(ms)) > challengeTTL {
		exception(w, r, 21111, "Nieprawidłowe wyzwanie autoryzacyjne.")
		return
	}
	delete(f.challenges, req.Challenge)
	if req.PublicKeyID != "" && req.PublicKeyID != f.tokenKeyID {
		exception(w, r, 21470, "Przesłany identyfikator klucza jest nieznany lub wskazuje na wycofany klucz.", "Klucz o identyfikatorze "+req.PublicKeyID+" nie jest wspierany.")
		return
	}
	if req.ContextIdentifier.Type != "Nip" || len(req.ContextIdentifier.Value) != 10 || len(req.EncryptedToken) == 0 {
		exception(w, r, 21405, "Błąd walidacji danych wejściowych.", "contextIdentifier: type Nip and a 10-digit value; encryptedToken required")
		return
	}
	op := &authOp{ref: f.refNumber("AU"), authToken: randomToken(), started: now, nip: req.ContextIdentifier.Value}
	op.status = statusInfo{Code: 200, Description: "Uwierzytelnianie zakończone sukcesem"}
	fail := func(code int, desc, detail string) {
		op.status = statusInfo{Code: code, Description: desc, Details: []string{detail}}
	}
	const badToken = "Uwierzytelnianie zakończone niepowodzeniem z powodu błędnego tokenu"
	plain, err := rsa.DecryptOAEP(sha256.New(), nil, f.tokenKey, req.EncryptedToken, nil)
	tok, stamp, cut := strings.Cut(string(plain), "|")
	switch t := f.tokens[tok]; {
	case err != nil || !cut || t == nil:
		fail(450, badToken, "Nieprawidłowy token")
	case stamp != strconv.FormatInt(ms, 10):
		fail(450, badToken, "Nieprawidłowy czas tokena")
	case t.revoked:
		fail(450, badToken, "Token unieważniony")
	case t.nip != op.nip:
		fail(415, "Uwierzytelnianie zakończone niepowodzeniem", "Brak przypisanych uprawnień")
	default:
		op.tok = t
	}
	f.auths[op.ref] = op
	f.authByTok[op.authToken] = op
	f.authentications++
	writeJSON(w, http.StatusAccepted, map[string]any{"referenceNumber": op.ref,
		"authenticationToken": map[string]any{"token": op.authToken, "validUntil": now.Add(time.Hour).UTC()}})
}

// randomToken is an opaque bearer token (KSeF's are JWTs; nothing here
// reads them).
func randomToken() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	return "ksefake." + base64.RawURLEncoding.EncodeToString(b)
}

// status is the authentication's status now: in progress for half the
// process delay, then its verdict.
func (f *Fake) authStatusNow(op *authOp) statusInfo {
	if f.now().Before(op.started.Add(f.delay() / 2)) {
		return statusInfo{Code: 100, Description: "Uwierzytelnianie w toku"}
	}
	return op.status
}

func (f *Fake) authStatus(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	op := f.authByTok[bearer(r)]
	if op == nil {
		problem(w, r, http.StatusUnauthorized, "Brak lub nieprawidłowy token uwierzytelniania.")
		return
	}
	if op.ref != r.PathValue("ref") {
		exception(w, r, 21304, "Brak uwierzytelnienia.", "Operacja uwierzytelniania o numerze referencyjnym "+r.PathValue("ref")+" nie została znaleziona.")
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"startDate": op.started.UTC(), "authenticationMethod": "Token",
		"authenticationMethodInfo": map[string]string{"category": "Token", "code": "token", "displayName": "Token KSeF"},
		"status":                   f.authStatusNow(op), "isTokenRedeemed": op.redeemed,
	})
}

func (f *Fake) accessTTL() time.Duration {
	if f.AccessTTL > 0 {
		return f.AccessTTL
	}
	return DefaultAccessTTL
}

func (f *Fake) redeem(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	op := f.authByTok[bearer(r)]
	if op == nil {
		problem(w, r, http.StatusUnauthorized, "Brak lub nieprawidłowy token uwierzytelniania.")
		return
	}
	if op.redeemed {
		exception(w, r, 21301, "Brak autoryzacji.", "Tokeny dla operacji uwierzytelniania "+op.ref+" zostały już pobrane.")
		return
	}
	if st := f.authStatusNow(op); st.Code != 200 {
		exception(w, r, 21301, "Brak autoryzacji.", fmt.Sprintf("Status uwierzytelniania (%d) nie pozwala na pobranie tokenów.", st.Code))
		return
	}
	if op.tok.revoked {
		exception(w, r, 21301, "Brak autoryzacji.", "Token KSeF został unieważniony.")
		return
	}
	op.redeemed = true
	now := f.now()
	refreshTTL := f.RefreshTTL
	if refreshTTL <= 0 {
		refreshTTL = DefaultRefreshTTL
	}
	acc, ref := randomToken(), randomToken()
	f.access[acc] = &grant{op, now.Add(f.accessTTL())}
	f.refresh[ref] = &grant{op, now.Add(refreshTTL)}
	writeJSON(w, http.StatusOK, map[string]any{
		"accessToken":  map[string]any{"token": acc, "validUntil": now.Add(f.accessTTL()).UTC()},
		"refreshToken": map[string]any{"token": ref, "validUntil": now.Add(refreshTTL).UTC()},
	})
}

func (f *Fake) refreshToken(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	g := f.refresh[bearer(r)]
	now := f.now()
	if g == nil || !now.Before(g.until) {
		problem(w, r, http.StatusUnauthorized, "Brak lub nieprawidłowy refresh token.")
		return
	}
	if g.auth.tok.revoked {
		exception(w, r, 21301, "Brak autoryzacji.", "Token KSeF został unieważniony.")
		return
	}
	acc := randomToken()
	f.access[acc] = &grant{g.auth, now.Add(f.accessTTL())}
	f.refreshes++
	writeJSON(w, http.StatusOK, map[string]any{"accessToken": map[string]any{"token": acc, "validUntil": now.Add(f.accessTTL()).UTC()}})
}

func (f *Fake) openSession(w http.ResponseWriter, r *http.Request) {
	var req struct {
		FormCode struct {
			SystemCode    string `json:"systemCode"`
			SchemaVersion string `json:"schemaVersion"`
			Value         string `json:"value"`
		} `json:"formCode"`
		Encryption struct {
			EncryptedSymmetricKey []byte `json:"encryptedSymmetricKey"`
			InitializationVector  []byte `json:"initializationVector"`
			PublicKeyID           string `json:"publicKeyId"`
		} `json:"encryption"`
	}
	f.mu.Lock()
	g := f.granted(w, r)
	f.mu.Unlock()
	if g == nil || !decode(w, r, &req) {
		return
	}
	if fc := req.FormCode; fc.SystemCode != "FA (3)" || fc.SchemaVersion != "1-0E" || fc.Value != "FA" {
		exception(w, r, 21405, "Błąd walidacji danych wejściowych.", fmt.Sprintf("formCode %q/%q/%q: the fake knows FA (3) 1-0E FA only", fc.SystemCode, fc.SchemaVersion, fc.Value))
		return
	}
	if id := req.Encryption.PublicKeyID; id != "" && id != f.symKeyID {
		exception(w, r, 21470, "Przesłany identyfikator klucza jest nieznany lub wskazuje na wycofany klucz.", "Klucz o identyfikatorze "+id+" nie jest wspierany.")
		return
	}
	key, err := rsa.DecryptOAEP(sha256.New(), nil, f.symKey, req.Encryption.EncryptedSymmetricKey, nil)
	if err != nil || len(key) != 32 || len(req.Encryption.InitializationVector) != aes.BlockSize {
		exception(w, r, 21405, "Błąd walidacji danych wejściowych.", "encryption: an AES-256 key encrypted with RSA-OAEP SHA-256 under the SymmetricKeyEncryption key, and a 16-byte initializationVector")
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	now := f.now()
	s := &session{ref: f.refNumber("SO"), nip: g.auth.nip, key: key, iv: req.Encryption.InitializationVector,
		opened: now, validUntil: now.Add(SessionTTL), tokenRef: g.auth.tok.ref}
	f.sessions[s.ref] = s
	writeJSON(w, http.StatusCreated, map[string]any{"referenceNumber": s.ref, "validUntil": s.validUntil.UTC()})
}

// ownSession is the session named in the path if it is of the grant's
// context, or nil after a 21173 answered. Called with f.mu held.
func (f *Fake) ownSession(w http.ResponseWriter, r *http.Request, g *grant) *session {
	s := f.sessions[r.PathValue("ref")]
	if s == nil || s.nip != g.auth.nip {
		exception(w, r, 21173, "Brak sesji o wskazanym numerze referencyjnym.", "Sesja o numerze referencyjnym "+r.PathValue("ref")+" nie została odnaleziona.")
		return nil
	}
	return s
}

func (f *Fake) sendInvoice(w http.ResponseWriter, r *http.Request) {
	var req struct {
		InvoiceHash             string `json:"invoiceHash"`
		InvoiceSize             int64  `json:"invoiceSize"`
		EncryptedInvoiceHash    string `json:"encryptedInvoiceHash"`
		EncryptedInvoiceSize    int64  `json:"encryptedInvoiceSize"`
		EncryptedInvoiceContent []byte `json:"encryptedInvoiceContent"`
		OfflineMode             bool   `json:"offlineMode"`
	}
	f.mu.Lock()
	g := f.granted(w, r)
	var s *session
	if g != nil {
		s = f.ownSession(w, r, g)
	}
	if s != nil && !f.open(s) {
		exception(w, r, 21180, "Status sesji nie pozwala na wykonanie operacji.", "Status sesji 170 uniemożliwia wysyłkę faktur.")
		s = nil
	}
	f.mu.Unlock()
	if s == nil || !decode(w, r, &req) {
		return
	}
	switch {
	case len(req.InvoiceHash) != 44 || len(req.EncryptedInvoiceHash) != 44 || req.InvoiceSize < 1 || req.EncryptedInvoiceSize < 1:
		exception(w, r, 21405, "Błąd walidacji danych wejściowych.", "invoiceHash and encryptedInvoiceHash: SHA-256 in base64 (44 characters); sizes at least 1")
		return
	case req.EncryptedInvoiceSize != int64(len(req.EncryptedInvoiceContent)):
		exception(w, r, 21402, "Nieprawidłowy rozmiar pliku.", "Długość treści nie zgadza się z rozmiarem pliku.")
		return
	case req.EncryptedInvoiceHash != b64sha(req.EncryptedInvoiceContent):
		exception(w, r, 21403, "Nieprawidłowy skrót pliku.", "Skrót treści nie zgadza się ze skrótem pliku.")
		return
	}
	inv := &invoice{sessionRef: s.ref, hash: req.InvoiceHash, offline: req.OfflineMode}
	// KSeF verifies an invoice after taking it, whether or not the sender
	// is still connected: a sender that hangs up (or is killed) does not
	// change the verdict.
	vctx, cancel := context.WithTimeout(context.WithoutCancel(r.Context()), time.Minute)
	inv.verdict = f.verify(vctx, s, req.EncryptedInvoiceContent, req.InvoiceHash, req.InvoiceSize, inv)
	cancel()
	f.mu.Lock()
	defer f.mu.Unlock()
	if !f.open(s) { // closed while it was verified
		exception(w, r, 21180, "Status sesji nie pozwala na wykonanie operacji.", "Status sesji 170 uniemożliwia wysyłkę faktur.")
		return
	}
	if inv.verdict.Code == 200 && len(f.refuse) > 0 {
		inv.verdict = statusInfo{Code: f.refuse[0].code, Description: f.refuse[0].desc}
		f.refuse = f.refuse[1:]
	}
	if key := inv.nip + "|" + inv.p2; inv.verdict.Code == 200 && inv.marked && !f.firstRefused[key] {
		f.firstRefused[key] = true
		inv.verdict = statusInfo{Code: f.first.code, Description: f.first.desc}
	}
	now := f.now()
	inv.ref = f.refNumber("EE")
	inv.received, inv.ready = now, now.Add(f.delay())
	inv.ordinal = len(s.invoices) + 1
	inv.status = statusInfo{Code: 100, Description: "Faktura przyjęta do dalszego przetwarzania"}
	s.invoices = append(s.invoices, inv)
	f.invoices[inv.ref] = inv
	f.pending = append(f.pending, inv)
	f.received++
	writeJSON(w, http.StatusAccepted, map[string]any{"referenceNumber": inv.ref})
}

// faktura is what the fake reads of an FA(3) invoice.
type faktura struct {
	XMLName  xml.Name `xml:"Faktura"`
	Podmiot1 struct {
		NIP string `xml:"DaneIdentyfikacyjne>NIP"`
	} `xml:"Podmiot1"`
	Fa struct {
		P1            string `xml:"P_1"`
		P2            string `xml:"P_2"`
		RodzajFaktury string `xml:"RodzajFaktury"`
	} `xml:"Fa"`
}

// verify decrypts and checks an invoice as KSeF's asynchronous
// verification does (weryfikacja-faktury.md), filling inv's seller, kind,
// number and date; the verdict is 200 or a refusal. It runs without
// f.mu: xmllint takes a while.
func (f *Fake) verify(ctx context.Context, s *session, enc []byte, hash string, size int64, inv *invoice) statusInfo {
	refuse := func(code int, desc string, details ...string) statusInfo {
		return statusInfo{Code: code, Description: desc, Details: details}
	}
	plain, err := decrypt(s.key, s.iv, enc)
	if err != nil {
		return refuse(435, "Błąd odszyfrowania pliku", err.Error())
	}
	if int64(len(plain)) != size || b64sha(plain) != hash {
		return refuse(430, "Błąd weryfikacji pliku faktury", "Skrót lub rozmiar odszyfrowanej faktury nie zgadza się z invoiceHash/invoiceSize.")
	}
	f.mu.Lock()
	inv.marked = f.first != nil && bytes.Contains(plain, f.first.marker)
	f.mu.Unlock()
	if bytes.HasPrefix(plain, []byte("\xEF\xBB\xBF")) {
		return refuse(450, "Błąd weryfikacji semantyki dokumentu faktury", "Faktura zawiera znacznik BOM.")
	}
	switch err := schema.Validate(ctx, plain, schema.FA3); {
	case errors.Is(err, schema.ErrNoValidator):
		if f.RequireSchema {
			return refuse(500, "Nieznany błąd (500)", "ksefake: xmllint is not installed")
		}
	case err != nil && !errors.Is(err, schema.ErrInvalid):
		return refuse(500, "Nieznany błąd (500)", "ksefake: "+err.Error())
	case err != nil:
		return refuse(450, "Błąd weryfikacji semantyki dokumentu faktury", strings.Split(err.Error(), "\n")...)
	}
	var fa faktura
	if err := xml.Unmarshal(plain, &fa); err != nil {
		return refuse(450, "Błąd weryfikacji semantyki dokumentu faktury", err.Error())
	}
	inv.nip, inv.kind, inv.p2, inv.issued = fa.Podmiot1.NIP, fa.Fa.RodzajFaktury, fa.Fa.P2, fa.Fa.P1
	if inv.nip != s.nip {
		return refuse(410, "Nieprawidłowy zakres uprawnień", "NIP sprzedawcy "+inv.nip+" nie jest kontekstem sesji.")
	}
	if d, err := time.ParseInLocation(time.DateOnly, inv.issued, warsaw); err == nil && d.After(f.now()) {
		return refuse(450, "Błąd weryfikacji semantyki dokumentu faktury", "Data wystawienia faktury (P_1) jest późniejsza niż data przyjęcia.")
	}
	return statusInfo{Code: 200, Description: "Sukces"}
}

// decrypt is AES-256-CBC with PKCS#7 padding, the IV the session's.
func decrypt(key, iv, enc []byte) ([]byte, error) {
	if len(enc) == 0 || len(enc)%aes.BlockSize != 0 {
		return nil, errors.New("zaszyfrowana treść nie jest wielokrotnością bloku AES")
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	out := make([]byte, len(enc))
	cipher.NewCBCDecrypter(block, iv).CryptBlocks(out, enc)
	pad := int(out[len(out)-1])
	if pad < 1 || pad > aes.BlockSize || !bytes.Equal(out[len(out)-pad:], bytes.Repeat([]byte{byte(pad)}, pad)) {
		return nil, errors.New("nieprawidłowe dopełnienie PKCS#7 (zły klucz?)")
	}
	return out[:len(out)-pad], nil
}

// settle gives the verdicts whose time has come, in order of receipt:
// the duplicate check against the invoices accepted before, then a KSeF
// number. Called with f.mu held.
func (f *Fake) settle() {
	now := f.now()
	i := 0
	for ; !f.hold && i < len(f.pending) && !now.Before(f.pending[i].ready); i++ {
		inv := f.pending[i]
		inv.status = inv.verdict
		if inv.verdict.Code != 200 {
			continue
		}
		key := inv.nip + "|" + inv.kind + "|" + inv.p2
		if orig := f.originals[key]; orig != nil {
			inv.status = statusInfo{Code: 440, Description: "Duplikat faktury",
				Details:    []string{"Duplikat faktury. Faktura o numerze KSeF: " + orig.ksefNumber + " została już prawidłowo przesłana do systemu w sesji: " + orig.sessionRef},
				Extensions: map[string]string{"originalSessionReferenceNumber": orig.sessionRef, "originalKsefNumber": orig.ksefNumber}}
			continue
		}
		inv.acquired = inv.ready
		inv.stored = inv.ready.Add(time.Millisecond)
		inv.ksefNumber = f.ksefNumber(inv.nip, inv.acquired)
		f.originals[key] = inv
	}
	f.pending = f.pending[i:]
	for _, inv := range f.pending {
		if now.After(inv.received.Add(f.delay() / 2)) {
			inv.status = statusInfo{Code: 150, Description: "Trwa przetwarzanie"}
		}
	}
}

func (f *Fake) closeSession(w http.ResponseWriter, r *http.Request, s *session) {
	if !f.open(s) {
		exception(w, r, 21180, "Status sesji nie pozwala na wykonanie operacji.", "Status sesji 170 uniemożliwia jej zamknięcie.")
		return
	}
	s.closed = true
	w.WriteHeader(http.StatusNoContent)
}

func (f *Fake) sessionStatus(w http.ResponseWriter, r *http.Request, s *session) {
	ok, failed := 0, 0
	for _, inv := range s.invoices {
		switch {
		case inv.status.Code == 200:
			ok++
		case inv.status.Code >= 300:
			failed++
		}
	}
	st := statusInfo{Code: 100, Description: "Sesja interaktywna otwarta"}
	switch {
	case f.open(s):
	case len(s.invoices) == 0:
		st = statusInfo{Code: 440, Description: "Sesja anulowana", Details: []string{"Nie przesłano faktur"}}
	case ok+failed < len(s.invoices):
		st = statusInfo{Code: 170, Description: "Sesja interaktywna zamknięta"}
	case ok == 0:
		st = statusInfo{Code: 445, Description: "Błąd weryfikacji, brak poprawnych faktur"}
	default:
		st = statusInfo{Code: 200, Description: "Sesja interaktywna przetworzona pomyślnie"}
	}
	writeJSON(w, http.StatusOK, map[string]any{"status": st, "dateCreated": s.opened.UTC(), "dateUpdated": f.now().UTC(),
		"validUntil": s.validUntil.UTC(), "invoiceCount": len(s.invoices), "successfulInvoiceCount": ok, "failedInvoiceCount": failed})
}

// invoiceJSON is SessionInvoiceStatusResponse. Called with f.mu held.
func (f *Fake) invoiceJSON(inv *invoice) map[string]any {
	m := map[string]any{"ordinalNumber": inv.ordinal, "referenceNumber": inv.ref, "invoiceHash": inv.hash,
		"invoicingDate": inv.received.UTC(), "invoicingMode": "Online", "status": inv.status}
	if inv.p2 != "" && inv.status.Code >= 200 {
		m["invoiceNumber"] = inv.p2
	}
	if inv.status.Code == 200 {
		m["ksefNumber"] = inv.ksefNumber
		m["acquisitionDate"] = inv.acquired.UTC()
		m["permanentStorageDate"] = inv.stored.UTC()
	}
	return m
}

func (f *Fake) invoiceStatus(w http.ResponseWriter, r *http.Request, s *session) {
	inv := f.invoices[r.PathValue("inv")]
	if inv == nil || inv.sessionRef != s.ref {
		exception(w, r, 21405, "Błąd walidacji danych wejściowych.", "Faktura o numerze referencyjnym "+r.PathValue("inv")+" nie została znaleziona w sesji.")
		return
	}
	writeJSON(w, http.StatusOK, f.invoiceJSON(inv))
}

func (f *Fake) listInvoices(w http.ResponseWriter, r *http.Request, s *session) {
	size := 10
	if v := r.URL.Query().Get("pageSize"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 10 || n > 1000 {
			exception(w, r, 21405, "Błąd walidacji danych wejściowych.", "pageSize: 10 to 1000")
			return
		}
		size = n
	}
	from := 0
	if c := r.Header.Get("X-Continuation-Token"); c != "" {
		b, err := base64.StdEncoding.DecodeString(c)
		n, err2 := strconv.Atoi(strings.TrimPrefix(string(b), "offset:"))
		if err != nil || err2 != nil || n < 0 || n > len(s.invoices) {
			exception(w, r, 21418, "Przekazany token kontynuacji ma nieprawidłowy format.")
			return
		}
		from = n
	}
	to := min(from+size, len(s.invoices))
	list := []map[string]any{}
	for _, inv := range s.invoices[from:to] {
		list = append(list, f.invoiceJSON(inv))
	}
	out := map[string]any{"invoices": list}
	if to < len(s.invoices) {
		out["continuationToken"] = base64.StdEncoding.EncodeToString([]byte("offset:" + strconv.Itoa(to)))
	}
	writeJSON(w, http.StatusOK, out)
}

func (f *Fake) upoByRef(w http.ResponseWriter, r *http.Request, s *session) {
	f.upo(w, r, s, func(inv *invoice) bool { return inv.ref == r.PathValue("inv") }, "numerze referencyjnym "+r.PathValue("inv"))
}

func (f *Fake) upoByNumber(w http.ResponseWriter, r *http.Request, s *session) {
	f.upo(w, r, s, func(inv *invoice) bool { return inv.ksefNumber == r.PathValue("num") }, "numerze KSeF "+r.PathValue("num"))
}

func (f *Fake) upo(w http.ResponseWriter, r *http.Request, s *session, match func(*invoice) bool, what string) {
	for _, inv := range s.invoices {
		if inv.status.Code == 200 && match(inv) {
			doc := UPO(s.ref, s.nip, s.tokenRef, inv.ksefNumber, inv.p2, inv.issued, inv.hash, inv.received, inv.acquired)
			w.Header().Set("Content-Type", "application/xml")
			w.Header().Set("x-ms-meta-hash", b64sha(doc))
			_, _ = w.Write(doc)
			return
		}
	}
	exception(w, r, 21178, "Nie znaleziono UPO dla podanych kryteriów.", "UPO o "+what+" i numerze referencyjnym sesji "+s.ref+" nie zostało znalezione.")
}

// UPO is the fake's UPO v4-3 (faktury/upo/schemy/upo-v4-3.xsd) of one
// invoice, as the Ministry's example upo-faktura-kontekst-id-nip.xml,
// with the production receiver name the schema fixes ("Ministerstwo
// Finansów") and without the Ministry's XAdES signature.
func UPO(sessionRef, contextNIP, tokenRef, ksefNumber, invoiceNumber, issued, hash string, sent, numbered time.Time) []byte {
	esc := func(s string) string {
		var b strings.Builder
		_ = xml.EscapeText(&b, []byte(s))
		return b.String()
	}
	const ts = "2006-01-02T15:04:05.000-07:00"
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="utf-8"?>` + "\n")
	b.WriteString(`<Potwierdzenie xmlns="http://upo.schematy.mf.gov.pl/KSeF/v4-3">` + "\n")
	b.WriteString("\t<NazwaPodmiotuPrzyjmujacego>Ministerstwo Finansów</NazwaPodmiotuPrzyjmujacego>\n")
	fmt.Fprintf(&b, "\t<NumerReferencyjnySesji>%s</NumerReferencyjnySesji>\n", esc(sessionRef))
	fmt.Fprintf(&b, "\t<Uwierzytelnienie>\n\t\t<IdKontekstu>\n\t\t\t<Nip>%s</Nip>\n\t\t</IdKontekstu>\n\t\t<NumerReferencyjnyTokenaKSeF>%s</NumerReferencyjnyTokenaKSeF>\n\t</Uwierzytelnienie>\n", esc(contextNIP), esc(tokenRef))
	b.WriteString("\t<NazwaStrukturyLogicznej>Schemat_FA(3)_v1-0E.xsd</NazwaStrukturyLogicznej>\n")
	b.WriteString("\t<KodFormularza>FA (3)</KodFormularza>\n")
	b.WriteString("\t<Dokument>\n")
	fmt.Fprintf(&b, "\t\t<NipSprzedawcy>%s</NipSprzedawcy>\n", esc(contextNIP))
	fmt.Fprintf(&b, "\t\t<NumerKSeFDokumentu>%s</NumerKSeFDokumentu>\n", esc(ksefNumber))
	fmt.Fprintf(&b, "\t\t<NumerFaktury>%s</NumerFaktury>\n", esc(invoiceNumber))
	fmt.Fprintf(&b, "\t\t<DataWystawieniaFaktury>%s</DataWystawieniaFaktury>\n", esc(issued))
	fmt.Fprintf(&b, "\t\t<DataPrzeslaniaDokumentu>%s</DataPrzeslaniaDokumentu>\n", sent.In(warsaw).Format(ts))
	fmt.Fprintf(&b, "\t\t<DataNadaniaNumeruKSeF>%s</DataNadaniaNumeruKSeF>\n", numbered.In(warsaw).Format(ts))
	fmt.Fprintf(&b, "\t\t<SkrotDokumentu>%s</SkrotDokumentu>\n", esc(hash))
	b.WriteString("\t\t<TrybWysylki>Online</TrybWysylki>\n")
	b.WriteString("\t</Dokument>\n</Potwierdzenie>\n")
	return []byte(b.String())
}

// Client is an HTTP client whose every request the fake answers in
// process, for the sandbox shop: the same requests and answers as over
// the network, without a listener. Any host will do; the path starts
// with /v2.
func (f *Fake) Client() *http.Client {
	return &http.Client{Transport: roundTripper{f}}
}

type roundTripper struct{ h http.Handler }

func (rt roundTripper) RoundTrip(r *http.Request) (*http.Response, error) {
	rec := httptest.NewRecorder()
	rt.h.ServeHTTP(rec, r)
	if err := r.Context().Err(); err != nil {
		return nil, err
	}
	resp := rec.Result()
	resp.Request = r
	return resp, nil
}
