package fa3

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"sabershop/internal/accounting"
	"sabershop/internal/catalog"
	"sabershop/internal/catalog/catalogtest"
	"sabershop/internal/invoice"
	"sabershop/internal/ksef"
	"sabershop/internal/ksef/schema"
	"sabershop/internal/order"
)

// go test ./internal/ksef/fa3 -update rewrites testdata/*.xml from what
// Build writes now; without it each document must equal its snapshot.
var update = flag.Bool("update", false, "rewrite testdata/*.xml")

var (
	// The order is paid late on 23 November, Kraków time (22:30 UTC is
	// 23:30 there), the invoice issued the next morning: P_6 differs
	// from P_1.
	paid    = time.Date(2026, 11, 23, 22, 30, 0, 0, time.UTC)
	issued  = time.Date(2026, 11, 24, 9, 15, 0, 0, time.UTC)
	created = time.Date(2026, 11, 24, 9, 15, 7, 0, time.UTC)
	refund  = time.Date(2026, 12, 2, 11, 0, 0, 0, time.UTC)
)

// ksefNumber is a KSeF number of the fixture seller's with its right
// CRC-8 (ksef.Checksum, checked against the Ministry's own example in
// package ksef's tests).
func ksefNumber(nip, date, tech string) string {
	s := nip + "-" + date + "-" + tech
	return s + "-" + ksef.Checksum(s)
}

// issue is the invoice of o from the frozen catalogue under scheme,
// numbered seq, converted at the NBP's rate when in euro (as the daemon
// does once the bank answers).
func issue(t *testing.T, o *order.Order, scheme string, seq uint64) *accounting.Document {
	t.Helper()
	cat := catalogtest.Shop(t)
	cat.VAT.Scheme = scheme
	d, err := invoice.For(o, cat, paid, issued)
	if err != nil {
		t.Fatal(err)
	}
	d.Numbered(2026, seq)
	if d.Currency != "PLN" {
		if err := d.Convert("NBP", "227/A/NBP/2026", "2026-11-23", "4.2512"); err != nil {
			t.Fatal(err)
		}
	}
	return d
}

func orderOf(currency string, c order.Customer, lines ...order.Line) *order.Order {
	o := &order.Order{ID: 41, Hash: "h", Currency: currency, Customer: c, Lines: lines}
	for _, l := range lines {
		o.Totals.Subtotal += l.Total
		o.Totals.WasteFee += l.WasteFee
	}
	o.Totals.Total = o.Totals.Subtotal
	return o
}

var (
	polishCompany = order.Customer{FirstName: "Anna", LastName: "Zielińska", Country: "pl", Street: "ul. Długa 5/2", Zip: "31-147", City: "Kraków",
		Company: "Kuźnia Zielińska sp. z o.o.", VATID: "PL5260250274"}
	germanCompany = order.Customer{FirstName: "Jörg", LastName: "Müller", Country: "de", Street: "Hauptstraße 12", Zip: "10115", City: "Berlin",
		Company: "Schmiede Müller GmbH", VATID: "DE123456789"}
	polishConsumer = order.Customer{FirstName: "Ola", LastName: "Nowak", Country: "pl", Street: "ul. Krótka 1", Zip: "00-001", City: "Warszawa"}
	germanConsumer = order.Customer{FirstName: "Lena", LastName: "Schmidt", Country: "de", Street: "Gartenweg 3", Zip: "80331", City: "München"}
	britishBuyer   = order.Customer{FirstName: "Ian", LastName: "Smith", Country: "uk", Street: "1 High Street", Zip: "SW1A 1AA", City: "London"}
)

var (
	arc  = order.Line{Name: "Miecz świetlny Arc / Arc lightsaber", Quantity: 1, Total: 159900, WasteFee: 4}
	clip = order.Line{Name: "Klips do pasa / Belt clip", Quantity: 3, Total: 10000}
)

