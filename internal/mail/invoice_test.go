package mail

import (
	"strings"
	"testing"
	"time"
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
	for name, m := range map[string]*Message{"order_placed": placed, "owner": owner} {
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
