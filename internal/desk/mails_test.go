package desk_test

import (
	"fmt"
	"strings"
	"testing"

	"sabershop/internal/desk"
	"sabershop/internal/mail/outbox"
	"sabershop/internal/store"
)

// An order's delivered e-mail opens in the desk (its text inert, its HTML
// in a sandbox no script runs in) and is sent again word for word; the
// copy shows as queued and the audit log names who resent it and from
// where. Another order's e-mail, and one whose text was not kept, do not
// open.
func TestOrderMailOpenAndResend(t *testing.T) {
	e, cookie, csrf := withOrders(t)
	m := &outbox.Message{Kind: "order_placed", Locale: "pl", To: `"Łukasz Nowak" <o2@example.com>`, Ref: "hash-2-0123456789abcdef",
		Subject: "Zamówienie #2", Text: "Dzień dobry Łukasz\u202Eevil,\nzamówienie przyjęte.",
		HTML: `<p>Dzień dobry <b>Łukasz</b></p><script>parent.alert(1)</script>`, About: "x"}
	bulk := &outbox.Message{Kind: "sale_start", Locale: "pl", To: "o2@example.com", Ref: "hash-2-0123456789abcdef",
		Subject: "Sprzedaż ruszyła", Text: "t", HTML: "h", ListUnsubscribe: "https://shop.example/u"}
	if err := e.db.Update(func(tx *store.Tx) error { return tx.Enqueue(m, bulk) }); err != nil {
		t.Fatal(err)
	}
	if err := e.db.DeliveredAll([]*outbox.Message{m, bulk}); err != nil {
		t.Fatal(err)
	}
	get := func(path string) answer { t.Helper(); return e.call("GET", path, nil, "Cookie", cookie) }
	base := fmt.Sprintf("/admin/api/orders/2/mails/%d", m.ID)

	o := get("/admin/api/orders/2")
	if !strings.Contains(o.raw, fmt.Sprintf(`"id":%d,"kind":"order_placed","to":"o2@example.com","subject":"Zamówienie #2"`, m.ID)) ||
		!strings.Contains(o.raw, `"kept":true`) {
		t.Fatalf("order's e-mails: %s", o.raw)
	}
	a := get(base)
	e.want(a, 200, "")
	if a.body["text"] != "Dzień dobry Łukasz<U+202E>evil,\nzamówienie przyjęte." || a.body["html_url"] != base+"/html" {
		t.Errorf("opened: %s", a.raw)
	}
	h := get(base + "/html")
	csp := h.header.Get("Content-Security-Policy")
	if h.status != 200 || !strings.HasPrefix(csp, "sandbox;") || strings.Contains(csp, "allow-scripts") ||
		!strings.Contains(csp, "frame-ancestors 'self'") || h.header.Get("X-Frame-Options") != "SAMEORIGIN" ||
		h.header.Get("Cache-Control") != "no-store" || !strings.Contains(h.raw, "<b>Łukasz</b>") {
		t.Errorf("HTML view: %d %v %s", h.status, h.header, h.raw)
	}
	e.want(get(fmt.Sprintf("/admin/api/orders/3/mails/%d", m.ID)), 404, "not_found")    // another order's
	e.want(get(fmt.Sprintf("/admin/api/orders/2/mails/%d", bulk.ID)), 404, "not_found") // bulk: not kept
	e.want(get(base+"/html"+"x"), 404, "")

	// Resending needs the CSRF token, like every write.
	e.want(e.call("POST", base+"/resend", map[string]string{}, "Cookie", cookie), 403, "")
	r := e.call("POST", base+"/resend", map[string]string{}, "Cookie", cookie, desk.CSRFHeader, csrf)
	e.want(r, 200, "")
	if !strings.Contains(r.raw, `"subject":"Zamówienie #2","queued":true`) {
		t.Errorf("resent: %s", r.raw)
	}
	queued, err := e.db.Outbox()
	if err != nil || len(queued) != 1 || queued[0].HTML != m.HTML || queued[0].Text != m.Text || queued[0].To != m.To || queued[0].About != "x" {
		t.Fatalf("outbox %+v, %v", queued, err)
	}
	if log := get("/admin/api/audit").raw; !strings.Contains(log, `"owner":"marek","ip":"127.0.0.1","what":"mail.resend","target":"#2","detail":"order_placed"`) {
		t.Errorf("audit: %s", log)
	}
	e.want(e.call("POST", fmt.Sprintf("/admin/api/orders/2/mails/%d/resend", bulk.ID), map[string]string{}, "Cookie", cookie,
		desk.CSRFHeader, csrf), 404, "not_found")
}
