package mail

import (
	"os"
	"path/filepath"
	"sync"
	"time"

	"sabershop/internal/catalog"
	"sabershop/internal/i18n"
	"sabershop/internal/mail/outbox"
	"sabershop/internal/order"
)

// testCatalog is a small catalogue with the real shape: shop and company
// data, the shop's locales with their formats, two creator slots, two
// generators, two delivery countries.
func testCatalog() *catalog.Catalog {
	c := &catalog.Catalog{Version: "test", Locales: siteLocales()}
	c.Shop.Name = "Saber Forge"
	c.Shop.BaseURL = "https://saberforge.example"
	co := &c.Shop.Company
	co.Name, co.Owner, co.Street = "Saber Forge Marek Kowalczyk", "Marek Kowalczyk", "ul. Rzemieślnicza 14/3"
	co.Zip, co.City, co.Country = "30-363", "Kraków", "Poland"
	co.TaxID, co.Email, co.Phone = "676-245-18-91", "hello@saberforge.example", "+48 512 345 678"
	c.Terms = catalog.Terms{Version: "7e4a5c0ffee1", Text: map[string]string{
		"en": "# Terms and Conditions\n\n## 1. Who sells\n\nThe shop is run by **Saber Forge**.\n\n## 9. Withdrawal\n\nFourteen days.\n",
		"pl": "# Regulamin sklepu\n\n## 1. Sprzedawca\n\nSklep prowadzi **Saber Forge**.\n\n## 9. Odstąpienie\n\nCzternaście dni.\n",
		"de": "# Allgemeine Geschäftsbedingungen\n\n## 1. Verkäufer\n\nDer Shop wird betrieben von **Saber Forge**.\n\n## 9. Widerruf\n\nVierzehn Tage.\n",
	}}
	c.Creator = catalog.Creator{
		Slots: []catalog.Slot{
			{ID: "emitter", Names: map[string]string{"en": "Emitter", "pl": "Emiter", "de": "Emitter"},
				Options: []catalog.Part{{ID: "talon", Names: map[string]string{"en": "Talon", "pl": "Talon", "de": "Talon"}}}},
			{ID: "grip", Names: map[string]string{"en": "Grip", "pl": "Uchwyt", "de": "Griff"},
				Options: []catalog.Part{{ID: "ribbed", Names: map[string]string{"en": "Ribbed", "pl": "Żebrowany", "de": "Gerippt"}}}},
		},
		Generators: []catalog.Part{
			{ID: "standard", Names: map[string]string{"en": "Standard", "pl": "Standardowy", "de": "Standard"}},
			{ID: "crystal", Names: map[string]string{"en": "With crystal", "pl": "Z kryształem", "de": "Mit Kristall"}},
		},
	}
	c.Production.Stages = []catalog.Stage{
		{ID: "parts-ordered", Names: map[string]string{"en": "Parts ordered", "pl": "Części zamówione", "de": "Teile bestellt"}, Progress: 10},
		{ID: "hilt-machined", Names: map[string]string{"en": "Hilt machined", "pl": "Rękojeść wytoczona", "de": "Griff gefertigt"}, Progress: 45},
		{ID: "ready", Names: map[string]string{"en": "Ready to ship", "pl": "Gotowe do wysyłki", "de": "Versandbereit"}, Progress: 100},
	}
	c.Deliveries = []catalog.Delivery{
		{Code: "pl", Names: map[string]string{"en": "Poland", "pl": "Polska", "de": "Polen"}, Methods: []catalog.DeliveryMethod{{ID: "courier", DaysMin: 1, DaysMax: 3}}},
		{Code: "de", Names: map[string]string{"en": "Germany", "pl": "Niemcy", "de": "Deutschland"}, Methods: []catalog.DeliveryMethod{{ID: "courier", DaysMin: 3, DaysMax: 7}}},
	}
	return c
}

// currencies of the site versions (docs/product-rules.md#site-versions).
var currencies = map[string]string{"en": "EUR", "de": "EUR", "pl": "PLN"}

