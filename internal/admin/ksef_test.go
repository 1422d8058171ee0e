package admin_test

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"sabershop/internal/accounting"
	"sabershop/internal/order"
	"sabershop/internal/orders"
	"sabershop/internal/store"
)

// ksefFixture is a paid order with three invoices bound for KSeF,
// FV/2026/0001 refused (KSeF's words carry an escape sequence and a bidi
// override), FV/2026/0002 waiting after a failed try, FV/2026/0003
// accepted with its UPO; the owner's language is ownerLocale
// (ORDERD_OWNER_LOCALE).
func ksefFixture(t *testing.T, ownerLocale string) (*fixture, *order.Order) {
	f := newFixture(t)
	svc, err := orders.New(orders.Config{Store: f.db, Catalog: f.env.Catalog, BaseURL: testBaseURL, Now: f.env.Now, Kick: f.env.Kick,
		OwnerLocale: ownerLocale})
	if err != nil {
		t.Fatal(err)
	}
	f.env.Orders = svc
	o := f.setStatus(f.place("pl", customer("Anna", "anna@example.com", "pl"), arc(1)), order.PaymentPending, order.Paid)
	var docs []*accounting.Document
	for range 3 {
		docs = append(docs, f.issue(o, testNow.Add(-5*time.Hour), func(d *accounting.Document) {
			d.KSeF = &accounting.KSeF{State: accounting.KSeFWaiting}
		}))
	}
	err = f.db.UpdateNow(func(tx *store.Tx) error {
		r := docs[0]
		r.KSeF = &accounting.KSeF{State: accounting.KSeFRefused, Code: 450, Refused: testNow.Add(-time.Hour),
			Reason: "Błąd weryfikacji\x1b[31m semantyki\u202e dokumentu faktury"}
		if err := tx.SetDocumentKSeF(r); err != nil {
			return err
		}
		if err := tx.QueueKSeF(docs[1].Number, testNow.Add(-4*time.Hour)); err != nil {
			return err
		}
		if err := tx.PutKSeFJob(&store.KSeFJob{Document: docs[1].Number, Queued: testNow.Add(-4 * time.Hour), NextTry: testNow,
			Attempts: 2, Error: "ksef: 503 Service Unavailable\x1b[2J"}); err != nil {
			return err
		}
		a := docs[2]
		a.KSeF = &accounting.KSeF{State: accounting.KSeFAccepted, Number: "5265877635-20261122-010080DD2B5E-26", Accepted: testNow}
		if err := tx.SetDocumentKSeF(a); err != nil {
			return err
		}
		return tx.PutKSeFFile(a.Number, store.KSeFFileUPO, []byte(`<?xml version="1.0"?><Potwierdzenie/>`))
	})
	if err != nil {
		t.Fatal(err)
	}
	return f, o
}

// orderd ksef status lists what waits and what KSeF refused, the refusal
// explained in the owner's language (ORDERD_OWNER_LOCALE) and KSeF's words
// and the queue's error inert; retry sends a refused one again (in the
// activity log), only a refused one; upo prints an accepted one's UPO.
func TestKSeFCommands(t *testing.T) {
	f, o := ksefFixture(t, "pl")
	out := f.ok("ksef", "status")
	assertInert(t, "ksef status", out)
	for _, want := range []string{
		"DOCUMENT", "FV/2026/0002  #" + strconv.FormatUint(o.ID, 10), "waiting  2026-11-22 09:00", "FV/2026/0001  #" + strconv.FormatUint(o.ID, 10), "refused  2026-11-22 12:00",
		"FV/2026/0002: the last try failed: ksef: 503 Service Unavailable<U+001B>[2J",
		"FV/2026/0001 refused by KSeF (code 450):", "Treść faktury nie przeszła weryfikacji KSeF (kod 450",
		"KSeF: Błąd weryfikacji<U+001B>[31m semantyki<U+202E> dokumentu faktury", "orderd ksef retry FV/2026/0001",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("ksef status lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "FV/2026/0003") {
		t.Errorf("an accepted document listed:\n%s", out)
	}
	if strings.Index(out, "FV/2026/0002") > strings.Index(out, "FV/2026/0001") {
		t.Errorf("waiting documents come first:\n%s", out)
	}
	for lang, want := range map[string]string{"de": "Der Inhalt der Rechnung hat die Prüfung von KSeF nicht bestanden (Code 450",
		"en": "The invoice's content failed KSeF's checks (code 450"} {
		f, _ := ksefFixture(t, lang)
		if out := f.ok("ksef", "status"); !strings.Contains(out, want) {
			t.Errorf("ORDERD_OWNER_LOCALE=%s: lacks %q:\n%s", lang, want, out)
		}
	}

	if out := f.ok("ksef", "upo", "FV/2026/0003"); out != `<?xml version="1.0"?><Potwierdzenie/>` {
		t.Errorf("ksef upo: %q", out)
	}
	f.fails("FV/2026/0002 has no UPO", "ksef", "upo", "FV/2026/0002")
	f.fails("no document FV/2026/0009", "ksef", "upo", "FV/2026/0009")

	if out := f.ok("ksef", "retry", "FV/2026/0001"); !strings.Contains(out, "FV/2026/0001 queued for KSeF again") {
		t.Errorf("ksef retry: %s", out)
	}
	err := f.db.View(func(tx *store.Tx) error {
		d, err := tx.DocumentByNumber("FV/2026/0001")
		if err != nil || d.KSeF.State != accounting.KSeFWaiting {
			t.Errorf("after the retry: %+v, %v", d.KSeF, err)
		}
		log, err := tx.AuditLog(0, 1)
		if len(log) != 1 || log[0].What != "document.ksef_retry" || log[0].Owner != orders.Terminal {
			t.Errorf("audit %+v", log)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"FV/2026/0001", "FV/2026/0002", "FV/2026/0003"} {
		f.fails("KSeF did not refuse it", "ksef", "retry", n)
	}
	f.fails("no document FV/2026/0009", "ksef", "retry", "FV/2026/0009")
	f.usage("give one document number", "ksef", "retry")
	f.usage("give one document number", "ksef", "upo", "FV/2026/0001", "FV/2026/0002")
	f.usage("unknown command \"ksef nope\"", "ksef", "nope")
	f.usage("takes no arguments", "ksef", "status", "now")

	// Nothing open: said so.
	empty := newFixture(t)
	if out := empty.ok("ksef", "status"); !strings.Contains(out, "nothing waits for KSeF") {
		t.Errorf("empty: %s", out)
	}
}

// The accountant's CSV carries an accepted document's KSeF number, and
// nothing for the others.
func TestDocumentsCSVKSeFNumber(t *testing.T) {
	f, _ := ksefFixture(t, "pl")
	out := f.ok("invoices", "csv", "-month", "2026-11")
	lines := strings.Split(strings.TrimSpace(out), "\r\n")
	if !strings.HasSuffix(lines[0], `"corrects","ksef_number"`) {
		t.Errorf("header %s", lines[0])
	}
	for _, l := range lines[1:] {
		accepted := strings.HasPrefix(l, `"FV/2026/0003"`)
		if got := strings.HasSuffix(l, `"5265877635-20261122-010080DD2B5E-26"`); got != accepted {
			t.Errorf("row %s", l)
		}
	}
}