// A case is one document the tests write: its snapshot's name and what
// it is made of.
type fcase struct {
	name string
	doc  func(t *testing.T) (*accounting.Document, *Corrected)
	// check asserts what is particular to the case on the parsed XML.
	check func(t *testing.T, d *accounting.Document, c *Corrected, raw []byte, p *parsed)
}

var (
	hostileName   = "Evil <Corp> & \"Co\" ]]> \x00\x1b\uFFFE"
	hostileStreet = "ul. </AdresL1><NIP>1111111111</NIP>\n\t 7"
	hostileReason = "<script>alert(1)</script> & the \x07clip\r\n"
)

func cases() []fcase {
	return []fcase{
		{name: "pln-company", doc: func(t *testing.T) (*accounting.Document, *Corrected) {
			return issue(t, orderOf("PLN", polishCompany, arc, clip), catalog.VATPolish, 1), nil
		}, check: func(t *testing.T, d *accounting.Document, _ *Corrected, _ []byte, p *parsed) {
			id := p.Podmiot2.DaneIdentyfikacyjne
			if id.NIP != "5260250274" || id.KodUE != "" || id.BrakID != "" || id.Nazwa != "Kuźnia Zielińska sp. z o.o." {
				t.Errorf("buyer %+v, want the NIP without PL and the company's name", id)
			}
			if p.Fa.P_1 != "2026-11-24" || p.Fa.P_6 != "2026-11-23" || p.Fa.Platnosc.DataZaplaty != "2026-11-23" {
				t.Errorf("P_1 %s P_6 %s paid %s, want the Kraków days 2026-11-24 and 2026-11-23", p.Fa.P_1, p.Fa.P_6, p.Fa.Platnosc.DataZaplaty)
			}
			// 3 clips for 100.00 gross: 81.30 net, 27.1(0) a unit.
			if w := p.Fa.FaWiersz[1]; w.P_8B != "3" || w.P_9A != "27.1" && w.P_9A != "27.10" || w.P_11 != "81.30" {
				t.Errorf("clips line %+v", w)
			}
		}},
		{name: "eur-de-company", doc: func(t *testing.T) (*accounting.Document, *Corrected) {
			a := arc
			a.Total, a.WasteFee = 39900, 1
			return issue(t, orderOf("EUR", germanCompany, a), catalog.VATPolish, 2), nil
		}, check: func(t *testing.T, d *accounting.Document, _ *Corrected, _ []byte, p *parsed) {
			id := p.Podmiot2.DaneIdentyfikacyjne
			if id.KodUE != "DE" || id.NrVatUE != "123456789" || id.NIP != "" || p.Podmiot2.Adres.KodKraju != "DE" {
				t.Errorf("buyer %+v in %s, want KodUE DE NrVatUE 123456789", id, p.Podmiot2.Adres.KodKraju)
			}
			if p.Fa.KodWaluty != "EUR" || minor(t, p.Fa.P_14_1W) != d.Exchange.Totals[0].VAT || d.Exchange.Totals[0].Rate != 23 {
				t.Errorf("EUR: P_14_1W %s, want the złoty VAT %d", p.Fa.P_14_1W, d.Exchange.Totals[0].VAT)
			}
			for _, w := range p.Fa.FaWiersz {
				if w.KursWaluty != "4.2512" {
					t.Errorf("line %s: KursWaluty %q, want the NBP mid 4.2512", w.NrWierszaFa, w.KursWaluty)
				}
			}
			if len(p.Fa.DodatkowyOpis) != 1 || !strings.Contains(p.Fa.DodatkowyOpis[0].Wartosc, "227/A/NBP/2026") {
				t.Errorf("DodatkowyOpis %+v, want the NBP table", p.Fa.DodatkowyOpis)
			}
		}},
		{name: "consumer", doc: func(t *testing.T) (*accounting.Document, *Corrected) {
			return issue(t, orderOf("PLN", polishConsumer, arc), catalog.VATPolish, 3), nil
		}, check: func(t *testing.T, d *accounting.Document, _ *Corrected, _ []byte, p *parsed) {
			id := p.Podmiot2.DaneIdentyfikacyjne
			if id.BrakID != "1" || id.NIP != "" || id.KodUE != "" || id.Nazwa != "Ola Nowak" {
				t.Errorf("consumer %+v, want BrakID 1 and the shopper's name", id)
			}
			if p.Podmiot2.JST != "2" || p.Podmiot2.GV != "2" {
				t.Errorf("JST %q GV %q, want 2 2", p.Podmiot2.JST, p.Podmiot2.GV)
			}
		}},
		{name: "oss-de-consumer", doc: func(t *testing.T) (*accounting.Document, *Corrected) {
			a := arc
			a.Total, a.WasteFee = 39900, 1
			return issue(t, orderOf("EUR", germanConsumer, a), catalog.VATOSS, 4), nil
		}, check: func(t *testing.T, d *accounting.Document, _ *Corrected, _ []byte, p *parsed) {
			if d.Totals[0].Rate != 19 || p.Fa.P_13_5 == "" || p.Fa.P_13_1 != "" || p.Fa.P_14_1W != "" {
				t.Errorf("OSS at %d%%: P_13_5 %q P_13_1 %q P_14_1W %q, want the special procedure only", d.Totals[0].Rate, p.Fa.P_13_5, p.Fa.P_13_1, p.Fa.P_14_1W)
			}
			for _, w := range p.Fa.FaWiersz {
				if w.P_12_XII != "19" || w.P_12 != "" {
					t.Errorf("line %s: P_12 %q P_12_XII %q, want P_12_XII 19", w.NrWierszaFa, w.P_12, w.P_12_XII)
				}
			}
		}},
		{name: "export-uk", doc: func(t *testing.T) (*accounting.Document, *Corrected) {
			return issue(t, orderOf("EUR", britishBuyer, clip), catalog.VATPolish, 5), nil
		}, check: func(t *testing.T, d *accounting.Document, _ *Corrected, _ []byte, p *parsed) {
			if p.Podmiot2.Adres.KodKraju != "GB" || p.Fa.P_13_6_3 == "" || p.Fa.FaWiersz[0].P_12 != "0 EX" {
				t.Errorf("export: country %s P_13_6_3 %q P_12 %q, want GB, the export total and 0 EX", p.Podmiot2.Adres.KodKraju, p.Fa.P_13_6_3, p.Fa.FaWiersz[0].P_12)
			}
		}},
		{name: "lines", doc: func(t *testing.T) (*accounting.Document, *Corrected) {
			o := orderOf("PLN", polishCompany, arc, clip)
			o.Totals.Shipping, o.Totals.Discount = 2500, 16990
			o.Totals.Total += o.Totals.Shipping - o.Totals.Discount
			return issue(t, o, catalog.VATPolish, 6), nil
		}, check: func(t *testing.T, d *accounting.Document, _ *Corrected, _ []byte, p *parsed) {
			want := []string{arc.Name, clip.Name, invoice.NameWasteFee, invoice.NameShipping + " – Kurier / Courier", invoice.NameDiscount}
			for i, w := range p.Fa.FaWiersz {
				if i >= len(want) || w.P_7 != want[i] {
					t.Errorf("line %d: %q, want %v", i+1, w.P_7, want)
				}
			}
			if len(p.Fa.FaWiersz) != 5 || !strings.HasPrefix(p.Fa.FaWiersz[4].P_11, "-") || p.Fa.FaWiersz[3].P_8A != "usł." {
				t.Errorf("lines %+v, want 5 with the discount negative and shipping a service", p.Fa.FaWiersz)
			}
		}},
		{name: "kor-ksef", doc: func(t *testing.T) (*accounting.Document, *Corrected) {
			inv := issue(t, orderOf("PLN", polishCompany, arc, clip), catalog.VATPolish, 1)
			c := invoice.Correction(inv, 10000, "one clip returned", refund)
			c.Numbered(2026, 1)
			return c, &Corrected{Number: inv.Number, Issued: inv.Issued, KSeF: ksefNumber("6762451891", "20261124", "0100A1B2C3D4")}
		}, check: func(t *testing.T, d *accounting.Document, c *Corrected, _ []byte, p *parsed) {
			k := p.Fa.DaneFaKorygowanej
			if p.Fa.RodzajFaktury != "KOR" || k.NrKSeF != "1" || k.NrKSeFFaKorygowanej != c.KSeF || k.NrKSeFN != "" ||
				k.NrFaKorygowanej != "FV/2026/0001" || k.DataWystFaKorygowanej != "2026-11-24" {
				t.Errorf("KOR %s citing %+v, want %s's KSeF number %s", p.Fa.RodzajFaktury, k, c.Number, c.KSeF)
			}
			if p.Fa.P_15 != "-100.00" || p.Fa.PrzyczynaKorekty != "Zwrot / Refund: one clip returned" || p.Fa.Platnosc != nil {
				t.Errorf("P_15 %s reason %q payment %+v", p.Fa.P_15, p.Fa.PrzyczynaKorekty, p.Fa.Platnosc)
			}
		}},
		{name: "kor-outside-ksef", doc: func(t *testing.T) (*accounting.Document, *Corrected) {
			a := arc
			a.Total, a.WasteFee = 39900, 1
			inv := issue(t, orderOf("EUR", germanCompany, a), catalog.VATPolish, 2)
			c := invoice.Correction(inv, 39900, "", refund)
			c.Numbered(2026, 2)
			return c, &Corrected{Number: inv.Number, Issued: inv.Issued}
		}, check: func(t *testing.T, d *accounting.Document, c *Corrected, _ []byte, p *parsed) {
			k := p.Fa.DaneFaKorygowanej
			if k.NrKSeFN != "1" || k.NrKSeF != "" || k.NrKSeFFaKorygowanej != "" {
				t.Errorf("citing %+v, want NrKSeFN 1 alone", k)
			}
			if w := minor(t, p.Fa.P_14_1W); w >= 0 || w != d.Exchange.Totals[0].VAT {
				t.Errorf("P_14_1W %s, want the negative złoty VAT %d", p.Fa.P_14_1W, d.Exchange.Totals[0].VAT)
			}
		}},
		{name: "hostile", doc: func(t *testing.T) (*accounting.Document, *Corrected) {
			b := polishConsumer
			b.FirstName, b.LastName, b.Street, b.City = hostileName, "", hostileStreet, "Łódź & <b>"
			inv := issue(t, orderOf("PLN", b, clip), catalog.VATPolish, 7)
			c := invoice.Correction(inv, 3333, hostileReason, refund)
			c.Numbered(2026, 3)
			return c, &Corrected{Number: inv.Number, Issued: inv.Issued}
		}, check: func(t *testing.T, d *accounting.Document, c *Corrected, raw []byte, p *parsed) {
			for _, leak := range []string{"<Corp>", "<script>", "</AdresL1><NIP>", "<b>", "]]>", "\x00", "\x1b", "\x07"} {
				if bytes.Contains(raw, []byte(leak)) {
					t.Errorf("%q leaked into the XML as written", leak)
				}
			}
			if got := p.Podmiot2.DaneIdentyfikacyjne.Nazwa; got != `Evil <Corp> & "Co" ]]>` {
				t.Errorf("buyer name read back %q", got)
			}
			if got := p.Podmiot2.Adres.AdresL1; got != "ul. </AdresL1><NIP>1111111111</NIP> 7" {
				t.Errorf("street read back %q", got)
			}
			if got := p.Fa.PrzyczynaKorekty; got != "Zwrot / Refund: <script>alert(1)</script> & the clip" {
				t.Errorf("reason read back %q", got)
			}
		}},
	}
}

