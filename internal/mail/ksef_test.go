package mail

import (
	htmltemplate "html/template"
	"strings"
	"testing"
	"time"

	"sabershop/internal/ksef"
	"sabershop/internal/order"
)

// An invoice bound for KSeF is handed over only once KSeF accepts it: the
// payment e-mail says so in the shopper's language, names it, and
// attaches nothing for it.
func TestPaymentReceivedSaysTheInvoiceFollows(t *testing.T) {
	for _, c := range []struct {
		locale     string
		follow     []string
		want, not  string
		wantBefore string // the payment's own text comes first
	}{
		{"en", []string{"FV/2027/0001"},
			"Your invoice FV/2027/0001 is being registered in KSeF, Poland's national e-invoicing system. We will send it to you in a separate e-mail as soon as KSeF accepts it; from then on you can also download it from your order's page.",
			"attached", "We have received your payment"},
		{"pl", []string{"FV/2027/0001"},
			"Fakturę FV/2027/0001 właśnie rejestrujemy w KSeF – Krajowym Systemie e-Faktur. Wyślemy ją w osobnym e-mailu, gdy tylko KSeF ją przyjmie; od tej chwili będzie ją też można pobrać ze strony zamówienia.",
			"W załączniku", "Otrzymaliśmy Twoją płatność"},
		{"de", []string{"FV/2027/0001"},
			"Deine Rechnung FV/2027/0001 wird gerade in KSeF registriert, dem nationalen E-Rechnungssystem Polens. Sobald KSeF sie angenommen hat, schicken wir sie dir in einer eigenen E-Mail; ab dann kannst du sie auch auf der Seite deiner Bestellung herunterladen.",
			"hängt als PDF", "Wir haben deine Zahlung"},
		{"pl", []string{"FV/2027/0001", "FV/2027/0002"},
			"Faktury FV/2027/0001, FV/2027/0002 właśnie rejestrujemy w KSeF – Krajowym Systemie e-Faktur. Wyślemy je w osobnym e-mailu",
			"W załączniku", "Otrzymaliśmy Twoją płatność"},
		{"en", []string{"FV/2027/0001", "FV/2027/0002"},
			"Your invoices FV/2027/0001, FV/2027/0002 are being registered in KSeF",
			"attached", "We have received your payment"},
	} {
		name := c.locale + " " + strings.Join(c.follow, ",")
		m, err := PaymentReceived(testCatalog(), testOrder(c.locale), statusURL, nil, c.follow)
		if err != nil {
			t.Fatal(err)
		}
		html := htmltemplate.HTMLEscapeString(c.want)
		if !strings.Contains(m.Text, c.want) || !strings.Contains(m.HTML, html) {
			t.Errorf("%s: lacks %q:\n%s", name, c.want, m.Text)
		}
		if i := strings.Index(m.Text, c.wantBefore); i < 0 || i > strings.Index(m.Text, c.want) {
			t.Errorf("%s: the payment is not confirmed before the invoice is announced:\n%s", name, m.Text)
		}
		if strings.Contains(m.Text, c.not) || strings.Contains(m.HTML, c.not) || len(m.Documents) != 0 {
			t.Errorf("%s: attaches something: documents %v\n%s", name, m.Documents, m.Text)
		}
	}

	// A receipt attached and an invoice to follow: each is named as what it is.
	m, err := PaymentReceived(testCatalog(), testOrder("en"), statusURL, []string{"R/2027/0003"}, []string{"FV/2027/0004"})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"The sales receipt R/2027/0003 is attached as a PDF file", "Your invoice FV/2027/0004 is being registered in KSeF"} {
		if !strings.Contains(m.Text, s) {
			t.Errorf("receipt and invoice: lacks %q:\n%s", s, m.Text)
		}
	}
	if len(m.Documents) != 1 || m.Documents[0] != "R/2027/0003" {
		t.Errorf("receipt and invoice: documents %v, want the receipt only", m.Documents)
	}
}

