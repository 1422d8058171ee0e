package schema

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"
)

// The Ministry's own UPO example (CIRFMF/ksef-docs,
// faktury/upo/przyklady/v4-3/kontekst-nip, kept as published) comes from
// the test environment, whose receiver name ("Ministerstwo Finansów -
// środowisko testowe (TE)") the schema's fixed value refuses; with the
// production name it validates. The same document with an element renamed
// does not, and the error says which.
func TestValidateUPOExample(t *testing.T) {
	if !Available() {
		t.Fatal("xmllint is not installed: make test-deps installs libxml2-utils")
	}
	doc, err := os.ReadFile("testdata/upo-faktura-kontekst-id-nip.xml")
	if err != nil {
		t.Fatal(err)
	}
	err = Validate(context.Background(), doc, UPO)
	if !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), "fixed value") {
		t.Fatalf("the test environment's receiver name: %v, want the fixed-value refusal", err)
	}
	doc = []byte(strings.Replace(string(doc), "Ministerstwo Finansów - środowisko testowe (TE)", "Ministerstwo Finansów", 1))
	if err := Validate(context.Background(), doc, UPO); err != nil {
		t.Fatalf("the official example: %v", err)
	}
	bad := []byte(strings.Replace(string(doc), "NumerReferencyjnySesji>", "NumerSesji>", 2))
	err = Validate(context.Background(), bad, UPO)
	if !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), "NumerSesji") {
		t.Fatalf("a renamed element: %v, want ErrInvalid naming NumerSesji", err)
	}
}

// The FA(3) schema compiles offline: its imports of crd.gov.pl resolve
// through catalog.xml to the copies here (with --nonet a miss is an error),
// so a document that is not an invoice is refused for what it is.
func TestFA3SchemaCompilesOffline(t *testing.T) {
	if !Available() {
		t.Fatal("xmllint is not installed: make test-deps installs libxml2-utils")
	}
	err := Validate(context.Background(), []byte(`<Faktura xmlns="http://crd.gov.pl/wzor/2025/06/25/13775/"/>`), FA3)
	if !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), "Naglowek") {
		t.Fatalf("an empty Faktura: %v, want ErrInvalid asking for Naglowek", err)
	}
}
