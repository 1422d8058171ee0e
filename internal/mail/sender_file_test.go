package mail

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"sabershop/internal/mail/mailtest"
)

func TestFileSenderWritesEML(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "mail")
	fs := FileSender{Dir: dir, From: testFrom}
	m, err := OrderCancelled(testCatalog(), testOrder("pl"), statusURL)
	if err != nil {
		t.Fatal(err)
	}
	m.ID = 42
	for i := 0; i < 2; i++ { // a retry rewrites the same file
		if err := fs.Send(context.Background(), m); err != nil {
			t.Fatal(err)
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 {
		t.Fatalf("want one file (no temp files left), got %v", entries)
	}
	name := entries[0].Name()
	if !regexp.MustCompile(`^\d{8}T\d{6}Z-42-order_cancelled\.eml$`).MatchString(name) || filepath.Join(dir, name) != fs.Path(m) {
		t.Errorf("file name %q", name)
	}
	if info, _ := entries[0].Info(); info.Mode().Perm()&0o077 != 0 {
		t.Errorf("file mode %v: readable by others", info.Mode())
	}
	raw, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	p := mailtest.Parse(t, raw)
	if p.Subject != "Zamówienie #12 anulowane" {
		t.Errorf("subject %q", p.Subject)
	}
	if p.Header.Get("From") == "" || p.Header.Get("Message-Id") == "" || p.Header.Get("Date") == "" {
		t.Errorf("headers: %v", p.Header)
	}
	if !strings.Contains(p.Text, "Powód: Customer asked to cancel") || !strings.Contains(p.HTML, statusURL) {
		t.Error("body lacks the reason or the status link")
	}
}
