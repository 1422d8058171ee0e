// Package guarantee is the EU's harmonised notice on the legal guarantee of
// conformity (Directive 2011/83/EU art. 6(1)(l) and 22a, as amended by
// Directive (EU) 2024/825; its design and content: Commission Implementing
// Regulation (EU) 2025/1960, Annex I), which a shop selling goods to
// consumers shows at the point of sale from 27 September 2026: its text in
// each language, word for word (content/data/guarantee-notice.toml), and
// its QR code. The site's
// component (components/GuaranteeNotice.tsx) and the order e-mail are both
// made from it (docs/legal.md#the-eu-guarantee-notice).
package guarantee

import (
	"bytes"
	"errors"
	"fmt"
	"image/png"
	"strconv"
	"strings"

	qrcode "github.com/skip2/go-qrcode"
)

// Run is a piece of the notice's text, printed bold or not.
type Run struct {
	Text string `json:"text"`
	Bold bool   `json:"bold,omitempty"`
}

// Rich is a sentence of the notice as runs.
type Rich []Run

// Plain is r without its emphasis: the words a plain-text e-mail prints.
func (r Rich) Plain() string {
	var b strings.Builder
	for _, run := range r {
		b.WriteString(run.Text)
	}
	return b.String()
}

// Notice is the harmonised notice in one language, block by block in the
// order the notice prints them: the header's title (its lines), the blue
// box, the conditions and remedies of the left column, the grey panel's
// two paragraphs with the QR code and its address, what to do (the
// numbered steps) and the note on commercial guarantees by the GARAN
// label.
type Notice struct {
	Lang       string   `json:"lang"`
	Title      []string `json:"title"`
	Box        Rich     `json:"box"`
	Intro      string   `json:"intro"`
	Conditions []string `json:"conditions"`
	Liable     Rich     `json:"liable"`
	Remedies   []Rich   `json:"remedies"`
	Periods    string   `json:"periods"`
	More       string   `json:"more"`
	// QR is the address the QR code encodes; the notice's link goes there
	// too (the Commission's guidelines ask for a clickable link to the
	// QR code's destination next to it online). Link is the short address
	// printed under the code.
	QR       string   `json:"qr"`
	Link     string   `json:"link"`
	Todo     string   `json:"todo"`
	TodoWhen string   `json:"todo_when"`
	Steps    []string `json:"steps"`
	Garan    Rich     `json:"garan"`
}

// ParseRich splits "**bold** plain" into runs; an unclosed ** is an
// error.
func ParseRich(s string) (Rich, error) {
	parts := strings.Split(s, "**")
	if len(parts)%2 == 0 {
		return nil, fmt.Errorf("a ** is not closed")
	}
	var r Rich
	for i, p := range parts {
		if p != "" {
			r = append(r, Run{Text: p, Bold: i%2 == 1})
		}
	}
	return r, nil
}

// Check refuses a notice with a block missing or a QR code that leads
// elsewhere than the Your Europe portal (Annex I, note 3): the notice is
// shown whole or not at all. It names the field at fault.
func (n Notice) Check() (field string, err error) {
	switch {
	case len(n.Title) == 0:
		return "title", errors.New("the header's lines are required")
	case len(n.Conditions) != 2:
		return "conditions", fmt.Errorf("the notice has two conditions, got %d", len(n.Conditions))
	case len(n.Remedies) != 2:
		return "remedies", fmt.Errorf("the notice has two remedies, got %d", len(n.Remedies))
	case len(n.Steps) != 2:
		return "steps", fmt.Errorf("the notice has two steps, got %d", len(n.Steps))
	case !strings.HasPrefix(n.QR, "https://europa.eu/youreurope/"):
		return "qr", fmt.Errorf("must be a Your Europe address (https://europa.eu/youreurope/…), got %q", n.QR)
	case !strings.HasPrefix(n.Link, "europa.eu/youreurope/"):
		return "link", fmt.Errorf("must be the address printed under the QR code (europa.eu/youreurope/…), got %q", n.Link)
	}
	return "", nil
}

// QRPath is where the build writes the QR code of the notice in lang, as
// an SVG (ext "svg", for pages) and a PNG (ext "png", for e-mails).
func QRPath(lang, ext string) string { return "/legal/guarantee-qr-" + lang + "." + ext }

// QRPNGSize is the PNG's width and height in pixels: twice the 132 px it
// is shown at, for sharp screens.
const QRPNGSize = 264

// qrLevel is the QR code's error correction: M (15 %), as most printed
// codes use; the notice's code is printed large enough that a phone reads
// it in ordinary light (Annex I, note 3).
const qrLevel = qrcode.Medium

func (n Notice) code() *qrcode.QRCode {
	q, err := qrcode.New(n.QR, qrLevel)
	if err != nil {
		panic("guarantee: QR code of " + n.QR + ": " + err.Error())
	}
	return q
}

// QRSVG is the notice's QR code as an SVG image: one path of dark
// modules on white, with a quiet zone of four modules, scaling crisply to
// any size (the page gives it its width and height).
func (n Notice) QRSVG() []byte {
	bits := n.code().Bitmap() // includes the quiet zone
	size := len(bits)
	var path strings.Builder
	for y, row := range bits {
		for x := 0; x < len(row); {
			if !row[x] {
				x++
				continue
			}
			start := x
			for x < len(row) && row[x] {
				x++
			}
			path.WriteString("M" + strconv.Itoa(start) + " " + strconv.Itoa(y) + "h" + strconv.Itoa(x-start) + "v1h-" + strconv.Itoa(x-start) + "z")
		}
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" shape-rendering="crispEdges">`, size, size)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="#fff"/><path fill="#000" d="%s"/></svg>`, size, size, path.String())
	return b.Bytes()
}

// QRPNG is the notice's QR code as a PNG of px × px pixels, for e-mail
// clients, which show no SVG.
func (n Notice) QRPNG(px int) []byte {
	var b bytes.Buffer
	if err := png.Encode(&b, n.code().Image(px)); err != nil {
		panic("guarantee: PNG: " + err.Error())
	}
	return b.Bytes()
}