// TestBuild writes every case, validates it against the Ministry's schema,
// reads it back and compares it with its snapshot.
func TestBuild(t *testing.T) {
	if !schema.Available() {
		t.Fatal("xmllint is not installed: make test-deps installs libxml2-utils")
	}
	for _, tc := range cases() {
		t.Run(tc.name, func(t *testing.T) {
			d, c := tc.doc(t)
			raw, err := Build(d, c, created)
			if err != nil {
				t.Fatal(err)
			}
			if err := schema.Validate(context.Background(), raw, schema.FA3); err != nil {
				t.Fatalf("%v\n%s", err, raw)
			}
			var p parsed
			if err := xml.Unmarshal(raw, &p); err != nil {
				t.Fatal(err)
			}
			checkCommon(t, d, c, raw, &p)
			tc.check(t, d, c, raw, &p)
			snapshot(t, tc.name, raw)
		})
	}
}

// checkCommon asserts what holds of every document: the header, the
// seller, the totals per rate and in all equal to the document's, the
// lines' sum, the line names.
func checkCommon(t *testing.T, d *accounting.Document, c *Corrected, raw []byte, p *parsed) {
	t.Helper()
	if !bytes.HasPrefix(raw, []byte(`<?xml version="1.0" encoding="UTF-8"?>`)) {
		t.Error("no XML declaration")
	}
	if p.XMLName.Space != Namespace || p.Naglowek.KodFormularza.KodSystemowy != "FA (3)" || p.Naglowek.WariantFormularza != "3" ||
		p.Naglowek.DataWytworzeniaFa != "2026-11-24T09:15:07Z" || p.Naglowek.SystemInfo != "sabershop" {
		t.Errorf("header %+v in %q", p.Naglowek, p.XMLName.Space)
	}
	if p.Podmiot1.DaneIdentyfikacyjne.NIP != "6762451891" || p.Podmiot1.DaneIdentyfikacyjne.Nazwa != d.Seller.Name || p.Podmiot1.Adres.KodKraju != "PL" {
		t.Errorf("seller %+v", p.Podmiot1)
	}
	if p.Fa.P_2 != d.Number || p.Fa.KodWaluty != d.Currency {
		t.Errorf("P_2 %s %s, want %s %s", p.Fa.P_2, p.Fa.KodWaluty, d.Number, d.Currency)
	}
	if got := minor(t, p.Fa.P_15); got != d.Total.Gross {
		t.Errorf("P_15 %d, want the document's gross %d", got, d.Total.Gross)
	}
	// Each rate's total in the field the test expects of it (its own
	// mapping, not fieldFor's).
	oss := d.Scheme == catalog.VATOSS && d.Buyer.Country != "pl"
	fields := map[string][2]string{
		"23": {p.Fa.P_13_1, p.Fa.P_14_1}, "8": {p.Fa.P_13_2, p.Fa.P_14_2}, "5": {p.Fa.P_13_3, p.Fa.P_14_3},
		"0": {p.Fa.P_13_6_3, "0.00"}, "oss": {p.Fa.P_13_5, p.Fa.P_14_5},
	}
	var sumNet, sumVAT int64
	for _, r := range d.Totals {
		key := strconv.Itoa(r.Rate)
		if oss && r.Rate > 0 {
			key = "oss"
		}
		f, ok := fields[key]
		if !ok {
			t.Fatalf("rate %d: no field expected", r.Rate)
		}
		if minor(t, f[0]) != r.Net || minor(t, f[1]) != r.VAT {
			t.Errorf("rate %d: net %s VAT %s, want %d %d", r.Rate, f[0], f[1], r.Net, r.VAT)
		}
		sumNet, sumVAT = sumNet+minor(t, f[0]), sumVAT+minor(t, f[1])
	}
	if sumNet+sumVAT != d.Total.Gross {
		t.Errorf("P_13 %d + P_14 %d != P_15 %d", sumNet, sumVAT, d.Total.Gross)
	}
	if len(p.Fa.FaWiersz) != len(d.Lines) {
		t.Fatalf("%d lines, want %d", len(p.Fa.FaWiersz), len(d.Lines))
	}
	var lines int64
	for i, w := range p.Fa.FaWiersz {
		l := d.Lines[i]
		if w.NrWierszaFa != strconv.Itoa(i+1) || minor(t, w.P_11) != l.Net || w.P_8B != strconv.Itoa(l.Quantity) {
			t.Errorf("line %d %+v, want %+v", i+1, w, l)
		}
		if !strings.ContainsAny(l.Name, "<&\x00\x07\r\n") && w.P_7 != l.Name {
			t.Errorf("line %d: P_7 %q, want %q", i+1, w.P_7, l.Name)
		}
		lines += l.Net
	}
	if lines != d.Total.Net {
		t.Errorf("lines sum to %d net, want %d", lines, d.Total.Net)
	}
	if d.Kind == accounting.KindInvoice && (p.Fa.RodzajFaktury != "VAT" || p.Fa.DaneFaKorygowanej != nil) {
		t.Errorf("invoice as %s citing %+v", p.Fa.RodzajFaktury, p.Fa.DaneFaKorygowanej)
	}
	if d.Currency == "PLN" && (p.Fa.P_14_1W != "" || len(p.Fa.DodatkowyOpis) != 0) {
		t.Errorf("a złoty invoice with P_14_1W %q or %+v", p.Fa.P_14_1W, p.Fa.DodatkowyOpis)
	}
}