// document_issued names the invoice (or the correcting invoice) and the
// order in the subject, carries the KSeF number and the QR code's purpose
// in the shopper's language, links the order, and has the worker attach
// the PDF.
func TestDocumentIssued(t *testing.T) {
	const kn = "6762451891-20270104-9F8E7D6C5B4A-3E"
	for _, c := range []struct {
		locale, number, subject string
		want                    []string
	}{
		{"en", "FV/2027/0001", "Invoice FV/2027/0001 for order #12",
			[]string{"The invoice FV/2027/0001 for your order #12 is attached as a PDF file.", "registered in KSeF, Poland's national e-invoicing system, under the number " + kn, "QR code"}},
		{"pl", "FV/2027/0001", "Faktura FV/2027/0001 do zamówienia #12",
			[]string{"W załączniku przesyłamy fakturę FV/2027/0001 do zamówienia #12 w pliku PDF.", "zarejestrowana w KSeF – Krajowym Systemie e-Faktur – pod numerem " + kn, "kod QR"}},
		{"de", "FV/2027/0001", "Rechnung FV/2027/0001 zu Bestellung #12",
			[]string{"Die Rechnung FV/2027/0001 zu deiner Bestellung #12 hängt als PDF-Datei an.", "unter der Nummer " + kn + " registriert", "QR-Code"}},
		{"en", "FK/2027/0002", "Correcting invoice FK/2027/0002 for order #12",
			[]string{"Your correcting invoice", "The correcting invoice FK/2027/0002 for your order #12 is attached", kn}},
		{"pl", "FK/2027/0002", "Faktura korygująca FK/2027/0002 do zamówienia #12",
			[]string{"Twoja faktura korygująca", "przesyłamy fakturę korygującą FK/2027/0002 do zamówienia #12", kn}},
		{"de", "FK/2027/0002", "Rechnungskorrektur FK/2027/0002 zu Bestellung #12",
			[]string{"Deine Rechnungskorrektur", "Die Rechnungskorrektur FK/2027/0002 zu deiner Bestellung #12", kn}},
	} {
		name := c.locale + " " + c.number
		m, err := DocumentIssued(testCatalog(), testOrder(c.locale), statusURL, c.number, kn)
		if err != nil {
			t.Fatal(err)
		}
		if m.About != c.number { // the desk names the document in the order's e-mails
			t.Errorf("%s: about %q", name, m.About)
		}
		if m.Subject != c.subject {
			t.Errorf("%s: subject %q, want %q", name, m.Subject, c.subject)
		}
		for _, s := range append(c.want, statusURL) {
			if !strings.Contains(m.Text, s) || !strings.Contains(m.HTML, htmltemplate.HTMLEscapeString(s)) {
				t.Errorf("%s: lacks %q:\n%s", name, s, m.Text)
			}
		}
		if m.Kind != KindDocumentIssued || m.Locale != c.locale || m.Ref != "h4sh-0f-0rder-12" || !strings.Contains(m.To, "anna@example.com") ||
			len(m.Documents) != 1 || m.Documents[0] != c.number {
			t.Errorf("%s: kind %q locale %q ref %q to %q documents %v", name, m.Kind, m.Locale, m.Ref, m.To, m.Documents)
		}
	}
	// Only an invoice or a correcting invoice KSeF accepted is handed
	// over this way.
	for _, c := range [][2]string{{"R/2027/0001", kn}, {"RK/2027/0001", kn}, {"FV/2027/0001", ""}, {"", kn}} {
		if _, err := DocumentIssued(testCatalog(), testOrder("en"), statusURL, c[0], c[1]); err == nil {
			t.Errorf("%q with KSeF number %q: no error", c[0], c[1])
		}
	}
}

