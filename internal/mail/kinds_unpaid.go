package mail

import (
	"time"

	"sabershop/internal/catalog"
	"sabershop/internal/i18n"
	"sabershop/internal/mail/outbox"
	"sabershop/internal/order"
)

// The shopper's side of an unpaid order
// (docs/decisions/orders-and-payments.md#unpaid-orders-one-reminder-then-cancelled):
// one reminder, then the cancellation, which is the order_cancelled e-mail
// with ExpiredReason as its reason.

// PaymentReminder reminds the shopper that order o waits for payment, with
// the pay link (its status page) and, when payBy is set, the day it is
// cancelled if still unpaid.
func PaymentReminder(cat *catalog.Catalog, o *order.Order, statusURL string, payBy time.Time) (*outbox.Message, error) {
	m, err := orderMessageWith(KindPaymentReminder, cat, o, statusURL, func(d *orderData, f i18n.Format) {
		if !payBy.IsZero() {
			d.PayBy = f.FormatDate(payBy.In(i18n.Workshop))
		}
	})
	return m, err
}

// ExpiredReason is the cancellation reason of an order cancelled because
// it stayed unpaid for days, in loc (the order's language: the shopper
// reads it on the status page and in the e-mail).
func ExpiredReason(loc string, days int) (string, error) {
	return tr(loc, "order_expired.reason", "count", days)
}
