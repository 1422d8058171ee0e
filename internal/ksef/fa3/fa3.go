// Package fa3 writes the shop's invoice value (accounting.Document) as
// FA(3), the structured invoice of KSeF, Poland's national e-invoicing
// system: a VAT invoice as RodzajFaktury VAT, a refund's correction as
// KOR citing the invoice it corrects. It is data in, bytes out, no I/O:
// the same document the PDF renders (package invoice), field by field.
//
// The structure is the Ministry of Finance's schema "schemat_FA(3)_v1-0E"
// (namespace http://crd.gov.pl/wzor/2025/06/25/13775/, kept unchanged in
// internal/ksef/schema, which also validates against it), read with the
// Ministry's "Broszura informacyjna dotycząca struktury logicznej FA(3)"
// for what each field means (P_1 issue date, P_6 sale date, P_13_x/P_14_x
// net and VAT per rate, P_14_xW the VAT in złoty, P_15 the gross total,
// FaWiersz the lines, DaneFaKorygowanej the corrected invoice).
//
// Amounts are the document's minor units written as decimals with two
// places (negative on a correction: FA(3) gives a correction's
// differences); nothing is computed in floating point. Dates are the
// workshop's days (Europe/Warsaw, i18n.Workshop); DataWytworzeniaFa is UTC.
// Whatever a shopper typed (name, address, refund reason) is escaped by
// encoding/xml after the characters XML 1.0 forbids are taken out.
package fa3

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"sabershop/internal/accounting"
	"sabershop/internal/i18n"
	"sabershop/internal/ksef"
)

// Namespace is FA(3)'s target namespace.
const Namespace = "http://crd.gov.pl/wzor/2025/06/25/13775/"

// SystemInfo is what Naglowek/SystemInfo names as the invoicing system.
const SystemInfo = "sabershop"

// Corrected is what a correcting invoice cites of the invoice it corrects.
type Corrected struct {
	Number string    // P_2 of the corrected invoice, e.g. "FV/2026/0001"
	Issued time.Time // its issue date
	KSeF   string    // its KSeF number; "" when it was issued outside KSeF (then NrKSeFN=1)
}

var (
	// ErrNotInvoice is returned by Build for a document that is not a VAT
	// invoice or its correction: a receipt or a receipt's correction never
	// goes to KSeF.
	ErrNotInvoice = errors.New("fa3: the document is not an invoice or an invoice's correction")

	// ErrNoCorrected is returned by Build for a correction without the
	// corrected invoice's number and issue date.
	ErrNoCorrected = errors.New("fa3: a correction needs the invoice it corrects")

	// ErrRatePending is returned by Build for a foreign-currency document
	// whose rate to złoty is not known yet (accounting.Document.NeedsRate):
	// FA(3) needs its VAT in złoty. It is accounting.ErrRatePending.
	ErrRatePending = accounting.ErrRatePending

	// ErrUnnumbered is returned by Build for a document without its number
	// (P_2): the store numbers a document before it is sent.
	ErrUnnumbered = errors.New("fa3: the document has no number yet")

	// ErrNoLines is returned by Build for a document without lines.
	ErrNoLines = errors.New("fa3: the document has no lines")

	// ErrSellerNIP is returned by Build when the seller's tax ID is not a
	// Polish NIP (ten digits, any dashes or spaces aside).
	ErrSellerNIP = errors.New("fa3: the seller's tax ID is not a NIP")

	// ErrBuyerID is returned by Build when the buyer's VAT ID is neither a
	// Polish NIP nor an EU VAT number FA(3) can carry.
	ErrBuyerID = errors.New("fa3: the buyer's VAT ID is neither a NIP nor an EU VAT number")

	// ErrCountry is returned by Build when the buyer's country is not one
	// FA(3) has a code for.
	ErrCountry = errors.New("fa3: the buyer's country has no ISO code")

	// ErrRate is returned by Build for a VAT rate FA(3) has no field for
	// under the document's scheme (a foreign rate outside the OSS).
	ErrRate = errors.New("fa3: no FA(3) field for the VAT rate")

	// ErrKSeFNumber is returned by Build when the corrected invoice's KSeF
	// number is not one (35 characters, its CRC-8 check).
	ErrKSeFNumber = errors.New("fa3: not a KSeF number")
)

