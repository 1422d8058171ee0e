package api_test

import (
	"context"
	"encoding/xml"
	"errors"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"sabershop/internal/accounting"
	"sabershop/internal/catalog"
	"sabershop/internal/catalog/catalogfile"
	"sabershop/internal/ksef"
	"sabershop/internal/ksef/ksefake"
	"sabershop/internal/ksef/schema"
	"sabershop/internal/mail"
	"sabershop/internal/mail/outbox"
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
	return ksefEnvWith(t, nil)
}

// ksefEnvWith is ksefEnv with the owner's KSeF Offline certificate (nil:
// none, no offline mode).
func ksefEnvWith(t *testing.T, offline *ksef.OfflineSigner) (*env, *ksefake.Fake) {
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
		c.ordersConfig.KSeFOffline = offline
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

// ksefJob is document number's place in the KSeF queue (nil: not queued).
func (e *env) ksefJob(number string) *store.KSeFJob {
	e.t.Helper()
	var j *store.KSeFJob
	err := e.db.View(func(tx *store.Tx) (err error) { j, err = tx.KSeFJob(number); return err })
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		e.t.Fatal(err)
	}
	return j
}

// ksefPass runs the KSeF queue once, as the daemon's loop does, and
// returns document number as kept after it.
func (e *env) ksefPass(number string) *accounting.Document {
	e.t.Helper()
	if _, err := e.orders.SendKSeF(context.Background()); err != nil {
		e.t.Fatal(err)
	}
	var d *accounting.Document
	if err := e.db.View(func(tx *store.Tx) (err error) { d, err = tx.DocumentByNumber(number); return err }); err != nil {
		e.t.Fatal(err)
	}
	return d
}

// invoiceOf is paid order o's invoice number.
func (e *env) invoiceOf(o *order.Order) string {
	e.t.Helper()
	for _, d := range e.documentsOf(o.ID) {
		if d.Kind == accounting.KindInvoice {
			return d.Number
		}
	}
	e.t.Fatalf("order #%d has no invoice", o.ID)
	return ""
}

// KSeF down (503): the document waits with the reason and a later try,
// and goes in once KSeF is back; nothing is sent twice.
func TestKSeFOutageLeavesTheDocumentWaiting(t *testing.T) {
	e, fake := ksefEnv(t)
	fake.Down(true)
	fv := e.invoiceOf(e.companyOrder())
	now := e.clock.Now()
	if d := e.ksefPass(fv); d.KSeF.State != accounting.KSeFWaiting {
		t.Fatalf("while KSeF is down: %+v", d.KSeF)
	}
	j := e.ksefJob(fv)
	if j == nil || !strings.Contains(j.Error, "unavailable") || !j.NextTry.After(now) || j.Attempts != 1 {
		t.Fatalf("the job while KSeF is down: %+v", j)
	}
	if d := e.ksefPass(fv); d.KSeF.State != accounting.KSeFWaiting || e.ksefJob(fv).Attempts != 1 {
		t.Fatalf("a pass before the next try is due tried again: %+v", e.ksefJob(fv))
	}
	fake.Down(false)
	if d := e.sendKSeF(fv); d.KSeF.State != accounting.KSeFAccepted {
		t.Fatalf("after the outage: %+v", d.KSeF)
	}
	if n := len(fake.Accepted()); n != 1 {
		t.Errorf("KSeF holds %d invoices", n)
	}
}

// KSeF answering 429 is obeyed: the next try is exactly Retry-After later.
func TestKSeFRateLimitIsObeyed(t *testing.T) {
	e, fake := ksefEnv(t)
	fv := e.invoiceOf(e.companyOrder())
	fake.RateLimit(1, 7*time.Second)
	now := e.clock.Now()
	e.ksefPass(fv)
	j := e.ksefJob(fv)
	if j == nil || !j.NextTry.Equal(now.Add(7*time.Second)) || !strings.Contains(j.Error, "too many requests") {
		t.Fatalf("after a 429 with Retry-After 7: %+v (now %v)", j, now)
	}
	if d := e.sendKSeF(fv); d.KSeF.State != accounting.KSeFAccepted {
		t.Fatalf("after the wait: %+v", d.KSeF)
	}
}

