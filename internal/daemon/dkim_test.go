package daemon_test

import (
	"bytes"
	"errors"
	"net/http"
	"os"
	"testing"

	"github.com/emersion/go-msgauth/dkim"

	"sabershop/internal/daemon"
	"sabershop/internal/mail"
	"sabershop/internal/mail/mailtest"
	"sabershop/internal/testutil"
)

// With a key made by `orderd dkim` in the data directory, the daemon's
// e-mails arrive DKIM-signed for the From domain and verify against the
// record the command prints.
func TestDaemonSignsWithDKIM(t *testing.T) {
	data := shortDir(t)
	if err := os.MkdirAll(data, 0o700); err != nil {
		t.Fatal(err)
	}
	key, _, err := mail.CreateDKIMKey(data, mail.DefaultDKIMSelector)
	if err != nil {
		t.Fatal(err)
	}
	name, value, err := mail.DKIMRecord(mail.DefaultDKIMSelector, "saberforge.example", key)
	if err != nil {
		t.Fatal(err)
	}
	srv := mailtest.Start(t, mailtest.Options{})
	host, port := splitAddr(t, srv.Addr)
	r := startRun(t, daemon.Config{Site: fixtureSite(t), Data: data,
		SMTP: &mail.SMTPConfig{Host: host, Port: port, TLS: mail.TLSNone, From: "Saber Forge <shop@saberforge.example>"}})
	if code, ans := postOrder(t, r.base, orderJSON(t, "anna@example.com")); code != http.StatusCreated {
		t.Fatalf("order: %d %v", code, ans)
	}
	testutil.Eventually(t, "the order's e-mail at the SMTP server", func() error {
		if len(srv.Received()) == 0 {
			return errors.New("the server received nothing")
		}
		return nil
	})
	opts := &dkim.VerifyOptions{LookupTXT: func(d string) ([]string, error) {
		if d == name {
			return []string{value}, nil
		}
		return nil, errors.New("no record " + d)
	}}
	vs, err := dkim.VerifyWithOptions(bytes.NewReader(srv.Received()[0].Data), opts)
	if err != nil || len(vs) != 1 || vs[0].Err != nil || vs[0].Domain != "saberforge.example" {
		t.Fatalf("verification: %v %+v", err, vs)
	}
}
