package admin_test

import (
	"encoding/csv"
	"errors"
	"strings"
	"testing"
	"time"

	"sabershop/internal/admin"
	"sabershop/internal/mail"
	"sabershop/internal/mail/outbox"
	"sabershop/internal/order"
	"sabershop/internal/store"
)

func (f *fixture) ordersOpen() (open, set bool) {
	f.t.Helper()
	if err := f.db.View(func(tx *store.Tx) (err error) {
		open, set, err = tx.OrdersOpen()
		return err
	}); err != nil {
		f.t.Fatal(err)
	}
	return open, set
}

func TestShop(t *testing.T) {
	f := newFixture(t)
	// Never set: the catalogue's orders_open decides, and the owner is
	// told where that comes from.
	want := "orders are paused (content/config.toml orders_open; never changed with orderd shop)\n"
	if f.cat.OrdersOpen {
		want = "orders are open (content/config.toml orders_open; never changed with orderd shop)\n"
	}
	if out := f.ok("shop", "status"); out != want {
		t.Errorf("status: %q", out)
	}
	if out := f.ok("shop"); out != want {
		t.Errorf("bare shop: %q", out)
	}

	out := f.ok("shop", "pause")
	if !strings.HasPrefix(out, "orders are paused") || !strings.Contains(out, "409") {
		t.Errorf("pause: %q", out)
	}
	if open, set := f.ordersOpen(); open || !set {
		t.Errorf("after pause: open %v set %v", open, set)
	}
	if out := f.ok("shop", "status"); out != "orders are paused\n" {
		t.Errorf("status after pause: %q", out)
	}
	// Pausing twice is no mistake.
	f.ok("shop", "pause")

	if out := f.ok("shop", "resume"); !strings.HasPrefix(out, "orders are open") {
		t.Errorf("resume: %q", out)
	}
	if open, set := f.ordersOpen(); !open || !set {
		t.Errorf("after resume: open %v set %v", open, set)
	}
	if out := f.ok("shop", "status"); out != "orders are open\n" {
		t.Errorf("status after resume: %q", out)
	}

	f.usage(`unknown command "shop close"`, "shop", "close")
	f.usage("takes no arguments", "shop", "pause", "now")

	// A pause with the day orders open again: the status says it, resuming
	// forgets it; a day past or not a date changes nothing.
	f.usage("must be a date (YYYY-MM-DD), today or later", "shop", "pause", "--until", "2026-11-21")
	f.usage("must be a date (YYYY-MM-DD), today or later", "shop", "pause", "--until", "4 January")
	if open, _ := f.ordersOpen(); !open {
		t.Error("a refused pause paused the shop")
	}
	if out := f.ok("shop", "pause", "--until", "2026-11-22"); !strings.HasPrefix(out, "orders are paused until 2026-11-22") {
		t.Errorf("pause --until today: %q", out)
	}
	f.ok("shop", "pause", "--until", "2027-01-04")
	if out := f.ok("shop", "status"); out != "orders are paused until 2027-01-04\n" {
		t.Errorf("status: %q", out)
	}
	f.ok("shop", "resume")
	f.ok("shop", "pause")
	if out := f.ok("shop", "status"); out != "orders are paused\n" {
		t.Errorf("a pause after resuming keeps an old day: %q", out)
	}
}

func (f *fixture) coupon(code string) *order.Coupon {
	f.t.Helper()
	var c *order.Coupon
	if err := f.db.View(func(tx *store.Tx) (err error) {
		c, err = tx.Coupon(code)
		return err
	}); err != nil {
		f.t.Fatalf("coupon %s: %v", code, err)
	}
	return c
}

