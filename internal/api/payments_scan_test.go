package api_test

import (
	"bytes"
	"net/http"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"sabershop/internal/order"
	"sabershop/internal/payment/sandbox"
	"sabershop/internal/payment/tpay/tpaytest"
)

// cardSecrets are the strings that must never show up: each card number
// with and without spaces, the CVC in the contexts it could appear in,
// the expiry date, and every encrypted blob (whole and its first part).
type cardSecrets []string

func (s *cardSecrets) card(number string) {
	var groups []string
	for i := 0; i < len(number); i += 4 {
		groups = append(groups, number[i:min(i+4, len(number))])
	}
	*s = append(*s, number, strings.Join(groups, " "), strings.Join(groups, "-"))
}

func (s *cardSecrets) blob(b string) {
	*s = append(*s, b, b[:32], url.QueryEscape(b)[:32])
}

func newCardSecrets() cardSecrets {
	s := cardSecrets{
		"|" + testCVC + "|", testCVC + "|", "|" + testCVC,
		"cvc=" + testCVC, `"` + testCVC + `"`, `cvc":"` + testCVC,
		testExpiry, url.QueryEscape(testExpiry), strings.Replace(testExpiry, "/", `\/`, 1),
	}
	return s
}

// scan fails for every secret found in data.
func (s cardSecrets) scan(t *testing.T, where string, data []byte) {
	t.Helper()
	if len(data) == 0 {
		t.Errorf("%s: nothing to scan", where)
	}
	for _, needle := range s {
		if i := bytes.Index(data, []byte(needle)); i >= 0 {
			t.Errorf("%s holds %q: …%q…", where, needle, data[max(0, i-60):min(len(data), i+len(needle)+60)])
		}
	}
}

// scanEverything looks through the logs (API and adapter), the store's
// bytes (a backup and the raw file), the outbox, the e-mails the SMTP
// server received and the answers given.
func (e *env) scanEverything(s cardSecrets, answers [][]byte) {
	e.t.Helper()
	s.scan(e.t, "log", []byte(e.logs.String()))
	var backup bytes.Buffer
	if _, err := e.db.Backup(&backup); err != nil {
		e.t.Fatal(err)
	}
	s.scan(e.t, "store backup", backup.Bytes())
	raw, err := os.ReadFile(e.db.Path())
	if err != nil {
		e.t.Fatal(err)
	}
	s.scan(e.t, "store file", raw)
	for _, m := range e.smtp.Received() {
		s.scan(e.t, "e-mail", m.Data)
	}
	s.scan(e.t, "answers", bytes.Join(answers, []byte("\n")))
}

// TestCardDataNeverLoggedOrStored runs every card flow of both card
// providers and then looks for the card data everywhere the shop writes.
func TestCardDataNeverLoggedOrStored(t *testing.T) {
	t.Run("sandbox", func(t *testing.T) {
		e, _ := newSandboxEnv(t, 20*time.Millisecond)
		key := e.shopKey()
		secrets := newCardSecrets()
		var answers [][]byte
		pay := func(hash, number, expiry, cvc, origin string) response {
			blob := encryptCard(t, key, number, expiry, cvc, origin)
			secrets.blob(blob)
			r := e.pay(hash, map[string]string{"method": "card", "name": "Anna Nowak", "encrypted": blob, "locale": "pl"})
			answers = append(answers, r.Body)
			return r
		}
		for _, n := range []string{sandbox.CardSuccess, sandbox.Card3DS, sandbox.CardDeclined, "5555555555554444"} {
			secrets.card(n)
		}

		declined := e.placeIn("pl")
		for _, n := range []string{sandbox.CardDeclined, "5555555555554444", "4242 4242 4242 4242x"} {
			wantStatus(t, pay(declined.Hash, n, testExpiry, testCVC, shopOrigin), http.StatusPaymentRequired)
		}
		wantStatus(t, pay(declined.Hash, sandbox.CardSuccess, testExpiry, testCVC, "https://evil.example"), http.StatusPaymentRequired)
		wantStatus(t, pay(declined.Hash, sandbox.CardSuccess, testExpiry, testCVC+"1", shopOrigin), http.StatusPaymentRequired)
		wantStatus(t, pay(declined.Hash, sandbox.CardSuccess, "13/99", testCVC, shopOrigin), http.StatusPaymentRequired)

		ok := e.placeIn("pl")
		wantStatus(t, pay(ok.Hash, "4242 4242 4242 4242", testExpiry, testCVC, shopOrigin), http.StatusOK)
		e.waitStatus(ok.Hash, order.Paid)

		challenged := e.placeIn("en")
		r := pay(challenged.Hash, sandbox.Card3DS, testExpiry, testCVC, shopOrigin)
		wantStatus(t, r, http.StatusOK)
		var a payAnswer
		r.Decode(t, &a)
		page := e.getNoFollow(a.URL)
		answers = append(answers, page.Body)
		wantStatus(t, e.postForm(a.URL, url.Values{"decision": {"approve"}}), http.StatusSeeOther)
		e.waitStatus(challenged.Hash, order.Paid)
		e.drain()
		for _, h := range []string{ok.Hash, challenged.Hash, declined.Hash} {
			answers = append(answers, e.get("/v1/orders/"+h).Body)
		}

		contains(t, "log", e.logs.String(), "payment declined", "sandbox: card declined", "sandbox: notification delivered")
		e.scanEverything(secrets, answers)
	})

	t.Run("tpay", func(t *testing.T) {
		e, fake := newTpayEnv(t)
		key := e.shopKey()
		secrets := newCardSecrets()
		var answers [][]byte
		pay := func(hash, number string) response {
			blob := encryptCard(t, key, number, testExpiry, testCVC, shopOrigin)
			secrets.blob(blob)
			r := e.pay(hash, map[string]string{"method": "card", "name": "Anna Nowak", "encrypted": blob, "locale": "pl"})
			answers = append(answers, r.Body)
			return r
		}
		for _, n := range append([]string{"4111111111111111"}, tpaytest.TestCards...) {
			secrets.card(n)
		}
		for _, c := range []struct {
			outcome tpaytest.CardOutcome
			number  string
			want    int
		}{
			{tpaytest.Accept, tpaytest.TestCards[0], http.StatusOK},
			{tpaytest.Challenge, tpaytest.TestCards[1], http.StatusOK},
			{tpaytest.Decline, tpaytest.TestCards[2], http.StatusPaymentRequired},
			{tpaytest.Accept, "4111111111111111", http.StatusPaymentRequired}, // not a test card: 400 from Tpay
		} {
			fake.SetCardOutcome(c.outcome)
			p := e.placeIn("pl")
			wantStatus(t, pay(p.Hash, c.number), c.want)
			if c.want == http.StatusOK {
				r := e.tpayNotify(fake, p.Hash, "TRUE")
				answers = append(answers, r.Body)
				e.wantOrderStatus(p.Hash, order.Paid)
			}
			answers = append(answers, e.get("/v1/orders/"+p.Hash).Body)
		}
		e.drain()
		contains(t, "log", e.logs.String(), "tpay: card refused", "tpay: card declined", "tpay: card payment started")
		e.scanEverything(secrets, answers)
	})
}