// A document KSeF refuses stops with KSeF's code and words; the owner is
// told in their language; nothing sends it again until the owner retries,
// and the retry gets it in.
func TestKSeFRefusalWaitsForTheOwner(t *testing.T) {
	e, fake := ksefEnv(t)
	fake.RefuseNext(450, "Błąd weryfikacji semantyki dokumentu faktury")
	o := e.companyOrder()
	fv := e.invoiceOf(o)
	d := e.sendKSeF(fv)
	if d.KSeF.State != accounting.KSeFRefused || d.KSeF.Code != 450 || !strings.Contains(d.KSeF.Reason, "semantyki") {
		t.Fatalf("refused: %+v", d.KSeF)
	}
	if e.ksefJob(fv) != nil {
		t.Error("a refused document is still queued")
	}
	var owner *outbox.Message
	queue, err := e.db.Outbox()
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range queue {
		if m.Kind == mail.KindOwnerKSeFRefused {
			owner = m
		}
	}
	if owner == nil || !strings.Contains(owner.To, ownerEmail) || !strings.Contains(owner.Subject, fv) || !strings.Contains(owner.Text, "semantyki") ||
		!strings.Contains(owner.Text, "450") {
		t.Fatalf("the owner's e-mail: %+v", owner)
	}
	received := fake.Received()
	for range 3 {
		e.clock.Set(e.clock.Now().Add(time.Hour))
		e.ksefPass(fv)
	}
	if fake.Received() != received {
		t.Fatalf("a refused document was sent again without the owner: %d, then %d", received, fake.Received())
	}
	if err := e.orders.RetryKSeF(fv, orders.Actor{Name: orders.Terminal}); err != nil {
		t.Fatal(err)
	}
	if err := e.orders.RetryKSeF(fv, orders.Actor{Name: orders.Terminal}); !errors.Is(err, orders.ErrNotRefused) {
		t.Errorf("a second retry: %v, want ErrNotRefused", err)
	}
	if d := e.sendKSeF(fv); d.KSeF.State != accounting.KSeFAccepted || d.KSeF.Reason != "" {
		t.Fatalf("after the retry: %+v", d.KSeF)
	}
}

// A token KSeF no longer takes: the document waits with a reason that
// names the token, and goes in once the owner fixed it; an access token
// that merely expired is refreshed without the owner.
func TestKSeFTokenRefusedThenFixed(t *testing.T) {
	e, fake := ksefEnv(t)
	first := e.invoiceOf(e.companyOrder())
	e.sendKSeF(first)
	fake.ExpireTokens()
	second := e.invoiceOf(e.companyOrder())
	if d := e.sendKSeF(second); d.KSeF.State != accounting.KSeFAccepted {
		t.Fatalf("after the access token expired: %+v", d.KSeF)
	}
	if fake.Refreshes() == 0 && fake.Authentications() < 2 {
		t.Error("the expired access token was neither refreshed nor replaced")
	}

	fake.RevokeToken("test-ksef-token")
	fake.ExpireTokens()
	third := e.invoiceOf(e.companyOrder())
	now := e.clock.Now()
	if d := e.ksefPass(third); d.KSeF.State != accounting.KSeFWaiting {
		t.Fatalf("with a revoked token: %+v", d.KSeF)
	}
	j := e.ksefJob(third)
	if j == nil || !strings.Contains(j.Error, "token") || j.NextTry.Before(now.Add(15*time.Minute)) {
		t.Fatalf("the job with a revoked token: %+v", j)
	}
	fake.AddToken("6762451891", "test-ksef-token") // the owner makes a new one
	e.clock.Set(j.NextTry)
	if d := e.sendKSeF(third); d.KSeF.State != accounting.KSeFAccepted {
		t.Fatalf("after the token was fixed: %+v", d.KSeF)
	}
}

