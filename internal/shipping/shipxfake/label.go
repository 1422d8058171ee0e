package shipxfake

import (
	_ "embed"
	"fmt"
	"strings"

	"github.com/signintech/gopdf"
)

// The label's font: DejaVu Sans Bold (fonts/LICENSE; the invoice's, the
// bold cut only), for Polish names and streets on a label.
//
//go:embed fonts/DejaVuSans-Bold.ttf
var boldTTF []byte

// A6 in points (105 x 148 mm); "normal" is the same label twice the
// size on A4 (210 x 297 mm), for an office printer.
const (
	a6W, a6H = 297.64, 419.53
	margin   = 14.0
)

// label draws on a page at scale s (1: A6, 2: A4).
type label struct {
	pdf *gopdf.GoPdf
	s   float64
	y   float64
}

func (l *label) text(size float64, s string) {
	_ = l.pdf.SetFont("b", "", size*l.s)
	l.pdf.SetXY(margin*l.s, l.y*l.s)
	_ = l.pdf.Cell(nil, s)
	l.y += size * 1.35
}

// fit writes s as large as fits the width, up to max points.
func (l *label) fit(max float64, s string) {
	size := max
	for ; size > 6; size-- {
		_ = l.pdf.SetFont("b", "", size*l.s)
		if w, err := l.pdf.MeasureTextWidth(s); err == nil && w <= (a6W-2*margin)*l.s {
			break
		}
	}
	l.text(size, s)
}

func (l *label) rule() {
	l.y += 3
	l.pdf.SetLineWidth(0.8 * l.s)
	l.pdf.Line(margin*l.s, l.y*l.s, (a6W-margin)*l.s, l.y*l.s)
	l.y += 6
}

// bars draws a stand-in for the barcode: the digits as bars of their
// widths. Not a scannable code (a real label carries a Code 128 of the
// number); a test reads the number as text.
func (l *label) bars(digits string) {
	x := margin
	unit := (a6W - 2*margin) / float64(len(digits)*6)
	for i, d := range digits {
		w := unit * float64(1+int(d-'0')%4)
		if i%2 == 0 {
			l.pdf.RectFromUpperLeftWithStyle(x*l.s, l.y*l.s, w*l.s, 34*l.s, "F")
		}
		x += unit * 6
	}
	l.y += 40
}

// sizes are the templates as a label names them.
var sizes = map[string]string{"small": "A (small)", "medium": "B (medium)", "large": "C (large)"}

// renderLabel is the shipment's label: the tracking number large, the
// target locker's code (locker) or the receiver's address (courier), the
// receiver's name and phone, the sender, the size and the reference.
func renderLabel(s *shipment, a6 bool) ([]byte, error) {
	scale, page := 1.0, gopdf.Rect{W: a6W, H: a6H}
	if !a6 {
		scale, page = 2, *gopdf.PageSizeA4
	}
	pdf := &gopdf.GoPdf{}
	pdf.Start(gopdf.Config{PageSize: page})
	pdf.SetInfo(gopdf.PdfInfo{Title: s.Tracking, Creator: "shipxfake"})
	if err := pdf.AddTTFFontData("b", boldTTF); err != nil {
		return nil, err
	}
	pdf.AddPage()
	l := &label{pdf: pdf, s: scale, y: margin}
	q := s.Req
	service := "InPost Kurier"
	if s.locker() {
		service = "InPost Paczkomat"
	}
	l.fit(16, service+" (SANDBOX)")
	l.rule()
	if s.locker() {
		l.text(8, "Paczkomat docelowy / Target locker")
		l.fit(34, q.CustomAttributes["target_point"])
	} else if a := q.Receiver.Address; a != nil {
		l.text(8, "Adres doręczenia / Delivery address")
		l.text(12, a.Street+" "+a.BuildingNumber)
		l.text(12, a.PostCode+" "+a.City+" "+a.CountryCode)
	}
	l.rule()
	l.text(8, "Odbiorca / Receiver")
	l.text(11, q.Receiver.name())
	l.text(11, "tel. "+q.Receiver.Phone)
	l.text(8, q.Receiver.Email)
	l.rule()
	l.text(8, "Nadawca / Sender")
	if p := q.Sender; p != nil {
		l.text(9, p.name())
		if a := p.Address; a != nil {
			l.text(8, strings.TrimSpace(a.Street+" "+a.BuildingNumber)+", "+a.PostCode+" "+a.City)
		}
	}
	l.rule()
	if s.locker() && len(q.Parcels) > 0 {
		l.text(10, "Gabaryt / Size: "+sizes[q.Parcels[0].Template])
	} else if len(q.Parcels) > 0 && q.Parcels[0].Dimensions != nil {
		p := q.Parcels[0]
		l.text(10, fmt.Sprintf("%.0f x %.0f x %.0f mm, %.2f kg", p.Dimensions.Length, p.Dimensions.Width,
			p.Dimensions.Height, p.Weight.Amount))
	}
	if q.Reference != "" {
		l.text(10, "Ref: "+q.Reference)
	}
	l.rule()
	l.bars(s.Tracking)
	l.text(8, "Numer przesyłki / Tracking number")
	l.fit(22, s.Tracking)
	return pdf.GetBytesPdfReturnErr()
}
