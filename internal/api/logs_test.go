package api_test

import (
	"net/http"
	"regexp"
	"strings"
	"testing"

	"sabershop/internal/order"
)

// Every order and payment event is logged once, with the order's number,
// and the log never holds an order's hash in full (it is the shopper's
// only key) nor anything of a card.
func TestOrderEventsLoggedOnce(t *testing.T) {
	e, fake := newTpayEnv(t)
	p := e.placeIn("pl")
	id := itoa(e.storedOrder(p.Hash).ID)

	// A failed bank payment, then a card payment, notified three times.
	e.payOK(p.Hash, map[string]string{"method": "bank"})
	for range 3 {
		if r := e.tpayNotify(fake, p.Hash, "FALSE"); r.Status != http.StatusOK {
			t.Fatalf("webhook: %d", r.Status)
		}
	}
	e.payOK(p.Hash, map[string]string{"method": "bank"})
	for range 3 {
		if r := e.tpayNotify(fake, p.Hash, "TRUE"); r.Status != http.StatusOK {
			t.Fatalf("webhook: %d", r.Status)
		}
	}
	e.wantOrderStatus(p.Hash, order.Paid)

	logs := e.logs.String()
	for event, want := range map[string]int{
		"order placed":    1,
		"payment started": 2,
		"payment failed":  1,
		"order paid":      1,
	} {
		re := regexp.MustCompile(`msg="` + event + `" (id|order)=` + id + `\b`)
		if n := len(re.FindAllString(logs, -1)); n != want {
			t.Errorf("%q with order=%s logged %d times, want %d", event, id, n, want)
		}
	}
	if strings.Contains(logs, p.Hash) {
		t.Errorf("the log holds the order's hash in full:\n%s", logs)
	}
}