func snapshot(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name+".xml")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -update writes it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from what Build writes now (go test -update rewrites it after review):\n%s", path, got)
	}
}

// The validator really refuses what the schema does not allow: the
// same document without Podmiot2's required JST, or with its lines out of
// the schema's order, fails.
func TestSchemaRefusesBrokenDocuments(t *testing.T) {
	if !schema.Available() {
		t.Fatal("xmllint is not installed: make test-deps installs libxml2-utils")
	}
	d := issue(t, orderOf("PLN", polishCompany, arc), catalog.VATPolish, 1)
	raw, err := Build(d, nil, created)
	if err != nil {
		t.Fatal(err)
	}
	if err := schema.Validate(context.Background(), raw, schema.FA3); err != nil {
		t.Fatalf("the unbroken document: %v", err)
	}
	for name, broken := range map[string][]byte{
		"no JST":        regexp.MustCompile(`\s*<JST>2</JST>`).ReplaceAll(raw, nil),
		"P_15 first":    bytes.Replace(raw, []byte("<KodWaluty>"), []byte("<P_15>1.00</P_15><KodWaluty>"), 1),
		"three places":  bytes.Replace(raw, []byte("<P_15>1599.00</P_15>"), []byte("<P_15>1599.000</P_15>"), 1),
		"short NIP":     bytes.Replace(raw, []byte("<NIP>6762451891</NIP>"), []byte("<NIP>676245189</NIP>"), 1),
		"bad KSeF date": bytes.Replace(raw, []byte("<P_1>2026-11-24</P_1>"), []byte("<P_1>24.11.2026</P_1>"), 1),
	} {
		if bytes.Equal(broken, raw) {
			t.Fatalf("%s: the test's edit did not apply", name)
		}
		if err := schema.Validate(context.Background(), broken, schema.FA3); !errors.Is(err, schema.ErrInvalid) {
			t.Errorf("%s: %v, want ErrInvalid", name, err)
		}
	}
}

