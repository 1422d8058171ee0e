package tpay_test

import (
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"golang.org/x/sync/errgroup"

	"sabershop/internal/payment"
	"sabershop/internal/payment/tpay"
	"sabershop/internal/payment/tpay/tpaytest"
)

func TestTokenCachedUntilExpiryAndRefreshedOn401(t *testing.T) {
	e := newEnv(t, tpaytest.Options{TokenTTL: time.Hour})
	for range 3 {
		if _, err := e.p.Start(bg, bankReq(36400)); err != nil {
			t.Fatal(err)
		}
	}
	if n := e.fake.OAuthCalls(); n != 1 {
		t.Fatalf("OAuth calls after 3 starts = %d, want 1 (cached)", n)
	}
	e.clock.Add(59 * time.Minute) // within a minute of expiry: replaced early
	if _, err := e.p.Start(bg, bankReq(36400)); err != nil {
		t.Fatal(err)
	}
	if n := e.fake.OAuthCalls(); n != 2 {
		t.Fatalf("OAuth calls near expiry = %d, want 2", n)
	}
	e.fake.RevokeTokens()
	if _, err := e.p.Start(bg, bankReq(36400)); err != nil {
		t.Fatalf("after revocation: %v (want refresh on 401 and retry)", err)
	}
	if n := e.fake.OAuthCalls(); n != 3 {
		t.Fatalf("OAuth calls after 401 = %d, want 3", n)
	}
}

func TestTokenOneRefreshForConcurrentCallers(t *testing.T) {
	e := newEnv(t, tpaytest.Options{})
	var g errgroup.Group
	for range 8 {
		g.Go(func() error {
			_, err := e.p.Start(bg, bankReq(36400))
			return err
		})
	}
	if err := g.Wait(); err != nil {
		t.Fatal(err)
	}
	if n := e.fake.OAuthCalls(); n != 1 {
		t.Fatalf("OAuth calls = %d, want 1", n)
	}
}

