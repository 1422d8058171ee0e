package invoice

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/signintech/gopdf"

	"sabershop/internal/accounting"
	"sabershop/internal/catalog"
	"sabershop/internal/ksef"
	"sabershop/internal/order"
	"sabershop/internal/testutil"
)

// A KSeF number and verification link as KSeF gives them for the test
// environment (kody-qr.md): the seller's NIP, the issue day, the FA(3)
// XML's SHA-256 in base64url.
const (
	testKSeFNumber = "6762451891-20260201-0100A0B5F3C2-7E"
	testKSeFLink   = "https://qr-test.ksef.mf.gov.pl/invoice/6762451891/01-02-2026/UtQp9Gpc51y-u3xApZjIjgkpZ01js-J8KflSPW8WzIE"
)

// ksefInvoice is a Polish company's invoice of n lines (1 for a typical
// one, the order's shipping and waste fee besides), with k's course
// through KSeF.
func ksefInvoice(t *testing.T, n int, k *accounting.KSeF) *accounting.Document {
	t.Helper()
	cat := &catalog.Catalog{Deliveries: []catalog.Delivery{{Code: "pl", VAT: 23}}, VAT: catalog.VAT{Scheme: catalog.VATPolish, Home: "pl"}}
	cat.Shop.Company = catalog.Company{Name: "Saber Forge Marek Kowalczyk", Street: "ul. Rzemieślnicza 14/3", Zip: "30-363", City: "Kraków",
		Country: "Polska", TaxID: "676-245-18-91"}
	o := &order.Order{ID: 42, Currency: "PLN",
		Customer: order.Customer{FirstName: "Łucja", LastName: "Żółć", Street: "Długa 1", Zip: "00-001", City: "Gdańsk", Country: "pl",
			Company: "Kuźnia Müller sp. z o.o.", VATID: "PL5260250274"},
		Totals: order.Totals{Shipping: 1900, WasteFee: 12}}
	for i := range n {
		o.Lines = append(o.Lines, order.Line{Name: fmt.Sprintf("Miecz świetlny nr %d – rękojeść frezowana z aluminium, kryształ, dźwięk", i+1),
			Quantity: 1, Total: 399900, WasteFee: 12})
		o.Totals.Subtotal += 399900
	}
	o.Totals.Total = o.Totals.Subtotal + o.Totals.Shipping + o.Totals.WasteFee
	at := time.Date(2026, 2, 1, 12, 0, 0, 0, time.UTC)
	d, err := For(o, cat, at, at)
	if err != nil {
		t.Fatal(err)
	}
	d.Numbered(2026, 7)
	d.KSeF = k
	return d
}

// renderPages is d's PDF rasterised by poppler's pdftoppm at 150 dpi, a
// PNG file a page, in t's temporary directory; and the PDF's bytes.
func renderPages(t *testing.T, d *accounting.Document) ([]string, []byte) {
	t.Helper()
	bin, err := exec.LookPath("pdftoppm")
	if err != nil {
		t.Fatal("pdftoppm is needed (Debian: poppler-utils; make test-deps installs it)")
	}
	raw, err := PDF(d, nil)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	pdf := filepath.Join(dir, "doc.pdf")
	if err := os.WriteFile(pdf, raw, 0o600); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(bin, "-r", "150", "-png", pdf, filepath.Join(dir, "page")).CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm: %v\n%s", err, out)
	}
	pages, err := filepath.Glob(filepath.Join(dir, "page-*.png"))
	if err != nil || len(pages) == 0 {
		t.Fatalf("pdftoppm made no pages (%v)", err)
	}
	return pages, raw
}

// qrCodes is what zbarimg reads from the QR codes on png, a line each;
// none when it finds none (its exit status 4). zbarimg is Debian's
// zbar-tools: the test fails without it.
func qrCodes(t *testing.T, png string) []string {
	t.Helper()
	bin, err := exec.LookPath("zbarimg")
	if err != nil {
		t.Fatal("zbarimg is needed (Debian: zbar-tools; make test-deps installs it)")
	}
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(bin, "--raw", "-q", "-Sdisable", "-Sqrcode.enable", png)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	if ee := (*exec.ExitError)(nil); errors.As(err, &ee) && ee.ExitCode() == 4 {
		return nil
	} else if err != nil {
		t.Fatalf("zbarimg: %v\n%s", err, stderr.String())
	}
	return strings.Split(strings.TrimRight(stdout.String(), "\n"), "\n")
}