// P_6 is the sale's day only when it is not the issue's (the broszura:
// "o ile ... różni się od daty wystawienia faktury").
func TestSaleDateOnIssueDay(t *testing.T) {
	if !schema.Available() {
		t.Fatal("xmllint is not installed: make test-deps installs libxml2-utils")
	}
	d := issue(t, orderOf("PLN", polishCompany, arc), catalog.VATPolish, 1)
	d.SaleDate = issued.Add(-time.Hour)
	raw, err := Build(d, nil, created)
	if err != nil {
		t.Fatal(err)
	}
	if err := schema.Validate(context.Background(), raw, schema.FA3); err != nil {
		t.Fatal(err)
	}
	var p parsed
	if err := xml.Unmarshal(raw, &p); err != nil {
		t.Fatal(err)
	}
	if p.Fa.P_6 != "" || p.Fa.P_1 != "2026-11-24" || p.Fa.Platnosc == nil || p.Fa.Platnosc.DataZaplaty != "2026-11-24" {
		t.Errorf("paid and issued the same day: P_1 %s P_6 %q payment %+v", p.Fa.P_1, p.Fa.P_6, p.Fa.Platnosc)
	}
}

func TestBuildErrors(t *testing.T) {
	cat := catalogtest.Shop(t)
	cat.VAT.Consumers = catalog.ConsumersReceipt
	receipt, err := invoice.For(orderOf("PLN", polishConsumer, arc), cat, paid, issued)
	if err != nil {
		t.Fatal(err)
	}
	receipt.Numbered(2026, 1)
	inv := issue(t, orderOf("PLN", polishCompany, arc), catalog.VATPolish, 1)
	kor := invoice.Correction(inv, 100, "", refund)
	kor.Numbered(2026, 1)
	pending := issue(t, orderOf("EUR", germanCompany, arc), catalog.VATPolish, 2)
	pending.Exchange = nil
	unnumbered := issue(t, orderOf("PLN", polishCompany, arc), catalog.VATPolish, 1)
	unnumbered.Number = ""
	badSeller := issue(t, orderOf("PLN", polishCompany, arc), catalog.VATPolish, 1)
	badSeller.Seller.TaxID = "12-34"
	badBuyer := issue(t, orderOf("PLN", polishCompany, arc), catalog.VATPolish, 1)
	badBuyer.Buyer.VATID = "PL12345"
	nowhere := issue(t, orderOf("PLN", polishCompany, arc), catalog.VATPolish, 1)
	nowhere.Buyer.Country = "atlantis"
	foreignRate := issue(t, orderOf("PLN", germanConsumer, arc), catalog.VATPolish, 1)
	foreignRate.Lines[0].Rate, foreignRate.Totals[0].Rate = 19, 19

	for _, c := range []struct {
		name string
		d    *accounting.Document
		c    *Corrected
		want error
	}{
		{"receipt", receipt, nil, ErrNotInvoice},
		{"receipt's correction", invoice.Correction(receipt, 100, "", refund), &Corrected{Number: "R/2026/0001", Issued: issued}, ErrNotInvoice},
		{"correction without its invoice", kor, nil, ErrNoCorrected},
		{"correction without the number", kor, &Corrected{Issued: issued}, ErrNoCorrected},
		{"mistyped KSeF number", kor, &Corrected{Number: inv.Number, Issued: issued, KSeF: "5265877635-20250826-0100001AF629-AE"}, ErrKSeFNumber},
		{"rate pending", pending, nil, ErrRatePending},
		{"unnumbered", unnumbered, nil, ErrUnnumbered},
		{"seller without a NIP", badSeller, nil, ErrSellerNIP},
		{"buyer's NIP too short", badBuyer, nil, ErrBuyerID},
		{"unknown country", nowhere, nil, ErrCountry},
		{"a German rate under Polish VAT", foreignRate, nil, ErrRate},
	} {
		if _, err := Build(c.d, c.c, created); !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
		}
	}
	if !errors.Is(ErrRatePending, accounting.ErrRatePending) {
		t.Error("ErrRatePending is not accounting's")
	}
}

