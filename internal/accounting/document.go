// Package accounting is the shop's accounting documents as they are kept:
// an invoice, a receipt or their correction, line by line with net, VAT
// and gross, its totals per VAT rate, and its amounts in złoty. It is data
// and the rules of the data alone (a document's number, its conversion to
// złoty), no I/O: package invoice says what a paid order's or a refund's
// document holds and renders its PDF, and the store numbers and keeps
// documents without linking either.
package accounting

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"sabershop/internal/catalog"
)

// Kind is what a document is.
type Kind string

const (
	// KindInvoice is a VAT invoice (faktura VAT) for a paid order.
	KindInvoice Kind = "invoice"
	// KindCorrection is a correcting invoice (faktura korygująca) for a
	// refund: its lines are the amounts given back, negative.
	KindCorrection Kind = "correction"
	// KindReceipt is a sales receipt (potwierdzenie sprzedaży) for a
	// consumer's paid order, when the owner's setting says receipts
	// ([vat] consumers = "receipt"): the same lines, not an invoice.
	KindReceipt Kind = "receipt"
	// KindReceiptCorrection is a receipt's correction for a refund.
	KindReceiptCorrection Kind = "receipt_correction"
)

// Series are the numbering series: each counts from 1 every year.
const (
	SeriesInvoice           = "FV"
	SeriesCorrection        = "FK"
	SeriesReceipt           = "R"
	SeriesReceiptCorrection = "RK"
)

// SeriesAll lists every series, in the order the accountant's list
// shows them.
var SeriesAll = []string{SeriesInvoice, SeriesCorrection, SeriesReceipt, SeriesReceiptCorrection}

// Corrects reports whether a document of kind k is one a refund corrects
// (an invoice or a receipt), and the kind and series of its correction.
func (k Kind) Corrects() (Kind, string, bool) {
	switch k {
	case KindInvoice:
		return KindCorrection, SeriesCorrection, true
	case KindReceipt:
		return KindReceiptCorrection, SeriesReceiptCorrection, true
	}
	return "", "", false
}

// Document is one issued accounting document, as kept.
type Document struct {
	Number    string    `json:"number"` // "FV/2026/0001"
	Kind      Kind      `json:"kind"`
	Series    string    `json:"series"`
	Year      int       `json:"year"`
	Seq       uint64    `json:"seq"`
	OrderID   uint64    `json:"order_id"`
	OrderHash string    `json:"order_hash"`
	Issued    time.Time `json:"issued"`
	// SaleDate is the day of the sale: the payment's (the goods are paid
	// in full before they are made).
	SaleDate time.Time       `json:"sale_date"`
	Seller   catalog.Company `json:"seller"`
	Buyer    Buyer           `json:"buyer"`
	Currency string          `json:"currency"`
	Scheme   string          `json:"scheme"` // the VAT scheme it was issued under
	Lines    []Line          `json:"lines"`
	Totals   []RateTotal     `json:"totals"` // per VAT rate
	Total    Amounts         `json:"total"`
	// Corrects is the number of the document a correction corrects.
	Corrects string `json:"corrects,omitempty"`
	// Exchange is a foreign-currency document's amounts in złoty, at the
	// rate the owner's setting names; nil for a złoty document, and until
	// the rate is known (NeedsRate).
	Exchange *Exchange `json:"exchange,omitempty"`
	// KSeF is the document's course through KSeF, the national e-invoicing
	// system; nil for a document that stays outside it (a receipt, an
	// invoice the owner's [ksef] setting keeps out, one under the OSS).
	KSeF *KSeF `json:"ksef,omitempty"`
}

// KSeF states: a document is queued in the transaction that issues it
// (waiting), handed to KSeF outside any transaction (sent), then accepted
// with its KSeF number or refused with KSeF's reason.
const (
	KSeFWaiting  = "waiting"
	KSeFSent     = "sent"
	KSeFAccepted = "accepted"
	KSeFRefused  = "refused"
	// KSeFOffline is an invoice issued in one of KSeF's offline modes and
	// not yet accepted: it has its verification link but no KSeF number.
	KSeFOffline = "offline"
)

// KSeF is what a document's course through KSeF has left on it.
type KSeF struct {
	State string `json:"state"`
	// Number is the KSeF number KSeF assigned ("5265877635-20250626-
	// 010080DD2B5E-26"), once accepted.
	Number string `json:"number,omitempty"`
	// Accepted is when KSeF accepted it (its "permanent storage" date:
	// the invoice's legal issue date in KSeF).
	Accepted time.Time `json:"accepted,omitempty"`
	// Hash is the SHA-256 of the FA(3) XML as sent, base64: the invoice's
	// identity in KSeF and in its verification QR code.
	Hash string `json:"hash,omitempty"`
	// Link is the verification link of the QR code (KOD I) printed on the
	// document handed over outside KSeF.
	Link string `json:"link,omitempty"`
	// CertLink is the link of the second QR code (KOD II, "CERTYFIKAT")
	// of an invoice issued in KSeF's offline mode: it verifies the
	// issuer's KSeF Offline certificate and is signed with its key.
	CertLink string `json:"cert_link,omitempty"`
	// Code and Reason are KSeF's status code and description of a refusal
	// (or of the last failed try, while it waits).
	Code   int    `json:"code,omitempty"`
	Reason string `json:"reason,omitempty"`
	// Refused is when the shop learnt of KSeF's refusal (the owner's
	// "since" of a refused document); zero otherwise.
	Refused time.Time `json:"refused,omitzero"`
}

