package invoice

import (
	_ "embed"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/signintech/gopdf"
	qrcode "github.com/skip2/go-qrcode"

	"sabershop/internal/accounting"
	"sabershop/internal/catalog"
	"sabershop/internal/i18n"
)

// The document's font: DejaVu Sans (fonts/LICENSE), embedded in the PDF,
// covers Polish and German letters (ą ę ł ń ó ś ź ż, ä ö ü ß) and the
// other Latin scripts shoppers write their names in.
var (
	//go:embed fonts/DejaVuSans.ttf
	regularTTF []byte
	//go:embed fonts/DejaVuSans-Bold.ttf
	boldTTF []byte
)

// A Polish shop's invoice is in Polish; to foreign buyers in Polish and
// English, as is usual. The labels are the document's, not a shopper's
// page's, so they are not translated per locale.
var titles = map[accounting.Kind]string{
	accounting.KindInvoice:    "Faktura VAT / VAT invoice",
	accounting.KindCorrection: "Faktura korygująca / Correcting invoice",
	accounting.KindReceipt:    "Potwierdzenie sprzedaży / Sales receipt",
	// A receipt's correction.
	accounting.KindReceiptCorrection: "Korekta potwierdzenia sprzedaży / Receipt correction",
}

// workshopDay is instant at's day in Kraków, as the number's year is
// (a payment at 00:30 on 1 January, Kraków time, is 23:30 UTC the day
// before); the status page lists the same day.
func workshopDay(at time.Time) string { return at.In(i18n.Workshop).Format(time.DateOnly) }

// PDF renders d on one A4 page (more when its lines need them): the
// number and dates, seller and buyer, every line with net, VAT rate, VAT
// and gross, the totals per rate and in all; for an invoice KSeF accepted
// (or one issued offline), its KSeF number and verification code. cat
// names the parties' countries (countryName); nil leaves them as stored.
func PDF(d *accounting.Document, cat *catalog.Catalog) ([]byte, error) {
	codes, err := ksefCodes(d.KSeF)
	if err != nil {
		return nil, fmt.Errorf("invoice: %s: %w", d.Number, err)
	}
	pdf := &gopdf.GoPdf{}
	pdf.Start(gopdf.Config{PageSize: *gopdf.PageSizeA4})
	pdf.SetInfo(gopdf.PdfInfo{Title: d.Number, Author: d.Seller.Name, Creator: "sabershop"})
	if err := pdf.AddTTFFontData("sans", regularTTF); err != nil {
		return nil, err
	}
	if err := pdf.AddTTFFontData("sans-bold", boldTTF); err != nil {
		return nil, err
	}
	w := &writer{pdf: pdf}
	w.page()
	// The longest title (a receipt's correction) with its number is wider
	// than the page: the number then goes on a line of its own, never
	// past the edge.
	title := titles[d.Kind] + " " + d.Number
	_ = pdf.SetFont("sans-bold", "", 16)
	if wide, err := pdf.MeasureTextWidth(title); err == nil && wide > pageWidth-2*margin {
		w.text("sans-bold", 16, titles[d.Kind])
		title = d.Number
	}
	w.text("sans-bold", 16, title)
	w.y += 8
	w.text("sans", 9, fmt.Sprintf("Data wystawienia / Issued: %s    Data sprzedaży / Sale: %s", workshopDay(d.Issued),
		workshopDay(d.SaleDate)))
	if d.Corrects != "" {
		w.text("sans", 9, "Korekta dokumentu / Corrects: "+d.Corrects)
	}
	w.text("sans", 9, fmt.Sprintf("Zamówienie / Order #%d · waluta / currency %s", d.OrderID, d.Currency))
	if codes != nil && d.KSeF.Number != "" {
		w.text("sans-bold", 9, "Numer KSeF / KSeF number: "+d.KSeF.Number)
	}
	w.y += 10

	top := w.y
	w.x = margin
	w.text("sans-bold", 10, "Sprzedawca / Seller")
	s := d.Seller
	for _, l := range []string{s.Name, s.Street, s.Zip + " " + s.City, countryName(cat, s.Country), "NIP: " + s.TaxID} {
		w.text("sans", 10, l)
	}
	w.y, w.x = top, margin+250
	w.text("sans-bold", 10, "Nabywca / Buyer")
	b := d.Buyer
	lines := []string{b.Name}
	if b.Company != "" {
		lines = []string{b.Company, "NIP / VAT ID: " + b.VATID}
	}
	lines = append(lines, b.Street, b.Zip+" "+b.City, countryName(cat, b.Country))
	for _, l := range lines {
		w.text("sans", 10, l)
	}
	w.x, w.y = margin, max(w.y, top+80)+12

	cols := []float64{margin, margin + 205, margin + 245, margin + 315, margin + 355, margin + 425}
	head := []string{"Nazwa / Item", "Ilość / Qty", "Netto / Net", "VAT %", "VAT", "Brutto / Gross"}
	w.row("sans-bold", cols, head)
	pdf.SetLineWidth(0.5)
	pdf.Line(margin, w.y, pageWidth-margin, w.y)
	w.y += 4
	for _, l := range d.Lines {
		w.row("sans", cols, []string{l.Name, fmt.Sprint(l.Quantity), money(l.Net), fmt.Sprintf("%d%%", l.Rate), money(l.VAT), money(l.Gross)})
	}
	pdf.Line(margin, w.y, pageWidth-margin, w.y)
	w.y += 4
	for _, t := range d.Totals {
		w.row("sans", cols, []string{fmt.Sprintf("Razem stawka / Total at %d%%", t.Rate), "", money(t.Net), fmt.Sprintf("%d%%", t.Rate), money(t.VAT), money(t.Gross)})
	}
	w.row("sans-bold", cols, []string{"Razem / Total " + d.Currency, "", money(d.Total.Net), "", money(d.Total.VAT), money(d.Total.Gross)})
	w.y += 14
	w.x = margin
	w.text("sans-bold", 11, fmt.Sprintf("Do zapłaty / Total due: %s %s", money(d.Total.Gross), d.Currency))
	if d.Kind == accounting.KindInvoice || d.Kind == accounting.KindReceipt {
		w.text("sans", 9, "Zapłacono / Paid in full: "+workshopDay(d.SaleDate))
	}
	if x := d.Exchange; x != nil {
		w.y += 8
		w.text("sans-bold", 10, "Przeliczenie na PLN / Amounts in PLN")
		w.text("sans", 9, fmt.Sprintf("Kurs średni %s, tabela %s z dnia %s: 1 %s = %s PLN", x.Source, x.Table, x.Date, d.Currency,
			strings.ReplaceAll(x.Mid, ".", ",")))
		w.text("sans", 9, fmt.Sprintf("Average rate of %s table %s of %s (art. 31a ustawy o VAT)", x.Source, x.Table, x.Date))
		w.y += 4
		for _, t := range x.Totals {
			w.row("sans", cols, []string{fmt.Sprintf("Razem stawka / Total at %d%% PLN", t.Rate), "", money(t.Net), fmt.Sprintf("%d%%", t.Rate), money(t.VAT), money(t.Gross)})
		}
		w.row("sans-bold", cols, []string{"Razem / Total PLN", "", money(x.Total.Net), "", money(x.Total.VAT), money(x.Total.Gross)})
	}
	if d.Kind == accounting.KindReceipt || d.Kind == accounting.KindReceiptCorrection {
		w.text("sans", 9, "Dokument nie jest fakturą VAT / This document is not a VAT invoice")
	}
	if d.Total.VAT == 0 && len(d.Lines) > 0 && d.Lines[0].Rate == 0 {
		w.text("sans", 9, "Eksport towarów, stawka 0% (art. 41 ust. 3 ustawy o VAT) / Export of goods, 0% VAT")
	}
	if codes != nil {
		w.ksef(d.KSeF, codes)
	}
	return pdf.GetBytesPdf(), nil
}

