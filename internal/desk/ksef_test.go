package desk_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"sabershop/internal/accounting"
	"sabershop/internal/desk"
	"sabershop/internal/store"
)

// ksefReason is KSeF's refusal as a stranger could word it: an escape
// sequence and a bidi override that must reach the desk inert.
const ksefReason = "Błąd weryfikacji semantyki\x1b[31m dokumentu\u202e faktury"

// withKSeFDocuments is withOrders with four invoices bound for KSeF:
// FV/2026/0001 (order 2) refused with 450, FV/2026/0002 (order 3) waiting
// for four hours with an outage as its last error, FV/2026/0003 (order 2)
// accepted with its UPO, FV/2026/0004 (order 3) waiting for an hour.
func withKSeFDocuments(t *testing.T) (e *env, cookie, csrf string) {
	t.Helper()
	e, cookie, csrf = withOrders(t)
	now := e.clock.Now()
	err := e.db.Update(func(tx *store.Tx) error {
		for i, order := range []uint64{2, 3, 2, 3} {
			a := accounting.Amounts{Net: 100000, VAT: 23000, Gross: 123000}
			d := &accounting.Document{Kind: accounting.KindInvoice, Series: accounting.SeriesInvoice, OrderID: order,
				Issued: now.Add(-5 * time.Hour), SaleDate: now.Add(-5 * time.Hour), Currency: "PLN",
				Buyer:  accounting.Buyer{Name: "Łucja", Company: "Kuźnia KSeF-ODMOWA sp. z o.o.", VATID: "5260250274", Country: "pl"},
				Lines:  []accounting.Line{{Name: "Arc", Quantity: 1, Rate: 23, Amounts: a}},
				Totals: []accounting.RateTotal{{Rate: 23, Amounts: a}}, Total: a,
				KSeF: &accounting.KSeF{State: accounting.KSeFWaiting}}
			if err := tx.IssueDocument(d, 2026); err != nil {
				return err
			}
			switch i {
			case 0:
				d.KSeF = &accounting.KSeF{State: accounting.KSeFRefused, Code: 450, Reason: ksefReason, Refused: now.Add(-2 * time.Hour)}
				if err := tx.SetDocumentKSeF(d); err != nil {
					return err
				}
				if err := tx.PutKSeFFile(d.Number, store.KSeFFileXML, []byte("<Faktura/>")); err != nil {
					return err
				}
			case 1, 3:
				queued := now.Add(-4 * time.Hour)
				if i == 3 {
					queued = now.Add(-time.Hour)
				}
				if err := tx.QueueKSeF(d.Number, queued); err != nil {
					return err
				}
				if i == 1 {
					if err := tx.PutKSeFJob(&store.KSeFJob{Document: d.Number, Queued: queued, NextTry: now, Attempts: 3,
						Error: "ksef: 503 Service Unavailable\x1b[2J"}); err != nil {
						return err
					}
				}
			case 2:
				d.KSeF = &accounting.KSeF{State: accounting.KSeFAccepted, Number: "5265877635-20261124-010080DD2B5E-26", Accepted: now.Add(-3 * time.Hour)}
				if err := tx.SetDocumentKSeF(d); err != nil {
					return err
				}
				if err := tx.PutKSeFFile(d.Number, store.KSeFFileUPO, []byte(`<?xml version="1.0"?><Potwierdzenie/>`)); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return e, cookie, csrf
}

type ksefView struct {
	State        string    `json:"state"`
	Number       string    `json:"number"`
	Accepted     time.Time `json:"accepted"`
	Refused      time.Time `json:"refused"`
	Reason       string    `json:"reason"`
	Explained    string    `json:"explained"`
	WaitingSince time.Time `json:"waiting_since"`
	LastError    string    `json:"last_error"`
}

type ksefDocument struct {
	Number string    `json:"number"`
	KSeF   *ksefView `json:"ksef"`
}

// ksefDocuments is November's documents by number, as the desk lists
// them in lang.
func (e *env) ksefDocuments(cookie, lang string) (map[string]*ksefView, string) {
	e.t.Helper()
	a := e.call("GET", "/admin/api/documents?month=2026-11", nil, "Cookie", cookie, "Accept-Language", lang)
	e.want(a, 200, "")
	var got struct {
		Documents []ksefDocument `json:"documents"`
	}
	if err := json.Unmarshal([]byte(a.raw), &got); err != nil {
		e.t.Fatal(err)
	}
	out := map[string]*ksefView{}
	for _, d := range got.Documents {
		out[d.Number] = d.KSeF
	}
	return out, a.raw
}

// Each document carries its course through KSeF: a refusal explained in
// the desk's language with KSeF's words inert, a waiting one since when
// and its last error (inert), an accepted one its KSeF number; the
// order's page says the same.
func TestDocumentsKSeF(t *testing.T) {
	e, cookie, _ := withKSeFDocuments(t)
	now := e.clock.Now()
	docs, raw := e.ksefDocuments(cookie, "pl")
	for _, bad := range []string{"\x1b", `\u001b`, "\u202e", `\u202e`} {
		if strings.Contains(raw, bad) {
			t.Errorf("%q reaches the desk: %s", bad, raw)
		}
	}
	r := docs["FV/2026/0001"]
	if r == nil || r.State != "refused" || !strings.Contains(r.Reason, "Błąd weryfikacji semantyki<U+001B>[31m dokumentu<U+202E> faktury") ||
		!strings.HasPrefix(r.Explained, "Treść faktury nie przeszła weryfikacji KSeF (kod 450") || !r.Refused.Equal(now.Add(-2*time.Hour)) ||
		r.Number != "" || !r.WaitingSince.IsZero() {
		t.Errorf("refused: %+v", r)
	}
	w := docs["FV/2026/0002"]
	if w == nil || w.State != "waiting" || !w.WaitingSince.Equal(now.Add(-4*time.Hour)) || w.LastError != "ksef: 503 Service Unavailable<U+001B>[2J" ||
		w.Reason != "" || w.Explained != "" {
		t.Errorf("waiting: %+v", w)
	}
	if a := docs["FV/2026/0003"]; a == nil || a.State != "accepted" || a.Number != "5265877635-20261124-010080DD2B5E-26" ||
		!a.Accepted.Equal(now.Add(-3*time.Hour)) || a.Reason != "" {
		t.Errorf("accepted: %+v", a)
	}
	if strings.Count(raw, `"ksef":`) != 4 {
		t.Errorf("want four documents in KSeF: %s", raw)
	}
	for lang, want := range map[string]string{"en": "The invoice's content failed KSeF's checks (code 450", "de": "Der Inhalt der Rechnung hat die Prüfung von KSeF nicht bestanden (Code 450"} {
		docs, _ := e.ksefDocuments(cookie, lang)
		if r := docs["FV/2026/0001"]; r == nil || !strings.HasPrefix(r.Explained, want) || !strings.Contains(r.Reason, "Błąd weryfikacji") {
			t.Errorf("%s: %+v", lang, r)
		}
	}
	// A document outside KSeF has no ksef.
	if _, raw := (func() (map[string]*ksefView, string) { e2, c2 := withDocuments(t); return e2.ksefDocuments(c2, "pl") })(); strings.Contains(raw, `"ksef"`) {
		t.Errorf("documents outside KSeF: %s", raw)
	}
	// The order's page.
	a := e.call("GET", "/admin/api/orders/2", nil, "Cookie", cookie, "Accept-Language", "pl")
	e.want(a, 200, "")
	if !strings.Contains(a.raw, `"ksef":{"state":"refused"`) || !strings.Contains(a.raw, `"explained":"Treść faktury`) ||
		!strings.Contains(a.raw, `"number":"5265877635-20261124-010080DD2B5E-26"`) {
		t.Errorf("order 2: %s", a.raw)
	}
}

// The PDF of a document KSeF has not accepted is refused with a reason,
// not a failure.
func TestDocumentPDFBeforeKSeF(t *testing.T) {
	e, cookie, _ := withKSeFDocuments(t)
	for _, file := range []string{"FV-2026-0001.pdf", "FV-2026-0002.pdf"} {
		a := e.call("GET", "/admin/api/documents/"+file, nil, "Cookie", cookie, "Accept-Language", "pl")
		e.want(a, 409, "document_ksef_pending")
		if !strings.Contains(a.body["message"].(string), "KSeF") {
			t.Errorf("%s: %s", file, a.raw)
		}
	}
}

// The UPO of an accepted document downloads as XML; none before KSeF
// accepted it (409), nothing for a document that does not exist (404).
func TestDocumentUPO(t *testing.T) {
	e, cookie, _ := withKSeFDocuments(t)
	e.want(e.call("GET", "/admin/api/documents/FV-2026-0003.pdf/upo", nil), 401, "unauthorized")
	for _, file := range []string{"FV-2026-0003.pdf", "FV-2026-0003"} {
		a := e.call("GET", "/admin/api/documents/"+file+"/upo", nil, "Cookie", cookie)
		e.want(a, 200, "")
		if a.raw != `<?xml version="1.0"?><Potwierdzenie/>` || a.header.Get("Content-Type") != "application/xml" ||
			a.header.Get("Content-Disposition") != `attachment; filename="UPO-FV-2026-0003.xml"` || a.header.Get("Cache-Control") != "no-store" {
			t.Errorf("%s: %q %v", file, a.raw, a.header)
		}
	}
	for _, file := range []string{"FV-2026-0001.pdf", "FV-2026-0002.pdf"} {
		a := e.call("GET", "/admin/api/documents/"+file+"/upo", nil, "Cookie", cookie, "Accept-Language", "en")
		e.want(a, 409, "ksef_no_upo")
		if !strings.Contains(a.body["message"].(string), "UPO") {
			t.Errorf("%s: %s", file, a.raw)
		}
	}
	for _, file := range []string{"FV-2026-0009.pdf", "nonsense", "..%2Fetc"} {
		e.want(e.call("GET", "/admin/api/documents/"+file+"/upo", nil, "Cookie", cookie), 404, "not_found")
	}
}

// Sending a refused document again: only with the session's CSRF token
// from the desk's own pages; it waits again, in the activity log; a
// document KSeF did not refuse answers 409, one that does not exist 404.
func TestDocumentKSeFRetry(t *testing.T) {
	e, cookie, csrf := withKSeFDocuments(t)
	path := "/admin/api/documents/FV-2026-0001.pdf/ksef-retry"
	e.want(e.call("POST", path, map[string]string{}), 401, "unauthorized")
	e.want(e.call("POST", path, map[string]string{}, "Cookie", cookie), 403, "csrf")
	e.want(e.call("POST", path, map[string]string{}, "Cookie", cookie, desk.CSRFHeader, csrf, "Sec-Fetch-Site", "cross-site"), 403, "cross_site")
	if docs, _ := e.ksefDocuments(cookie, "pl"); docs["FV/2026/0001"].State != "refused" {
		t.Fatalf("refused or rejected requests changed the document: %+v", docs["FV/2026/0001"])
	}

	a := e.call("POST", path, map[string]string{}, "Cookie", cookie, desk.CSRFHeader, csrf)
	e.want(a, 200, "")
	var got ksefDocument
	if err := json.Unmarshal([]byte(a.raw), &got); err != nil {
		t.Fatal(err)
	}
	if got.Number != "FV/2026/0001" || got.KSeF == nil || got.KSeF.State != "waiting" || !got.KSeF.WaitingSince.Equal(e.clock.Now()) ||
		got.KSeF.Reason != "" || got.KSeF.Explained != "" {
		t.Errorf("after the retry: %s", a.raw)
	}
	err := e.db.View(func(tx *store.Tx) error {
		if _, err := tx.KSeFJob("FV/2026/0001"); err != nil {
			t.Errorf("not queued again: %v", err)
		}
		if _, err := tx.KSeFFile("FV/2026/0001", store.KSeFFileXML); err == nil {
			t.Errorf("the refused XML is kept: it must be made anew")
		}
		log, err := tx.AuditLog(0, 1)
		if len(log) != 1 || log[0].What != "document.ksef_retry" || log[0].Owner != "marek" || !strings.Contains(log[0].Detail+log[0].Target, "FV/2026/0001") {
			t.Errorf("audit %+v", log)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, file := range []string{"FV-2026-0001.pdf", "FV-2026-0002.pdf", "FV-2026-0003.pdf"} {
		a := e.call("POST", "/admin/api/documents/"+file+"/ksef-retry", map[string]string{}, "Cookie", cookie, desk.CSRFHeader, csrf, "Accept-Language", "pl")
		e.want(a, 409, "ksef_not_refused")
		if !strings.Contains(a.body["message"].(string), "KSeF nie odrzucił") {
			t.Errorf("%s: %s", file, a.raw)
		}
	}
	e.want(e.call("POST", "/admin/api/documents/FV-2026-0009.pdf/ksef-retry", map[string]string{}, "Cookie", cookie, desk.CSRFHeader, csrf), 404, "not_found")
}

// Today shows what needs a look in KSeF: a document waiting longer than
// three hours and a refused one, each with its order; nothing when none.
func TestTodayKSeF(t *testing.T) {
	e, cookie, csrf := withKSeFDocuments(t)
	today := func() []map[string]any {
		t.Helper()
		a := e.call("GET", "/admin/api/today", nil, "Cookie", cookie)
		e.want(a, 200, "")
		var got struct {
			KSeF []map[string]any `json:"ksef"`
		}
		if err := json.Unmarshal([]byte(a.raw), &got); err != nil || got.KSeF == nil {
			t.Fatalf("%v: %s", err, a.raw)
		}
		return got.KSeF
	}
	got := today()
	if len(got) != 2 || got[0]["number"] != "FV/2026/0002" || got[0]["state"] != "waiting" || got[0]["order_id"] != 3.0 ||
		got[1]["number"] != "FV/2026/0001" || got[1]["state"] != "refused" || got[1]["order_id"] != 2.0 {
		t.Errorf("today's KSeF: %v", got)
	}
	// Sent again, the refused one waits afresh: not late yet.
	e.want(e.call("POST", "/admin/api/documents/FV-2026-0001.pdf/ksef-retry", map[string]string{}, "Cookie", cookie, desk.CSRFHeader, csrf), 200, "")
	if got := today(); len(got) != 1 || got[0]["number"] != "FV/2026/0002" {
		t.Errorf("after the retry: %v", got)
	}
	// Without documents in KSeF: an empty list, the card hidden.
	e2, cookie2, _ := withOrders(t)
	if a := e2.call("GET", "/admin/api/today", nil, "Cookie", cookie2); !strings.Contains(a.raw, `"ksef":[]`) {
		t.Errorf("no KSeF: %s", a.raw)
	}
}
