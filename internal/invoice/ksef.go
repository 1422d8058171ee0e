package invoice

import (
	"sabershop/internal/accounting"
	"sabershop/internal/catalog"
)

// InKSeF reports whether document d is issued through KSeF, Poland's
// national e-invoicing system, under the owner's setting (cat.KSeF.Send):
// the one rule every edge asks (docs/legal.md#ksef).
//
//   - A receipt is not an invoice: never.
//   - An invoice to a business (a NIP or an EU VAT number), Polish or
//     foreign: with "business" or "all". Polish law requires it from
//     1 January 2027 (VAT Act art. 106ga); a foreign buyer gets it outside
//     KSeF with its QR code.
//   - An invoice to a consumer: only with "all" (voluntary), and never one
//     under the One-Stop-Shop (a consumer in another EU country taxed at
//     their country's rate), which the law keeps outside KSeF.
//
// A correction follows the same rule through its buyer, the corrected
// invoice's.
func InKSeF(d *accounting.Document, cat *catalog.Catalog) bool {
	switch d.Kind {
	case accounting.KindInvoice, accounting.KindCorrection:
	default:
		return false
	}
	switch cat.KSeF.Send {
	case catalog.KSeFBusiness:
		return d.Buyer.VATID != ""
	case catalog.KSeFAll:
		if d.Buyer.VATID != "" {
			return true
		}
		return !(cat.VAT.Scheme == catalog.VATOSS && d.Buyer.Country != cat.VAT.Home)
	}
	return false
}