// An invoice KSeF accepted says its KSeF number in the header and under
// its verification code, and the code, printed at 150 dpi, reads back as
// its verification link exactly; a typical invoice stays on one page.
func TestPDFKSeFCode(t *testing.T) {
	d := ksefInvoice(t, 1, &accounting.KSeF{State: accounting.KSeFAccepted, Number: testKSeFNumber,
		Hash: "UtQp9Gpc51y+u3xApZjIjgkpZ01js+J8KflSPW8WzIE=", Link: testKSeFLink})
	text := pdfText(t, d)
	if !strings.Contains(text, "Numer KSeF / KSeF number: "+testKSeFNumber) {
		t.Errorf("the PDF's header lacks the KSeF number:\n%s", text)
	}
	if n := strings.Count(text, testKSeFNumber); n != 2 {
		t.Errorf("the KSeF number is on the PDF %d times, want 2 (the header, the code's label):\n%s", n, text)
	}
	if strings.Contains(text, "OFFLINE") {
		t.Errorf("an accepted invoice's code is labelled OFFLINE:\n%s", text)
	}
	pages, _ := renderPages(t, d)
	if len(pages) != 1 {
		t.Errorf("a typical invoice with its KSeF code is %d pages, want 1", len(pages))
	}
	if got := qrCodes(t, pages[len(pages)-1]); len(got) != 1 || got[0] != testKSeFLink {
		t.Errorf("the QR codes read %q, want the one link %q", got, testKSeFLink)
	}
}

// An invoice of many lines keeps its code whole and readable, on the
// last page.
func TestPDFKSeFCodeLongInvoice(t *testing.T) {
	for _, n := range []int{20, 33, 60} {
		d := ksefInvoice(t, n, &accounting.KSeF{State: accounting.KSeFAccepted, Number: testKSeFNumber, Link: testKSeFLink})
		pages, _ := renderPages(t, d)
		for i, p := range pages {
			got := qrCodes(t, p)
			if last := i == len(pages)-1; last && (len(got) != 1 || got[0] != testKSeFLink) || !last && got != nil {
				t.Errorf("%d lines: page %d of %d: the QR codes read %q", n, i+1, len(pages), got)
			}
		}
	}
}

// An invoice issued in KSeF's offline mode (offline24) shows two codes
// side by side, as kody-qr.md asks: KOD I labelled OFFLINE (it has no
// KSeF number yet) and KOD II labelled CERTYFIKAT; printed at 150 dpi,
// each reads back as its link exactly, with an RSA key's long signature
// and an EC key's short one, on a typical and a long invoice's last page.
// Without KOD II's link such a document is not rendered.
func TestPDFKSeFOffline(t *testing.T) {
	now := time.Date(2026, 2, 1, 12, 0, 0, 0, time.UTC)
	const hash = "UtQp9Gpc51y+u3xApZjIjgkpZ01js+J8KflSPW8WzIE="
	for _, ec := range []bool{true, false} {
		certPEM, keyPEM := testutil.OfflineCert(t, ec, now.AddDate(0, -1, 0))
		signer, err := ksef.NewOfflineSigner(certPEM, keyPEM, now)
		if err != nil {
			t.Fatal(err)
		}
		cert, err := ksef.CertificateLink(ksef.Test, "6762451891", "6762451891", signer, hash)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range []int{1, 33} {
			d := ksefInvoice(t, n, &accounting.KSeF{State: accounting.KSeFOffline, Hash: hash, Link: testKSeFLink, CertLink: cert})
			text := pdfText(t, d)
			if !strings.Contains(text, "OFFLINE") || !strings.Contains(text, "CERTYFIKAT") || strings.Contains(text, "Numer KSeF") {
				t.Errorf("ec %v, %d lines: an offline invoice's PDF lacks OFFLINE or CERTYFIKAT, or has a KSeF number:\n%s", ec, n, text)
			}
			raw, err := PDF(d, nil)
			if err != nil {
				t.Fatal(err)
			}
			got := testutil.PDFQRCodes(t, raw)
			slices.Sort(got)
			if want := []string{cert, testKSeFLink}; !slices.Equal(got, want) {
				t.Errorf("ec %v, %d lines: the QR codes read %q, want %q", ec, n, got, want)
			}
			if pages, _ := renderPages(t, d); n == 1 && len(pages) != 1 {
				t.Errorf("ec %v: a typical offline invoice is %d pages", ec, len(pages))
			}
			if err := testutil.VerifyCertificateLink(cert, certPEM); err != nil {
				t.Errorf("ec %v: KOD II's signature: %v", ec, err)
			}
		}
	}
	if _, err := PDF(ksefInvoice(t, 1, &accounting.KSeF{State: accounting.KSeFOffline, Link: testKSeFLink}), nil); err == nil {
		t.Error("an offline invoice without KOD II rendered")
	}
}

