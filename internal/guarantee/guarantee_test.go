package guarantee

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// notices are notices as the shop's content gives them, with the QR
// addresses of content/data/guarantee-notice.toml.
var notices = []Notice{
	{Lang: "en", QR: "https://europa.eu/youreurope/guarantees"},
	{Lang: "pl", QR: "https://europa.eu/youreurope/citizens/consumers/shopping/guarantees-returns/index_pl.htm"},
	{Lang: "de", QR: "https://europa.eu/youreurope/citizens/consumers/shopping/guarantees-returns/index_de.htm"},
}

func TestCheck(t *testing.T) {
	ok := Notice{Title: []string{"LEGAL", "GUARANTEE"}, Conditions: []string{"a", "b"}, Remedies: []Rich{{{Text: "c"}}, {{Text: "d"}}},
		Steps: []string{"1", "2"}, QR: "https://europa.eu/youreurope/guarantees", Link: "europa.eu/youreurope/guarantees"}
	if field, err := ok.Check(); err != nil {
		t.Fatalf("Check() = %s: %v", field, err)
	}
	bad := ok
	bad.QR = "https://example.com/guarantees"
	if field, err := bad.Check(); field != "qr" || err == nil {
		t.Errorf("a QR code off Your Europe: Check() = %q, %v", field, err)
	}
	bad = ok
	bad.Steps = bad.Steps[:1]
	if field, err := bad.Check(); field != "steps" || err == nil {
		t.Errorf("one step: Check() = %q, %v", field, err)
	}
}

func TestParseRich(t *testing.T) {
	got, err := ParseRich("in some cases, a **price reduction** or **full reimbursement**.")
	if err != nil {
		t.Fatal(err)
	}
	want := Rich{{Text: "in some cases, a "}, {Text: "price reduction", Bold: true}, {Text: " or "},
		{Text: "full reimbursement", Bold: true}, {Text: "."}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("parseRich = %#v", got)
	}
	if got.Plain() != "in some cases, a price reduction or full reimbursement." {
		t.Errorf("Plain = %q", got.Plain())
	}
	if _, err := ParseRich("**open"); err == nil {
		t.Error("an unclosed ** was taken")
	}
}

// A phone's camera reads each language's code as the notice's address:
// the PNG read back with zbarimg, and the SVG drawn from the same modules.
func TestQRCodeReadsAsTheNoticesAddress(t *testing.T) {
	bin, err := exec.LookPath("zbarimg")
	if err != nil {
		t.Fatal("zbarimg is needed (Debian: zbar-tools; make test-deps installs it)")
	}
	for _, n := range notices {
		l := n.Lang
		file := filepath.Join(t.TempDir(), l+".png")
		if err := os.WriteFile(file, n.QRPNG(240), 0o600); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(bin, "--raw", "-q", "-Sdisable", "-Sqrcode.enable", file).Output()
		if err != nil {
			t.Fatalf("%s: zbarimg: %v", l, err)
		}
		if got := strings.TrimSpace(string(out)); got != n.QR {
			t.Errorf("%s: the code reads %q, want %q", l, got, n.QR)
		}
		svg := n.QRSVG()
		bits := n.code().Bitmap()
		dark := 0
		for _, row := range bits {
			for _, b := range row {
				if b {
					dark++
				}
			}
		}
		// Each dark module is in exactly one run of the path: the runs'
		// widths add up to the modules.
		sum := 0
		for _, h := range bytes.Split(svg, []byte("h"))[1:] {
			w := 0
			for _, c := range h {
				if c < '0' || c > '9' {
					break
				}
				w = w*10 + int(c-'0')
			}
			sum += w
		}
		if sum != dark || !bytes.HasPrefix(svg, []byte("<svg ")) {
			t.Errorf("%s: the SVG draws %d modules, the code has %d", l, sum, dark)
		}
	}
}