func TestCouponsAdd(t *testing.T) {
	f := newFixture(t)
	if out := f.ok("coupons", "list"); !strings.HasPrefix(out, "no coupons") {
		t.Errorf("empty list: %q", out)
	}

	out := f.ok("coupons", "add", "winter10", "--percent", "10")
	if out != "coupon WINTER10 added: 10% off, no expiry, used 0 times, no limit\n" {
		t.Errorf("add percent: %q", out)
	}
	if c := f.coupon("WINTER10"); c.Percent != 10 || c.Amount != 0 || !c.Expires.IsZero() || c.Limit != 0 || !c.Created.Equal(testNow) {
		t.Errorf("stored %+v", c)
	}

	out = f.ok("coupons", "add", "--amount", "50,5", "--currency", "pln", "FIFTY", "--expires", "2026-12-31", "--limit", "3")
	if out != "coupon FIFTY added: 50.50 PLN off, valid through 2026-12-31, used 0 of 3\n" {
		t.Errorf("add amount: %q", out)
	}
	c := f.coupon("FIFTY")
	if c.Amount != 5050 || c.Currency != "PLN" || c.Limit != 3 || !c.Expires.Equal(time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC).Add(-time.Nanosecond)) {
		t.Errorf("stored %+v", c)
	}
	// Valid through today is still in the future.
	f.ok("coupons", "add", "TODAY", "--amount", "5", "--currency", "EUR", "--expires", testNow.Format(time.DateOnly))
	if c := f.coupon("TODAY"); c.Amount != 500 || c.Currency != "EUR" {
		t.Errorf("stored %+v", c)
	}

	// Mistakes: usage errors, nothing stored.
	for _, tc := range []struct {
		want string
		args []string
	}{
		{"either --percent or --amount, not both", []string{"BOTH", "--percent", "10", "--amount", "5", "--currency", "EUR"}},
		{"give --percent N or --amount 50.00 --currency PLN", []string{"NEITHER"}},
		{`--currency "USD" is not a currency of the shop`, []string{"DOLLAR", "--amount", "5", "--currency", "USD"}},
		{"--amount needs --currency", []string{"NOCUR", "--amount", "5"}},
		{"--amount needs --currency", []string{"NOCUR", "--amount", "5", "--currency", " "}},
		{"at most two decimals", []string{"FINE", "--amount", "5.001", "--currency", "EUR"}},
		{"not an amount", []string{"WORD", "--amount", "five", "--currency", "EUR"}},
		{"not an amount", []string{"NEG", "--amount", "-5", "--currency", "EUR"}},
		{"give either a percentage or an amount", []string{"ZERO", "--amount", "0", "--currency", "EUR"}},
		{"not within 1-100", []string{"HUGE", "--percent", "150"}},
		{"not within 1-100", []string{"NEGP", "--percent", "-5"}},
		{"write the last valid day as YYYY-MM-DD", []string{"BADDAY", "--percent", "5", "--expires", "31.12.2026"}},
		{"--expires 2026-11-21 is in the past", []string{"PAST", "--percent", "5", "--expires", "2026-11-21"}},
		{"cannot be negative", []string{"NEGLIM", "--percent", "5", "--limit", "-1"}},
		{"invalid value", []string{"NOTINT", "--percent", "ten"}},
		{"give one CODE", []string{"--percent", "5"}},
		{"give one CODE", []string{"A", "B", "--percent", "5"}},
		{"without spaces", []string{"TWO WORDS", "--percent", "5"}},
	} {
		f.usage(tc.want, append([]string{"coupons", "add"}, tc.args...)...)
	}
	var n int
	f.db.View(func(tx *store.Tx) error {
		list, err := tx.Coupons()
		n = len(list)
		return err
	})
	if n != 3 {
		t.Errorf("%d coupons stored, want 3", n)
	}

	// A code that exists, in any case: a plain error, the old coupon kept.
	f.fails("a coupon WINTER10 exists already", "coupons", "add", "Winter10", "--percent", "50")
	if c := f.coupon("WINTER10"); c.Percent != 10 {
		t.Errorf("duplicate overwrote the coupon: %+v", c)
	}
}

// TestCouponsAddWithoutCatalogue: without a built site any three-letter
// currency is taken (the catalogue cannot be asked).
func TestCouponsAddWithoutCatalogue(t *testing.T) {
	f := newFixture(t)
	f.withoutCatalogue()
	f.ok("coupons", "add", "X", "--amount", "5", "--currency", "eur")
	if c := f.coupon("X"); c.Currency != "EUR" {
		t.Errorf("currency %q", c.Currency)
	}
}

func TestCouponsListDisable(t *testing.T) {
	f := newFixture(t)
	f.ok("coupons", "add", "B10", "--percent", "10")
	f.ok("coupons", "add", "A50", "--amount", "50", "--currency", "PLN", "--limit", "2")

	out := f.ok("coupons", "list")
	ls := lines(out)
	if len(ls) != 2 || !strings.HasPrefix(ls[0], "A50") || !strings.HasPrefix(ls[1], "B10") ||
		!strings.Contains(ls[0], "50.00 PLN off, no expiry, used 0 of 2") || !strings.Contains(ls[1], "10% off") {
		t.Errorf("list:\n%s", out)
	}

	f.fails("no coupon NOPE", "coupons", "disable", "nope")
	f.usage("give one CODE", "coupons", "disable")
	f.usage("give one CODE", "coupons", "disable", "A", "B")

	if out := f.ok("coupons", "disable", "b10"); out != "coupon B10 disabled; orders that used it keep their discount\n" {
		t.Errorf("disable: %q", out)
	}
	if c := f.coupon("B10"); !c.Disabled || c.Percent != 10 {
		t.Errorf("after disable %+v", c)
	}
	if out := f.ok("coupons", "list"); !strings.Contains(out, "DISABLED") || strings.Count(out, "DISABLED") != 1 {
		t.Errorf("list after disable:\n%s", out)
	}
	f.usage(`unknown command "coupons remove"`, "coupons", "remove", "B10")
	f.usage("takes no arguments", "coupons", "list", "B10")
}