// Exchange is a document's conversion to złoty: the rate as its source
// published it, and the totals per VAT rate and in all, in grosze. Polish
// law asks for the VAT in złoty on an invoice in a foreign currency (VAT
// Act art. 106e(11)), converted at the rate of art. 31a.
type Exchange struct {
	Source string      `json:"source"` // "NBP"
	Table  string      `json:"table"`  // the rate's table: "227/A/NBP/2026"
	Date   string      `json:"date"`   // the day the table is of: "2026-11-23"
	Mid    string      `json:"mid"`    // złoty per unit, as published: "4.2512"
	Totals []RateTotal `json:"totals"`
	Total  Amounts     `json:"total"`
}

// Buyer is who the document is made out to: the company of an invoice
// asked for at checkout, else the shopper.
type Buyer struct {
	Name    string `json:"name"`
	Company string `json:"company,omitempty"`
	VATID   string `json:"vat_id,omitempty"`
	Street  string `json:"street"`
	Zip     string `json:"zip"`
	City    string `json:"city"`
	Country string `json:"country"`
}

// Line is one line of a document: minor units, VAT in percent.
type Line struct {
	Name     string `json:"name"`
	Quantity int    `json:"quantity"`
	Rate     int    `json:"rate"`
	Amounts
}

// Amounts are a net, its VAT and their sum, in minor units.
type Amounts struct {
	Net   int64 `json:"net"`
	VAT   int64 `json:"vat"`
	Gross int64 `json:"gross"`
}

// RateTotal is the sum of the lines of one VAT rate.
type RateTotal struct {
	Rate int `json:"rate"`
	Amounts
}

// Numbered gives d its number: seq in series' year.
func (d *Document) Numbered(year int, seq uint64) {
	d.Year, d.Seq = year, seq
	d.Number = fmt.Sprintf("%s/%d/%04d", d.Series, year, seq)
}

// NeedsRate reports whether d is in a foreign currency and has no
// conversion to złoty yet.
func (d *Document) NeedsRate() bool { return d.Currency != "PLN" && d.Exchange == nil }

// The errors' texts begin "invoice:" as they did before the documents had
// a package of their own: they are what the owner has seen in logs.
var (
	// ErrRatePending is returned when a foreign-currency document's
	// exchange rate to złoty is not known yet (the bank has not answered):
	// such a document is not sent or shown until it is.
	ErrRatePending = fmt.Errorf("invoice: the exchange rate to złoty is not known yet")

	// ErrBadRate is returned by Convert for a rate that is not a positive
	// decimal number.
	ErrBadRate = fmt.Errorf("invoice: exchange rate is not a positive decimal")
)

// Convert sets d's amounts in złoty at mid złoty per unit (a decimal as
// published, up to 6 places), from source's table of date: each total's
// net and VAT converted and rounded to the grosz, the gross their sum.
func (d *Document) Convert(source, table, date, mid string) error {
	m, err := micro(mid)
	if err != nil {
		return err
	}
	x := &Exchange{Source: source, Table: table, Date: date, Mid: mid}
	conv := func(v int64) int64 { return roundDiv(v*m, 1_000_000) }
	for _, t := range d.Totals {
		a := Amounts{Net: conv(t.Net), VAT: conv(t.VAT)}
		a.Gross = a.Net + a.VAT
		x.Totals = append(x.Totals, RateTotal{Rate: t.Rate, Amounts: a})
		x.Total.Net, x.Total.VAT, x.Total.Gross = x.Total.Net+a.Net, x.Total.VAT+a.VAT, x.Total.Gross+a.Gross
	}
	d.Exchange = x
	return nil
}

// micro is decimal s in millionths: "4.2512" is 4_251_200.
func micro(s string) (int64, error) {
	whole, frac, _ := strings.Cut(s, ".")
	if whole == "" || len(frac) > 6 || strings.Trim(whole+frac, "0123456789") != "" {
		return 0, fmt.Errorf("%w: %q", ErrBadRate, s)
	}
	frac += strings.Repeat("0", 6-len(frac))
	w, err1 := strconv.ParseInt(whole, 10, 64)
	f, err2 := strconv.ParseInt(frac, 10, 64)
	if err1 != nil || err2 != nil || w > 1_000_000 || w*1_000_000+f == 0 {
		return 0, fmt.Errorf("%w: %q", ErrBadRate, s)
	}
	return w*1_000_000 + f, nil
}

// roundDiv is a/b rounded half away from zero (b > 0).
func roundDiv(a, b int64) int64 {
	q, r := a/b, a%b
	if r*2 >= b {
		q++
	} else if -r*2 >= b {
		q--
	}
	return q
}
