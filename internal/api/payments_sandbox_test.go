package api_test

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"sabershop/internal/mail"
	"sabershop/internal/order"
	"sabershop/internal/payment/sandbox"
	"sabershop/internal/testutil"
)

// TestSandboxShopListsMethodsAndKey: the card form gets the sandbox's
// public key from GET /v1/shop exactly as it would a real provider's.
func TestSandboxShopListsMethodsAndKey(t *testing.T) {
	e, sbx := newSandboxEnv(t, 50*time.Millisecond)
	m := e.get("/v1/shop").JSON(t)
	var methods []string
	for _, v := range m["payment_methods"].([]any) {
		methods = append(methods, v.(string))
	}
	if !slices.Equal(methods, []string{"card", "bank", "paypal"}) {
		t.Errorf("payment_methods %v", methods)
	}
	if m["card_public_key"] != sbx.PublicKey() || sbx.PublicKey() == "" {
		t.Errorf("card_public_key %v, want the sandbox's", m["card_public_key"])
	}
}

// TestSandboxCardSuccess: 4242 is pending at once; the signed notification
// comes back through the webhook after the delay and makes the order paid,
// with one "payment received" e-mail over SMTP.
func TestSandboxCardSuccess(t *testing.T) {
	e, _ := newSandboxEnv(t, 50*time.Millisecond)
	key := e.shopKey()
	p := e.placeIn("pl")
	// The notification waits until the pending state is checked: on a busy
	// machine the 50 ms delay can pass before the next request.
	release := e.shop.hold()
	t.Cleanup(release)

	r := e.payCard(p.Hash, key, sandbox.CardSuccess)
	wantStatus(t, r, http.StatusOK)
	var a payAnswer
	r.Decode(t, &a)
	if a.Status != "pending" || a.URL != "" || a.Order.Status != order.PaymentPending {
		t.Fatalf("answer %+v, want pending without URL and order payment_pending", a)
	}
	e.wantOrderStatus(p.Hash, order.PaymentPending)
	e.wantNoPaymentMail(p.Hash)

	release()
	o := e.waitStatus(p.Hash, order.Paid)
	if n := transitionsTo(o, order.Paid); n != 1 {
		t.Errorf("%d transitions to paid", n)
	}
	if got := o.Timeline[len(o.Timeline)-1].Cause; got != "sandbox: paid" {
		t.Errorf("cause %q", got)
	}
	e.wantOnePaymentMail(p.Hash)
	if g := e.get("/v1/orders/" + p.Hash).JSON(t)["status"]; g != "paid" {
		t.Errorf("GET order status %v", g)
	}
	// Paying a paid order again starts nothing.
	if a := e.payOK(p.Hash, map[string]string{"method": "bank"}); a.Status != "paid" {
		t.Errorf("pay after paid: %+v", a)
	}
}

