package mail

import (
	"bytes"
	"context"
	"crypto"
	"errors"
	"io/fs"
	"os"
	"strings"
	"testing"

	"github.com/emersion/go-msgauth/dkim"

	"sabershop/internal/mail/mailtest"
)

// A message sent over real SMTP with the shop's DKIM key verifies with
// emersion/go-msgauth against the TXT record DKIMRecord prints; the same
// message with a changed body does not.
func TestDKIMSignedMailVerifies(t *testing.T) {
	dir := t.TempDir()
	if _, err := LoadDKIMKey(dir, "shop"); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("no key yet: %v", err)
	}
	key, created, err := CreateDKIMKey(dir, "shop")
	if err != nil || !created {
		t.Fatalf("CreateDKIMKey: %v %v", created, err)
	}
	if fi, err := os.Stat(DKIMKeyPath(dir, "shop")); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("key file: %v %v", fi, err)
	}
	again, created, err := CreateDKIMKey(dir, "shop")
	if err != nil || created || !again.Public().(interface{ Equal(crypto.PublicKey) bool }).Equal(key.Public()) {
		t.Fatalf("a second CreateDKIMKey made a new key: %v %v", created, err)
	}
	name, value, err := DKIMRecord("shop", "saberforge.example", key)
	if err != nil || name != "shop._domainkey.saberforge.example" || !strings.HasPrefix(value, "v=DKIM1; k=rsa; p=") {
		t.Fatalf("record %q %q %v", name, value, err)
	}

	srv := mailtest.Start(t, mailtest.Options{})
	s := smtpSender(t, srv.Addr, "", "")
	s2, err := NewSMTPSender(SMTPConfig{Host: s.cfg.Host, Port: s.cfg.Port, TLS: TLSNone, From: testFrom, DKIM: key, DKIMSelector: "shop"})
	if err != nil {
		t.Fatal(err)
	}
	m, err := OrderPlaced(testCatalog(), testOrder("pl"), statusURL)
	if err != nil {
		t.Fatal(err)
	}
	m.ID = 3
	if err := s2.Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	raw := srv.Received()[0].Data
	lookup := &dkim.VerifyOptions{LookupTXT: func(domain string) ([]string, error) {
		if domain == name {
			return []string{value}, nil
		}
		return nil, errors.New("no such record: " + domain)
	}}
	vs, err := dkim.VerifyWithOptions(bytes.NewReader(raw), lookup)
	if err != nil || len(vs) != 1 || vs[0].Err != nil || vs[0].Domain != "saberforge.example" {
		t.Fatalf("verification: %v %+v", err, vs)
	}
	for _, h := range []string{"from", "to", "subject", "date", "message-id"} {
		found := false
		for _, k := range vs[0].HeaderKeys {
			found = found || strings.EqualFold(k, h)
		}
		if !found {
			t.Errorf("%s is not signed (signed: %v)", h, vs[0].HeaderKeys)
		}
	}

	tampered := bytes.Replace(raw, []byte("Nowak"), []byte("Kowal"), 1)
	if bytes.Equal(tampered, raw) {
		t.Fatal("nothing to tamper with")
	}
	vs, err = dkim.VerifyWithOptions(bytes.NewReader(tampered), lookup)
	if err != nil || len(vs) != 1 || vs[0].Err == nil {
		t.Errorf("a changed message verified: %v %+v", err, vs)
	}
}
