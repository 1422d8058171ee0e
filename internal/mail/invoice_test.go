package mail

import (
	"strings"
	"testing"
	"time"

	"sabershop/internal/mail/outbox"
)

// A buyer who asked for a company's invoice sees the company and its VAT
// ID in the order e-mail, and so does the owner; a company name with
// markup stays text in the HTML part. A consumer's e-mail has no such
// block.
func TestInvoiceDataInOrderMails(t *testing.T) {
	o := testOrder("pl")
	o.Customer.Company, o.Customer.VATID = `Kuźnia <b>Mieczy</b> sp. z o.o.`, "PL5260250274"
	placed, err := OrderPlaced(testCatalog(), o, statusURL)
	if err != nil {
		t.Fatal(err)
	}
	owner, err := OwnerOrder(KindOwnerOrderPlaced, testCatalog(), "pl", "owner@saberforge.example", o, statusURL, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	for name, m := range map[string]*outbox.Message{"order_placed": placed, "owner": owner} {
		if !strings.Contains(m.Text, "Faktura na:\nKuźnia <b>Mieczy</b> sp. z o.o.\nNIP: PL5260250274") {
			t.Errorf("%s text:\n%s", name, m.Text)
		}
		if !strings.Contains(m.HTML, "Kuźnia &lt;b&gt;Mieczy&lt;/b&gt; sp. z o.o.<br>NIP: PL5260250274") {
			t.Errorf("%s html lacks the escaped company", name)
		}
	}
	o.Customer.Company, o.Customer.VATID = "", ""
	consumer, err := OrderPlaced(testCatalog(), o, statusURL)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(consumer.Text, "Faktura na") {
		t.Errorf("a consumer's e-mail names an invoice:\n%s", consumer.Text)
	}
}

// The "payment received" e-mail names the document it carries, an
// invoice or a receipt, in the shopper's language, and keeps its numbers
// for the worker to attach; without a document it names none.
func TestPaymentReceivedNamesItsDocument(t *testing.T) {
	for _, c := range []struct {
		locale, number, want string
	}{
		{"en", "FV/2026/0007", "The invoice FV/2026/0007 is attached as a PDF file"},
		{"pl", "R/2026/0003", "W załączniku przesyłamy potwierdzenie sprzedaży R/2026/0003 w pliku PDF"},
		{"de", "FV/2026/0008", "Die Rechnung FV/2026/0008 hängt als PDF-Datei an"},
	} {
		m, err := PaymentReceived(testCatalog(), testOrder(c.locale), statusURL, []string{c.number}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(m.Text, c.want) || !strings.Contains(m.HTML, c.want) {
			t.Errorf("%s: lacks %q:\n%s", c.locale, c.want, m.Text)
		}
		if len(m.Documents) != 1 || m.Documents[0] != c.number {
			t.Errorf("%s: documents %v", c.locale, m.Documents)
		}
	}
	m, err := PaymentReceived(testCatalog(), testOrder("en"), statusURL, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(m.Text, "attached") || len(m.Documents) != 0 {
		t.Errorf("no document, yet:\n%s", m.Text)
	}
}