// Build is d as an FA(3) invoice: VAT for an invoice, KOR for a correction
// (c required then, ignored otherwise), made at created.
func Build(d *accounting.Document, c *Corrected, created time.Time) ([]byte, error) {
	f, err := build(d, c, created)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.WriteString(xml.Header)
	enc := xml.NewEncoder(&b)
	enc.Indent("", "  ")
	if err := enc.Encode(f); err != nil {
		return nil, fmt.Errorf("fa3: %w", err)
	}
	b.WriteByte('\n')
	return b.Bytes(), nil
}

func build(d *accounting.Document, c *Corrected, created time.Time) (*faktura, error) {
	var kind string
	switch d.Kind {
	case accounting.KindInvoice:
		kind = "VAT"
	case accounting.KindCorrection:
		kind = "KOR"
		if c == nil || strings.TrimSpace(c.Number) == "" || c.Issued.IsZero() {
			return nil, ErrNoCorrected
		}
		if c.KSeF != "" && !ksef.ValidNumber(c.KSeF) {
			return nil, fmt.Errorf("%w: %q", ErrKSeFNumber, c.KSeF)
		}
	default:
		return nil, fmt.Errorf("%w: %s %s", ErrNotInvoice, d.Kind, d.Number)
	}
	if d.NeedsRate() {
		return nil, fmt.Errorf("%w (%s)", ErrRatePending, d.Number)
	}
	if text(d.Number, 256) == "" {
		return nil, ErrUnnumbered
	}
	if len(d.Lines) == 0 {
		return nil, fmt.Errorf("%w: %s", ErrNoLines, d.Number)
	}
	seller, err := podmiot1Of(d)
	if err != nil {
		return nil, err
	}
	buyer, err := podmiot2Of(d)
	if err != nil {
		return nil, err
	}
	fa, err := faOf(d, kind, c)
	if err != nil {
		return nil, err
	}
	return &faktura{
		Naglowek: naglowek{
			KodFormularza:     kodFormularza{KodSystemowy: "FA (3)", WersjaSchemy: "1-0E", Value: "FA"},
			WariantFormularza: 3,
			DataWytworzeniaFa: created.UTC().Format("2006-01-02T15:04:05Z"),
			SystemInfo:        SystemInfo,
		},
		Podmiot1: seller,
		Podmiot2: buyer,
		Fa:       fa,
	}, nil
}

// day is instant t's day in the workshop's time zone, as the PDF prints it.
func day(t time.Time) string { return t.In(i18n.Workshop).Format(time.DateOnly) }

var nipPattern = regexp.MustCompile(`^[1-9]((\d[1-9])|([1-9]\d))\d{7}$`) // etd:TNrNIP

func podmiot1Of(d *accounting.Document) (podmiot1, error) {
	s := d.Seller
	nip := ksef.NIP(s.TaxID)
	if !nipPattern.MatchString(nip) {
		return podmiot1{}, fmt.Errorf("%w: %q", ErrSellerNIP, s.TaxID)
	}
	name := text(s.Name, 512)
	if name == "" {
		name = text(s.Owner, 512)
	}
	// A seller in KSeF is a Polish taxpayer: its address is in Poland
	// whatever the catalogue's country name says ("Poland").
	return podmiot1{DaneIdentyfikacyjne: dane1{NIP: nip, Nazwa: name}, Adres: *address("PL", s.Street, s.Zip, s.City)}, nil
}