// TestSandbox3DS: 3184 asks for 3-D Secure on the sandbox's page; approve
// makes the order paid (by the notification), fail puts it back to placed
// and it can be paid again.
func TestSandbox3DS(t *testing.T) {
	e, sbx := newSandboxEnv(t, 50*time.Millisecond)
	key := e.shopKey()

	start := func(t *testing.T, hash string) string {
		t.Helper()
		r := e.payCard(hash, key, sandbox.Card3DS)
		wantStatus(t, r, http.StatusOK)
		var a payAnswer
		r.Decode(t, &a)
		if a.Status != "3ds" || !strings.HasPrefix(a.URL, baseURL+"/v1/sandbox/3ds/") {
			t.Fatalf("answer %+v, want 3ds with a URL under %s/v1/sandbox/3ds/", a, baseURL)
		}
		e.wantOrderStatus(hash, order.PaymentPending)
		page := e.getNoFollow(a.URL)
		wantStatus(t, page, http.StatusOK)
		contains(t, "3-D Secure page", string(page.Body), "Potwierdź płatność", `value="approve"`, `value="fail"`)
		return a.URL
	}

	t.Run("approve", func(t *testing.T) {
		p := e.placeIn("pl")
		u := start(t, p.Hash)
		r := e.postForm(u, url.Values{"decision": {"approve"}})
		wantStatus(t, r, http.StatusSeeOther)
		if loc := r.Header.Get("Location"); loc != baseURL+"/pl/status/"+p.Hash {
			t.Errorf("back to %q", loc)
		}
		// Coming back does not make it paid; the notification does.
		e.waitStatus(p.Hash, order.Paid)
		e.wantOnePaymentMail(p.Hash)
	})

	t.Run("fail then pay again", func(t *testing.T) {
		p := e.placeIn("pl")
		u := start(t, p.Hash)
		wantStatus(t, e.postForm(u, url.Values{"decision": {"fail"}}), http.StatusSeeOther)
		o := e.waitStatus(p.Hash, order.Placed)
		if got := o.Timeline[len(o.Timeline)-1].Cause; got != "sandbox: failed" {
			t.Errorf("cause %q", got)
		}
		e.wantNoPaymentMail(p.Hash)
		// A second decision on the same page changes nothing.
		wantStatus(t, e.postForm(u, url.Values{"decision": {"approve"}}), http.StatusSeeOther)
		// No notification may follow: once the sandbox has no confirmation
		// scheduled, whatever the second decision started has been
		// delivered and booked.
		testutil.Eventually(t, "the sandbox's confirmations done", func() error {
			if n := sbx.Scheduled(); n > 0 {
				return fmt.Errorf("%d still scheduled", n)
			}
			return nil
		})
		e.wantOrderStatus(p.Hash, order.Placed)

		r := e.payCard(p.Hash, key, sandbox.CardSuccess)
		wantStatus(t, r, http.StatusOK)
		o = e.waitStatus(p.Hash, order.Paid)
		want := []order.Status{order.Placed, order.PaymentPending, order.Placed, order.PaymentPending, order.Paid}
		var got []order.Status
		for _, ev := range o.Timeline {
			got = append(got, ev.Status)
		}
		if !slices.Equal(got, want) {
			t.Errorf("timeline %v, want %v", got, want)
		}
		e.wantOnePaymentMail(p.Hash)
	})
}

// TestSandboxDeclined: the declined card is 402 payment_failed with the
// message in the shopper's language, and the order stays placed.
func TestSandboxDeclined(t *testing.T) {
	e, _ := newSandboxEnv(t, 50*time.Millisecond)
	key := e.shopKey()
	p := e.placeIn("pl")
	want := map[string]string{
		"en": "Something went wrong. Check your credit card data.",
		"pl": "Coś poszło nie tak. Sprawdź dane swojej karty.",
		"de": "Etwas ist schiefgelaufen. Bitte prüfe deine Kreditkartendaten.",
	}
	for _, loc := range []string{"en", "pl", "de"} {
		for _, how := range []string{"body", "header"} {
			body := map[string]string{"method": "card", "name": "Anna Nowak",
				"encrypted": encryptCard(t, key, sandbox.CardDeclined, testExpiry, testCVC, shopOrigin)}
			var r response
			if how == "body" {
				body["locale"] = loc
				r = e.pay(p.Hash, body)
			} else {
				r = e.pay(p.Hash, body, "Accept-Language", loc)
			}
			wantStatus(t, r, http.StatusPaymentRequired)
			if b := r.Err(t); b.Code != "payment_failed" || b.Message != want[loc] {
				t.Errorf("%s by %s: %+v", loc, how, b)
			}
		}
	}
	// Card data from another site, an expired card, a bad CVC: the same.
	for name, blob := range map[string]string{
		"origin":  encryptCard(t, key, sandbox.CardSuccess, testExpiry, testCVC, "https://evil.example"),
		"expired": encryptCard(t, key, sandbox.CardSuccess, "01/20", testCVC, shopOrigin),
		"cvc":     encryptCard(t, key, sandbox.CardSuccess, testExpiry, "12", shopOrigin),
		"garbage": "bm90IGEgY2FyZA==",
	} {
		r := e.pay(p.Hash, map[string]string{"method": "card", "name": "Anna Nowak", "encrypted": blob, "locale": "en"})
		wantStatus(t, r, http.StatusPaymentRequired)
		if b := r.Err(t); b.Code != "payment_failed" {
			t.Errorf("%s: %+v", name, b)
		}
	}
	o := e.wantOrderStatus(p.Hash, order.Placed)
	if len(o.Timeline) != 1 || o.Payment != nil {
		t.Errorf("declined payments changed the order: %+v %v", o.Timeline, o.Payment)
	}
	e.wantNoPaymentMail(p.Hash)
	// The owner hears of the failures once, not ten times; an hour later
	// a new failure is news again.
	e.wantMails(p.Hash, mail.KindOwnerPaymentFailed, 1)
	e.clock.Set(testNow.Add(time.Hour))
	r := e.pay(p.Hash, map[string]string{"method": "card", "name": "Anna Nowak",
		"encrypted": encryptCard(t, key, sandbox.CardDeclined, testExpiry, testCVC, shopOrigin)})
	wantStatus(t, r, http.StatusPaymentRequired)
	e.wantMails(p.Hash, mail.KindOwnerPaymentFailed, 2)
}

