package mail

import (
	"strings"
	"sync"
	"testing"

	"sabershop/internal/content"
	"sabershop/internal/guarantee"
)

var (
	shopNotices     map[string]guarantee.Notice
	shopNoticesOnce sync.Once
)

// noticesOf are the shop's notices as the build reads them
// (content/data/guarantee-notice.toml).
func noticesOf(t *testing.T) map[string]guarantee.Notice {
	t.Helper()
	shopNoticesOnce.Do(func() {
		site, err := content.Load("../../content")
		if err != nil {
			t.Fatal(err)
		}
		shopNotices = site.Guarantee
	})
	return shopNotices
}

// TestOrderPlacedCarriesTheGuaranteeNotice: the order confirmation repeats
// the EU's notice on the legal guarantee (Directive 2011/83/EU art. 8(7)(a)
// with 6(1)(l)) in the order's language: every block, the bold words bold
// in HTML and plain in text, the QR code's image and its link.
func TestOrderPlacedCarriesTheGuaranteeNotice(t *testing.T) {
	cat := testCatalog()
	cat.Guarantee = noticesOf(t)
	for _, loc := range Locales() {
		n := cat.Guarantee[loc]
		m, err := OrderPlaced(cat, testOrder(loc), statusURL)
		if err != nil {
			t.Fatal(err)
		}
		qr := "https://saberforge.example/legal/guarantee-qr-" + loc + ".png"
		if !strings.Contains(m.HTML, `<img src="`+qr+`"`) || !strings.Contains(m.HTML, `<a href="`+n.QR+`"`) {
			t.Errorf("%s: the HTML part lacks the QR code %s or its link %s", loc, qr, n.QR)
		}
		for _, r := range n.Box {
			if r.Bold && !strings.Contains(m.HTML, "<strong>"+r.Text+"</strong>") {
				t.Errorf("%s: %q is not bold in the HTML part", loc, r.Text)
			}
		}
		blocks := append([]string{strings.Join(n.Title, " "), n.Box.Plain(), n.Intro, n.Liable.Plain(), n.Periods, n.More, n.Todo,
			n.TodoWhen, n.Garan.Plain(), n.QR}, n.Steps...)
		blocks = append(blocks, n.Conditions...)
		for _, r := range n.Remedies {
			blocks = append(blocks, r.Plain())
		}
		for _, b := range blocks {
			if !strings.Contains(m.Text, b) {
				t.Errorf("%s: the text part lacks %q", loc, b)
			}
		}
		// (The terms after it are Markdown still: docs/legal.md.)
		start := strings.Index(m.Text, n.Title[0])
		end := strings.Index(m.Text, n.Garan.Plain())
		if start < 0 || end < start || strings.Contains(m.Text[start:end], "**") {
			t.Errorf("%s: the text part prints the notice's ** marks", loc)
		}
		for _, l := range n.Title {
			if !strings.Contains(m.HTML, l) {
				t.Errorf("%s: the HTML part lacks the title line %q", loc, l)
			}
		}
	}
	// A catalogue of an older build has no notice: the e-mail goes without.
	cat.Guarantee = nil
	if m, err := OrderPlaced(cat, testOrder("en"), statusURL); err != nil || strings.Contains(m.HTML, "guarantee-qr") {
		t.Errorf("without a notice: %v, or it shows one", err)
	}
}
