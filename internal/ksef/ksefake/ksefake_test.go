package ksefake

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"sabershop/internal/ksef/schema"
)

func newFake(t *testing.T) (*Fake, *httptest.Server) {
	t.Helper()
	f, err := New()
	if err != nil {
		t.Fatal(err)
	}
	f.RequireSchema = true
	f.AddToken("5265877635", "tok")
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	return f, srv
}

func call(t *testing.T, srv *httptest.Server, method, path, bearer string, body any, header ...string) (*http.Response, map[string]any) {
	t.Helper()
	var b []byte
	if body != nil {
		b, _ = json.Marshal(body)
	}
	req, _ := http.NewRequest(method, srv.URL+"/v2"+path, bytes.NewReader(b))
	if bearer != "" {
		req.Header.Set("Authorization", "Bearer "+bearer)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	_ = json.NewDecoder(resp.Body).Decode(&out)
	return resp, out
}

// The certificates are published in the documented shape: DER in base64,
// certificateId the SHA-256 of the DER, publicKeyId the SHA-256 of the
// SubjectPublicKeyInfo, one usage each, CN = Ministerstwo Finansów.
func TestCertificates(t *testing.T) {
	_, srv := newFake(t)
	resp, err := srv.Client().Get(srv.URL + "/v2/security/public-key-certificates")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var certs []struct {
		Certificate   []byte
		CertificateID string
		PublicKeyID   string
		ValidFrom     time.Time
		ValidTo       time.Time
		Usage         []string
	}
	if err := json.NewDecoder(resp.Body).Decode(&certs); err != nil {
		t.Fatal(err)
	}
	usages := map[string]bool{}
	for _, c := range certs {
		cert, err := x509.ParseCertificate(c.Certificate)
		if err != nil {
			t.Fatal(err)
		}
		spki, _ := x509.MarshalPKIXPublicKey(cert.PublicKey)
		if c.CertificateID != b64sha(c.Certificate) || c.PublicKeyID != b64sha(spki) || cert.Subject.CommonName != "Ministerstwo Finansów" || len(c.Usage) != 1 {
			t.Errorf("%+v", c)
		}
		if now := time.Now(); now.Before(c.ValidFrom) || now.After(c.ValidTo) {
			t.Errorf("not valid now: %s to %s", c.ValidFrom, c.ValidTo)
		}
		usages[c.Usage[0]] = true
	}
	if !usages["KsefTokenEncryption"] || !usages["SymmetricKeyEncryption"] || len(certs) != 2 {
		t.Errorf("usages %v", usages)
	}
}

// The token is checked against the challenge's timestamp.
func TestTokenTimestamp(t *testing.T) {
	f, srv := newFake(t)
	_, ch := call(t, srv, "POST", "/auth/challenge", "", nil)
	ms := int64(ch["timestampMs"].(float64))
	enc, err := rsa.EncryptOAEP(sha256.New(), rand.Reader, &f.tokenKey.PublicKey, []byte("tok|"+strconv.FormatInt(ms+1, 10)), nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, init := call(t, srv, "POST", "/auth/ksef-token", "", map[string]any{
		"challenge": ch["challenge"], "contextIdentifier": map[string]string{"type": "Nip", "value": "5265877635"}, "encryptedToken": enc})
	if resp.StatusCode != http.StatusAccepted {
		t.Fatalf("%d %v", resp.StatusCode, init)
	}
	authTok := init["authenticationToken"].(map[string]any)["token"].(string)
	for {
		_, st := call(t, srv, "GET", "/auth/"+init["referenceNumber"].(string), authTok, nil)
		s := st["status"].(map[string]any)
		if s["code"].(float64) == 100 {
			time.Sleep(time.Millisecond)
			continue
		}
		if s["code"].(float64) != 450 || !strings.Contains(s["details"].([]any)[0].(string), "czas") {
			t.Fatalf("%v, want 450 Nieprawidłowy czas tokena", s)
		}
		break
	}
	resp, out := call(t, srv, "POST", "/auth/token/redeem", authTok, nil)
	if resp.StatusCode != 400 || !strings.Contains(resp.Header.Get("Content-Type"), "application/json") || out["exception"] == nil {
		t.Errorf("redeem after a failure: %d %v", resp.StatusCode, out)
	}
	// The challenge is spent.
	resp, out = call(t, srv, "POST", "/auth/ksef-token", "", map[string]any{
		"challenge": ch["challenge"], "contextIdentifier": map[string]string{"type": "Nip", "value": "5265877635"}, "encryptedToken": enc},
		"X-Error-Format", "problem-details")
	if resp.StatusCode != 400 || resp.Header.Get("Content-Type") != "application/problem+json" || out["errors"].([]any)[0].(map[string]any)["code"].(float64) != 21111 {
		t.Errorf("a spent challenge: %d %v", resp.StatusCode, out)
	}
}

// Without an access token: 401 in Problem Details; modes answer 503 and
// 429 with Retry-After.
func TestModes(t *testing.T) {
	f, srv := newFake(t)
	resp, out := call(t, srv, "POST", "/sessions/online", "nope", map[string]any{})
	if resp.StatusCode != 401 || resp.Header.Get("Content-Type") != "application/problem+json" || out["status"].(float64) != 401 {
		t.Errorf("%d %v", resp.StatusCode, out)
	}
	f.Down(true)
	if resp, _ := call(t, srv, "POST", "/auth/challenge", "", nil); resp.StatusCode != 503 {
		t.Errorf("down: %d", resp.StatusCode)
	}
	f.Down(false)
	f.RateLimit(2, 1500*time.Millisecond)
	for range 2 {
		resp, out := call(t, srv, "POST", "/auth/challenge", "", nil)
		if resp.StatusCode != 429 || resp.Header.Get("Retry-After") != "2" || out["status"].(map[string]any)["code"].(float64) != 429 {
			t.Errorf("limited: %d %q %v", resp.StatusCode, resp.Header.Get("Retry-After"), out)
		}
	}
	if resp, _ := call(t, srv, "POST", "/auth/challenge", "", nil); resp.StatusCode != 200 {
		t.Errorf("after the limit: %d", resp.StatusCode)
	}
}

// The fake's UPO validates against the official UPO v4-3 schema, and its
// KSeF numbers have the documented form.
func TestUPOValidates(t *testing.T) {
	f, _ := newFake(t)
	now := time.Now()
	n := f.ksefNumber("5265877635", now)
	if len(n) != 35 || crc8(n[:32]) != n[33:] || !strings.HasPrefix(n, "5265877635-"+now.In(warsaw).Format("20060102")+"-") {
		t.Errorf("KSeF number %s", n)
	}
	if ref := f.refNumber("SO"); len(ref) != 36 {
		t.Errorf("reference number %s", ref)
	}
	hash := base64.StdEncoding.EncodeToString(make([]byte, 32))
	doc := UPO(f.refNumber("SO"), "5265877635", f.refNumber("TK"), n, "FV/2026/<&>/1", "2026-02-01", hash, now, now.Add(time.Second))
	if err := schema.Validate(context.Background(), doc, schema.UPO); err != nil {
		t.Fatalf("%v\n%s", err, doc)
	}
}
