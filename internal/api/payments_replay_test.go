package api_test

import (
	"math/rand/v2"
	"net/http"
	"slices"
	"sync"
	"testing"
	"time"

	"sabershop/internal/order"
	"sabershop/internal/payment"
	"sabershop/internal/payment/sandbox"
	"sabershop/internal/store"
)

// sandboxNotification is what the sandbox would say about o's payment in
// force.
func sandboxNotification(o *order.Order, eventID string, status payment.Status) payment.Notification {
	return payment.Notification{EventID: eventID, OrderHash: o.Hash, Reference: o.Payment["reference"],
		Status: status, Amount: o.Totals.Total, Currency: o.Currency}
}

// signedPost is one notification as the sandbox posts it, with the answer
// the webhook must give.
type signedPost struct {
	name string
	body []byte
	sig  string
	want int
}

// TestWebhookReplays: each confirmation is applied once
// (docs/payments.md#payments). 100 replays of the same "paid"
// notification, shuffled with pending ones, an earlier attempt's failures,
// a wrong-amount one and another order's, posted concurrently and then
// sequentially: exactly one transition to paid and one e-mail.
func TestWebhookReplays(t *testing.T) {
	for _, mode := range []string{"concurrent", "sequential"} {
		t.Run(mode, func(t *testing.T) {
			// The sandbox itself sends nothing during the test; one writer at
			// a time gains nothing from waiting out the batch timer.
			var so store.Options
			if mode == "sequential" {
				so.MaxBatchDelay = time.Millisecond
			}
			e, sbx := newSandboxEnvStore(t, so, time.Hour)
			key := e.shopKey()
			p := e.placeIn("pl")
			other := e.placeIn("de")

			// An earlier attempt (bank), then the one in force (3-D Secure
			// card, not decided): both leave the order payment_pending.
			bank := e.payOK(p.Hash, map[string]string{"method": "bank"})
			if bank.Status != "redirect" {
				t.Fatalf("bank: %+v", bank)
			}
			earlier := e.storedOrder(p.Hash)
			wantStatus(t, e.payCard(p.Hash, key, sandbox.Card3DS), http.StatusOK)
			o := e.storedOrder(p.Hash)
			if o.Payment["reference"] == earlier.Payment["reference"] || o.Status != order.PaymentPending {
				t.Fatalf("second attempt: %v %s", o.Payment, o.Status)
			}
			e.wantOrderStatus(other.Hash, order.Placed)
			otherOrder := e.storedOrder(other.Hash)
			otherOrder.Payment = map[string]string{"reference": "sbx_other"}

			sign := func(name string, n payment.Notification, want int) signedPost {
				body, sig := sbx.SignedNotification(n)
				return signedPost{name, body, sig, want}
			}
			paid := sign("paid", sandboxNotification(o, "evt_paid", payment.StatusPaid), http.StatusOK)
			var posts []signedPost
			for range 100 {
				posts = append(posts, paid) // the very same bytes
			}
			for i := range 10 {
				posts = append(posts,
					sign("pending", sandboxNotification(o, "evt_pending_"+string(rune('a'+i)), payment.StatusPending), http.StatusOK),
					sign("earlier failed", sandboxNotification(earlier, "evt_old_"+string(rune('a'+i)), payment.StatusFailed), http.StatusOK))
			}
			cheap := sandboxNotification(o, "evt_cheap", payment.StatusPaid)
			cheap.Amount--
			posts = append(posts,
				sign("earlier paid again", sandboxNotification(earlier, "evt_old_paid", payment.StatusPaid), http.StatusOK),
				sign("wrong amount", cheap, http.StatusUnprocessableEntity),
				sign("other order pending", sandboxNotification(otherOrder, "evt_other", payment.StatusPending), http.StatusOK))
			rng := rand.New(rand.NewPCG(5, 100))
			rng.Shuffle(len(posts), func(i, j int) { posts[i], posts[j] = posts[j], posts[i] })

			post := func(sp signedPost) {
				r := e.postRaw("/v1/webhooks/sandbox", sp.body, http.Header{sandbox.SignatureHeader: {sp.sig}})
				if r.Status != sp.want {
					t.Errorf("%s: %d, want %d: %s", sp.name, r.Status, sp.want, r.Body)
				}
			}
			if mode == "sequential" {
				for _, sp := range posts {
					post(sp)
				}
			} else {
				var wg sync.WaitGroup
				work := make(chan signedPost)
				for range 16 {
					wg.Go(func() {
						for sp := range work {
							post(sp)
						}
					})
				}
				for _, sp := range posts {
					work <- sp
				}
				close(work)
				wg.Wait()
			}

			got := e.wantOrderStatus(p.Hash, order.Paid)
			var statuses []order.Status
			for _, ev := range got.Timeline {
				statuses = append(statuses, ev.Status)
			}
			if want := []order.Status{order.Placed, order.PaymentPending, order.Paid}; !slices.Equal(statuses, want) {
				t.Errorf("timeline %v, want %v", statuses, want)
			}
			if n := transitionsTo(got, order.Paid); n != 1 {
				t.Errorf("%d transitions to paid", n)
			}
			if got.Payment["reference"] != o.Payment["reference"] {
				t.Errorf("reference %q, want the attempt in force %q", got.Payment["reference"], o.Payment["reference"])
			}
			if q, _ := e.paymentMails(p.Hash); q != 1 {
				t.Errorf("%d payment_received e-mails queued, want 1", q)
			}
			e.wantOnePaymentMail(p.Hash)

			// The other order only became payment_pending.
			oo := e.wantOrderStatus(other.Hash, order.PaymentPending)
			if transitionsTo(oo, order.Paid) != 0 {
				t.Errorf("other order: %+v", oo.Timeline)
			}
			e.wantNoPaymentMail(other.Hash)

			// Late failures of the attempt in force, and yet another replay:
			// a paid order never moves back and mails nothing more.
			post(sign("late failed", sandboxNotification(o, "evt_late", payment.StatusFailed), http.StatusOK))
			post(paid)
			e.wantOrderStatus(p.Hash, order.Paid)
			if q, s := e.paymentMails(p.Hash); q != 0 || s != 1 {
				t.Errorf("after late events: %d queued, %d sent", q, s)
			}
		})
	}
}