func TestUnitPrice(t *testing.T) {
	for _, c := range []struct {
		net  int64
		qty  int
		want string
	}{
		{10000, 1, "100.00"},
		{8130, 3, "27.10"},
		{100, 3, "0.33333333"},
		{200, 3, "0.66666667"},
		{-200, 3, "-0.66666667"},
		{-5, 1, "-0.05"},
		{1, 8, "0.00125"},
		{0, 2, "0.00"},
	} {
		if got := unitPrice(c.net, c.qty); got != c.want {
			t.Errorf("unitPrice(%d, %d) = %s, want %s", c.net, c.qty, got, c.want)
		}
	}
}

func TestAmount(t *testing.T) {
	for v, want := range map[int64]string{0: "0.00", 5: "0.05", -5: "-0.05", 123456: "1234.56", -100: "-1.00"} {
		if got := amount(v).String(); got != want {
			t.Errorf("amount(%d) = %s, want %s", v, got, want)
		}
	}
}

func TestText(t *testing.T) {
	if got := text(" a\x00b\tc\n\n d\uFFFE\xff ", 256); got != "ab c d" {
		t.Errorf("text = %q", got)
	}
	if got := text(strings.Repeat("ż", 300), 256); len([]rune(got)) != 256 {
		t.Errorf("text kept %d characters, want 256", len([]rune(got)))
	}
}

