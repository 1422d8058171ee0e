package mail

import (
	"strings"

	"sabershop/internal/accounting"
	"sabershop/internal/catalog"
	"sabershop/internal/i18n"
	"sabershop/internal/mail/outbox"
	"sabershop/internal/order"
)

// The shopper's e-mail of a refund (docs/decisions/refunds.md): how much
// came back, what of the payment is left with the shop, whether the order is
// cancelled by it, and how long the money takes with the provider that pays
// it.

// refundTiming is the key of the sentence on how long provider takes;
// providers without their own (the sandbox) get the general one.
func refundTiming(provider string) string {
	switch provider {
	case "tpay", "paypal":
		return "refund_issued.timing_" + provider
	}
	return "refund_issued.timing_other"
}

// RefundIssued tells the shopper that refund r of order o was accepted by
// the provider. o is the order after the refund was recorded. attached is
// the correcting document issued for the refund ("FK/2026/0001", or a
// receipt's correction "RK/…"), which the worker attaches as a PDF file
// as it does the payment e-mail's invoice; follow a correcting invoice
// being registered in KSeF, which the text says follows in its own
// e-mail (DocumentIssued). An order paid before documents were issued
// has neither.
func RefundIssued(cat *catalog.Catalog, o *order.Order, statusURL string, r order.Refund, attached, follow []string) (*outbox.Message, error) {
	var (
		err   error
		about string
	)
	m, rerr := orderMessageWith(KindRefundIssued, cat, o, statusURL, func(d *orderData, f i18n.Format) {
		left := o.RefundLeft(r.Finished)
		d.Refunded = f.FormatMoney(r.Amount, r.Currency)
		about = d.Refunded
		d.RefundLeft = f.FormatMoney(left, r.Currency)
		d.RefundAll = left == 0
		d.RefundCancelled = left == 0 && o.Status == order.Cancelled
		d.RefundReason = oneLine(r.Reason)
		d.RefundTiming = trOr(&err, o.Locale, refundTiming(r.Provider))
		if len(attached) > 0 {
			// A receipt's correction is not a correcting invoice: the
			// text says which.
			d.Documents = strings.Join(attached, ", ")
			d.Receipt = strings.HasPrefix(attached[0], accounting.SeriesReceiptCorrection+"/")
		}
		if len(follow) > 0 {
			d.Follow, d.FollowCount = strings.Join(follow, ", "), len(follow)
		}
	})
	if rerr != nil {
		return nil, rerr
	}
	m.About = about // the desk tells an order's refund e-mails apart by their amounts
	if len(attached) > 0 {
		m.Documents = attached
	}
	return m, err
}