// euCodes are FA(3)'s TKodyKrajowUE: the EU VAT prefixes (Greece EL,
// Northern Ireland XI), as order.NormalizeVATID stores them.
var euCodes = map[string]bool{
	"AT": true, "BE": true, "BG": true, "CY": true, "CZ": true, "DK": true, "EE": true, "FI": true, "FR": true,
	"DE": true, "EL": true, "HR": true, "HU": true, "IE": true, "IT": true, "LV": true, "LT": true, "LU": true,
	"MT": true, "NL": true, "PL": true, "PT": true, "RO": true, "SK": true, "SI": true, "ES": true, "SE": true, "XI": true,
}

var vatUEPattern = regexp.MustCompile(`^[0-9A-Z+*]{1,12}$`) // TNrVatUE

func podmiot2Of(d *accounting.Document) (podmiot2, error) {
	b := d.Buyer
	var id dane2
	vat := strings.ToUpper(strings.Join(strings.Fields(b.VATID), ""))
	switch {
	case vat == "":
		id.BrakID = 1
	case nipPattern.MatchString(vat):
		id.NIP = vat // stored before the "PL" prefix was added
	case strings.HasPrefix(vat, "PL"):
		if !nipPattern.MatchString(vat[2:]) {
			return podmiot2{}, fmt.Errorf("%w: %q", ErrBuyerID, b.VATID)
		}
		id.NIP = vat[2:]
	case len(vat) > 2 && euCodes[vat[:2]]:
		if !vatUEPattern.MatchString(vat[2:]) {
			return podmiot2{}, fmt.Errorf("%w: %q", ErrBuyerID, b.VATID)
		}
		id.KodUE, id.NrVatUE = vat[:2], vat[2:]
	default:
		return podmiot2{}, fmt.Errorf("%w: %q", ErrBuyerID, b.VATID)
	}
	name := b.Company
	if strings.TrimSpace(name) == "" {
		name = b.Name
	}
	id.Nazwa = text(name, 512)
	country, ok := isoCountry(b.Country)
	if !ok {
		return podmiot2{}, fmt.Errorf("%w: %q", ErrCountry, b.Country)
	}
	return podmiot2{DaneIdentyfikacyjne: id, Adres: address(country, b.Street, b.Zip, b.City), JST: 2, GV: 2}, nil
}

// address is FA(3)'s TAdres: the street on the first line, the postcode
// and town on the second; nil when nothing is known.
func address(country, street, zip, city string) *adres {
	l1, l2 := text(street, 512), text(zip+" "+city, 512)
	if l1 == "" {
		l1, l2 = l2, ""
	}
	if l1 == "" {
		return nil
	}
	return &adres{KodKraju: country, AdresL1: l1, AdresL2: l2}
}

// isoCountry is the ISO 3166-1 code of one of the catalogue's delivery
// codes, which are the shop's own ("uk" the United Kingdom, "cr" Croatia:
// docs/product-rules.md#shipping); ok is false for one FA(3) does not list.
func isoCountry(code string) (string, bool) {
	c := strings.ToUpper(strings.TrimSpace(code))
	switch c {
	case "UK":
		c = "GB"
	case "CR":
		c = "HR"
	case "EL":
		c = "GR"
	}
	return c, isoCodes[c]
}

// rateField says where a line of VAT rate r goes: the P_13_n/P_14_n group
// (1 to 5, 5 the OSS), or the 0% field (P_13_6_3, export), and the line's
// P_12 or P_12_XII.
type rateField struct {
	group   int    // 1..3 Polish rates, 5 OSS, 0 for a 0% export
	p12     string // P_12
	p12XII  string // P_12_XII (OSS)
	inZloty bool   // its VAT is given in złoty too (P_14_nW)
}

