package mail

import (
	"strings"
	"testing"

	"sabershop/internal/mail/outbox"
	"sabershop/internal/order"
	"sabershop/internal/shipping"
)

// lockerOrder is testOrder going to an InPost locker in Kraków.
func lockerOrder(loc string) *order.Order {
	o := testOrder(loc)
	o.Delivery = order.Delivery{Method: shipping.Locker, Carrier: "inpost", Size: shipping.SizeSmall,
		Point: &shipping.Point{Code: "KRA01M", Street: "ul. Rzemieślnicza", Building: "20", Zip: "30-363", City: "Kraków",
			Description: "przy stacji paliw", Hours: "24/7", Operating: true}}
	return o
}

// Every e-mail about an order going to a locker names the locker with its
// address, in both parts, and its totals name the method; a courier's
// order names the courier and no locker.
func TestLockerInEveryOrderMail(t *testing.T) {
	cat := testCatalog()
	want := map[string]struct{ where, method string }{
		"pl": {"Do paczkomatu KRA01M: ul. Rzemieślnicza 20, 30-363 Kraków (przy stacji paliw)", "Dostawa: Paczkomat InPost"},
		"en": {"To parcel locker KRA01M: ul. Rzemieślnicza 20, 30-363 Kraków (przy stacji paliw)", "Delivery: InPost parcel locker"},
		"de": {"An den Paketautomaten KRA01M: ul. Rzemieślnicza 20, 30-363 Kraków (przy stacji paliw)", "Versand: InPost-Paketautomat"},
	}
	for loc, w := range want {
		o := lockerOrder(loc)
		msgs := map[string]*outbox.Message{}
		add := func(kind string, m *outbox.Message, err error) {
			t.Helper()
			if err != nil {
				t.Fatalf("%s %s: %v", loc, kind, err)
			}
			msgs[kind] = m
		}
		m, err := OrderPlaced(cat, o, statusURL)
		add(KindOrderPlaced, m, err)
		m, err = PaymentReceived(cat, o, statusURL, nil, nil)
		add(KindPaymentReceived, m, err)
		m, err = OrderSent(cat, o, statusURL)
		add(KindOrderSent, m, err)
		m, err = OrderCancelled(cat, o, statusURL)
		add(KindOrderCancelled, m, err)
		m, err = PaymentReminder(cat, o, statusURL, o.CreatedAt)
		add(KindPaymentReminder, m, err)
		m, err = StageReached(cat, o, statusURL, "hilt-machined", o.CreatedAt)
		add(KindStageReached, m, err)
		m, err = DocumentIssued(cat, o, statusURL, "FV/2026/0001", testKSeFNumber)
		add(KindDocumentIssued, m, err)
		m, err = OwnerOrder(KindOwnerOrderPlaced, cat, loc, "owner@saberforge.example", o, statusURL, o.CreatedAt)
		add(KindOwnerOrderPlaced, m, err)
		for kind, m := range msgs {
			if !strings.Contains(m.Text, w.where) || !strings.Contains(m.HTML, w.where) {
				t.Errorf("%s %s: lacks %q:\n%s", loc, kind, w.where, m.Text)
			}
		}
		for _, kind := range []string{KindOrderPlaced, KindPaymentReminder, KindOwnerOrderPlaced} {
			if m := msgs[kind]; !strings.Contains(m.Text, w.method) || !strings.Contains(m.HTML, w.method) {
				t.Errorf("%s %s: the shipping line lacks %q", loc, kind, w.method)
			}
		}
		courier, err := OrderPlaced(cat, testOrder(loc), statusURL)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(courier.Text, "KRA01M") || !strings.Contains(courier.Text, map[string]string{"pl": "Dostawa: Kurier", "en": "Delivery: Courier", "de": "Versand: Kurier"}[loc]) {
			t.Errorf("%s: a courier's order e-mail:\n%s", loc, courier.Text)
		}
	}
}