func TestSubscribersExport(t *testing.T) {
	f := newFixture(t)
	f.subscribe("zofia@example.com", "pl", true, false)
	f.subscribe("Adam@Example.com", "en", true, false)
	f.subscribe("pending@example.com", "de", false, false)
	f.subscribe("gone@example.com", "de", true, true)

	out := f.ok("subscribers", "export")
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatalf("not CSV: %v\n%s", err, out)
	}
	want := [][]string{
		{"email", "locale", "confirmed_at", "signed_up_at"},
		{"Adam@Example.com", "en", "2026-11-20T13:00:00Z", "2026-11-20T12:00:00Z"},
		{"zofia@example.com", "pl", "2026-11-20T13:00:00Z", "2026-11-20T12:00:00Z"},
	}
	if len(rows) != len(want) {
		t.Fatalf("got %d rows:\n%s", len(rows), out)
	}
	for i := range want {
		if strings.Join(rows[i], ",") != strings.Join(want[i], ",") {
			t.Errorf("row %d: %v, want %v", i, rows[i], want[i])
		}
	}
	f.usage("takes no arguments", "subscribers", "export", "out.csv")
	f.usage(`unknown command "subscribers import"`, "subscribers", "import")
}

func TestNotifySaleStart(t *testing.T) {
	f := newFixture(t)
	subs := []*store.Subscriber{
		f.subscribe("zofia@example.com", "pl", true, false),
		f.subscribe("adam@example.com", "en", true, false),
		f.subscribe("dora@example.com", "de", true, false),
	}
	f.subscribe("pending@example.com", "de", false, false)
	f.subscribe("gone@example.com", "pl", true, true)
	// Stored before the sign-up checked addresses as mail does: skipped
	// and counted, not a stop for everyone else.
	f.subscribe("kept <old@example.com>, x@example.com", "pl", true, false)

	out := f.ok("notify", "sale-start")
	if out != "sale-start notice queued for 3 confirmed subscribers\nskipped 1 whose address an e-mail cannot be written to (subscribers export lists them)\n" {
		t.Errorf("got %q", out)
	}
	msgs := f.outbox(mail.KindSaleStart)
	if len(msgs) != 3 {
		t.Fatalf("%d messages queued, want 3", len(msgs))
	}
	byTo := map[string]*outbox.Message{}
	for _, m := range msgs {
		byTo[m.To] = m
	}
	subjects := map[string]bool{}
	for _, s := range subs {
		var m *outbox.Message
		for to, mm := range byTo {
			if strings.Contains(to, s.Email) {
				m = mm
			}
		}
		if m == nil {
			t.Errorf("no message to %s", s.Email)
			continue
		}
		home := testBaseURL + "/"
		if s.Locale != "en" {
			home += s.Locale + "/"
		}
		unsub := testBaseURL + "/v1/subscribers/unsubscribe/" + s.Token
		if m.Locale != s.Locale || !strings.Contains(m.Text, unsub) || !strings.Contains(m.HTML, unsub) || !strings.Contains(m.Text, home) {
			t.Errorf("message to %s: locale %s, text:\n%s", s.Email, m.Locale, m.Text)
		}
		subjects[m.Subject] = true
	}
	if len(subjects) != 3 {
		t.Errorf("the three locales share a subject: %v", subjects)
	}
	for to := range byTo {
		if strings.Contains(to, "pending@") || strings.Contains(to, "gone@") {
			t.Errorf("message to %s", to)
		}
	}
	if f.kicks.Load() != 1 {
		t.Errorf("worker kicked %d times", f.kicks.Load())
	}

	f.withoutCatalogue()
	f.fails("no catalogue", "notify", "sale-start")
	if n := len(f.outbox(mail.KindSaleStart)); n != 3 {
		t.Errorf("%d messages after the failed run", n)
	}
	f.usage(`unknown command "notify sale-end"`, "notify", "sale-end")
}

func TestNotifySaleStartNobody(t *testing.T) {
	f := newFixture(t)
	f.subscribe("pending@example.com", "de", false, false)
	if out := f.ok("notify", "sale-start"); out != "sale-start notice queued for 0 confirmed subscribers\n" {
		t.Errorf("got %q", out)
	}
}

func TestUnknownCommands(t *testing.T) {
	f := newFixture(t)
	for _, args := range [][]string{
		{"frobnicate"},
		{"orders"},
		{"orders", "delete", "1"},
		{"coupons"},
		{"subscribers"},
		{"notify"},
		{"backup", "x.db"}, // handled by cmd/orderd, never by Run
		{"serve"},
	} {
		out, err := f.run(args...)
		var u *admin.UsageError
		if !errors.As(err, &u) {
			t.Errorf("%v: want a UsageError, got %v", args, err)
			continue
		}
		if !strings.Contains(u.Msg, "unknown command") || !strings.Contains(u.Msg, "usage: orderd") || out != "" {
			t.Errorf("%v: message %q, output %q", args, u.Msg, out)
		}
	}
	f.usage("no command given", []string{}...)
	if out := f.ok("help"); !strings.HasPrefix(out, "usage: orderd") {
		t.Errorf("help: %q", out)
	}
}