// KSeF's verification code (KOD I, the Ministry's kody-qr.md): a QR code
// of the invoice's verification link, with the KSeF number under it, or
// OFFLINE while an offline invoice has none. kody-qr.md asks for ISO/IEC
// 18004 and says nothing of size or error correction: the level is M, as
// the Ministry's own client (ksef-client-csharp) makes it, and a module is
// 1.7 pt (0.6 mm; a version 6 code, 41 modules, is 24.6 mm wide), inside a
// quiet zone of 4 modules, which is what ISO/IEC 18004 asks.
const (
	qrModule = 1.7 // points; a multiple of 0.01, the precision gopdf writes
	qrQuiet  = 4   // modules
)

// qr is one of a document's QR codes: its label and modules (dark true,
// row by row, without the quiet zone).
type qr struct {
	label string
	code  [][]bool
}

// ksefCodes is what d's PDF shows of its course through KSeF: its QR
// codes, nil when it shows none: a document outside KSeF, or one not
// handed over (waiting, sent, refused). An invoice KSeF accepted shows
// KOD I labelled with its KSeF number; one issued in KSeF's offline mode
// (offline24) KOD I labelled OFFLINE (its KSeF number once known) and
// KOD II, which verifies the issuer's certificate, labelled CERTYFIKAT
// (kody-qr.md). A code handed over without its link is an error.
func ksefCodes(k *accounting.KSeF) ([]qr, error) {
	var codes []qr
	switch {
	case k == nil:
		return nil, nil
	case k.State == accounting.KSeFAccepted && k.Number != "":
		codes = []qr{{label: k.Number}}
	case k.State == accounting.KSeFOffline:
		label := "OFFLINE"
		if k.Number != "" {
			label = k.Number // sent since, the number known: kody-qr.md
		}
		if k.CertLink == "" {
			return nil, fmt.Errorf("KSeF %s without its certificate link (KOD II)", k.State)
		}
		codes = []qr{{label: label}, {label: "CERTYFIKAT"}}
	default:
		return nil, nil
	}
	if k.Link == "" {
		return nil, fmt.Errorf("KSeF %s without its verification link", k.State)
	}
	for i, link := range []string{k.Link, k.CertLink}[:len(codes)] {
		q, err := qrcode.New(link, qrcode.Medium)
		if err != nil {
			return nil, fmt.Errorf("KSeF verification code: %w", err)
		}
		q.DisableBorder = true // the quiet zone is the page's, drawn around it
		codes[i].code = q.Bitmap()
	}
	return codes, nil
}