func TestWrongCredentials(t *testing.T) {
	fake, err := tpaytest.NewServer(tpaytest.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer fake.Close()
	cfg := fake.Config()
	cfg.ClientSecret = "wrong"
	p, err := tpay.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.Start(bg, bankReq(100)); err == nil || !strings.Contains(err.Error(), "token: HTTP 401") {
		t.Fatalf("err = %v, want token HTTP 401", err)
	}
}

func TestCardOutcomes(t *testing.T) {
	e := newEnv(t, tpaytest.Options{})
	tests := []struct {
		name    string
		amount  int64
		number  string
		force   tpaytest.CardOutcome
		outcome payment.Outcome
		err     error
	}{
		{"no 3DS (amount ends in 1)", 36401, testCard, tpaytest.ByAmount, payment.OutcomePending, nil},
		{"3DS challenge (other amount)", 36400, testCard, tpaytest.ByAmount, payment.Outcome3DS, nil},
		{"3DS simulated success (ends in 3)", 36403, testCard, tpaytest.ByAmount, payment.Outcome3DS, nil},
		{"declined (ends in 6)", 36406, testCard, tpaytest.ByAmount, "", payment.ErrDeclined},
		{"forced decline", 36400, testCard, tpaytest.Decline, "", payment.ErrDeclined},
		{"forced accept", 36400, "5204740000001002", tpaytest.Accept, payment.OutcomePending, nil},
		{"not a sandbox card", 36401, "4111111111111111", tpaytest.ByAmount, "", payment.ErrDeclined},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e.fake.SetCardOutcome(tt.force)
			res, err := e.p.Start(bg, cardReq(t, e, tt.amount, tt.number))
			if tt.err != nil {
				if !errors.Is(err, tt.err) {
					t.Fatalf("err = %v, want %v", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if res.Outcome != tt.outcome || res.Reference == "" {
				t.Fatalf("result = %+v, want outcome %s", res, tt.outcome)
			}
			tx, ok := e.fake.Transaction(res.Reference)
			if !ok {
				t.Fatal("fake does not know the reference")
			}
			if tx.PayerName != "L SKYWALKER" || tx.GroupID != tpay.CardGroup || tx.CardLast4 != tt.number[len(tt.number)-4:] {
				t.Fatalf("transaction = %+v: want the card name as payer, group 103, card decrypted", tx)
			}
			if tt.outcome == payment.Outcome3DS && !strings.HasPrefix(res.URL, e.fake.URL+"/3ds/") {
				t.Fatalf("3DS URL = %q", res.URL)
			}
		})
	}
}

func TestCard3DSPageApproves(t *testing.T) {
	e := newEnv(t, tpaytest.Options{})
	res, err := e.p.Start(bg, cardReq(t, e, 36400, testCard))
	if err != nil || res.Outcome != payment.Outcome3DS {
		t.Fatalf("start = %+v, %v", res, err)
	}
	if n, _ := e.p.Query(bg, res.Reference); n.Status != payment.StatusPending {
		t.Fatalf("before 3DS: status %s, want pending", n.Status)
	}
	c := e.fake.Client()
	c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	resp, err := c.PostForm(res.URL, map[string][]string{"result": {"ok"}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != "https://shop.example/pl/order/x" {
		t.Fatalf("3DS approve: %d to %q, want 303 to the return URL", resp.StatusCode, resp.Header.Get("Location"))
	}
	n, err := e.p.Query(bg, res.Reference)
	if err != nil || n.Status != payment.StatusPaid || n.Amount != 36400 || n.Currency != "PLN" || n.OrderHash != hash {
		t.Fatalf("after 3DS: %+v, %v", n, err)
	}
}

func TestBankHostedPage(t *testing.T) {
	e := newEnv(t, tpaytest.Options{})
	res, err := e.p.Start(bg, bankReq(166800))
	if err != nil {
		t.Fatal(err)
	}
	if res.Outcome != payment.OutcomeRedirect || !strings.HasPrefix(res.URL, e.fake.URL+"/pay/") {
		t.Fatalf("result = %+v, want redirect to the hosted page", res)
	}
	tx, _ := e.fake.Transaction(res.Reference)
	want := tpaytest.Transaction{
		ID: res.Reference, Title: tx.Title, Amount: "1668.00", Description: "Saber Forge order #12",
		HiddenDescription: hash, Lang: "pl", PayerEmail: "luke@example.com", PayerName: "Luke Skywalker",
		SuccessURL: "https://shop.example/pl/order/x", ErrorURL: "https://shop.example/pl/order/x",
		NotifyURL: "https://shop.example/v1/webhooks/tpay", Status: "pending",
	}
	if tx != want {
		t.Fatalf("transaction\n got %+v\nwant %+v", tx, want)
	}
}

func TestStartRefusesOtherCurrencies(t *testing.T) {
	e := newEnv(t, tpaytest.Options{})
	req := bankReq(34900)
	req.Order.Currency = "EUR"
	if _, err := e.p.Start(bg, req); !errors.Is(err, tpay.ErrCurrency) {
		t.Fatalf("err = %v, want ErrCurrency", err)
	}
	if n := e.fake.OAuthCalls(); n != 0 {
		t.Fatalf("OAuth calls = %d: refused before talking to Tpay", n)
	}
}

func TestQuery(t *testing.T) {
	e := newEnv(t, tpaytest.Options{})
	res, err := e.p.Start(bg, bankReq(36400))
	if err != nil {
		t.Fatal(err)
	}
	n, err := e.p.Query(bg, res.Reference)
	if err != nil || n.Status != payment.StatusPending || n.Reference != res.Reference {
		t.Fatalf("pending: %+v, %v", n, err)
	}
	srv := webhook(t, e)
	if err := e.fake.Notify(bg, srv, res.Reference, "TRUE"); err != nil {
		t.Fatal(err)
	}
	if n, _ = e.p.Query(bg, res.Reference); n.Status != payment.StatusPaid {
		t.Fatalf("after TRUE: %s, want paid", n.Status)
	}
	if err := e.fake.Notify(bg, srv, res.Reference, "CHARGEBACK"); err != nil {
		t.Fatal(err)
	}
	if n, _ = e.p.Query(bg, res.Reference); n.Status != payment.StatusFailed {
		t.Fatalf("after CHARGEBACK: %s, want failed", n.Status)
	}
	if _, err := e.p.Query(bg, "ta_nope"); !errors.Is(err, payment.ErrUnknown) {
		t.Fatalf("unknown: %v, want ErrUnknown", err)
	}
}

func TestLogsCarryNoCardData(t *testing.T) {
	e := newEnv(t, tpaytest.Options{})
	var blobs []string
	for _, amt := range []int64{36401, 36400, 36406} {
		req := cardReq(t, e, amt, testCard)
		blobs = append(blobs, req.Card.Encrypted)
		_, _ = e.p.Start(bg, req)
	}
	req := cardReq(t, e, 36401, "4111111111111111")
	blobs = append(blobs, req.Card.Encrypted)
	if _, err := e.p.Start(bg, req); err == nil || strings.Contains(err.Error(), req.Card.Encrypted) {
		t.Fatalf("err = %v: want a decline that does not echo the blob", err)
	}
	logs := e.logs.String()
	if !strings.Contains(logs, "transaction") {
		t.Fatalf("expected transaction logs, got %q", logs)
	}
	for _, secret := range append(blobs, testCard, "4111111111111111", "|"+testCVC+"|", "12/39", hash) {
		if strings.Contains(logs, secret) {
			t.Fatalf("logs contain %q:\n%s", secret, logs)
		}
	}
}