// testOrder is order 12 in locale loc: a ready hilt with the crystal
// generator and a creator design; totals 1499.00 with a coupon.
func testOrder(loc string) *order.Order {
	return &order.Order{
		ID:       12,
		Hash:     "h4sh-0f-0rder-12",
		Locale:   loc,
		Currency: currencies[loc],
		Customer: order.Customer{
			FirstName: "Anna", LastName: "Nowak", Email: "anna@example.com", Phone: "+48 600 100 200",
			Country: "pl", Street: "Długa 1", Zip: "00-001", City: "Warszawa",
		},
		Lines: []order.Line{
			{Product: "arc", Variant: "crystal", Name: "Arc", Quantity: 1, UnitPrice: 69900, Total: 69900, WasteFee: 4, BuildDays: 10},
			{Product: order.CreatorSlug, Name: "Custom saber", Quantity: 1, UnitPrice: 80000, Total: 80000, WasteFee: 4, BuildDays: 15,
				Creator: &order.CreatorConfig{Parts: map[string]string{"emitter": "talon", "grip": "ribbed"}, Generator: "standard",
					Button: "single", Presets: []order.Preset{{Color: "#1e90ff", White: 40, Effect: "stable", Ignition: "standard",
						Retraction: "standard", Sound: "hum", Clash: "#ffffff"}}}},
		},
		Totals:       order.Totals{Subtotal: 149900, Shipping: 2500, Discount: 2500, WasteFee: 8, Total: 149900},
		Coupon:       "FORGE10",
		Status:       order.Placed,
		CreatedAt:    time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC), // a Monday
		DeliveryDays: [2]int{1, 3},
		BuildDays:    15,
		Tracking:     "PL123456789",
		TrackingURL:  "https://tracking.example/?n=PL123456789",
		CancelReason: "Customer asked to cancel",
		Attempts: []order.Attempt{{ID: "att-1", Provider: "tpay", Method: "blik", Amount: 149900, Currency: currencies[loc],
			State: order.AttemptFailed, Started: time.Date(2026, 3, 2, 10, 5, 0, 0, time.UTC)}},
	}
}

// refundedOrder is testOrder paid by tpay, 50.00 of it refunded.
func refundedOrder(loc string) *order.Order {
	o := testOrder(loc)
	o.Status, o.Attempts[0].State = order.Paid, order.AttemptPaid
	at := time.Date(2026, 3, 9, 12, 0, 0, 0, time.UTC)
	o.Refunds = []order.Refund{{ID: "rf-1", Key: "k", Attempt: "att-1", Provider: "tpay", Amount: 5000, Currency: o.Currency,
		Reason: "Damaged in transit", Reference: "req-1", State: order.RefundDone, At: at, Finished: at}}
	return o
}

const statusURL = "https://saberforge.example/pl/status/h4sh-0f-0rder-12"

// testKSeFNumber is a KSeF number of the shape KSeF gives: the seller's
// NIP, the day, a hash part and a check sum.
const testKSeFNumber = "6762451891-20260302-0A1B2C3D4E5F-7C"

