package testutil

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// PDFText is pdf's text as pdftotext (Debian's poppler-utils) reads it,
// laid out as printed.
func PDFText(t testing.TB, pdf []byte) string {
	t.Helper()
	cmd := exec.Command("pdftotext", "-layout", "-", "-")
	cmd.Stdin = bytes.NewReader(pdf)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return string(out)
}

// PDFQRCodes is what a phone's camera reads from pdf's QR codes: every
// page printed at 150 dpi (pdftoppm) and read with zbarimg (Debian's
// zbar-tools), a code a line; none when it finds none.
func PDFQRCodes(t testing.TB, pdf []byte) []string {
	t.Helper()
	bin, err := exec.LookPath("zbarimg")
	if err != nil {
		t.Fatal("zbarimg is needed (Debian: zbar-tools; make test-deps installs it)")
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "doc.pdf")
	if err := os.WriteFile(in, pdf, 0o600); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("pdftoppm", "-r", "150", "-png", in, filepath.Join(dir, "page")).CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm: %v\n%s", err, out)
	}
	pages, _ := filepath.Glob(filepath.Join(dir, "page*.png"))
	var codes []string
	for _, png := range pages {
		var stdout, stderr bytes.Buffer
		cmd := exec.Command(bin, "--raw", "-q", "-Sdisable", "-Sqrcode.enable", png)
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		if ee := (*exec.ExitError)(nil); errors.As(err, &ee) && ee.ExitCode() == 4 {
			continue // no code on this page
		} else if err != nil {
			t.Fatalf("zbarimg: %v\n%s", err, stderr.String())
		}
		codes = append(codes, strings.Split(strings.TrimRight(stdout.String(), "\n"), "\n")...)
	}
	return codes
}