// TestSandboxBankAndPayPalPages: bank and PayPal continue on the
// sandbox's pages; paying there redirects back and the notification makes
// the order paid.
func TestSandboxBankAndPayPalPages(t *testing.T) {
	e, _ := newSandboxEnv(t, 50*time.Millisecond)
	for _, c := range []struct{ method, decision, locale, title string }{
		{"bank", "pay", "de", "Per Überweisung oder BLIK bezahlen"},
		{"paypal", "approve", "en", "Pay with PayPal"},
	} {
		t.Run(c.method, func(t *testing.T) {
			p := e.placeIn(c.locale)
			a := e.payOK(p.Hash, map[string]string{"method": c.method})
			if a.Status != "redirect" || !strings.HasPrefix(a.URL, baseURL+"/v1/sandbox/"+c.method+"/") {
				t.Fatalf("answer %+v", a)
			}
			e.wantOrderStatus(p.Hash, order.PaymentPending)
			page := e.getNoFollow(a.URL)
			wantStatus(t, page, http.StatusOK)
			contains(t, c.method+" page", string(page.Body), c.title)

			r := e.postForm(a.URL, url.Values{"decision": {c.decision}})
			wantStatus(t, r, http.StatusSeeOther)
			if loc, want := r.Header.Get("Location"), baseURL+localeRoute(c.locale, "/status/"+p.Hash); loc != want {
				t.Errorf("back to %q, want %q", loc, want)
			}
			e.waitStatus(p.Hash, order.Paid)
			e.wantOnePaymentMail(p.Hash)
			// Back to the page after deciding: the decision stands.
			if r := e.getNoFollow(a.URL); r.Status != http.StatusSeeOther {
				t.Errorf("page after deciding: %d", r.Status)
			}
		})
	}
}

func localeRoute(locale, route string) string {
	if locale == "en" {
		return route
	}
	return "/" + locale + route
}

