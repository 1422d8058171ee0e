package desk_test

import (
	"encoding/json"
	"strings"
	"testing"

	"sabershop/internal/desk"
	"sabershop/internal/owners"
	"sabershop/internal/store"
)

// Personal data on the desk: the export is a JSON download of the CLI's
// export, the erasure removes the sign-up and the messages and lists the
// kept orders with their day; both need a session, the erasure the CSRF
// token; a bad address is refused in the owner's language; the audit log
// has both without the address.
func TestPrivacyExportAndErase(t *testing.T) {
	e, cookie, csrf := withOrders(t)
	err := e.db.Update(func(tx *store.Tx) error {
		if err := tx.PutSubscriber(&store.Subscriber{Email: "o1@example.com", Locale: "pl", Confirmed: true, Created: start}); err != nil {
			return err
		}
		return tx.PutContact(&store.Contact{Name: "Anna", Email: "O1@example.com", Message: "Is the Arc in stock?", Created: start})
	})
	if err != nil {
		t.Fatal(err)
	}
	const export = "/admin/api/privacy/export?email=o1%40example.com"
	e.want(e.call("GET", export, nil), 401, "unauthorized")
	e.want(e.call("POST", "/admin/api/privacy/erase", map[string]string{"email": "o1@example.com"}), 401, "unauthorized")
	e.want(e.call("POST", "/admin/api/privacy/erase", map[string]string{"email": "o1@example.com"}, "Cookie", cookie), 403, "csrf")

	a := e.call("GET", export, nil, "Cookie", cookie)
	e.want(a, 200, "")
	if cd := a.header.Get("Content-Disposition"); !strings.HasPrefix(cd, `attachment; filename="personal-data-`) {
		t.Errorf("Content-Disposition %q", cd)
	}
	var d struct {
		Orders []struct {
			Order struct {
				ID uint64 `json:"id"`
			} `json:"order"`
			AnonymisedOn string `json:"anonymised_on"`
		} `json:"orders"`
		Subscription *struct{ Confirmed bool }  `json:"subscription"`
		Messages     []struct{ Message string } `json:"messages"`
	}
	if err := json.Unmarshal([]byte(a.raw), &d); err != nil {
		t.Fatalf("%v: %s", err, a.raw)
	}
	if len(d.Orders) != 1 || d.Orders[0].Order.ID != 1 || d.Orders[0].AnonymisedOn != "2033-01-01" || d.Subscription == nil ||
		len(d.Messages) != 1 || strings.Contains(a.raw, "o2@example.com") {
		t.Errorf("export %s", a.raw)
	}
	a = e.call("GET", "/admin/api/privacy/export?email=nobody", nil, "Cookie", cookie, "Accept-Language", "en")
	e.want(a, 400, "privacy_email")
	if a.body["message"] != "Write the person's e-mail address, like anna@example.com." {
		t.Errorf("bad address: %s", a.raw)
	}

	a = e.call("POST", "/admin/api/privacy/erase", map[string]string{"email": "o1@example.com"}, "Cookie", cookie, desk.CSRFHeader, csrf)
	e.want(a, 200, "")
	if !strings.Contains(a.raw, `"subscription":true,"messages":1,"orders":[{"id":1,`) || !strings.Contains(a.raw, `"anonymised_on":"2033-01-01"`) {
		t.Errorf("erase %s", a.raw)
	}
	err = e.db.View(func(tx *store.Tx) error {
		if _, err := tx.Subscriber("o1@example.com"); err == nil {
			t.Error("the sign-up stayed")
		}
		if list, _ := tx.Contacts(); len(list) != 0 {
			t.Errorf("messages stayed: %+v", list)
		}
		log, err := tx.AuditLog(0, 2)
		if len(log) != 2 || log[0].What != "privacy.erase" || log[1].What != "privacy.export" || log[0].Owner != "marek" {
			t.Errorf("audit %+v", log)
		}
		for _, l := range log {
			if strings.Contains(auditText(l), "o1@") {
				t.Errorf("the audit line keeps the address: %+v", l)
			}
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

func auditText(e *owners.Entry) string { return e.Target + " " + e.Detail }