// The owner learns of a refusal in the owner's language, whatever the
// order's: what happened, what to do, the code explained, then KSeF's own
// words; with the order and the customer as in every owner e-mail.
func TestOwnerDocumentRefused(t *testing.T) {
	const reason = "Błąd weryfikacji semantyki dokumentu faktury. Nieprawidłowy NIP nabywcy"
	for _, c := range []struct {
		loc, number, subject string
		want                 []string
	}{
		{"pl", "FV/2027/0001", "KSeF odrzucił fakturę FV/2027/0001 (zamówienie #12)",
			[]string{"„Wyślij ponownie”", "orderd ksef retry FV/2027/0001", "Odpowiedź KSeF: „" + reason + "”", "Otwórz zamówienie"}},
		{"en", "FV/2027/0001", "KSeF refused invoice FV/2027/0001 (order #12)",
			[]string{"“Send again”", "orderd ksef retry FV/2027/0001", "KSeF's answer: “" + reason + "”", "Open the order"}},
		{"de", "FV/2027/0001", "KSeF hat die Rechnung FV/2027/0001 abgelehnt (Bestellung #12)",
			[]string{"„Erneut senden“", "orderd ksef retry FV/2027/0001", "Antwort von KSeF: „" + reason + "“", "Bestellung öffnen"}},
		{"pl", "FK/2027/0002", "KSeF odrzucił fakturę korygującą FK/2027/0002 (zamówienie #12)",
			[]string{"Faktura korygująca FK/2027/0002 do zamówienia #12 nie została przyjęta", "orderd ksef retry FK/2027/0002"}},
		{"en", "FK/2027/0002", "KSeF refused correcting invoice FK/2027/0002 (order #12)", nil},
		{"de", "FK/2027/0002", "KSeF hat die Rechnungskorrektur FK/2027/0002 abgelehnt (Bestellung #12)", nil},
	} {
		name := c.loc + " " + c.number
		o := testOrder("en") // an English shopper; the owner reads their own language
		o.Status = order.Paid
		m, err := OwnerDocumentRefused(testCatalog(), c.loc, "owner@saberforge.example", o, statusURL, time.Now(), c.number, 450, reason)
		if err != nil {
			t.Fatal(err)
		}
		if m.Subject != c.subject {
			t.Errorf("%s: subject %q, want %q", name, m.Subject, c.subject)
		}
		explained := ksef.Explain(450, c.loc)
		want := append([]string{explained, "#12", "Anna Nowak", "anna@example.com", statusURL}, c.want...)
		for _, s := range want {
			if !strings.Contains(m.Text, s) || !strings.Contains(m.HTML, htmltemplate.HTMLEscapeString(s)) {
				t.Errorf("%s: lacks %q:\n%s", name, s, m.Text)
			}
		}
		// The explanation, then KSeF's words, in the warning.
		if i, j := strings.Index(m.Text, explained), strings.Index(m.Text, reason); i < 0 || j < i {
			t.Errorf("%s: the explanation does not come before KSeF's words:\n%s", name, m.Text)
		}
		if m.Kind != KindOwnerKSeFRefused || m.Locale != c.loc || m.Ref != o.Hash || !strings.Contains(m.To, "owner@saberforge.example") ||
			!strings.Contains(m.ReplyTo, "anna@example.com") || len(m.Documents) != 0 {
			t.Errorf("%s: kind %q locale %q ref %q to %q reply-to %q documents %v", name, m.Kind, m.Locale, m.Ref, m.To, m.ReplyTo, m.Documents)
		}
	}
}

// What the shop itself could not do (code 0) is told as the shop's reason,
// not as KSeF's answer; a code KSeF's documentation does not list is named.
func TestOwnerDocumentRefusedCodes(t *testing.T) {
	m, err := OwnerDocumentRefused(testCatalog(), "en", "owner@saberforge.example", testOrder("pl"), statusURL, time.Now(),
		"FV/2027/0001", 0, "the buyer's NIP is missing")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(m.Text, ksef.Explain(0, "en")+" Reason: “the buyer's NIP is missing”") || strings.Contains(m.Text, "KSeF's answer") {
		t.Errorf("code 0:\n%s", m.Text)
	}
	m, err = OwnerDocumentRefused(testCatalog(), "pl", "owner@saberforge.example", testOrder("pl"), statusURL, time.Now(),
		"FV/2027/0001", 461, "")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(m.Text, ksef.Explain(461, "pl")) || !strings.Contains(m.Text, "461") || strings.Contains(m.Text, "Odpowiedź KSeF") {
		t.Errorf("an unlisted code without words:\n%s", m.Text)
	}
	if _, err := OwnerDocumentRefused(testCatalog(), "pl", "owner@saberforge.example", testOrder("pl"), statusURL, time.Now(),
		" ", 450, "x"); err == nil {
		t.Error("no document number: no error")
	}
}

