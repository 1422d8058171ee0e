package mail

import (
	"fmt"
	"strings"
	"time"

	"sabershop/internal/accounting"
	"sabershop/internal/catalog"
	"sabershop/internal/i18n"
	"sabershop/internal/inert"
	"sabershop/internal/ksef"
	"sabershop/internal/mail/outbox"
	"sabershop/internal/order"
)

// The e-mail that hands the buyer an invoice that went through KSeF,
// Poland's national e-invoicing system (KindDocumentIssued): such an
// invoice is issued when the payment is booked (the payment e-mail says it
// follows) and sent only once KSeF has accepted it and given it its KSeF
// number, which its PDF carries with a QR code to check it.

// DocumentIssued is the e-mail that carries invoice number ("FV/2027/0001",
// or a correcting invoice "FK/2027/0001") of order o, accepted by KSeF
// under ksefNumber. The worker attaches the document's PDF (m.Documents).
func DocumentIssued(cat *catalog.Catalog, o *order.Order, statusURL, number, ksefNumber string) (*outbox.Message, error) {
	if oneLine(ksefNumber) == "" {
		return nil, fmt.Errorf("mail: %s for order %d: %q without a KSeF number is not an invoice accepted by KSeF",
			KindDocumentIssued, orderID(o), number)
	}
	return documentIssued(cat, o, statusURL, number, ksefNumber)
}

// DocumentIssuedOffline is DocumentIssued for an invoice issued in KSeF's
// offline mode (offline24, docs/decisions/ksef.md): handed over before
// KSeF gave it a number, it says so and that it will be registered in
// KSeF; its PDF carries the two QR codes of an offline invoice.
func DocumentIssuedOffline(cat *catalog.Catalog, o *order.Order, statusURL, number string) (*outbox.Message, error) {
	return documentIssued(cat, o, statusURL, number, "")
}

func orderID(o *order.Order) uint64 {
	if o == nil {
		return 0
	}
	return o.ID
}

// documentIssued is DocumentIssued, offline without ksefNumber.
func documentIssued(cat *catalog.Catalog, o *order.Order, statusURL, number, ksefNumber string) (*outbox.Message, error) {
	if cat == nil || o == nil {
		return nil, fmt.Errorf("mail: %s: nil catalogue or order", KindDocumentIssued)
	}
	number, ksefNumber = oneLine(number), oneLine(ksefNumber)
	series, _, _ := strings.Cut(number, "/")
	if series != accounting.SeriesInvoice && series != accounting.SeriesCorrection {
		return nil, fmt.Errorf("mail: %s for order %d: %q is not an invoice for KSeF", KindDocumentIssued, o.ID, number)
	}
	m, err := orderMessageWith(KindDocumentIssued, cat, o, statusURL, func(d *orderData, _ i18n.Format) {
		d.Document, d.KSeFNumber, d.Offline = number, ksefNumber, ksefNumber == ""
		if d.Offline {
			d.preheaderKey = KindDocumentIssued + ".preheader_offline"
		}
		if d.Correction = series == accounting.SeriesCorrection; d.Correction {
			d.subjectKey = KindDocumentIssued + ".subject_correction"
		}
	})
	if err != nil {
		return nil, err
	}
	m.Documents, m.About = []string{number}, number
	return m, nil
}

// OwnerDocumentRefused tells the owner, in locale loc at the address to,
// that KSeF refused invoice number of order o with status code (or that
// the shop could not build or send it: code 0), and what to do: fix the
// cause, then send it again from the desk or with `orderd ksef retry`.
// The warning explains the code (ksef.Explain) and quotes reason, KSeF's
// own words, inert: it is text from outside. The rest is the owner's order
// e-mail (the order, the customer); orderURL links the order, now dates
// the message.
func OwnerDocumentRefused(cat *catalog.Catalog, loc, to string, o *order.Order, orderURL string, now time.Time,
	number string, code int, reason string) (*outbox.Message, error) {
	kind := KindOwnerKSeFRefused
	number = oneLine(inert.String(number))
	if number == "" {
		return nil, fmt.Errorf("mail: %s: no document number", kind)
	}
	return ownerMessage(kind, cat, loc, to, o, orderURL, now, func(err *error, d *ownerData, _ i18n.Format) {
		d.Document = number
		intro := kind + ".intro"
		if series, _, _ := strings.Cut(number, "/"); series == accounting.SeriesCorrection {
			d.subjectKey, d.headingKey, intro = kind+".subject_correction", kind+".heading_correction", kind+".intro_correction"
		}
		d.Intro = trOr(err, loc, intro, "document", number, "number", d.Number)
		d.Warning = ksef.Explain(code, loc)
		// Line breaks of a multi-line answer become spaces, then what
		// could still act (a bidi override, a zero-width character) shows
		// as a marker.
		if said := inert.String(oneLine(reason)); said != "" {
			key := kind + ".ksef_said"
			if code == 0 { // the shop's own reason, not KSeF's
				key = kind + ".shop_said"
			}
			d.Warning += " " + trOr(err, loc, key, "reason", said)
		}
	})
}
