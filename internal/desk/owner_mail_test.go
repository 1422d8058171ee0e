package desk_test

import (
	"strings"
	"testing"

	"sabershop/internal/desk"
	"sabershop/internal/store"
)

// How the owner's e-mails come, from the Account page: every kind "each"
// until the owner chooses, a choice stored and audited, a withdrawal
// never without an e-mail, an unknown kind or mode refused.
func TestOwnerMailFromTheDesk(t *testing.T) {
	e, cookie, csrf := withOrders(t)
	post := func(body any) answer {
		t.Helper()
		return e.call("POST", "/admin/api/owner-mail", body, "Cookie", cookie, desk.CSRFHeader, csrf)
	}
	got := e.call("GET", "/admin/api/owner-mail", nil, "Cookie", cookie)
	e.want(got, 200, "")
	for _, want := range []string{`{"kind":"owner_order_placed","mode":"each","modes":["each","digest","none"]}`,
		`{"kind":"owner_withdrawal","mode":"each","modes":["each","digest"]}`} {
		if !strings.Contains(got.raw, want) {
			t.Errorf("choices %s lack %s", got.raw, want)
		}
	}
	e.want(post(map[string]string{"kind": "owner_withdrawal", "mode": "none"}), 422, "owner_mail_mode")
	e.want(post(map[string]string{"kind": "owner_nonsense", "mode": "each"}), 422, "owner_mail_mode")
	e.want(post(map[string]string{"kind": "owner_order_placed", "mode": "weekly"}), 422, "owner_mail_mode")
	e.want(e.call("POST", "/admin/api/owner-mail", map[string]string{"kind": "owner_order_placed", "mode": "none"}, "Cookie", cookie), 403, "") // no CSRF token
	e.want(e.call("GET", "/admin/api/owner-mail", nil), 401, "unauthorized")

	set := post(map[string]string{"kind": "owner_order_placed", "mode": "digest"})
	e.want(set, 200, "")
	if !strings.Contains(set.raw, `{"kind":"owner_order_placed","mode":"digest"`) {
		t.Errorf("answer %s", set.raw)
	}
	e.want(post(map[string]string{"kind": "owner_payment_failed", "mode": "none"}), 200, "")
	var stored map[string]string
	if err := e.db.View(func(tx *store.Tx) (err error) { stored, err = tx.OwnerMail(); return err }); err != nil {
		t.Fatal(err)
	}
	if len(stored) != 2 || stored["owner_order_placed"] != "digest" || stored["owner_payment_failed"] != "none" {
		t.Errorf("stored %v", stored)
	}
	log := e.call("GET", "/admin/api/audit", nil, "Cookie", cookie).raw
	if !strings.Contains(log, `"owner":"marek","ip":"127.0.0.1","what":"shop.owner_mail","detail":"owner_order_placed: digest"`) {
		t.Errorf("audit lacks the choice: %s", log)
	}
}
