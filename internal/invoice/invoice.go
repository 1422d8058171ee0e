// Package invoice is the shop's accounting documents (issue 16): what an
// invoice for a paid order says, line by line with net, VAT and gross, and
// its totals per VAT rate; the store numbers them without gaps per year.
// No I/O: the daemon issues a document in the transaction that books the
// payment, and renders it when asked.
package invoice

import (
	"fmt"
	"time"

	"sabershop/internal/catalog"
	"sabershop/internal/order"
)

// Kind is what a document is.
type Kind string

const (
	// KindInvoice is a VAT invoice (faktura VAT) for a paid order.
	KindInvoice Kind = "invoice"
	// KindCorrection is a correcting invoice (faktura korygująca) for a
	// refund: its lines are the amounts given back, negative.
	KindCorrection Kind = "correction"
)

// Series are the numbering series: each counts from 1 every year.
const (
	SeriesInvoice    = "FV"
	SeriesCorrection = "FK"
)

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

// Line names are the document's own, in Polish and English as Polish
// invoices to foreign buyers usually are; a line's goods keep the name
// the order has.
const (
	NameShipping = "Dostawa / Shipping"
	NameWasteFee = "Opłata za gospodarowanie odpadami (BDO) / Waste-management fee"
	NameDiscount = "Rabat / Discount"
)

// split is gross's net and VAT at rate percent, VAT rounded to the grosz
// (half away from zero), as Polish invoices count VAT from the gross.
func split(gross int64, rate int) Amounts {
	if rate == 0 {
		return Amounts{Net: gross, Gross: gross}
	}
	num := gross * 100
	den := int64(100 + rate)
	net := num / den
	if rem := num % den; rem*2 >= den || -rem*2 >= den {
		if gross >= 0 {
			net++
		} else {
			net--
		}
	}
	return Amounts{Net: net, VAT: gross - net, Gross: gross}
}

// ErrNoRate is returned by For for an order to a country the catalogue
// has no VAT rate for (it no longer delivers there).
var ErrNoRate = fmt.Errorf("invoice: no VAT rate for the order's country")

// For is the invoice of paid order o, issued at issued, under cat's VAT
// scheme: each goods line without its waste fee, the waste fee, shipping
// and the discount as lines of their own, the gross amounts the order's.
// The number is the store's to give (Number, Year, Seq stay empty).
func For(o *order.Order, cat *catalog.Catalog, paid, issued time.Time) (*Document, error) {
	rate, ok := cat.VATRate(o.Customer.Country)
	if !ok {
		return nil, fmt.Errorf("%w %q (order #%d)", ErrNoRate, o.Customer.Country, o.ID)
	}
	c := o.Customer
	d := &Document{Kind: KindInvoice, Series: SeriesInvoice, OrderID: o.ID, OrderHash: o.Hash, Issued: issued, SaleDate: paid,
		Seller: cat.Shop.Company, Currency: o.Currency, Scheme: cat.VAT.Scheme,
		Buyer: Buyer{Name: c.FirstName + " " + c.LastName, Company: c.Company, VATID: c.VATID, Street: c.Street, Zip: c.Zip, City: c.City,
			Country: c.Country}}
	add := func(name string, qty int, gross int64) {
		if gross != 0 {
			d.Lines = append(d.Lines, Line{Name: name, Quantity: qty, Rate: rate, Amounts: split(gross, rate)})
		}
	}
	for _, l := range o.Lines {
		add(l.Name, l.Quantity, l.Total-l.WasteFee)
	}
	add(NameWasteFee, 1, o.Totals.WasteFee)
	add(NameShipping, 1, o.Totals.Shipping)
	add(NameDiscount, 1, -o.Totals.Discount)
	d.total()
	return d, nil
}

// Correction is the correcting document of a refund of amount (minor
// units, positive) of the order whose invoice is inv: one line giving the
// amount back at the invoice's rate.
func Correction(inv *Document, amount int64, reason string, issued time.Time) *Document {
	rate := 0
	if len(inv.Lines) > 0 {
		rate = inv.Lines[0].Rate
	}
	d := *inv
	d.Kind, d.Series, d.Number, d.Year, d.Seq, d.Issued, d.Corrects = KindCorrection, SeriesCorrection, "", 0, 0, issued, inv.Number
	name := "Zwrot / Refund"
	if reason != "" {
		name += ": " + reason
	}
	d.Lines = []Line{{Name: name, Quantity: 1, Rate: rate, Amounts: split(-amount, rate)}}
	d.total()
	return &d
}

// total sums the lines per rate and in all.
func (d *Document) total() {
	d.Totals, d.Total = nil, Amounts{}
	idx := map[int]int{}
	for _, l := range d.Lines {
		i, ok := idx[l.Rate]
		if !ok {
			i = len(d.Totals)
			idx[l.Rate] = i
			d.Totals = append(d.Totals, RateTotal{Rate: l.Rate})
		}
		t := &d.Totals[i].Amounts
		t.Net, t.VAT, t.Gross = t.Net+l.Net, t.VAT+l.VAT, t.Gross+l.Gross
		d.Total.Net, d.Total.VAT, d.Total.Gross = d.Total.Net+l.Net, d.Total.VAT+l.VAT, d.Total.Gross+l.Gross
	}
}

// Numbered gives d its number: seq in series' year.
func (d *Document) Numbered(year int, seq uint64) {
	d.Year, d.Seq = year, seq
	d.Number = fmt.Sprintf("%s/%d/%04d", d.Series, year, seq)
}
