package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"sabershop/internal/accounting"
	"sabershop/internal/daemon"
	"sabershop/internal/store"
)

// TestInvoicesCommands: orderd invoices list, csv and pdf, on the data
// file and through the daemon's socket, whose answer carries the PDF's
// bytes unchanged (a PDF is not UTF-8 text).
func TestInvoicesCommands(t *testing.T) {
	needBinary(t)
	data := dataDir(t)
	if err := os.MkdirAll(data, 0o700); err != nil {
		t.Fatal(err)
	}
	db, err := store.Open(filepath.Join(data, daemon.DBName), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	issued := time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC)
	d := &accounting.Document{Kind: accounting.KindInvoice, Series: accounting.SeriesInvoice, OrderID: 7, Issued: issued, SaleDate: issued,
		Currency: "PLN", Buyer: accounting.Buyer{Name: "=cmd|' /C calc'!A0", Country: "pl"},
		Lines:  []accounting.Line{{Name: "Arc", Quantity: 1, Rate: 23, Amounts: accounting.Amounts{Net: 100000, VAT: 23000, Gross: 123000}}},
		Totals: []accounting.RateTotal{{Rate: 23, Amounts: accounting.Amounts{Net: 100000, VAT: 23000, Gross: 123000}}},
		Total:  accounting.Amounts{Net: 100000, VAT: 23000, Gross: 123000}}
	if err := db.UpdateNow(func(tx *store.Tx) error { return tx.IssueDocument(d, 2026) }); err != nil {
		t.Fatal(err)
	}
	db.Close()

	out := mustRun(t, "-data", data, "invoices", "list", "-month", "2026-11")
	if !strings.Contains(out, "FV/2026/0001") || !strings.Contains(out, "1230.00 PLN") || !strings.Contains(out, "2026-11-20") {
		t.Errorf("invoices list:\n%s", out)
	}
	out = mustRun(t, "-data", data, "invoices", "csv", "-month", "2026-11")
	if !strings.HasPrefix(out, `"number","kind",`) || !strings.Contains(out, `"'=cmd|' /C calc'!A0"`) || !strings.Contains(out, `"1230.00"`) {
		t.Errorf("invoices csv:\n%s", out)
	}
	if _, errOut, code := runOrderd(t, "-data", data, "invoices", "list", "-month", "26-11"); code != 2 || !strings.Contains(errOut, "YYYY-MM") {
		t.Errorf("a bad month: exit %d %q", code, errOut)
	}

	// Offline, to a named file; then, without -o, the document's own name
	// in the current folder. With the site, as the daemon has it: the PDF
	// names the parties' countries from the catalogue.
	file := filepath.Join(t.TempDir(), "out.pdf")
	if out := mustRun(t, "-data", data, "-site", sitePath, "invoices", "pdf", "FV/2026/0001", "-o", file); !strings.HasPrefix(out, "written: "+file) {
		t.Errorf("invoices pdf -o: %q", out)
	}
	assertPDF(t, file)
	dir := t.TempDir()
	cmd := exec.Command(binPath, "-data", data, "invoices", "pdf", "FV/2026/0001")
	cmd.Env, cmd.Dir = cleanEnv(), dir
	if out, err := cmd.CombinedOutput(); err != nil || !strings.Contains(string(out), "FV-2026-0001.pdf") {
		t.Errorf("invoices pdf without -o: %v %q", err, out)
	}
	assertPDF(t, filepath.Join(dir, "FV-2026-0001.pdf"))
	missing := filepath.Join(t.TempDir(), "missing.pdf")
	if _, errOut, code := runOrderd(t, "-data", data, "invoices", "pdf", "FV/2026/0002", "-o", missing); code != 1 || !strings.Contains(errOut, "no document FV/2026/0002") {
		t.Errorf("no such document: exit %d %q", code, errOut)
	}
	if _, err := os.Stat(missing); !os.IsNotExist(err) {
		t.Errorf("a failed command wrote a file: %v", err)
	}

	// Through the serving daemon.
	startDaemon(t, data)
	pdf := mustRun(t, "-data", data, "invoices", "pdf", "FV/2026/0001", "-o", "-")
	offline, _ := os.ReadFile(file)
	if pdf != string(offline) {
		t.Errorf("invoices pdf through the socket: %d bytes, %.12q; want the %d bytes of the offline run", len(pdf), pdf, len(offline))
	}
	if out := mustRun(t, "-data", data, "invoices", "list", "-month", "2026-11"); !strings.Contains(out, "FV/2026/0001") {
		t.Errorf("invoices list through the socket:\n%s", out)
	}
}

func assertPDF(t *testing.T, file string) {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil || !bytes.HasPrefix(b, []byte("%PDF")) {
		t.Errorf("%s: %v %.8q", file, err, b)
	}
}
