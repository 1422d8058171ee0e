package api_test

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"sabershop/internal/catalog/catalogfile"
	"sabershop/internal/catalog/catalogtest"
	"sabershop/internal/order"
	"sabershop/internal/order/ordertest"
	"sabershop/internal/payment/sandbox"
	"sabershop/internal/store"
)

// [legal] creator_returnable (docs/legal.md#withdrawal), end to end in
// the daemon: with it off, a paid design is refused the withdrawal
// (withdrawal_custom_design); the owner publishes a build with it on: a
// design ordered and paid now is withdrawn from on its status page, while
// the design ordered before keeps what it recorded (no withdrawal). The
// browser cannot ask for a returnable line.
func TestWithdrawalOfACreatorOrderFollowsTheSetting(t *testing.T) {
	// The daemon's catalogue is a built site's catalog.json, as in
	// production: publishing a new build is writing it again and the
	// reload the watcher makes.
	site := t.TempDir()
	publish := func(returnable bool) {
		t.Helper()
		cat := catalogtest.Shop(t)
		cat.Creator.Returnable = returnable
		cat.Version += "-" + strconv.FormatBool(returnable)
		b, err := json.Marshal(cat)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(site, catalogfile.Name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	publish(false)
	cats, err := catalogfile.Load(site)
	if err != nil {
		t.Fatal(err)
	}
	e, _ := newSandboxEnvStore(t, store.Options{}, 20*time.Millisecond, func(c *config) { c.Catalogs = cats })
	key := e.shopKey()
	placePaid := func() placed {
		t.Helper()
		req := ordertest.Request("en")
		design := order.DefaultCreator(e.cat)
		req.Items = []order.ItemRequest{{Creator: &design, Quantity: 1}}
		p := e.place(e.priced(req))
		wantStatus(t, e.payCard(p.Hash, key, sandbox.CardSuccess), http.StatusOK)
		e.waitStatus(p.Hash, order.Paid)
		e.drain()
		return p
	}
	form := map[string]any{"name": "Anna Nowak", "email": "anna.returns@example.com", "locale": "en"}

	before := placePaid()
	if l := e.storedOrder(before.Hash).Lines[0]; l.Returnable {
		t.Fatalf("off: the design was recorded returnable: %+v", l)
	}
	if w := e.withdrawalOf(before.Hash).Withdrawal; w.Offered || w.Reason != order.WithdrawalCustom {
		t.Fatalf("off: withdrawal %+v", w)
	}
	r := e.post("/v1/orders/"+before.Hash+"/withdrawal", form)
	wantStatus(t, r, http.StatusConflict)
	if b := r.Err(t); b.Code != "withdrawal_custom_design" {
		t.Errorf("off: %+v", b)
	}

	// The next build says on (catalog.json's creator.returnable); the
	// daemon's catalogue in force is replaced as the watcher would.
	publish(true)
	if changed, err := cats.Reload(); !changed || err != nil {
		t.Fatalf("reload: %v %v", changed, err)
	}
	e.cat = cats.Current()
	after := placePaid()
	if l := e.storedOrder(after.Hash).Lines[0]; !l.Returnable || l.Creator == nil {
		t.Fatalf("on: the design line %+v, want it recorded returnable", l)
	}
	if w := e.withdrawalOf(after.Hash).Withdrawal; !w.Offered || w.Reason != "" || w.Excluded {
		t.Fatalf("on: withdrawal %+v", w)
	}
	r = e.post("/v1/orders/"+after.Hash+"/withdrawal", form)
	wantStatus(t, r, http.StatusOK)
	if o := e.storedOrder(after.Hash); o.Withdrawal == nil || o.Status != order.Paid {
		t.Errorf("on: not recorded: %+v", o.Withdrawal)
	}
	mails := e.drain()
	if len(mails) != 2 {
		t.Fatalf("on: %d e-mails, want the acknowledgement and the owner's", len(mails))
	}
	for _, m := range mails {
		if m.RcptTo[0] == "anna.returns@example.com" {
			contains(t, "acknowledgement", m.Text, "It covers:", "* 1 × Custom saber")
			if strings.Contains(m.Text, "Not covered") {
				t.Errorf("on: the acknowledgement excludes the design:\n%s", m.Text)
			}
		}
	}

	// The order placed before the switch keeps its exclusion.
	if w := e.withdrawalOf(before.Hash).Withdrawal; w.Offered || w.Reason != order.WithdrawalCustom {
		t.Errorf("before the switch, now: withdrawal %+v", w)
	}
	wantStatus(t, e.post("/v1/orders/"+before.Hash+"/withdrawal", form), http.StatusConflict)

	// A line's right of withdrawal is the catalogue's, never the browser's.
	body, _ := json.Marshal(e.priced(ordertest.Request("en")))
	var raw map[string]any
	_ = json.Unmarshal(body, &raw)
	raw["items"].([]any)[0].(map[string]any)["returnable"] = true
	wantStatus(t, e.post("/v1/orders", raw), http.StatusBadRequest)
}