// KSeF's words are text from outside: a tag stays text, a bidi override,
// an escape sequence and a line break do not act in any part, and the
// warning stays one line.
func TestOwnerDocumentRefusedInert(t *testing.T) {
	reason := "Nieprawidłowy NIP <script>alert(1)</script> \u202Ekcah\x1b[31m\r\nBcc: victim@example.com\u200B"
	for _, loc := range Locales() {
		m, err := OwnerDocumentRefused(testCatalog(), loc, "owner@saberforge.example", testOrder("pl"), statusURL, time.Now(),
			"FV/2027/0001\u202E", 450, reason)
		if err != nil {
			t.Fatal(err)
		}
		for part, s := range map[string]string{"subject": m.Subject, "text": m.Text, "html": m.HTML} {
			for _, bad := range []string{"\u202E", "\x1b", "\u200B", "\r"} {
				if strings.Contains(s, bad) {
					t.Errorf("%s %s holds %q", loc, part, bad)
				}
			}
		}
		if strings.Contains(m.HTML, "<script>") || !strings.Contains(m.HTML, "&lt;script&gt;alert(1)&lt;/script&gt;") ||
			!strings.Contains(m.HTML, "&lt;U&#43;202E&gt;kcah") {
			t.Errorf("%s: the HTML part does not show KSeF's words as text", loc)
		}
		// Plain text shows the tag as the characters KSeF sent, the
		// override as a marker, the line break as a space.
		if !strings.Contains(m.Text, "<script>alert(1)</script> <U+202E>kcah [31m Bcc: victim@example.com<U+200B>") {
			t.Errorf("%s: the text part:\n%s", loc, m.Text)
		}
		if strings.ContainsAny(m.Subject, "\n") {
			t.Errorf("%s: subject %q", loc, m.Subject)
		}
	}
}

// An invoice issued in KSeF's offline mode (offline24) is handed over
// before it has a KSeF number: the e-mail says it was issued offline and
// will be registered in KSeF, in each language, with the PDF attached.
func TestDocumentIssuedOffline(t *testing.T) {
	for _, c := range []struct {
		locale string
		want   []string
	}{
		{"en", []string{"issued in the offline mode of KSeF", "will be registered in KSeF", "two QR codes"}},
		{"pl", []string{"wystawiona w trybie offline Krajowego Systemu e-Faktur", "zostanie w nim zarejestrowana", "dwa kody QR"}},
		{"de", []string{"im Offline-Modus von KSeF", "dort registriert", "zwei QR-Codes"}},
	} {
		m, err := DocumentIssuedOffline(testCatalog(), testOrder(c.locale), statusURL, "FV/2027/0001")
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range c.want {
			if !strings.Contains(m.Text, s) || !strings.Contains(m.HTML, htmltemplate.HTMLEscapeString(s)) {
				t.Errorf("%s: lacks %q:\n%s", c.locale, s, m.Text)
			}
		}
		if strings.Contains(m.Text, "{ksef}") || strings.Contains(m.Text, "under the number") || strings.Contains(m.Text, "pod numerem") {
			t.Errorf("%s: speaks of a KSeF number:\n%s", c.locale, m.Text)
		}
		if m.Kind != KindDocumentIssued || len(m.Documents) != 1 || m.Documents[0] != "FV/2027/0001" {
			t.Errorf("%s: kind %q documents %v", c.locale, m.Kind, m.Documents)
		}
	}
	if _, err := DocumentIssuedOffline(testCatalog(), testOrder("en"), statusURL, "R/2027/0001"); err == nil {
		t.Error("a receipt issued offline: no error")
	}
}
