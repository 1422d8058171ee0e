package orders_test

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"sabershop/internal/catalog"
	"sabershop/internal/mail"
	"sabershop/internal/mail/outbox"
	"sabershop/internal/orders"
	"sabershop/internal/store"
	"sabershop/internal/store/storetest"
)

// The owner's choice of how each kind of owner's e-mail reaches them:
// each, an hourly digest, or none.

// ownerMails are the queued owner's e-mails of kind.
func ownerMails(t *testing.T, db *store.DB, kind string) []*outbox.Message {
	t.Helper()
	return storetest.Queued(t, db, func(m *outbox.Message) bool { return m.Kind == kind })
}

func digestEvents(t *testing.T, db *store.DB) []store.DigestEvent {
	t.Helper()
	var ev []store.DigestEvent
	if err := db.View(func(tx *store.Tx) (err error) { ev, err = tx.DigestEvents(); return err }); err != nil {
		t.Fatal(err)
	}
	return ev
}

// placeN places n sample orders through svc.
func (f *fixture) placeN(svc *orders.Service, n int) {
	f.t.Helper()
	for range n {
		pl := f.placement(f.sample())
		pl.Key = ""
		if _, err := svc.Place(pl); err != nil {
			f.t.Fatal(err)
		}
	}
}

func TestOwnerMailChoices(t *testing.T) {
	f := newFixture(t)
	svc, _ := f.placer()
	got, err := svc.OwnerMail()
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(mail.OwnerKinds) {
		t.Fatalf("choices %+v", got)
	}
	for _, c := range got {
		if c.Mode != mail.OwnerMailEach {
			t.Errorf("%s: default %s, want each", c.Kind, c.Mode)
		}
		if none := strings.Contains(strings.Join(c.Modes, " "), "none"); none == (c.Kind == mail.KindOwnerWithdrawal) {
			t.Errorf("%s: may choose %v", c.Kind, c.Modes)
		}
	}
	by := orders.Actor{Name: "marek", IP: "192.0.2.1"}
	for _, bad := range [][2]string{
		{mail.KindOwnerWithdrawal, mail.OwnerMailNone}, // a legal act always reaches the owner
		{mail.KindOwnerKSeFRefused, mail.OwnerMailDigest},
		{"owner_nonsense", mail.OwnerMailEach},
		{mail.KindOwnerOrderPlaced, "weekly"},
	} {
		if err := svc.SetOwnerMail(bad[0], bad[1], by); !errors.Is(err, orders.ErrOwnerMailMode) {
			t.Errorf("%s = %s: %v, want ErrOwnerMailMode", bad[0], bad[1], err)
		}
	}
	if err := svc.SetOwnerMail(mail.KindOwnerOrderPlaced, mail.OwnerMailDigest, by); err != nil {
		t.Fatal(err)
	}
	if err := svc.SetOwnerMail(mail.KindOwnerWithdrawal, mail.OwnerMailDigest, by); err != nil {
		t.Fatal(err)
	}
	got, _ = svc.OwnerMail()
	for _, c := range got {
		want := mail.OwnerMailEach
		if c.Kind == mail.KindOwnerOrderPlaced || c.Kind == mail.KindOwnerWithdrawal {
			want = mail.OwnerMailDigest
		}
		if c.Mode != want {
			t.Errorf("%s: %s, want %s", c.Kind, c.Mode, want)
		}
	}
	var log []string
	if err := f.db.View(func(tx *store.Tx) error {
		entries, err := tx.AuditLog(0, 10)
		for _, e := range entries {
			log = append(log, e.What+" "+e.Owner+" "+e.Detail)
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if len(log) != 2 || !strings.Contains(strings.Join(log, "\n"), "shop.owner_mail marek owner_order_placed: digest") {
		t.Errorf("audit log %q", log)
	}
}

// "none": the order is stored and the shopper mailed, the owner not, and
// nothing waits for a digest.
func TestOwnerMailNone(t *testing.T) {
	f := newFixture(t)
	svc, _ := f.placer()
	if err := svc.SetOwnerMail(mail.KindOwnerOrderPlaced, mail.OwnerMailNone, orders.Actor{Name: "marek"}); err != nil {
		t.Fatal(err)
	}
	f.placeN(svc, 2)
	if m := ownerMails(t, f.db, mail.KindOwnerOrderPlaced); len(m) != 0 {
		t.Errorf("%d owner's e-mails, want none", len(m))
	}
	if m := ownerMails(t, f.db, mail.KindOrderPlaced); len(m) != 2 {
		t.Errorf("%d shopper's e-mails, want 2", len(m))
	}
	if ev := digestEvents(t, f.db); len(ev) != 0 {
		t.Errorf("digest news %+v, want none", ev)
	}
	if n, err := svc.SendOwnerDigest(priceDay.Add(24 * time.Hour)); n != 0 || err != nil {
		t.Errorf("digest: %d, %v", n, err)
	}
}

// "digest": no e-mail per order; once the oldest news is an hour old, one
// e-mail lists every order since the last digest, each linked on the desk,
// and the next digest starts afresh.
func TestOwnerMailDigest(t *testing.T) {
	f := newFixture(t)
	svc, err := orders.New(orders.Config{Store: f.db, Catalog: func() *catalog.Catalog { return f.cat },
		OwnerLocale: "pl", Now: func() time.Time { return priceDay }})
	if err != nil {
		t.Fatal(err)
	}
	if err := svc.SetOwnerMail(mail.KindOwnerOrderPlaced, mail.OwnerMailDigest, orders.Actor{Name: "marek"}); err != nil {
		t.Fatal(err)
	}
	f.placeN(svc, 3)
	if m := ownerMails(t, f.db, mail.KindOwnerOrderPlaced); len(m) != 0 {
		t.Errorf("%d owner's e-mails, want none", len(m))
	}
	if n, err := svc.SendOwnerDigest(priceDay.Add(59 * time.Minute)); n != 0 || err != nil {
		t.Errorf("digest before the hour: %d, %v", n, err)
	}
	if n, err := svc.SendOwnerDigest(priceDay.Add(time.Hour)); n != 3 || err != nil {
		t.Fatalf("digest: %d, %v", n, err)
	}
	d := ownerMails(t, f.db, mail.KindOwnerDigest)
	if len(d) != 1 {
		t.Fatalf("%d digests", len(d))
	}
	// The owner's language and its formats, the orders, the desk.
	for _, want := range []string{"Zestawienie sklepu: 3 nowe zdarzenia", "Nowe zamówienia (3)", "#1 · Anna Nowak · 3", "367,00", "zł · 22", "2026, 13:00",
		"#3 · Anna Nowak", "https://saberforge.example/admin/orders/2"} {
		if !strings.Contains(d[0].Subject+"\n"+d[0].Text, want) {
			t.Errorf("the digest lacks %q:\n%s\n%s", want, d[0].Subject, d[0].Text)
		}
	}
	if d[0].Ref != "" {
		t.Errorf("the digest has Ref %q: its body, naming several customers, would be kept once sent", d[0].Ref)
	}
	if !strings.Contains(d[0].HTML, `href="https://saberforge.example/admin/orders/1"`) {
		t.Errorf("the HTML digest does not link order 1 on the desk")
	}
	if ev := digestEvents(t, f.db); len(ev) != 0 {
		t.Errorf("news left after the digest: %+v", ev)
	}
	if n, _ := svc.SendOwnerDigest(priceDay.Add(3 * time.Hour)); n != 0 {
		t.Errorf("a second digest told %d", n)
	}
	// Other kinds still come one by one.
	if err := svc.SetOwnerMail(mail.KindOwnerOrderPlaced, mail.OwnerMailEach, orders.Actor{Name: "marek"}); err != nil {
		t.Fatal(err)
	}
	f.placeN(svc, 1)
	if m := ownerMails(t, f.db, mail.KindOwnerOrderPlaced); len(m) != 1 {
		t.Errorf("back to each: %d owner's e-mails, want 1", len(m))
	}
}

// The news waits in the data file: a daemon restarted before the hour
// sends it in the digest all the same, once; a restart after the digest
// sends nothing again.
func TestOwnerDigestSurvivesARestart(t *testing.T) {
	f := newFixture(t)
	path := filepath.Join(t.TempDir(), "orderd.db")
	open := func() (*store.DB, *orders.Service) {
		db, err := store.Open(path, store.Options{})
		if err != nil {
			t.Fatal(err)
		}
		svc, err := orders.New(orders.Config{Store: db, Catalog: func() *catalog.Catalog { return f.cat }, BaseURL: "https://shop.test",
			Now: func() time.Time { return priceDay }})
		if err != nil {
			t.Fatal(err)
		}
		return db, svc
	}
	db, svc := open()
	if err := svc.SetOwnerMail(mail.KindOwnerOrderPlaced, mail.OwnerMailDigest, orders.Actor{Name: "marek"}); err != nil {
		t.Fatal(err)
	}
	f.placeN(svc, 2)
	db.Close()

	db, svc = open()
	f.placeN(svc, 1)
	if n, err := svc.SendOwnerDigest(priceDay.Add(time.Hour)); n != 3 || err != nil {
		t.Fatalf("digest after a restart: %d, %v", n, err)
	}
	db.Close()

	db, svc = open()
	defer db.Close()
	if n, err := svc.SendOwnerDigest(priceDay.Add(2 * time.Hour)); n != 0 || err != nil {
		t.Errorf("digest after the next restart: %d, %v", n, err)
	}
	if d := ownerMails(t, db, mail.KindOwnerDigest); len(d) != 1 || !strings.Contains(d[0].Text, "#3 ·") {
		t.Errorf("%d digests queued, want the one with #1-#3", len(d))
	}
}