// A document outside KSeF, or one KSeF has not accepted, shows nothing of
// KSeF: no code, no number, no label.
func TestPDFWithoutKSeF(t *testing.T) {
	for _, k := range []*accounting.KSeF{
		nil,
		{State: accounting.KSeFWaiting},
		{State: accounting.KSeFSent, Hash: "UtQp9Gpc51y+u3xApZjIjgkpZ01js+J8KflSPW8WzIE=", Link: testKSeFLink},
		{State: accounting.KSeFRefused, Link: testKSeFLink, Code: 450, Reason: "Błąd weryfikacji semantyki dokumentu faktury"},
	} {
		d := ksefInvoice(t, 1, k)
		text := pdfText(t, d)
		for _, no := range []string{"KSeF", testKSeFNumber, "OFFLINE", "qr-test.ksef"} {
			if strings.Contains(text, no) {
				t.Errorf("%+v: the PDF says %q:\n%s", k, no, text)
			}
		}
		pages, raw := renderPages(t, d)
		for i, p := range pages {
			if got := qrCodes(t, p); got != nil {
				t.Errorf("%+v: page %d has QR codes %q", k, i+1, got)
			}
		}
		if bytes.Contains(raw, []byte("/URI")) {
			t.Errorf("%+v: the PDF has a link", k)
		}
	}
}

// An accepted invoice without its verification link is no PDF: it may not
// be handed over without the code.
func TestPDFKSeFWithoutLink(t *testing.T) {
	d := ksefInvoice(t, 1, &accounting.KSeF{State: accounting.KSeFAccepted, Number: testKSeFNumber})
	if _, err := PDF(d, nil); err == nil || !strings.Contains(err.Error(), "verification link") {
		t.Errorf("PDF of an accepted invoice without its link: %v", err)
	}
}

// The link wraps after a "/" where it can, each line within the width.
func TestWrapLink(t *testing.T) {
	pdf := &gopdf.GoPdf{}
	pdf.Start(gopdf.Config{PageSize: *gopdf.PageSizeA4})
	if err := pdf.AddTTFFontData("sans", regularTTF); err != nil {
		t.Fatal(err)
	}
	if err := pdf.SetFont("sans", "", 7.5); err != nil {
		t.Fatal(err)
	}
	lines := wrapLink(pdf, testKSeFLink, 250)
	if strings.Join(lines, "") != testKSeFLink || len(lines) < 2 {
		t.Fatalf("wrapLink = %q", lines)
	}
	for _, l := range lines[:len(lines)-1] {
		if !strings.HasSuffix(l, "/") {
			t.Errorf("line %q does not end after a /", l)
		}
	}
	for _, l := range lines {
		if w, _ := pdf.MeasureTextWidth(l); w > 250 {
			t.Errorf("line %q is %.1f wide", l, w)
		}
	}
}