// A session KSeF closed (expired, or closed by KSeF) while documents
// wait: the next document waits with the reason and is sent in a new
// session at once.
func TestKSeFClosedSessionOpensANewOne(t *testing.T) {
	e, fake := ksefEnv(t)
	first := e.invoiceOf(e.companyOrder())
	fake.Hold(true) // the first stays in processing: its session stays open
	if d := e.ksefPass(first); d.KSeF.State != accounting.KSeFSent {
		t.Fatalf("the first: %+v", d.KSeF)
	}
	session := e.ksefJob(first).Session
	fake.CloseSessions()
	second := e.invoiceOf(e.companyOrder())
	e.ksefPass(second)
	j := e.ksefJob(second)
	if j == nil || !strings.Contains(j.Error, "closed") {
		t.Fatalf("the second, sent into the closed session: %+v", j)
	}
	if d := e.ksefPass(second); d.KSeF.State != accounting.KSeFSent || e.ksefJob(second).Session == session || e.ksefJob(second).Session == "" {
		t.Fatalf("the second after the closed session: %+v %+v", d.KSeF, e.ksefJob(second))
	}
}

// A German company's euro invoice waits for the bank's rate before it
// goes to KSeF (FA(3) carries the VAT in złoty at that rate): with the
// bank down nothing is sent and the job says why; once the rate is in,
// KSeF accepts it and the XML carries the rate.
func TestKSeFEuroInvoiceWaitsForTheRate(t *testing.T) {
	e, fake := ksefEnv(t)
	e.bankDown.Store(true)
	req := e.orderRequest()
	req.Locale = "de"
	req.Customer.Country = "de"
	req.Customer.Zip = "10115"
	req.Customer.Company, req.Customer.VATID = "Schmiede GmbH", "DE811907980"
	p := e.place(e.priced(req))
	wantStatus(t, e.payCard(p.Hash, e.shopKey(), sandbox.CardSuccess), http.StatusOK)
	fv := e.invoiceOf(e.waitStatus(p.Hash, order.Paid))
	if d := e.ksefPass(fv); d.KSeF.State != accounting.KSeFWaiting || !d.NeedsRate() {
		t.Fatalf("with the bank down: %+v", d.KSeF)
	}
	if j := e.ksefJob(fv); j == nil || !strings.Contains(j.Error, "exchange rate") || fake.Received() != 0 {
		t.Fatalf("the job with the bank down: %+v, KSeF received %d", j, fake.Received())
	}
	e.bankDown.Store(false)
	if _, err := e.orders.FillRates(context.Background()); err != nil {
		t.Fatal(err)
	}
	e.clock.Set(e.clock.Now().Add(time.Hour))
	d := e.sendKSeF(fv)
	if d.KSeF.State != accounting.KSeFAccepted || d.Exchange == nil {
		t.Fatalf("after the rate: %+v %+v", d.KSeF, d.Exchange)
	}
	var sent []byte
	if err := e.db.View(func(tx *store.Tx) (err error) { sent, err = tx.KSeFFile(fv, store.KSeFFileXML); return err }); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(sent), "<KodWaluty>EUR</KodWaluty>") || !strings.Contains(string(sent), "<KursWaluty>"+d.Exchange.Mid) {
		t.Errorf("the FA(3) of a euro invoice lacks its currency or rate %s:\n%s", d.Exchange.Mid, sent)
	}
}