// ksef draws the QR codes of k at the foot of the last page, on the
// right, side by side, each with its label under it, and on their left
// what they are and the links as text (links in the PDF too, for a
// reader on a screen); on a new page when the content reaches down to
// where they go.
func (w *writer) ksef(k *accounting.KSeF, codes []qr) {
	pdf := w.pdf
	const labelSize = 7.0
	_ = pdf.SetFont("sans", "", labelSize)
	// Each code and its label as wide as the wider of them; the codes
	// from the right margin leftwards, KOD I leftmost.
	widths := make([]float64, len(codes))
	sides := make([]float64, len(codes))
	var height, total float64
	for i, c := range codes {
		sides[i] = float64(len(c.code)+2*qrQuiet) * qrModule // the code and its quiet zone
		lw, _ := pdf.MeasureTextWidth(c.label)
		widths[i] = max(sides[i], lw)
		height = max(height, sides[i])
		total += widths[i]
	}
	right := pageWidth - margin - total
	// The text on the left, line by line (w.text's 1.4 × size), may
	// reach lower than the codes: the block is as tall as the taller.
	textWidth := right - margin - 16
	_ = pdf.SetFont("sans", "", 7.5)
	textH := 9*1.4 + 2*8*1.4 + 4 + float64(len(wrapLink(pdf, k.Link, textWidth)))*7.5*1.4
	if len(codes) > 1 {
		_ = pdf.SetFont("sans", "", 6)
		textH += 2*8*1.4 + 2 + 7*1.4 + float64(len(wrapLink(pdf, k.CertLink, textWidth)))*6*1.4
	}
	top := pageHeight - margin - max(height+labelSize*1.4, qrQuiet*qrModule+textH)
	if w.y > top-12 {
		w.page()
	}
	pdf.SetLineWidth(0.5)
	pdf.Line(margin, top-6, pageWidth-margin, top-6)
	x := right
	for i, c := range codes {
		left := math.Round((x+(widths[i]-sides[i])/2)*100) / 100 // the modules on gopdf's 0.01 pt
		pdf.SetFillColor(0, 0, 0)
		x0, y0 := left+qrQuiet*qrModule, top+qrQuiet*qrModule
		for r, row := range c.code {
			for col := 0; col < len(row); {
				if !row[col] {
					col++
					continue
				}
				start := col
				for col < len(row) && row[col] {
					col++
				}
				pdf.RectFromUpperLeftWithStyle(x0+float64(start)*qrModule, y0+float64(r)*qrModule, float64(col-start)*qrModule, qrModule, "F")
			}
		}
		_ = pdf.SetFont("sans", "", labelSize)
		lw, _ := pdf.MeasureTextWidth(c.label)
		pdf.SetXY(x+(widths[i]-lw)/2, top+sides[i]) // under the quiet zone
		_ = pdf.Cell(nil, c.label)
		x += widths[i]
	}

	w.x, w.y = margin, top+qrQuiet*qrModule
	w.text("sans-bold", 9, "Weryfikacja w KSeF / Verification in KSeF")
	if len(codes) > 1 {
		w.text("sans", 8, "Wystawiona w trybie offline KSeF; zostanie do niego przesłana.")
		w.text("sans", 8, "Issued in KSeF's offline mode; it will be sent to KSeF.")
	}
	w.text("sans", 8, "Zeskanuj kod QR lub otwórz link, aby sprawdzić fakturę w KSeF.")
	w.text("sans", 8, "Scan the QR code or open the link to verify the invoice in KSeF.")
	w.y += 4
	w.link(k.Link, 7.5, textWidth)
	if len(codes) > 1 {
		w.y += 2
		w.text("sans", 7, "CERTYFIKAT – weryfikacja wystawcy / the issuer's certificate:")
		w.link(k.CertLink, 6, textWidth)
	}
}