// The country codes are the schema's, and the shop's delivery codes all
// have one.
func TestCountryCodes(t *testing.T) {
	xsd, err := os.ReadFile("../schema/KodyKrajow_v10-0E.xsd")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{}
	for _, m := range regexp.MustCompile(`enumeration value="([A-Z]{2})"`).FindAllSubmatch(xsd, -1) {
		want[string(m[1])] = true
	}
	if len(want) != len(isoCodes) {
		t.Errorf("%d codes, the schema has %d", len(isoCodes), len(want))
	}
	for c := range want {
		if !isoCodes[c] {
			t.Errorf("%s missing", c)
		}
	}
	for _, dl := range catalogtest.Shop(t).Deliveries {
		if _, ok := isoCountry(dl.Code); !ok {
			t.Errorf("delivery %q has no KodKraju", dl.Code)
		}
	}
	if c, _ := isoCountry("uk"); c != "GB" {
		t.Errorf("uk is %s", c)
	}
	if c, _ := isoCountry("cr"); c != "HR" {
		t.Errorf("cr is %s", c)
	}
}

// nameShipping is invoice's line name for shipping.
func TestShippingName(t *testing.T) {
	if nameShipping != invoice.NameShipping {
		t.Errorf("%q, invoice says %q", nameShipping, invoice.NameShipping)
	}
}