// KSeF down longer than the threshold, with the owner's Offline
// certificate: the invoice is handed over in KSeF's offline24 mode. It
// becomes offline with KOD I and KOD II over the kept XML's hash; the
// buyer's e-mail says so and carries the PDF whose two QR codes read back
// as the stored links, KOD II's signature verifying with the
// certificate; the status page links it. KSeF back, it is sent with
// offlineMode: true and accepted with a KSeF number, the same XML, and no
// second e-mail.
func TestKSeFOutageHandsOverOffline(t *testing.T) {
	for _, ec := range []bool{true, false} {
		start := time.Now()
		certPEM, keyPEM := testutil.OfflineCert(t, ec, start.AddDate(0, -1, 0))
		signer, err := ksef.NewOfflineSigner(certPEM, keyPEM, start)
		if err != nil {
			t.Fatal(err)
		}
		e, fake := ksefEnvWith(t, signer)
		fake.Down(true)
		o := e.companyOrder()
		fv := e.invoiceOf(o)
		e.drain() // the payment's e-mails
		if d := e.ksefPass(fv); d.KSeF.State != accounting.KSeFWaiting {
			t.Fatalf("ec %v: KSeF down a moment: %+v", ec, d.KSeF)
		}
		queued := e.ksefJob(fv).Queued
		if next := e.ksefJob(fv).NextTry; next.After(queued.Add(10 * time.Minute)) {
			t.Errorf("ec %v: the next try %s is after the threshold", ec, next)
		}
		// Past the threshold, still down: handed over offline.
		e.clock.Set(queued.Add(10*time.Minute + time.Second))
		d := e.ksefPass(fv)
		k := d.KSeF
		if k.State != accounting.KSeFOffline || k.Number != "" || k.Link == "" || k.CertLink == "" {
			t.Fatalf("ec %v: after the threshold: %+v", ec, k)
		}
		var kept []byte
		if err := e.db.View(func(tx *store.Tx) (err error) { kept, err = tx.KSeFFile(fv, store.KSeFFileXML); return err }); err != nil {
			t.Fatal(err)
		}
		h := strings.NewReplacer("+", "-", "/", "_", "=", "").Replace(ksef.Hash(kept))
		if ksef.Hash(kept) != k.Hash || !strings.HasSuffix(k.Link, "/"+h) || !strings.Contains(k.CertLink, "/"+h+"/") ||
			!strings.HasPrefix(k.CertLink, "https://qr-test.ksef.mf.gov.pl/certificate/Nip/6762451891/6762451891/01F20A5D352AE590/") {
			t.Errorf("ec %v: the links %s and %s, the kept XML's hash %s", ec, k.Link, k.CertLink, ksef.Hash(kept))
		}
		if err := testutil.VerifyCertificateLink(k.CertLink, certPEM); err != nil {
			t.Errorf("ec %v: KOD II's signature: %v", ec, err)
		}
		var issued []received
		for _, m := range e.drain() {
			if len(m.Attachments) > 0 {
				issued = append(issued, m)
			}
		}
		if len(issued) != 1 {
			t.Fatalf("ec %v: %d e-mails with a document after the handover, want 1", ec, len(issued))
		}
		if !strings.Contains(issued[0].Text, "KSeF") || !strings.Contains(issued[0].Text, fv) || strings.Contains(issued[0].Text, "pod numerem") {
			t.Errorf("ec %v: the offline e-mail:\n%s", ec, issued[0].Text)
		}
		codes := testutil.PDFQRCodes(t, issued[0].Attachments[0].Data)
		slices.Sort(codes)
		want := []string{k.CertLink, k.Link}
		slices.Sort(want)
		if !slices.Equal(codes, want) {
			t.Errorf("ec %v: the PDF's QR codes %q, want %q", ec, codes, want)
		}
		if text := testutil.PDFText(t, issued[0].Attachments[0].Data); !strings.Contains(text, "OFFLINE") || !strings.Contains(text, "CERTYFIKAT") {
			t.Errorf("ec %v: the PDF's labels:\n%s", ec, text)
		}
		var view orderDocs
		e.get("/v1/orders/"+o.Hash).Decode(t, &view)
		if len(view.Documents) != 1 || view.Documents[0].URL == "" {
			t.Errorf("ec %v: the status page of an offline invoice: %+v", ec, view.Documents)
		}

		// KSeF back: sent offline, accepted, one invoice, no second e-mail.
		fake.Down(false)
		d = e.sendKSeF(fv)
		if d.KSeF.State != accounting.KSeFAccepted || !ksef.ValidNumber(d.KSeF.Number) || d.KSeF.Link != k.Link || d.KSeF.Hash != k.Hash {
			t.Fatalf("ec %v: after KSeF is back: %+v", ec, d.KSeF)
		}
		acc := fake.Accepted()
		if len(acc) != 1 || !acc[0].Offline || acc[0].Hash != ksef.Hash(kept) || acc[0].KSeFNumber != d.KSeF.Number {
			t.Errorf("ec %v: the local KSeF accepted %+v", ec, acc)
		}
		for _, m := range e.drain() {
			if len(m.Attachments) > 0 || strings.Contains(m.Text, d.KSeF.Number) {
				t.Errorf("ec %v: a second e-mail after acceptance: %s", ec, m.Header.Get("Subject"))
			}
		}
	}
}