// allKinds renders every kind in loc.
func allKinds(loc string) (map[string]*outbox.Message, error) {
	cat := testCatalog()
	o := testOrder(loc)
	sub := Subscriber{Email: "fan@example.com", Locale: loc, Token: "sub-token"}
	out := map[string]*outbox.Message{}
	var err error
	add := func(kind string, m *outbox.Message, e error) {
		if e != nil && err == nil {
			err = e
		}
		out[kind] = m
	}
	m, e := OrderPlaced(cat, o, statusURL)
	add(KindOrderPlaced, m, e)
	m, e = PaymentReceived(cat, o, statusURL, []string{"FV/2026/0001"}, nil)
	add(KindPaymentReceived, m, e)
	m, e = OrderSent(cat, o, statusURL)
	add(KindOrderSent, m, e)
	m, e = OrderCancelled(cat, o, statusURL)
	add(KindOrderCancelled, m, e)
	m, e = ContactMessage(cat, loc, Contact{Name: "Jan Kowalski", Email: "jan@example.com", Locale: "de",
		Message: "Hello,\nis the Talon emitter in stock?", Received: time.Date(2026, 3, 2, 9, 30, 0, 0, time.UTC)})
	add(KindContactMessage, m, e)
	m, e = SubscribeConfirm(cat, sub, "https://saberforge.example/v1/subscribers/sub-token/confirm")
	add(KindSubscribeConfirm, m, e)
	m, e = SaleStart(cat, sub, "https://saberforge.example/shop", "https://saberforge.example/v1/subscribers/sub-token/unsubscribe")
	add(KindSaleStart, m, e)
	m, e = OrderLinks(cat, loc, "Anna@Example.com", []OrderLink{
		LinkOf(o, statusURL),
		{ID: 7, Placed: time.Date(2026, 1, 15, 10, 0, 0, 0, time.UTC), Total: 4900, Currency: "EUR", StatusURL: "https://saberforge.example/status/h4sh-0f-0rder-7"},
	})
	add(KindOrderLinks, m, e)
	m, e = PaymentReminder(cat, o, statusURL, o.CreatedAt.Add(14*24*time.Hour))
	add(KindPaymentReminder, m, e)
	m, e = RefundIssued(cat, refundedOrder(loc), statusURL, refundedOrder(loc).Refunds[0], []string{"FK/2026/0001"}, nil)
	add(KindRefundIssued, m, e)
	// Before any stage is recorded the estimate counts from the order:
	// 15 working days from Monday 2 March 2026 is Monday 23 March.
	m, e = StageReached(cat, o, statusURL, "hilt-machined", o.CreatedAt)
	add(KindStageReached, m, e)
	m, e = WithdrawalReceived(cat, withdrawnOrder(loc), statusURL)
	add(KindWithdrawalReceived, m, e)
	m, e = DocumentIssued(cat, o, statusURL, "FV/2026/0001", testKSeFNumber)
	add(KindDocumentIssued, m, e)
	m, e = OwnerDocumentRefused(cat, loc, "owner@saberforge.example", o, statusURL, o.CreatedAt, "FV/2026/0001", 450,
		"Błąd weryfikacji semantyki dokumentu faktury")
	add(KindOwnerKSeFRefused, m, e)
	m, e = OwnerDigest(cat, loc, "owner@saberforge.example", []DigestEntry{
		{Kind: KindOwnerOrderPlaced, Order: o, At: o.CreatedAt, OrderURL: "https://saberforge.example/admin/orders/12"},
		{Kind: KindOwnerPaymentReceived, Order: o, At: o.CreatedAt.Add(20 * time.Minute), OrderURL: "https://saberforge.example/admin/orders/12"},
		{Kind: KindOwnerOrderPlaced, Order: withdrawnOrder(loc), At: o.CreatedAt.Add(30 * time.Minute), OrderURL: "https://saberforge.example/admin/orders/12"},
	}, o.CreatedAt.Add(time.Hour))
	add(KindOwnerDigest, m, e)
	for _, kind := range OwnerKinds {
		about := o
		if kind == KindOwnerWithdrawal {
			about = withdrawnOrder(loc)
		}
		m, e = OwnerOrder(kind, cat, loc, "owner@saberforge.example", about, statusURL, o.CreatedAt)
		add(kind, m, e)
	}
	return out, err
}

// withdrawnOrder is testOrder sent, its ready hilt returnable, withdrawn
// from on the status page on Friday 13 March 2026 at 15:04 in Kraków.
func withdrawnOrder(loc string) *order.Order {
	o := testOrder(loc)
	o.Status, o.Lines[0].Returnable = order.Sent, true
	o.Withdrawal = &order.Withdrawal{At: time.Date(2026, 3, 13, 14, 4, 0, 0, time.UTC), Name: "Anna Nowak", Email: "anna.returns@example.com"}
	return o
}

// siteLocales are en (EUR), pl (PLN) and de (EUR) with the formats of
// the shop's content/i18n files, as the build writes them to catalog.json.
var siteLocales = sync.OnceValue(func() []catalog.Locale {
	var out []catalog.Locale
	for _, l := range [][2]string{{"en", "EUR"}, {"pl", "PLN"}, {"de", "EUR"}} {
		src, err := os.ReadFile(filepath.Join("..", "..", "content", "i18n", l[0]+".toml"))
		if err != nil {
			panic(err)
		}
		f, err := i18n.ParseFormat(string(src))
		if err != nil {
			panic(l[0] + ".toml: " + err.Error())
		}
		out = append(out, catalog.Locale{Code: l[0], Currency: l[1], Format: f})
	}
	return out
})
