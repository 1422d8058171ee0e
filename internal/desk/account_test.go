package desk_test

import (
	"bytes"
	"encoding/base32"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sabershop/internal/desk"
	"sabershop/internal/order"
	"sabershop/internal/owners"
	"sabershop/internal/store"
)

// Another account made from the desk: only with the owner's password
// again (a wrong one is a failed sign-in, logged), its setup link works
// once, and it can be removed, but never the owner's own account.
func TestOwnersFromTheDesk(t *testing.T) {
	e, cookie, csrf := withOrders(t)
	post := func(path string, body any) answer {
		t.Helper()
		return e.call("POST", path, body, "Cookie", cookie, desk.CSRFHeader, csrf)
	}
	list := e.call("GET", "/admin/api/owners", nil, "Cookie", cookie)
	e.want(list, 200, "")
	if !strings.Contains(list.raw, `"name":"marek","ready":true`) {
		t.Fatalf("owners %s", list.raw)
	}
	e.want(post("/admin/api/owners", map[string]string{"name": "Ania", "password": "not the password"}), 403, "password_wrong")
	e.want(post("/admin/api/owners", map[string]string{"name": "Ania <b>", "password": password}), 422, "owner_name")
	a := post("/admin/api/owners", map[string]string{"name": " Ania ", "password": password})
	e.want(a, 200, "")
	link, _ := a.body["link"].(string)
	if !strings.HasPrefix(link, "https://shop.example/admin/setup#") || !strings.Contains(a.raw, `"name":"ania","ready":false`) {
		t.Fatalf("added: %s", a.raw)
	}
	frag, _ := url.ParseQuery(link[strings.Index(link, "#")+1:])
	e.want(post("/admin/api/owners", map[string]string{"name": "ania", "password": password}), 409, "owner_exists")
	setup := e.call("POST", "/admin/api/setup", map[string]string{"name": frag.Get("name"), "token": frag.Get("token"), "password": "ania's own long password"})
	e.want(setup, 200, "")
	e.want(e.call("POST", "/admin/api/setup", map[string]string{"name": "ania", "token": frag.Get("token"), "password": "another long password"}), 400, "setup_invalid")

	e.want(post("/admin/api/owners/marek/remove", map[string]string{"password": password}), 409, "owner_self")
	e.want(post("/admin/api/owners/marek/reset", map[string]string{"password": password}), 409, "owner_self")
	e.want(e.call("POST", "/admin/api/owners/ania/remove", map[string]string{"password": password}, "Cookie", cookie), 403, "") // no CSRF token
	e.want(post("/admin/api/owners/ania/remove", map[string]string{"password": password}), 200, "")
	e.want(e.call("GET", "/admin/api/me", nil, "Cookie", setup.cookie(t)), 401, "unauthorized") // her session ended with her
	e.want(post("/admin/api/owners/ania/remove", map[string]string{"password": password}), 404, "not_found")

	log := e.call("GET", "/admin/api/audit", nil, "Cookie", cookie).raw
	for _, want := range []string{`"owner":"marek","ip":"127.0.0.1","what":"confirm.failed"`, `"owner":"marek","ip":"127.0.0.1","what":"owners.add","target":"ania"`,
		`"owner":"marek","ip":"127.0.0.1","what":"owners.remove","target":"ania"`} {
		if !strings.Contains(log, want) {
			t.Errorf("audit lacks %s", want)
		}
	}
}

// The second factor set up from the desk: a key offered, kept only once
// the app's code for it is typed with the password; then the password
// alone no longer signs in; off again with the password.
func TestTOTPFromTheDesk(t *testing.T) {
	e, cookie, csrf := withOrders(t)
	post := func(path string, body any) answer {
		t.Helper()
		return e.call("POST", path, body, "Cookie", cookie, desk.CSRFHeader, csrf)
	}
	begin := post("/admin/api/account/totp/begin", map[string]string{})
	e.want(begin, 200, "")
	key, _ := begin.body["key"].(string)
	if u, _ := begin.body["url"].(string); !strings.HasPrefix(u, "otpauth://totp/") || !strings.Contains(u, "secret="+key) {
		t.Fatalf("begin: %s", begin.raw)
	}
	e.want(post("/admin/api/account/totp", map[string]string{"key": key, "code": "000000", "password": password}), 422, "totp_code")
	secret := decodeKey(t, key)
	code := owners.CodeAt(secret, e.clock.Now())
	e.want(post("/admin/api/account/totp", map[string]string{"key": key, "code": code, "password": "wrong"}), 403, "password_wrong")
	on := post("/admin/api/account/totp", map[string]string{"key": key, "code": code, "password": password})
	e.want(on, 200, "")
	if on.body["totp"] != true {
		t.Errorf("on: %s", on.raw)
	}
	e.want(e.call("POST", "/admin/api/signin", map[string]string{"name": "marek", "password": password}), 401, "totp_required")
	e.want(post("/admin/api/account/totp", map[string]string{"password": password}), 200, "")
	e.want(e.call("POST", "/admin/api/signin", map[string]string{"name": "marek", "password": password}), 200, "")
}

// The backup download is a whole, consistent data file, and logged.
func TestBackupDownload(t *testing.T) {
	e, cookie, _ := withOrders(t)
	a := e.call("GET", "/admin/api/backup", nil, "Cookie", cookie)
	if a.status != 200 || !strings.HasPrefix(a.header.Get("Content-Disposition"), `attachment; filename="orderd-2026-11-24-`) {
		t.Fatalf("backup: %d %v", a.status, a.header)
	}
	path := filepath.Join(t.TempDir(), "copy.db")
	if err := os.WriteFile(path, []byte(a.raw), 0o600); err != nil {
		t.Fatal(err)
	}
	db, err := store.Open(path, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.Check(); err != nil {
		t.Fatal(err)
	}
	var orders []*order.Order
	if err := db.View(func(tx *store.Tx) (err error) { orders, err = tx.Orders(nil); return err }); err != nil || len(orders) != 3 {
		t.Errorf("the copy has %d orders (%v), want 3", len(orders), err)
	}
	if !bytes.Contains([]byte(e.call("GET", "/admin/api/audit", nil, "Cookie", cookie).raw), []byte(`"what":"backup.download"`)) {
		t.Error("the download is not in the activity log")
	}
	e.want(e.call("GET", "/admin/api/backup", nil), 401, "unauthorized")
}

func decodeKey(t *testing.T, key string) []byte {
	t.Helper()
	b, err := base32.StdEncoding.WithPadding(base32.NoPadding).DecodeString(key)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
