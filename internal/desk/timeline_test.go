package desk_test

import (
	"os"
	"testing"

	"sabershop/internal/desk"
	"sabershop/internal/i18n"
	"sabershop/internal/order"
)

// A timeline entry reads in the owner's language, whatever English cause
// it was stored with: amounts in the locale's format, plurals by the
// locale's rules, a stranger's text inert.
func TestTimelineText(t *testing.T) {
	pl, _ := i18n.ParseFormat("[format]\ndecimal = \",\"\ngroup = \"\\u00a0\"\nmoney = \"{amount}\\u00a0{symbol}\"\ndate = \"{dd}.{mm}.{year}\"\ndate_time = \"{date} {hour}:{minute}\"\n[format.symbols]\nPLN = \"zł\"\n")
	en, _ := i18n.ParseFormat("[format]\ndecimal = \".\"\ngroup = \",\"\nmoney = \"{symbol}{amount}\"\ndate = \"{dd}.{mm}.{year}\"\ndate_time = \"{date} {hour}:{minute}\"\n[format.symbols]\nEUR = \"€\"\n")
	stage := func(id string) string { return map[string]string{"parts": "Części zamówione"}[id] }
	for _, c := range []struct {
		locale string
		format i18n.Format
		e      order.Event
		want   string
	}{
		{"pl", pl, order.Event{Status: order.Placed, Cause: "order placed"}, "Zamówienie złożone"},
		{"pl", pl, order.Event{Status: order.PaymentPending, Cause: "payment started: card"}, "Rozpoczęto płatność: karta"},
		{"pl", pl, order.Event{Status: order.Paid, Cause: "sandbox: paid"}, "Płatność zaksięgowana (tryb testowy)"},
		{"pl", pl, order.Event{Status: order.Sent, Cause: "sent, tracking 6204\u202e1"}, "Wysłane, numer przesyłki 6204<U+202E>1"},
		{"pl", pl, order.Event{Status: order.Paid, Note: order.NoteRefund, Cause: "refund 2083.00 PLN through tpay (r1)"}, "Zwrot 2\u00a0083,00\u00a0zł przez Tpay"},
		{"en", en, order.Event{Status: order.Paid, Note: order.NoteRefund, Cause: "refund 2083.00 PLN through tpay (r1)"}, "Refund of PLN\u00a02,083.00 through Tpay"},
		{"pl", pl, order.Event{Status: order.Cancelled, Cause: "expired: unpaid for 14 days"}, "Anulowane automatycznie: nieopłacone przez 14 dni"},
		{"pl", pl, order.Event{Status: order.Cancelled, Cause: "expired: unpaid for 1 day"}, "Anulowane automatycznie: nieopłacone przez 1 dzień"},
		{"en", en, order.Event{Status: order.Placed, Note: order.NoteReminder, Cause: "payment reminder sent: unpaid for 1 days"}, "Payment reminder sent: unpaid for 1 day"},
		{"pl", pl, order.Event{Status: order.Paid, Note: order.NoteStage, Stage: "parts", Cause: "terminal"}, "Etap produkcji: Części zamówione (terminal)"},
		{"de", pl, order.Event{Status: order.Sent, Note: order.NoteParcel, Parcel: "delivered", Cause: "parcel delivered"}, "Paket: zugestellt"},
		{"pl", pl, order.Event{Status: order.Paid, Cause: "paid"}, "Opłacone – do budowy (paid)"},
	} {
		if got := desk.TimelineText(c.locale, c.e, c.format, stage); got != c.want {
			t.Errorf("%s %q: %q, want %q", c.locale, c.e.Cause, got, c.want)
		}
	}
}

// Counts in the desk read by each language's plural rules, never
// "1 items".
func TestCountsByPluralRules(t *testing.T) {
	set, err := i18n.LoadSet("desk/ui", "en", os.DirFS("ui"), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		locale, key string
		count       int
		want        string
	}{
		{"en", "orders.items", 1, "1 item"}, {"en", "orders.items", 2, "2 items"},
		{"pl", "orders.items", 1, "1 sztuka"}, {"pl", "orders.items", 3, "3 sztuki"}, {"pl", "orders.items", 5, "5 sztuk"},
		{"pl", "orders.items", 22, "22 sztuki"}, {"pl", "orders.items", 12, "12 sztuk"},
		{"de", "orders.items", 1, "1 Stück"},
		{"en", "subscribers.announce", 1, "Send to 1 subscriber"}, {"pl", "subscribers.announce", 1, "Wyślij do 1 subskrybenta"},
		{"pl", "subscribers.announce", 5, "Wyślij do 5 subskrybentów"},
		{"en", "print.build_days", 1, "Build time: 1 working day from payment"},
		{"pl", "print.build_days", 2, "Czas budowy: 2 dni robocze od płatności"},
		{"pl", "print.build_days", 5, "Czas budowy: 5 dni roboczych od płatności"},
	} {
		if got := set.T(c.locale, c.key, map[string]any{"count": c.count}); got != c.want {
			t.Errorf("%s %s %d: %q, want %q", c.locale, c.key, c.count, got, c.want)
		}
	}
}