// TestSandboxForgedNotification: a notification not signed with the
// sandbox's secret is 400 and changes nothing; a genuine one for an
// amount other than the order's is 422 and changes nothing.
func TestSandboxForgedNotification(t *testing.T) {
	e, sbx := newSandboxEnv(t, time.Hour)
	key := e.shopKey()
	p := e.placeIn("pl")
	wantStatus(t, e.payCard(p.Hash, key, sandbox.Card3DS), http.StatusOK)
	o := e.storedOrder(p.Hash)
	n := sandboxNotification(o, "evt_forged", "paid")

	body, sig := sbx.SignedNotification(n)
	other := newSandboxProvider(t)
	_, otherSig := other.SignedNotification(n)
	tampered := []byte(strings.Replace(string(body), `"status":"paid"`, `"status":"paid" `, 1))
	n.Amount = 1
	cheap, cheapSig := sbx.SignedNotification(n)
	for name, c := range map[string]struct {
		body []byte
		sig  string
		want int
	}{
		"no signature":    {body, "", http.StatusBadRequest},
		"other secret":    {body, otherSig, http.StatusBadRequest},
		"tampered":        {tampered, sig, http.StatusBadRequest},
		"not hex":         {body, "zz" + sig[2:], http.StatusBadRequest},
		"wrong amount":    {cheap, cheapSig, http.StatusUnprocessableEntity},
		"unknown webhook": {body, sig, http.StatusNotFound},
	} {
		path := "/v1/webhooks/sandbox"
		if name == "unknown webhook" {
			path = "/v1/webhooks/stripe"
		}
		r := e.postRaw(path, c.body, http.Header{sandbox.SignatureHeader: {c.sig}, "Content-Type": {"application/json"}})
		if r.Status != c.want {
			t.Errorf("%s: %d, want %d: %s", name, r.Status, c.want, r.Body)
		}
	}
	after := e.wantOrderStatus(p.Hash, order.PaymentPending)
	if len(after.Timeline) != len(o.Timeline) {
		t.Errorf("timeline changed: %+v", after.Timeline)
	}
	e.wantNoPaymentMail(p.Hash)
	// The genuine one is taken.
	r := e.postRaw("/v1/webhooks/sandbox", body, http.Header{sandbox.SignatureHeader: {sig}})
	wantStatus(t, r, http.StatusOK)
	e.wantOrderStatus(p.Hash, order.Paid)
	e.wantOnePaymentMail(p.Hash)
}

// newSandboxProvider is a sandbox with its own key and secret, outside
// any API.
func newSandboxProvider(t *testing.T) *sandbox.Provider {
	t.Helper()
	p, err := sandbox.New(sandbox.Config{Delay: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.Stop)
	return p
}

// TestBrowserReturnNeverPays: the browser coming back from a provider's
// page lands on the status page (or the return URL, with a made-up token)
// and the order does not change.
func TestBrowserReturnNeverPays(t *testing.T) {
	e, _ := newSandboxEnv(t, time.Hour) // no notification during the test
	key := e.shopKey()
	p := e.placeIn("pl")
	a := e.payOK(p.Hash, map[string]string{"method": "card", "name": "Anna Nowak",
		"encrypted": encryptCard(t, key, sandbox.CardSuccess, testExpiry, testCVC, shopOrigin)})
	if a.Status != "pending" {
		t.Fatalf("answer %+v", a)
	}
	before := e.storedOrder(p.Hash)
	for _, path := range []string{
		"/pl/status/" + p.Hash + "?status=success&paid=1",
		"/status/" + p.Hash,
		"/v1/orders/" + p.Hash + "?paid=true",
		"/v1/payments/sandbox/return?order=" + p.Hash + "&token=MADEUP123&status=paid",
		"/v1/payments/paypal/return?order=" + p.Hash + "&token=MADEUP123&PayerID=X",
		"/v1/payments/tpay/return?order=" + p.Hash + "&tr_status=TRUE",
	} {
		r := e.getNoFollow(path)
		if r.Status >= 500 {
			t.Errorf("GET %s: %d", path, r.Status)
		}
		if strings.HasPrefix(path, "/v1/payments/") {
			if r.Status != http.StatusSeeOther || r.Header.Get("Location") != "/pl/status/"+p.Hash {
				t.Errorf("GET %s: %d to %q, want 303 to the status page", path, r.Status, r.Header.Get("Location"))
			}
		}
	}
	after := e.wantOrderStatus(p.Hash, order.PaymentPending)
	if len(after.Timeline) != len(before.Timeline) {
		t.Errorf("timeline changed: %+v", after.Timeline)
	}
	e.wantNoPaymentMail(p.Hash)
}