// fieldFor is the field of rate r on d. Under the One-Stop-Shop a sale to
// another EU country at its rate is the special procedure of chapter 6a
// (P_13_5, P_12_XII); otherwise a rate is Poland's; 0% is an export (the
// catalogue's rate outside the EU, as the PDF says).
func fieldFor(d *accounting.Document, r int) (rateField, error) {
	if r == 0 {
		return rateField{group: 0, p12: "0 EX"}, nil
	}
	if d.Scheme == "oss" && !strings.EqualFold(strings.TrimSpace(d.Buyer.Country), "pl") {
		return rateField{group: 5, p12XII: strconv.Itoa(r)}, nil
	}
	switch r {
	case 23, 22:
		return rateField{group: 1, p12: strconv.Itoa(r), inZloty: true}, nil
	case 8, 7:
		return rateField{group: 2, p12: strconv.Itoa(r), inZloty: true}, nil
	case 5:
		return rateField{group: 3, p12: "5", inZloty: true}, nil
	}
	return rateField{}, fmt.Errorf("%w: %d%% under scheme %q", ErrRate, r, d.Scheme)
}

func faOf(d *accounting.Document, kind string, c *Corrected) (fa, error) {
	f := fa{
		KodWaluty: d.Currency,
		P_1:       day(d.Issued),
		P_1M:      text(d.Seller.City, 256),
		P_2:       text(d.Number, 256),
		P_15:      amount(d.Total.Gross),
		Adnotacje: adnotacje{
			P_16: 2, P_17: 2, P_18: 2, P_18A: 2,
			Zwolnienie:           zwolnienie{P_19N: 1},
			NoweSrodkiTransportu: noweSrodki{P_22N: 1},
			P_23:                 2,
			PMarzy:               pMarzy{P_PMarzyN: 1},
		},
		RodzajFaktury: kind,
	}
	if sale := day(d.SaleDate); !d.SaleDate.IsZero() && sale != f.P_1 {
		f.P_6 = sale
	}
	x := d.Exchange
	if d.Currency == "PLN" {
		x = nil // a złoty document's VAT is in złoty already
	}
	zloty := func(rate int) (*amount, error) {
		if x == nil {
			return nil, nil
		}
		for _, t := range x.Totals {
			if t.Rate == rate {
				v := amount(t.VAT)
				return &v, nil
			}
		}
		return nil, fmt.Errorf("%w: no złoty total at %d%% (%s)", ErrRatePending, rate, d.Number)
	}
	for _, t := range d.Totals {
		rf, err := fieldFor(d, t.Rate)
		if err != nil {
			return fa{}, err
		}
		net, vat := amount(t.Net), amount(t.VAT)
		var w *amount
		if rf.inZloty {
			if w, err = zloty(t.Rate); err != nil {
				return fa{}, err
			}
		}
		switch rf.group {
		case 0:
			f.P_13_6_3 = add(f.P_13_6_3, net)
		case 1:
			f.P_13_1, f.P_14_1, f.P_14_1W = add(f.P_13_1, net), add(f.P_14_1, vat), addp(f.P_14_1W, w)
		case 2:
			f.P_13_2, f.P_14_2, f.P_14_2W = add(f.P_13_2, net), add(f.P_14_2, vat), addp(f.P_14_2W, w)
		case 3:
			f.P_13_3, f.P_14_3, f.P_14_3W = add(f.P_13_3, net), add(f.P_14_3, vat), addp(f.P_14_3W, w)
		case 5:
			f.P_13_5, f.P_14_5 = add(f.P_13_5, net), add(f.P_14_5, vat)
		}
	}
	if kind == "KOR" {
		// The refund's one line names it: "Zwrot / Refund: reason".
		f.PrzyczynaKorekty = text(d.Lines[0].Name, 256)
		// A refund lowers the tax base when the correction is issued
		// (VAT Act art. 29a(13)).
		f.TypKorekty = 2
		k := &daneFaKorygowanej{DataWystFaKorygowanej: day(c.Issued), NrFaKorygowanej: text(c.Number, 256)}
		if c.KSeF != "" {
			k.NrKSeF, k.NrKSeFFaKorygowanej = 1, c.KSeF
		} else {
			k.NrKSeFN = 1
		}
		f.DaneFaKorygowanej = k
	}
	if x != nil {
		f.DodatkowyOpis = append(f.DodatkowyOpis, kluczWartosc{
			Klucz: "Kurs waluty / Exchange rate",
			Wartosc: text(fmt.Sprintf("Kurs średni %s, tabela %s z dnia %s: 1 %s = %s PLN (art. 31a ustawy o VAT)",
				x.Source, x.Table, x.Date, d.Currency, x.Mid), 256),
		})
	}
	for i, l := range d.Lines {
		rf, err := fieldFor(d, l.Rate)
		if err != nil {
			return fa{}, err
		}
		qty := l.Quantity
		if qty <= 0 {
			qty = 1
		}
		w := faWiersz{
			NrWierszaFa: i + 1,
			P_7:         text(l.Name, 512),
			P_8A:        "szt.",
			P_8B:        qty,
			P_9A:        unitPrice(l.Net, qty),
			P_11:        amount(l.Net),
			P_12:        rf.p12,
			P_12_XII:    rf.p12XII,
		}
		if strings.HasPrefix(l.Name, nameShipping) { // the line names its method after it
			w.P_8A = "usł."
		}
		if rf.inZloty && x != nil {
			w.KursWaluty = x.Mid
		}
		if w.P_7 == "" {
			w.P_7 = "-"
		}
		f.FaWiersz = append(f.FaWiersz, w)
	}
	if kind == "VAT" && !d.SaleDate.IsZero() {
		// The goods are paid in full before they are made: the sale's day
		// is the payment's, as the PDF prints "Paid in full".
		f.Platnosc = &platnosc{Zaplacono: 1, DataZaplaty: day(d.SaleDate)}
	}
	return f, nil
}

