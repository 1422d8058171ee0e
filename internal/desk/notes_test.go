package desk_test

import (
	"encoding/json"
	"strings"
	"testing"

	"sabershop/internal/catalog"
	"sabershop/internal/desk"
	"sabershop/internal/store"
)

type withNotes struct {
	StageEmails bool `json:"stage_emails"`
	Notes       []struct {
		Owner string `json:"owner"`
		Text  string `json:"text"`
	} `json:"notes"`
}

func notesOf(t *testing.T, a answer) withNotes {
	t.Helper()
	var v withNotes
	if err := json.Unmarshal([]byte(a.raw), &v); err != nil {
		t.Fatalf("%d %s: %v", a.status, a.raw, err)
	}
	return v
}

// Notes: written through the order service (as the terminal's) with the owner's name and an
// audit line, answered and listed with the order oldest first, as text
// (the desk's page shows it as text, never HTML); hidden characters go;
// empty and too long are refused with a code and the owner's language;
// a session and the CSRF token are needed; a stage change keeps them in
// its answer.
func TestOrderNotes(t *testing.T) {
	e, cookie, csrf := withOrders(t)
	post := func(id, text string, headers ...string) answer {
		t.Helper()
		return e.call("POST", "/admin/api/orders/"+id+"/notes", map[string]string{"text": text},
			append([]string{"Cookie", cookie, desk.CSRFHeader, csrf}, headers...)...)
	}
	const markup = "<img src=x onerror=alert(1)>"
	e.want(e.call("POST", "/admin/api/orders/2/notes", map[string]string{"text": "x"}), 401, "unauthorized")
	e.want(e.call("POST", "/admin/api/orders/2/notes", map[string]string{"text": "x"}, "Cookie", cookie), 403, "csrf")
	e.want(post("2", "x", "Sec-Fetch-Site", "cross-site"), 403, "cross_site")

	a := post("2", "  customer called,\u202e wants it before the 12th  ")
	e.want(a, 200, "")
	if n := notesOf(t, a).Notes; len(n) != 1 || n[0].Text != "customer called, wants it before the 12th" || n[0].Owner != "marek" {
		t.Errorf("after the first note: %s", a.raw)
	}
	e.want(post("2", markup+"\nsecond line"), 200, "")
	a = e.call("GET", "/admin/api/orders/2", nil, "Cookie", cookie)
	if n := notesOf(t, a).Notes; len(n) != 2 || n[1].Text != markup+"\nsecond line" {
		t.Errorf("the order's notes: %s", a.raw)
	}
	if a := e.call("GET", "/admin/api/orders/3", nil, "Cookie", cookie); len(notesOf(t, a).Notes) != 0 || !strings.Contains(a.raw, `"notes":[]`) {
		t.Errorf("order 3 has notes: %s", a.raw)
	}

	a = post("2", " \u200b ", "Accept-Language", "en")
	e.want(a, 422, "note_empty")
	if a.body["message"] != "Write the note first." {
		t.Errorf("empty: %s", a.raw)
	}
	a = post("2", strings.Repeat("ż", 2001))
	e.want(a, 422, "note_too_long")
	if a.body["message"] != "Notatka jest za długa: najwyżej 2000 znaków." {
		t.Errorf("too long: %s", a.raw)
	}
	e.want(post("2", strings.Repeat("ż", 2000)), 200, "")
	e.want(post("99", "nobody's"), 404, "not_found")
	e.want(e.call("POST", "/admin/api/orders/2/notes", "not an object", "Cookie", cookie, desk.CSRFHeader, csrf), 400, "malformed_json")

	// A stage change answers the order with its notes.
	a = e.call("POST", "/admin/api/orders/2/stage", map[string]string{"stage": "ready"}, "Cookie", cookie, desk.CSRFHeader, csrf)
	e.want(a, 200, "")
	if n := len(notesOf(t, a).Notes); n != 3 {
		t.Errorf("the stage's answer has %d notes: %s", n, a.raw)
	}

	log := e.call("GET", "/admin/api/audit", nil, "Cookie", cookie).raw
	if !strings.Contains(log, `"owner":"marek","ip":"127.0.0.1","what":"order.note","target":"#2","detail":"customer called, wants it before the 12th"`) {
		t.Errorf("audit: %s", log)
	}
	if strings.Count(log, `"what":"order.note"`) != 3 {
		t.Errorf("audit: want 3 note lines: %s", log)
	}
}

// The order says whether the shopper asked for an e-mail per stage.
func TestOrderStageEmails(t *testing.T) {
	e, cookie, _ := withOrders(t)
	if v := notesOf(t, e.call("GET", "/admin/api/orders/3", nil, "Cookie", cookie)); v.StageEmails {
		t.Error("stage e-mails before the opt-in")
	}
	if err := e.db.UpdateNow(func(tx *store.Tx) error {
		o, err := tx.OrderByID(3)
		if err != nil {
			return err
		}
		if _, err := o.SetStageEmails(true); err != nil {
			return err
		}
		return tx.PutOrder(o)
	}); err != nil {
		t.Fatal(err)
	}
	if v := notesOf(t, e.call("GET", "/admin/api/orders/3", nil, "Cookie", cookie)); !v.StageEmails {
		t.Error("no stage e-mails after the opt-in")
	}
}

// The list's filters offer the catalogue's stages, delivery countries and
// currencies in the owner's language; only with a session.
func TestOrderFilters(t *testing.T) {
	cat := stagesCatalog()
	cat.Deliveries = []catalog.Delivery{{Code: "pl", Names: map[string]string{"en": "Poland", "pl": "Polska"}}, {Code: "de", Names: map[string]string{"en": "Germany"}}}
	cat.Locales = []catalog.Locale{{Code: "pl", Currency: "PLN"}, {Code: "en", Currency: "EUR"}, {Code: "de", Currency: "EUR"}}
	e := newEnv(t, func(c *desk.Config) { c.Catalog = func() *catalog.Catalog { return cat } })
	cookie, _ := e.signedIn("marek")
	e.want(e.call("GET", "/admin/api/orders/filters", nil), 401, "unauthorized")
	a := e.call("GET", "/admin/api/orders/filters", nil, "Cookie", cookie)
	e.want(a, 200, "")
	want := `{"stages":[{"id":"parts-ordered","name":"Części zamówione"},{"id":"ready","name":"Gotowe"}],` +
		`"countries":[{"id":"pl","name":"Polska"},{"id":"de","name":"Germany"}],"currencies":["EUR","PLN"]}`
	if a.raw != want {
		t.Errorf("filters:\n%s\nwant\n%s", a.raw, want)
	}
}