// link writes link at size, wrapped to width, as a link in the PDF too.
func (w *writer) link(link string, size, width float64) {
	pdf := w.pdf
	_ = pdf.SetFont("sans", "", size)
	for _, l := range wrapLink(pdf, link, width) {
		lw, _ := pdf.MeasureTextWidth(l)
		pdf.AddExternalLink(link, margin, w.y, lw, size*1.2)
		w.text("sans", size, l)
	}
}

// wrapLink splits link (ASCII, a URL) into lines no wider than width at
// the current font, each ending after a "/" where it can.
func wrapLink(pdf *gopdf.GoPdf, link string, width float64) []string {
	fits := func(s string) bool { wd, err := pdf.MeasureTextWidth(s); return err == nil && wd <= width }
	var lines []string
	for link != "" {
		cut := len(link)
		for cut > 1 && !fits(link[:cut]) {
			cut--
		}
		if i := strings.LastIndexByte(link[:cut], '/'); cut < len(link) && i > 0 {
			cut = i + 1
		}
		lines = append(lines, link[:cut])
		link = link[cut:]
	}
	return lines
}

const (
	margin     = 40.0
	pageWidth  = 595.28
	pageHeight = 841.89
)

// writer keeps the pen's place and starts a new page at the bottom.
type writer struct {
	pdf  *gopdf.GoPdf
	x, y float64
}

func (w *writer) page() {
	w.pdf.AddPage()
	w.x, w.y = margin, margin
}

func (w *writer) text(font string, size float64, s string) {
	if w.y > pageHeight-margin-size {
		w.page()
	}
	_ = w.pdf.SetFont(font, "", size)
	w.pdf.SetXY(w.x, w.y)
	_ = w.pdf.Cell(nil, s)
	w.y += size * 1.4
}

// row writes one table row: the first column wraps at its width, numbers
// right-aligned in theirs.
func (w *writer) row(font string, cols []float64, cells []string) {
	if w.y > pageHeight-margin-20 {
		w.page()
	}
	_ = w.pdf.SetFont(font, "", 8.5)
	first := wrap(w.pdf, cells[0], cols[1]-cols[0]-6)
	for i, c := range cells[1:] {
		x, width := cols[i+1], pageWidth-margin-cols[i+1]
		if i+2 < len(cols) {
			width = cols[i+2] - cols[i+1] - 4
		}
		w.pdf.SetXY(x, w.y)
		_ = w.pdf.CellWithOption(&gopdf.Rect{W: width, H: 12}, c, gopdf.CellOption{Align: gopdf.Right})
	}
	for _, l := range first {
		w.pdf.SetXY(cols[0], w.y)
		_ = w.pdf.Cell(nil, l)
		w.y += 12
	}
}

// wrap splits s into lines no wider than width at the current font.
func wrap(pdf *gopdf.GoPdf, s string, width float64) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(s) {
		try := strings.TrimSpace(line + " " + word)
		if wd, err := pdf.MeasureTextWidth(try); err == nil && wd > width && line != "" {
			lines = append(lines, line)
			line = word
			continue
		}
		line = try
	}
	return append(lines, line)
}

// countryName is a party's country as the document names both: in its
// two languages, "Polska / Poland", "Niemcy / Germany" (once where they
// agree). The buyer's is stored as a code ("pl"), the seller's as
// content/config.toml's [company] writes it ("Poland"): either is looked
// up among the catalogue's countries by code or by any of its names. A
// country the catalogue lacks is written as stored, a code upper-case.
// KSeF's XML keeps codes (fa3).
func countryName(cat *catalog.Catalog, country string) string {
	country = strings.TrimSpace(country)
	if cat != nil {
		for _, d := range cat.Deliveries {
			match := strings.EqualFold(d.Code, country)
			for _, n := range d.Names {
				match = match || strings.EqualFold(n, country)
			}
			if !match || d.Names["pl"] == "" {
				continue
			}
			if en := d.Names["en"]; en != "" && en != d.Names["pl"] {
				return d.Names["pl"] + " / " + en
			}
			return d.Names["pl"]
		}
	}
	if len(country) == 2 {
		return strings.ToUpper(country)
	}
	return country
}

// money is minor units as a Polish invoice writes them: "1 234,56".
func money(v int64) string {
	sign := ""
	if v < 0 {
		sign, v = "-", -v
	}
	units := fmt.Sprint(v / 100)
	var b strings.Builder
	for i, r := range units {
		if i > 0 && (len(units)-i)%3 == 0 {
			b.WriteRune('\u00a0')
		}
		b.WriteRune(r)
	}
	return fmt.Sprintf("%s%s,%02d", sign, b.String(), v%100)
}

// FileName is the document's PDF file name: "FV-2026-0001.pdf".
func FileName(d *accounting.Document) string { return strings.ReplaceAll(d.Number, "/", "-") + ".pdf" }