// nameShipping is invoice.NameShipping (not imported: invoice links the
// PDF's fonts; the test checks the two agree).
const nameShipping = "Dostawa / Shipping"

func add(p *amount, v amount) *amount {
	if p != nil {
		v += *p
	}
	return &v
}

func addp(p, v *amount) *amount {
	if v == nil {
		return p
	}
	return add(p, *v)
}

// amount is minor units, written as FA(3)'s TKwotowy: "1234.56", "-0.05".
type amount int64

func (a amount) String() string {
	v, sign := int64(a), ""
	if v < 0 {
		v, sign = -v, "-"
	}
	return fmt.Sprintf("%s%d.%02d", sign, v/100, v%100)
}

func (a amount) MarshalText() ([]byte, error) { return []byte(a.String()), nil }

// unitPrice is a line's net minor units per unit as TKwotowy2 (up to 8
// places): exact where qty divides it, else rounded half away from zero
// at the eighth place; trailing zeros after the second place dropped.
func unitPrice(net int64, qty int) string {
	// net/100/qty in units of 1e-8 is net*1e6/qty.
	num, den := net*1_000_000, int64(qty)
	q, r := num/den, num%den
	if r*2 >= den {
		q++
	} else if -r*2 >= den {
		q--
	}
	sign := ""
	if q < 0 {
		sign, q = "-", -q
	}
	frac := strings.TrimRight(fmt.Sprintf("%08d", q%100_000_000), "0")
	for len(frac) < 2 {
		frac += "0"
	}
	return fmt.Sprintf("%s%d.%s", sign, q/100_000_000, frac)
}

// text is s as FA(3)'s token types take it: valid UTF-8, without the
// characters XML 1.0 forbids, whitespace collapsed (xsd:token), at most
// max characters. encoding/xml escapes what is left.
func text(s string, max int) string {
	s = strings.ToValidUTF8(s, "")
	s = strings.Map(func(r rune) rune {
		if allowedXML(r) {
			return r
		}
		return -1
	}, s)
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) > max {
		s = strings.TrimSpace(string([]rune(s)[:max]))
	}
	return s
}

// allowedXML reports whether r is a character XML 1.0 allows (its Char
// production).
func allowedXML(r rune) bool {
	return r == 0x9 || r == 0xA || r == 0xD ||
		(r >= 0x20 && r <= 0xD7FF) || (r >= 0xE000 && r <= 0xFFFD) || (r >= 0x10000 && r <= 0x10FFFF)
}
