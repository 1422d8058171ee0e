// Package invoice issues the shop's accounting documents
// (accounting.Document): what the invoice or receipt of a paid order says,
// line by line with net, VAT and gross, and its totals per VAT rate, and
// what the correction of a refund says; and it renders a document as a
// PDF. The store numbers documents without gaps per year. No I/O: the
// daemon issues a document in the transaction that books the payment, and
// renders it when asked.
package invoice

import (
	"fmt"
	"time"

	"sabershop/internal/accounting"
	"sabershop/internal/catalog"
	"sabershop/internal/order"
	"sabershop/internal/shipping"
)

// Line names are the document's own, in Polish and English as Polish
// invoices to foreign buyers usually are; a line's goods keep the name
// the order has.
const (
	NameShipping = "Dostawa / Shipping"
	NameWasteFee = "Opłata za gospodarowanie odpadami (BDO) / Waste-management fee"
	NameDiscount = "Rabat / Discount"
)

// ShippingName names an order's shipping line with its method: NameShipping
// and the courier, or the carrier's locker by its code (KSeF's FA(3)
// knows the line by NameShipping at its start).
func ShippingName(o *order.Order) string {
	if d := o.Delivery; d.IsLocker() {
		return NameShipping + " – Paczkomat " + shipping.CarrierName(d.Carrier) + " " + d.Point.Code
	}
	return NameShipping + " – Kurier / Courier"
}

// split is gross's net and VAT at rate percent, VAT rounded to the grosz
// (half away from zero), as Polish invoices count VAT from the gross.
func split(gross int64, rate int) accounting.Amounts {
	if rate == 0 {
		return accounting.Amounts{Net: gross, Gross: gross}
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
	return accounting.Amounts{Net: net, VAT: gross - net, Gross: gross}
}

// ErrNoRate is returned by For for an order to a country the catalogue
// has no VAT rate for (it no longer delivers there).
var ErrNoRate = fmt.Errorf("invoice: no VAT rate for the order's country")

// For is the document of paid order o, issued at issued, under cat's VAT
// scheme: an invoice, or a receipt for a consumer when the owner's setting
// says so; each goods line without its waste fee, the waste fee, shipping
// and the discount as lines of their own, the gross amounts the order's.
// The number is the store's to give (Number, Year, Seq stay empty).
func For(o *order.Order, cat *catalog.Catalog, paid, issued time.Time) (*accounting.Document, error) {
	rate, ok := cat.VATRate(o.Customer.Country)
	if !ok {
		return nil, fmt.Errorf("%w %q (order #%d)", ErrNoRate, o.Customer.Country, o.ID)
	}
	c := o.Customer
	d := &accounting.Document{Kind: accounting.KindInvoice, Series: accounting.SeriesInvoice, OrderID: o.ID, OrderHash: o.Hash, Issued: issued, SaleDate: paid,
		Seller: cat.Shop.Company, Currency: o.Currency, Scheme: cat.VAT.Scheme,
		Buyer: accounting.Buyer{Name: c.FirstName + " " + c.LastName, Company: c.Company, VATID: c.VATID, Street: c.Street, Zip: c.Zip, City: c.City,
			Country: c.Country}}
	add := func(name string, qty int, gross int64) {
		if gross != 0 {
			d.Lines = append(d.Lines, accounting.Line{Name: name, Quantity: qty, Rate: rate, Amounts: split(gross, rate)})
		}
	}
	for _, l := range o.Lines {
		add(l.Name, l.Quantity, l.Total-l.WasteFee)
	}
	add(NameWasteFee, 1, o.Totals.WasteFee)
	add(ShippingName(o), 1, o.Totals.Shipping)
	add(NameDiscount, 1, -o.Totals.Discount)
	if c.Company == "" && cat.VAT.Consumers == catalog.ConsumersReceipt {
		d.Kind, d.Series = accounting.KindReceipt, accounting.SeriesReceipt
	}
	total(d)
	return d, nil
}

// Correction is the correcting document of a refund of amount (minor
// units, positive) of the order whose invoice or receipt is inv: one line
// giving the amount back at inv's rate. A foreign-currency correction is
// converted to złoty at inv's own exchange rate (VAT Act art. 31a(2a)),
// which is why it keeps inv's sale date.
func Correction(inv *accounting.Document, amount int64, reason string, issued time.Time) *accounting.Document {
	rate := 0
	if len(inv.Lines) > 0 {
		rate = inv.Lines[0].Rate
	}
	kind, series, ok := inv.Kind.Corrects()
	if !ok {
		kind, series = accounting.KindCorrection, accounting.SeriesCorrection
	}
	d := *inv
	d.Kind, d.Series, d.Number, d.Year, d.Seq, d.Issued, d.Corrects = kind, series, "", 0, 0, issued, inv.Number
	d.Exchange, d.KSeF = nil, nil // its own conversion; its own course through KSeF
	name := "Zwrot / Refund"
	if reason != "" {
		name += ": " + reason
	}
	d.Lines = []accounting.Line{{Name: name, Quantity: 1, Rate: rate, Amounts: split(-amount, rate)}}
	total(&d)
	if x := inv.Exchange; x != nil {
		_ = d.Convert(x.Source, x.Table, x.Date, x.Mid) // the rate was valid for inv
	}
	return &d
}

// total sums d's lines per rate and in all.
func total(d *accounting.Document) {
	d.Totals, d.Total = nil, accounting.Amounts{}
	idx := map[int]int{}
	for _, l := range d.Lines {
		i, ok := idx[l.Rate]
		if !ok {
			i = len(d.Totals)
			idx[l.Rate] = i
			d.Totals = append(d.Totals, accounting.RateTotal{Rate: l.Rate})
		}
		t := &d.Totals[i].Amounts
		t.Net, t.VAT, t.Gross = t.Net+l.Net, t.VAT+l.VAT, t.Gross+l.Gross
		d.Total.Net, d.Total.VAT, d.Total.Gross = d.Total.Net+l.Net, d.Total.VAT+l.VAT, d.Total.Gross+l.Gross
	}
}
