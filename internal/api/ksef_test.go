package api_test

import (
	"context"
	"encoding/xml"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"sabershop/internal/accounting"
	"sabershop/internal/catalog"
	"sabershop/internal/catalog/catalogfile"
	"sabershop/internal/ksef"
	"sabershop/internal/ksef/ksefake"
	"sabershop/internal/ksef/schema"
	"sabershop/internal/order"
	"sabershop/internal/orders"
	"sabershop/internal/payment/sandbox"
	"sabershop/internal/store"
	"sabershop/internal/testutil"
)

// ksefEnv is the sandbox shop sending business invoices ([ksef] send =
// "business") to a local KSeF on its own port, which checks the schema.
func ksefEnv(t *testing.T) (*env, *ksefake.Fake) {
	t.Helper()
	fake, err := ksefake.New()
	if err != nil {
		t.Fatal(err)
	}
	fake.RequireSchema = true
	const nip, token = "6762451891", "test-ksef-token"
	fake.AddToken(nip, token)
	srv := httptest.NewServer(fake)
	t.Cleanup(srv.Close)
	e, _ := newSandboxEnvStore(t, store.Options{}, 20*time.Millisecond, func(c *config) {
		cat := *c.Catalogs.Current()
		cat.KSeF = catalog.KSeF{Send: catalog.KSeFBusiness, Environment: catalog.KSeFTest}
		c.Catalogs = catalogfile.Fixed(&cat)
		c.ordersConfig.KSeF = &ksef.Client{BaseURL: srv.URL + "/v2", NIP: nip, Token: token}
	})
	return e, fake
}

// companyOrder places and pays (sandbox card) a Polish company's order.
func (e *env) companyOrder() *order.Order {
	e.t.Helper()
	req := e.orderRequest()
	req.Customer.Company, req.Customer.VATID = "Kuźnia Mieczy sp. z o.o.", "526-025-02-74"
	p := e.place(e.priced(req))
	wantStatus(e.t, e.payCard(p.Hash, e.shopKey(), sandbox.CardSuccess), http.StatusOK)
	return e.waitStatus(p.Hash, order.Paid)
}

// sendKSeF runs the KSeF queue until document number is accepted or
// refused, as the daemon's loop does when each next try is due.
func (e *env) sendKSeF(number string) *accounting.Document {
	e.t.Helper()
	var d *accounting.Document
	testutil.Eventually(e.t, number+" answered by KSeF", func() error {
		// The shop's clock stands still in these tests: each pass is a
		// poll later, so the next one is due.
		e.clock.Set(e.clock.Now().Add(3 * time.Second))
		if _, err := e.orders.SendKSeF(context.Background()); err != nil {
			return err
		}
		if err := e.db.View(func(tx *store.Tx) (err error) { d, err = tx.DocumentByNumber(number); return err }); err != nil {
			return err
		}
		if s := d.KSeF.State; s != accounting.KSeFAccepted && s != accounting.KSeFRefused {
			return errString("state " + s)
		}
		return nil
	})
	return d
}

type errString string

func (e errString) Error() string { return string(e) }

