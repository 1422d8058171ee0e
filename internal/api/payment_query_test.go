package api_test

import (
	"net/http"
	"testing"
	"time"

	"sabershop/internal/order"
	"sabershop/internal/orders"
	"sabershop/internal/payment/tpay/tpaytest"
)

// TestLostNotificationQueried: the provider's notification never arrives;
// once the payment has been pending for a while, the status page's next
// poll asks the provider server-side and the order becomes paid (with its
// one e-mail). Before that, and between queries, nothing is asked.
func TestLostNotificationQueried(t *testing.T) {
	e, fake := newTpayEnv(t)
	fake.SetCardOutcome(tpaytest.Accept)
	p := e.placeIn("pl")
	wantStatus(t, e.payCard(p.Hash, e.shopKey(), tpayCard), http.StatusOK)

	var v struct{ Status order.Status }
	r := e.get("/v1/orders/" + p.Hash)
	wantStatus(t, r, http.StatusOK)
	r.Decode(t, &v)
	if v.Status != order.PaymentPending {
		t.Fatalf("right after paying: %s, want payment_pending (nothing asked yet)", v.Status)
	}

	e.clock.Set(e.clock.Now().Add(orders.QueryAfter + time.Second))
	r = e.get("/v1/orders/" + p.Hash)
	wantStatus(t, r, http.StatusOK)
	r.Decode(t, &v)
	if v.Status != order.Paid {
		t.Fatalf("after %s pending the poll answered %s, want paid from the provider's status", orders.QueryAfter, v.Status)
	}
	e.wantOnePaymentMail(p.Hash)
}