// minor is a TKwotowy decimal read back as minor units, without floats;
// "" is 0.
func minor(t *testing.T, s string) int64 {
	t.Helper()
	if s == "" {
		return 0
	}
	neg := strings.HasPrefix(s, "-")
	whole, frac, _ := strings.Cut(strings.TrimPrefix(s, "-"), ".")
	if len(frac) != 2 {
		t.Fatalf("amount %q has not two decimal places", s)
	}
	v, err := strconv.ParseInt(whole+frac, 10, 64)
	if err != nil {
		t.Fatalf("amount %q: %v", s, err)
	}
	if neg {
		v = -v
	}
	return v
}

// parsed is what the tests read back, declared here apart from Build's
// structs so a mistake in those is not read back the same way.
type parsed struct {
	XMLName  xml.Name
	Naglowek struct {
		KodFormularza struct {
			KodSystemowy string `xml:"kodSystemowy,attr"`
		}
		WariantFormularza string
		DataWytworzeniaFa string
		SystemInfo        string
	}
	Podmiot1 struct {
		DaneIdentyfikacyjne struct{ NIP, Nazwa string }
		Adres               struct{ KodKraju, AdresL1, AdresL2 string }
	}
	Podmiot2 struct {
		DaneIdentyfikacyjne struct{ NIP, KodUE, NrVatUE, BrakID, Nazwa string }
		Adres               struct{ KodKraju, AdresL1, AdresL2 string }
		JST, GV             string
	}
	Fa struct {
		KodWaluty, P_1, P_2, P_6                 string
		P_13_1, P_14_1, P_14_1W, P_13_2, P_14_2  string
		P_13_3, P_14_3, P_13_5, P_14_5, P_13_6_3 string
		P_15, RodzajFaktury, PrzyczynaKorekty    string
		DaneFaKorygowanej                        *struct{ DataWystFaKorygowanej, NrFaKorygowanej, NrKSeF, NrKSeFFaKorygowanej, NrKSeFN string }
		DodatkowyOpis                            []struct{ Klucz, Wartosc string }
		FaWiersz                                 []struct{ NrWierszaFa, P_7, P_8A, P_8B, P_9A, P_11, P_12, P_12_XII, KursWaluty string }
		Platnosc                                 *struct{ Zaplacono, DataZaplaty string }
	}
}
