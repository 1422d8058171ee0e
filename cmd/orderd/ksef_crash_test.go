package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"sabershop/internal/accounting"
	"sabershop/internal/daemon"
	"sabershop/internal/ksef"
	"sabershop/internal/ksef/ksefake"
	"sabershop/internal/order/ordertest"
	"sabershop/internal/store"
	"sabershop/internal/testutil"
)

// TestKSeFCrashStorm: invoices are never sent twice nor lost across kill
// -9. Company orders are paid in the sandbox while the local KSeF (in this
// process, so it outlives the daemon) asks the sender to wait; then the
// daemon is killed again and again while it sends them, each kill as soon
// as KSeF has received another invoice; the last daemon finishes. Every invoice is in
// KSeF exactly once, each document carries the KSeF number KSeF gave its
// invoice, and none waits.
func TestKSeFCrashStorm(t *testing.T) {
	needBinary(t)
	const orders, kills = 10, 6
	cat := siteCatalog(t)
	nip := ksef.NIP(cat.Shop.Company.TaxID)
	fake, err := ksefake.New()
	if err != nil {
		t.Fatal(err)
	}
	fake.RequireSchema = true
	fake.AddToken(nip, "storm-token")
	srv := httptest.NewServer(fake)
	defer srv.Close()
	env := []string{"ORDERD_KSEF_TOKEN=storm-token"}
	args := []string{"-ksef", srv.URL + "/v2"}

	data := dataDir(t)
	d := startDaemonEnv(t, data, env, args...)
	// While the orders are paid, KSeF answers 429 (retry after a second):
	// every invoice waits in the queue, unsent, until the storm.
	fake.RateLimit(1<<20, time.Second)
	client := &http.Client{Timeout: 20 * time.Second}
	var hashes []string
	for i := range orders {
		hashes = append(hashes, payByBank(t, client, d.base, companyBody(t, fmt.Sprintf("storm-%d@example.com", i))))
	}

	// The storm: each kill lands as soon as KSeF has received another
	// invoice, the moment between sending it and recording KSeF's
	// reference, or right after.
	fake.Slow(20 * time.Millisecond)
	fake.RateLimit(0, 0)
	for k := range kills {
		before, done := fake.Received(), len(fake.Accepted())
		testutil.Eventually(t, fmt.Sprintf("KSeF receiving or accepting an invoice before kill %d", k+1), func() error {
			if fake.Received() <= before && len(fake.Accepted()) <= done && len(fake.Accepted()) < orders {
				return fmt.Errorf("%d received, %d accepted", fake.Received(), len(fake.Accepted()))
			}
			return nil
		})
		if code := d.stop(syscall.SIGKILL); code != -1 {
			t.Fatalf("kill %d: exit code %d", k+1, code)
		}
		d = startDaemonEnv(t, data, env, args...)
	}
	fake.Slow(0)
	testutil.Eventually(t, "every invoice accepted by KSeF", func() error {
		if n := len(fake.Accepted()); n < orders {
			return fmt.Errorf("%d of %d accepted", n, orders)
		}
		return nil
	})
	// The last daemon stores the answers: wait until every status page
	// shows its invoice's KSeF number, then stop it.
	for _, hash := range hashes {
		testutil.Eventually(t, "order "+hash+"'s invoice with its KSeF number", func() error {
			return hasKSeFNumber(client, d.base, hash)
		})
	}
	if code := d.stop(syscall.SIGTERM); code != 0 {
		t.Fatalf("SIGTERM: exit %d", code)
	}

	accepted := map[string][]string{} // P_2 -> KSeF numbers
	for _, a := range fake.Accepted() {
		accepted[a.Number] = append(accepted[a.Number], a.KSeFNumber)
	}
	db, err := store.Open(filepath.Join(data, daemon.DBName), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var docs []*accounting.Document
	if err := db.View(func(tx *store.Tx) (err error) {
		docs, err = tx.Documents(accounting.SeriesInvoice, time.Now().Year())
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if len(docs) != orders {
		t.Fatalf("%d invoices issued for %d paid orders", len(docs), orders)
	}
	for _, doc := range docs {
		got := accepted[doc.Number]
		if len(got) != 1 {
			t.Errorf("%s is in KSeF %d times: %v", doc.Number, len(got), got)
			continue
		}
		if doc.KSeF == nil || doc.KSeF.State != accounting.KSeFAccepted || doc.KSeF.Number != got[0] {
			t.Errorf("%s as kept: %+v, KSeF gave it %s", doc.Number, doc.KSeF, got[0])
		}
	}
	if len(accepted) != orders {
		t.Errorf("KSeF holds %d invoice numbers, want %d", len(accepted), orders)
	}
	t.Logf("%d invoices, %d kills: KSeF received %d submissions", orders, kills, fake.Received())
}

// hasKSeFNumber is nil when order hash's status page shows its invoice
// with a KSeF number.
func hasKSeFNumber(client *http.Client, base, hash string) error {
	res, err := client.Get(base + "/v1/orders/" + hash)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	var view struct {
		Documents []struct {
			Number     string `json:"number"`
			KSeFNumber string `json:"ksef_number"`
		} `json:"documents"`
	}
	if err := json.NewDecoder(res.Body).Decode(&view); err != nil {
		return err
	}
	if len(view.Documents) != 1 || view.Documents[0].KSeFNumber == "" {
		return fmt.Errorf("documents %+v", view.Documents)
	}
	return nil
}

// companyBody is an order of a Polish company for an invoice, priced now.
func companyBody(t *testing.T, email string) []byte {
	t.Helper()
	req := ordertest.Request("pl")
	req.Customer.Email = email
	req.Customer.Company, req.Customer.VATID = "Kuźnia Mieczy sp. z o.o.", "526-025-02-74"
	return ordertest.Body(t, siteCatalog(t), req, time.Now())
}

// payByBank places body and pays it on the sandbox's bank page, as a
// shopper would, waits until the order is paid and returns its hash.
func payByBank(t *testing.T, client *http.Client, base string, body []byte) string {
	t.Helper()
	code, p, err := post(client, base, body, "")
	if err != nil || code != http.StatusCreated {
		t.Fatalf("placing: %d %v", code, err)
	}
	req, _ := http.NewRequest(http.MethodPost, base+"/v1/orders/"+p.Hash+"/payments", bytes.NewReader([]byte(`{"method":"bank"}`)))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", base)
	res, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var start struct {
		URL string `json:"url"`
	}
	err = json.NewDecoder(res.Body).Decode(&start)
	res.Body.Close()
	if err != nil || res.StatusCode != http.StatusOK || start.URL == "" {
		t.Fatalf("starting the payment: %d %v %+v", res.StatusCode, err, start)
	}
	page, err := url.Parse(start.URL)
	if err != nil {
		t.Fatal(err)
	}
	if !page.IsAbs() {
		page, _ = url.Parse(base + start.URL)
	}
	form, _ := http.NewRequest(http.MethodPost, page.String(), strings.NewReader("decision=approve"))
	form.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	form.Header.Set("Origin", base)
	noFollow := &http.Client{Timeout: client.Timeout, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err = noFollow.Do(form)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("the bank page's decision: %d", res.StatusCode)
	}
	testutil.Eventually(t, "order "+p.Hash+" paid", func() error {
		res, err := client.Get(base + "/v1/orders/" + p.Hash)
		if err != nil {
			return err
		}
		defer res.Body.Close()
		var view struct {
			Status string `json:"status"`
		}
		if err := json.NewDecoder(res.Body).Decode(&view); err != nil {
			return err
		}
		if view.Status != "paid" {
			return fmt.Errorf("status %s", view.Status)
		}
		return nil
	})
	return p.Hash
}