// A company's order paid in the sandbox shop: the payment e-mail says the
// invoice follows and attaches nothing; the status page lists it without a
// link while KSeF checks it; KSeF accepts the FV (valid against the FA(3)
// schema), its UPO validates against the UPO schema, the buyer's e-mail
// carries the PDF with the KSeF number and a QR code that reads back as
// the verification link; a refund's FK cites the FV's KSeF number.
func TestCompanyInvoiceThroughKSeF(t *testing.T) {
	e, fake := ksefEnv(t)
	o := e.companyOrder()
	docs := e.documentsOf(o.ID)
	if len(docs) != 1 || docs[0].KSeF == nil || docs[0].KSeF.State != accounting.KSeFWaiting {
		t.Fatalf("the paid order's documents: %+v", docs)
	}
	fv := docs[0].Number

	// Before KSeF: the payment e-mail attaches nothing and says it follows;
	// the status page has no link; the download is not there yet.
	for _, m := range e.drain() {
		if strings.Contains(m.Header.Get("Subject"), "płatność otrzymana") {
			if len(m.Attachments) != 0 || !strings.Contains(m.Text, "KSeF") {
				t.Errorf("the payment e-mail before KSeF: %d attachments, text:\n%s", len(m.Attachments), m.Text)
			}
		}
	}
	var view orderDocs
	e.get("/v1/orders/"+o.Hash).Decode(t, &view)
	if len(view.Documents) != 1 || view.Documents[0].URL != "" {
		t.Fatalf("the status page before KSeF: %+v", view.Documents)
	}
	file := "/v1/orders/" + o.Hash + "/documents/" + strings.ReplaceAll(fv, "/", "-") + ".pdf"
	wantStatus(t, e.get(file), http.StatusServiceUnavailable)

	d := e.sendKSeF(fv)
	if d.KSeF.State != accounting.KSeFAccepted || !ksef.ValidNumber(d.KSeF.Number) || !strings.HasPrefix(d.KSeF.Link, "https://qr-test.ksef.mf.gov.pl/invoice/6762451891/") {
		t.Fatalf("after KSeF: %+v", d.KSeF)
	}
	if acc := fake.Accepted(); len(acc) != 1 || acc[0].Number != fv || acc[0].KSeFNumber != d.KSeF.Number {
		t.Fatalf("the local KSeF accepted %+v", acc)
	}
	var sent, upo []byte
	if err := e.db.View(func(tx *store.Tx) (err error) {
		if sent, err = tx.KSeFFile(fv, store.KSeFFileXML); err != nil {
			return err
		}
		upo, err = tx.KSeFFile(fv, store.KSeFFileUPO)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if ksef.Hash(sent) != d.KSeF.Hash {
		t.Errorf("the kept XML's hash %s, the document's %s", ksef.Hash(sent), d.KSeF.Hash)
	}
	for what, doc := range map[string][]byte{"FV": sent} {
		if err := schema.Validate(context.Background(), doc, schema.FA3); err != nil {
			t.Errorf("%s: %v", what, err)
		}
	}
	if err := schema.Validate(context.Background(), upo, schema.UPO); err != nil || !strings.Contains(string(upo), d.KSeF.Number) {
		t.Errorf("the UPO: %v\n%s", err, upo)
	}

	// The buyer's e-mail with the PDF: the KSeF number in its text, the
	// QR code reads back as the link.
	var issued *received
	for _, m := range e.drain() {
		if len(m.Attachments) > 0 {
			issued = &m
		}
	}
	if issued == nil {
		t.Fatal("no e-mail with the invoice after KSeF accepted it")
	}
	if !strings.Contains(issued.Text, d.KSeF.Number) {
		t.Errorf("the invoice e-mail does not name the KSeF number:\n%s", issued.Text)
	}
	pdf := issued.Attachments[0].Data
	if text := testutil.PDFText(t, pdf); !strings.Contains(text, d.KSeF.Number) || !strings.Contains(text, fv) {
		t.Errorf("the PDF lacks %s or %s:\n%s", fv, d.KSeF.Number, text)
	}
	if codes := testutil.PDFQRCodes(t, pdf); len(codes) != 1 || codes[0] != d.KSeF.Link {
		t.Errorf("the PDF's QR codes %q, want %q", codes, d.KSeF.Link)
	}
	e.get("/v1/orders/"+o.Hash).Decode(t, &view)
	if len(view.Documents) != 1 || view.Documents[0].URL == "" {
		t.Errorf("the status page after KSeF: %+v", view.Documents)
	}
	wantStatus(t, e.get(file), http.StatusOK)

	// A refund's correction cites the invoice's KSeF number.
	if _, err := e.orders.Refund(context.Background(), orders.RefundRequest{OrderID: o.ID, Amount: 5000, Reason: "Rysa na rękojeści", Key: "r1"}); err != nil {
		t.Fatal(err)
	}
	var fk string
	for _, doc := range e.documentsOf(o.ID) {
		if doc.Kind == accounting.KindCorrection {
			fk = doc.Number
		}
	}
	if c := e.sendKSeF(fk); c.KSeF.State != accounting.KSeFAccepted {
		t.Fatalf("the correction: %+v", c.KSeF)
	}
	var kor []byte
	if err := e.db.View(func(tx *store.Tx) (err error) { kor, err = tx.KSeFFile(fk, store.KSeFFileXML); return err }); err != nil {
		t.Fatal(err)
	}
	if err := schema.Validate(context.Background(), kor, schema.FA3); err != nil {
		t.Errorf("FK: %v", err)
	}
	var cited struct {
		Number string `xml:"Fa>DaneFaKorygowanej>NrKSeFFaKorygowanej"`
		Kind   string `xml:"Fa>RodzajFaktury"`
	}
	if err := xml.Unmarshal(kor, &cited); err != nil || cited.Number != d.KSeF.Number || cited.Kind != "KOR" {
		t.Errorf("the FK cites %+v (%v), want KOR of %s", cited, err, d.KSeF.Number)
	}
	if n := len(fake.Accepted()); n != 2 {
		t.Errorf("the local KSeF holds %d invoices, want the FV and the FK", n)
	}
}
