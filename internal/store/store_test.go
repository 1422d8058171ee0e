package store_test

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"sabershop/internal/mail/outbox"
	"sabershop/internal/order"
	"sabershop/internal/store"
)

// openTest opens a fresh data file in t.TempDir() and, on cleanup, runs
// bbolt's consistency check and closes it.
func openTest(t testing.TB, opts store.Options) *store.DB {
	t.Helper()
	db, err := store.Open(filepath.Join(t.TempDir(), "orderd.db"), opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { closeChecked(t, db) })
	return db
}

func closeChecked(t testing.TB, db *store.DB) {
	t.Helper()
	if err := db.Check(); err != nil {
		t.Errorf("consistency check: %v", err)
	}
	if err := db.Close(); err != nil {
		t.Errorf("close: %v", err)
	}
}

func newOrder(hash, email string) *order.Order {
	return &order.Order{
		Hash:     hash,
		Locale:   "pl",
		Currency: "PLN",
		Customer: order.Customer{FirstName: "Anna", LastName: "Nowak", Email: email, Country: "pl"},
		Lines:    []order.Line{{Product: "arc", Name: "Arc", Quantity: 1, UnitPrice: 159900, Total: 159900}},
		Totals:   order.Totals{Subtotal: 159900, Total: 159900},
		Status:   order.Placed,
		Timeline: []order.Event{{Status: order.Placed, At: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC), Cause: "order"}},
	}
}

func newMessage(ref, kind string) *outbox.Message {
	return &outbox.Message{Kind: kind, Locale: "pl", To: "anna@example.com", Subject: kind, Text: "text", HTML: "<p>html</p>", Ref: ref}
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func counts(t testing.TB, db *store.DB) map[string]int {
	t.Helper()
	c, err := db.Counts()
	must(t, err)
	return c
}

func TestOpenCreatesFileAndBuckets(t *testing.T) {
	path := filepath.Join(t.TempDir(), "orderd.db")
	db, err := store.Open(path, store.Options{})
	must(t, err)
	defer closeChecked(t, db)
	if db.Path() != path {
		t.Errorf("Path() = %q, want %q", db.Path(), path)
	}
	fi, err := os.Stat(path)
	must(t, err)
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600", fi.Mode().Perm())
	}
	c := counts(t, db)
	for _, name := range store.Buckets {
		want := 0
		if name == store.BucketMeta {
			want = 1 // the order indexes' version: a new file has them
		}
		if n, ok := c[name]; !ok || n != want {
			t.Errorf("bucket %s: count %d, present %v; want %d and present", name, n, ok, want)
		}
	}
}

// flock is per open file description, so a second handle in the same
// process is refused just like a second process.
func TestOpenLocked(t *testing.T) {
	db := openTest(t, store.Options{})
	start := time.Now()
	db2, err := store.Open(db.Path(), store.Options{Timeout: 100 * time.Millisecond})
	if err == nil {
		db2.Close()
		t.Fatal("second Open of a held file succeeded")
	}
	if !errors.Is(err, store.ErrLocked) {
		t.Fatalf("err = %v, want ErrLocked", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("ErrLocked after %v, want about the 100ms timeout", d)
	}
}

func TestOrders(t *testing.T) {
	db := openTest(t, store.Options{})
	a := newOrder("hash-a", "Anna@Example.com")
	b := newOrder("hash-b", "bob@example.com")
	c := newOrder("hash-c", " anna@example.COM ")
	c.ID = 99 // a stale ID (say, from a rolled-back run) must not be trusted
	must(t, db.Update(func(tx *store.Tx) error {
		for _, o := range []*order.Order{a, b, c} {
			if err := tx.PutOrder(o); err != nil {
				return err
			}
		}
		return nil
	}))
	if a.ID != 1 || b.ID != 2 || c.ID != 3 {
		t.Fatalf("IDs %d %d %d, want 1 2 3", a.ID, b.ID, c.ID)
	}

	must(t, db.View(func(tx *store.Tx) error {
		got, err := tx.Order("hash-b")
		must(t, err)
		if got.ID != 2 || got.Customer.Email != "bob@example.com" || got.Lines[0].Total != 159900 ||
			!got.Timeline[0].At.Equal(b.Timeline[0].At) {
			t.Errorf("Order(hash-b) = %+v", got)
		}
		got, err = tx.OrderByID(3)
		must(t, err)
		if got.Hash != "hash-c" {
			t.Errorf("OrderByID(3).Hash = %q", got.Hash)
		}
		for _, err := range []error{
			second(tx.Order("nope")), second(tx.Order("")), second(tx.OrderByID(0)), second(tx.OrderByID(4)),
		} {
			if !errors.Is(err, store.ErrNotFound) {
				t.Errorf("missing order: err = %v, want ErrNotFound", err)
			}
		}

		list, err := tx.OrdersByEmail("ANNA@example.com")
		must(t, err)
		if hs := hashes(list); !slices.Equal(hs, []string{"hash-a", "hash-c"}) {
			t.Errorf("OrdersByEmail(anna) = %v", hs)
		}
		list, err = tx.OrdersByEmail("nobody@example.com")
		must(t, err)
		if len(list) != 0 {
			t.Errorf("OrdersByEmail(nobody) = %v", hashes(list))
		}
		// A prefix of an address is not the address.
		list, err = tx.OrdersByEmail("anna@example.co")
		must(t, err)
		if len(list) != 0 {
			t.Errorf("OrdersByEmail(prefix) = %v", hashes(list))
		}

		list, err = tx.Orders(nil)
		must(t, err)
		if hs := hashes(list); !slices.Equal(hs, []string{"hash-a", "hash-b", "hash-c"}) {
			t.Errorf("Orders(nil) = %v", hs)
		}
		list, err = tx.Orders(func(o *order.Order) bool { return o.ID != 2 })
		must(t, err)
		if hs := hashes(list); !slices.Equal(hs, []string{"hash-a", "hash-c"}) {
			t.Errorf("Orders(filter) = %v", hs)
		}
		return nil
	}))

	if err := db.Update(func(tx *store.Tx) error { return tx.PutOrder(newOrder("", "x@example.com")) }); !errors.Is(err, store.ErrInvalid) {
		t.Errorf("PutOrder without hash: err = %v, want ErrInvalid", err)
	}
}

func TestPutOrderTwiceKeepsIndexes(t *testing.T) {
	db := openTest(t, store.Options{})
	o := newOrder("hash-a", "anna@example.com")
	must(t, db.Update(func(tx *store.Tx) error { return tx.PutOrder(o) }))
	must(t, db.Update(func(tx *store.Tx) error { return tx.PutOrder(newOrder("hash-b", "anna@example.com")) }))

	// The same order written again, as a status change does, read fresh
	// and with its ID cleared: it keeps ID 1 and one index entry.
	for range 3 {
		must(t, db.Update(func(tx *store.Tx) error {
			got, err := tx.Order("hash-a")
			if err != nil {
				return err
			}
			got.Status = order.Paid
			got.ID = 0
			return tx.PutOrder(got)
		}))
	}
	c := counts(t, db)
	if c[store.BucketOrders] != 2 || c[store.BucketOrdersByID] != 2 || c[store.BucketOrdersByEmail] != 2 {
		t.Fatalf("counts after rewrites: %v", c)
	}
	must(t, db.View(func(tx *store.Tx) error {
		list, err := tx.OrdersByEmail("anna@example.com")
		must(t, err)
		if hs := hashes(list); !slices.Equal(hs, []string{"hash-a", "hash-b"}) {
			t.Errorf("OrdersByEmail = %v", hs)
		}
		if list[0].ID != 1 || list[0].Status != order.Paid {
			t.Errorf("rewritten order: ID %d status %s", list[0].ID, list[0].Status)
		}
		return nil
	}))

	// A corrected address moves the order between the lists.
	must(t, db.Update(func(tx *store.Tx) error {
		got, err := tx.Order("hash-a")
		if err != nil {
			return err
		}
		got.Customer.Email = "anna.nowak@example.com"
		return tx.PutOrder(got)
	}))
	must(t, db.View(func(tx *store.Tx) error {
		old, err := tx.OrdersByEmail("anna@example.com")
		must(t, err)
		moved, err := tx.OrdersByEmail("anna.nowak@example.com")
		must(t, err)
		if !slices.Equal(hashes(old), []string{"hash-b"}) || !slices.Equal(hashes(moved), []string{"hash-a"}) {
			t.Errorf("after address change: old %v, new %v", hashes(old), hashes(moved))
		}
		return nil
	}))
	if n := counts(t, db)[store.BucketOrdersByEmail]; n != 2 {
		t.Errorf("e-mail index has %d entries, want 2", n)
	}
}

func TestSequencesSurviveReopen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "orderd.db")
	db, err := store.Open(path, store.Options{})
	must(t, err)
	must(t, db.Update(func(tx *store.Tx) error {
		must(t, tx.PutOrder(newOrder("h1", "a@example.com")))
		must(t, tx.PutOrder(newOrder("h2", "a@example.com")))
		must(t, tx.PutContact(&store.Contact{Name: "A"}))
		return tx.Enqueue(newMessage("h1", "order_placed"), newMessage("h2", "order_placed"))
	}))
	closeChecked(t, db)

	db, err = store.Open(path, store.Options{})
	must(t, err)
	defer closeChecked(t, db)
	o := newOrder("h3", "a@example.com")
	m := newMessage("h3", "order_placed")
	ct := &store.Contact{Name: "B"}
	must(t, db.Update(func(tx *store.Tx) error {
		must(t, tx.PutOrder(o))
		must(t, tx.PutContact(ct))
		return tx.Enqueue(m)
	}))
	if o.ID != 3 || m.ID != 3 || ct.ID != 2 {
		t.Errorf("after reopen: order ID %d, message ID %d, contact ID %d; want 3 3 2", o.ID, m.ID, ct.ID)
	}
}

var errBoom = errors.New("boom")

// An order, its e-mails, the idempotency record and the coupon's use are
// one transaction: an error after all of them leaves none.
func TestUpdateErrorWritesNothing(t *testing.T) {
	for _, mode := range []string{"Update", "UpdateNow"} {
		t.Run(mode, func(t *testing.T) {
			db := openTest(t, store.Options{})
			must(t, db.UpdateNow(func(tx *store.Tx) error {
				return tx.AddCoupon(&order.Coupon{Code: "SABER10", Percent: 10})
			}))
			before := counts(t, db)

			update := db.Update
			if mode == "UpdateNow" {
				update = db.UpdateNow
			}
			err := update(func(tx *store.Tx) error {
				must(t, tx.PutOrder(newOrder("hash-a", "anna@example.com")))
				must(t, tx.Enqueue(newMessage("hash-a", "order_placed"), newMessage("hash-a", "owner_copy")))
				must(t, tx.PutIdempotency(&store.Idempotency{Key: "k1", BodyHash: "x", Status: 201, Body: []byte("{}")}))
				c, err := tx.Coupon("saber10")
				must(t, err)
				c.Used++
				must(t, tx.PutCoupon(c))
				must(t, tx.SetOrdersOpen(false))
				return errBoom
			})
			if !errors.Is(err, errBoom) {
				t.Fatalf("err = %v, want the function's error", err)
			}
			if after := counts(t, db); !maps.Equal(before, after) {
				t.Errorf("counts changed by a failed update: before %v, after %v", before, after)
			}
			must(t, db.View(func(tx *store.Tx) error {
				if _, err := tx.Order("hash-a"); !errors.Is(err, store.ErrNotFound) {
					t.Errorf("order present after failed update (err %v)", err)
				}
				if _, err := tx.Idempotency("k1"); !errors.Is(err, store.ErrNotFound) {
					t.Errorf("idempotency record present after failed update (err %v)", err)
				}
				c, err := tx.Coupon("SABER10")
				must(t, err)
				if c.Used != 0 {
					t.Errorf("coupon used %d times after failed update", c.Used)
				}
				if open, set, err := tx.OrdersOpen(); err != nil || !open || set {
					t.Errorf("OrdersOpen = %v, %v, %v after failed pause", open, set, err)
				}
				return nil
			}))
			if msgs, err := db.Outbox(); err != nil || len(msgs) != 0 {
				t.Errorf("outbox after failed update: %d messages, %v", len(msgs), err)
			}
			// The sequences rolled back too: the next order is number 1.
			o := newOrder("hash-b", "b@example.com")
			must(t, db.Update(func(tx *store.Tx) error { return tx.PutOrder(o) }))
			if o.ID != 1 {
				t.Errorf("next order ID %d, want 1", o.ID)
			}
		})
	}
}

// When one function of a batch fails, bbolt rolls the batch back and runs
// the others again in a new transaction. Two writers share a batch of
// two; whichever runs second in the first transaction fails once. Both
// then succeed, each function has run twice, and each order and e-mail
// is stored once with its own ID.
func TestBatchRetryNoDuplicates(t *testing.T) {
	db := openTest(t, store.Options{MaxBatchSize: 2, MaxBatchDelay: 10 * time.Second})
	var calls atomic.Int32
	runs := make([]atomic.Int32, 2)
	orders := []*order.Order{newOrder("hash-0", "a@example.com"), newOrder("hash-1", "a@example.com")}
	msgs := []*outbox.Message{newMessage("hash-0", "order_placed"), newMessage("hash-1", "order_placed")}

	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i := range 2 {
		wg.Go(func() {
			errs[i] = db.Update(func(tx *store.Tx) error {
				runs[i].Add(1)
				if err := tx.PutOrder(orders[i]); err != nil {
					return err
				}
				if err := tx.Enqueue(msgs[i]); err != nil {
					return err
				}
				if calls.Add(1) == 2 {
					return errBoom
				}
				return nil
			})
		})
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("writer %d: %v", i, err)
		}
	}
	if r0, r1 := runs[0].Load(), runs[1].Load(); r0 != 2 || r1 != 2 {
		t.Fatalf("runs %d and %d, want 2 each (the batch was not retried)", r0, r1)
	}

	c := counts(t, db)
	if c[store.BucketOrders] != 2 || c[store.BucketOrdersByID] != 2 || c[store.BucketOrdersByEmail] != 2 || c[store.BucketOutbox] != 2 {
		t.Fatalf("counts %v, want 2 orders, 2 index entries each, 2 messages", c)
	}
	ids := []uint64{orders[0].ID, orders[1].ID}
	slices.Sort(ids)
	if !slices.Equal(ids, []uint64{1, 2}) {
		t.Errorf("order IDs %v, want 1 and 2", ids)
	}
	// The callers hold the IDs of the run that committed.
	out, err := db.Outbox()
	must(t, err)
	for _, m := range out {
		i := slices.IndexFunc(msgs, func(x *outbox.Message) bool { return x.Ref == m.Ref })
		if i < 0 || msgs[i].ID != m.ID {
			t.Errorf("stored message %d for %s; the caller holds %+v", m.ID, m.Ref, msgs)
		}
	}
	must(t, db.View(func(tx *store.Tx) error {
		for _, o := range orders {
			got, err := tx.OrderByID(o.ID)
			must(t, err)
			if got.Hash != o.Hash {
				t.Errorf("OrderByID(%d) = %s, want %s", o.ID, got.Hash, o.Hash)
			}
		}
		return nil
	}))

	// The sequences moved on past the retried IDs: the next order and
	// e-mail get 3, not an ID a rolled-back run had handed out.
	// (UpdateNow: a lone Update would wait out the 10 s batch delay.)
	o, m := newOrder("hash-2", "b@example.com"), newMessage("hash-2", "order_placed")
	must(t, db.UpdateNow(func(tx *store.Tx) error {
		if err := tx.PutOrder(o); err != nil {
			return err
		}
		return tx.Enqueue(m)
	}))
	if o.ID != 3 || m.ID != 3 {
		t.Errorf("next order ID %d, message ID %d; want 3 and 3", o.ID, m.ID)
	}
	if c := counts(t, db); c[store.BucketOrdersByID] != 3 || c[store.BucketOutbox] != 3 {
		t.Errorf("counts %v, want 3 orders by ID and 3 messages", c)
	}
}

func TestConcurrentUpdates(t *testing.T) {
	db := openTest(t, store.Options{})
	const writers = 64
	var wg sync.WaitGroup
	errs := make(chan error, writers)
	for i := range writers {
		wg.Go(func() {
			hash := fmt.Sprintf("hash-%02d", i)
			errs <- db.Update(func(tx *store.Tx) error {
				if err := tx.PutOrder(newOrder(hash, fmt.Sprintf("c%d@example.com", i%8))); err != nil {
					return err
				}
				return tx.Enqueue(newMessage(hash, "order_placed"))
			})
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
	c := counts(t, db)
	if c[store.BucketOrders] != writers || c[store.BucketOrdersByID] != writers ||
		c[store.BucketOrdersByEmail] != writers || c[store.BucketOutbox] != writers {
		t.Fatalf("counts %v, want %d of each", c, writers)
	}
	must(t, db.View(func(tx *store.Tx) error {
		all, err := tx.Orders(nil)
		must(t, err)
		seen := map[string]bool{}
		for i, o := range all {
			if o.ID != uint64(i+1) {
				t.Errorf("order %d has ID %d", i, o.ID)
			}
			seen[o.Hash] = true
		}
		if len(seen) != writers {
			t.Errorf("%d distinct orders, want %d", len(seen), writers)
		}
		list, err := tx.OrdersByEmail("c3@example.com")
		must(t, err)
		if len(list) != writers/8 {
			t.Errorf("OrdersByEmail(c3) has %d orders, want %d", len(list), writers/8)
		}
		return nil
	}))
}

func TestBackup(t *testing.T) {
	db := openTest(t, store.Options{})
	for i := range 20 {
		must(t, db.Update(func(tx *store.Tx) error {
			return tx.PutOrder(newOrder(fmt.Sprintf("hash-%02d", i), "a@example.com"))
		}))
	}
	path := filepath.Join(t.TempDir(), "backup.db")
	f, err := os.Create(path)
	must(t, err)
	n, err := db.Backup(f)
	must(t, err)
	must(t, f.Close())
	if fi, err := os.Stat(path); err != nil || fi.Size() != n || n == 0 {
		t.Fatalf("backup wrote %d bytes; file %v, %v", n, fi, err)
	}

	// The original stays open: the backup is its own file.
	copyDB, err := store.Open(path, store.Options{})
	must(t, err)
	defer closeChecked(t, copyDB)
	var want, got []*order.Order
	must(t, db.View(func(tx *store.Tx) (err error) { want, err = tx.Orders(nil); return }))
	must(t, copyDB.View(func(tx *store.Tx) (err error) { got, err = tx.Orders(nil); return }))
	if len(got) != 20 || !slices.Equal(hashes(got), hashes(want)) {
		t.Errorf("backup has %v, want %v", hashes(got), hashes(want))
	}
}

func TestOutbox(t *testing.T) {
	db := openTest(t, store.Options{})
	t0 := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	a := newMessage("hash-a", "order_placed")
	a.Created = t0
	b := newMessage("hash-b", "order_placed")
	b.Created = t0.Add(time.Minute)
	c := newMessage("hash-a", "payment_received")
	c.Created = t0.Add(2 * time.Minute)
	d := newMessage("", "contact")
	d.Created = t0.Add(3 * time.Minute)
	d.NextTry = t0.Add(time.Hour) // not due yet
	must(t, db.Update(func(tx *store.Tx) error { return tx.Enqueue(a, b, c, d) }))
	if a.ID != 1 || d.ID != 4 || !a.NextTry.Equal(t0) || !d.NextTry.Equal(t0.Add(time.Hour)) {
		t.Fatalf("enqueue: IDs %d..%d, NextTry %v / %v", a.ID, d.ID, a.NextTry, d.NextTry)
	}
	// Created defaults to now.
	e := newMessage("hash-e", "order_placed")
	must(t, db.Update(func(tx *store.Tx) error { return tx.Enqueue(e) }))
	if e.Created.IsZero() || !e.NextTry.Equal(e.Created) {
		t.Errorf("defaults: Created %v, NextTry %v", e.Created, e.NextTry)
	}
	must(t, db.Delivered(e.ID))

	due := func(now time.Time, limit int) []uint64 {
		t.Helper()
		msgs, err := db.Due(now, limit)
		must(t, err)
		var ids []uint64
		for _, m := range msgs {
			ids = append(ids, m.ID)
		}
		return ids
	}
	now := t0.Add(5 * time.Minute)
	if got := due(now, 0); !slices.Equal(got, []uint64{1, 2, 3}) {
		t.Errorf("Due(all) = %v, want [1 2 3]", got)
	}
	if got := due(now, 2); !slices.Equal(got, []uint64{1, 2}) {
		t.Errorf("Due(limit 2) = %v, want [1 2]", got)
	}
	if got := due(t0.Add(30*time.Second), 0); !slices.Equal(got, []uint64{1}) {
		t.Errorf("Due(t0+30s) = %v, want [1] (NextTry <= now)", got)
	}

	// A failed delivery waits for its next try.
	must(t, db.Retry(1, now.Add(time.Minute), "421 try later"))
	must(t, db.Retry(1, now.Add(2*time.Minute), "connection refused"))
	if got := due(now, 0); !slices.Equal(got, []uint64{2, 3}) {
		t.Errorf("Due after Retry = %v, want [2 3]", got)
	}
	if got := due(now.Add(2*time.Minute), 0); !slices.Equal(got, []uint64{1, 2, 3}) {
		t.Errorf("Due at next try = %v, want [1 2 3]", got)
	}
	out, err := db.Outbox()
	must(t, err)
	if len(out) != 4 || out[0].Attempts != 2 || out[0].LastErr != "connection refused" || !out[0].NextTry.Equal(now.Add(2*time.Minute)) {
		t.Errorf("Outbox()[0] = %+v (of %d)", out[0], len(out))
	}

	must(t, db.Delivered(1))
	must(t, db.Delivered(3))
	if !errors.Is(db.Delivered(1), store.ErrNotFound) {
		t.Error("Delivered twice: want ErrNotFound")
	}
	if !errors.Is(db.Retry(3, now, "x"), store.ErrNotFound) {
		t.Error("Retry of a delivered message: want ErrNotFound")
	}
	if got := due(now, 0); !slices.Equal(got, []uint64{2}) {
		t.Errorf("Due after Delivered = %v, want [2]", got)
	}
	sent, err := db.Sent("hash-a")
	must(t, err)
	if len(sent) != 2 || sent[0].ID != 1 || sent[0].Kind != "order_placed" || sent[0].Attempts != 2 ||
		sent[1].ID != 3 || sent[1].Kind != "payment_received" || sent[0].To != "anna@example.com" || sent[0].Sent.IsZero() {
		t.Errorf("Sent(hash-a) = %+v", sent)
	}
	if sent, err := db.Sent("hash"); err != nil || len(sent) != 0 {
		t.Errorf("Sent(prefix of a ref) = %+v, %v", sent, err)
	}
	if c := counts(t, db); c[store.BucketOutbox] != 2 || c[store.BucketSent] != 3 {
		t.Errorf("counts %v", c)
	}
}

func TestCoupons(t *testing.T) {
	db := openTest(t, store.Options{})
	exp := time.Date(2026, 12, 31, 0, 0, 0, 0, time.UTC)
	must(t, db.UpdateNow(func(tx *store.Tx) error {
		must(t, tx.AddCoupon(&order.Coupon{Code: " saber10", Percent: 10, Limit: 5, Expires: exp}))
		must(t, tx.AddCoupon(&order.Coupon{Code: "FIXED", Amount: 5000, Currency: "EUR"}))
		if err := tx.AddCoupon(&order.Coupon{Code: "Saber10", Percent: 50}); !errors.Is(err, store.ErrExists) {
			t.Errorf("AddCoupon of a taken code: err = %v, want ErrExists", err)
		}
		if err := tx.AddCoupon(&order.Coupon{Code: "  "}); !errors.Is(err, store.ErrInvalid) {
			t.Errorf("AddCoupon without code: err = %v, want ErrInvalid", err)
		}
		return nil
	}))
	must(t, db.Update(func(tx *store.Tx) error {
		c, err := tx.Coupon("Saber10")
		if err != nil {
			return err
		}
		c.Used++
		c.Disabled = true
		return tx.PutCoupon(c)
	}))
	must(t, db.View(func(tx *store.Tx) error {
		c, err := tx.Coupon("saber10")
		must(t, err)
		if c.Code != "SABER10" || c.Percent != 10 || c.Used != 1 || !c.Disabled || c.Limit != 5 || !c.Expires.Equal(exp) {
			t.Errorf("Coupon = %+v", c)
		}
		if _, err := tx.Coupon("NONE"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("unknown coupon: err = %v", err)
		}
		all, err := tx.Coupons()
		must(t, err)
		if len(all) != 2 || all[0].Code != "FIXED" || all[1].Code != "SABER10" {
			t.Errorf("Coupons = %+v", all)
		}
		return nil
	}))
}

func TestIdempotency(t *testing.T) {
	db := openTest(t, store.Options{})
	now := time.Now().UTC()
	must(t, db.Update(func(tx *store.Tx) error {
		must(t, tx.PutIdempotency(&store.Idempotency{Key: "old", BodyHash: "h1", Status: 201, Body: []byte(`{"hash":"a"}`), Created: now.Add(-25 * time.Hour)}))
		must(t, tx.PutIdempotency(&store.Idempotency{Key: "older", Status: 201, Created: now.Add(-48 * time.Hour)}))
		must(t, tx.PutIdempotency(&store.Idempotency{Key: "new", BodyHash: "h2", Status: 409, Body: []byte(`{}`)}))
		if err := tx.PutIdempotency(&store.Idempotency{}); !errors.Is(err, store.ErrInvalid) {
			t.Errorf("empty key: err = %v, want ErrInvalid", err)
		}
		return nil
	}))
	must(t, db.View(func(tx *store.Tx) error {
		rec, err := tx.Idempotency("old")
		must(t, err)
		if rec.Key != "old" || rec.BodyHash != "h1" || rec.Status != 201 || string(rec.Body) != `{"hash":"a"}` {
			t.Errorf("Idempotency(old) = %+v", rec)
		}
		rec, err = tx.Idempotency("new")
		must(t, err)
		if rec.Created.IsZero() {
			t.Error("Created not defaulted")
		}
		for _, k := range []string{"missing", ""} {
			if _, err := tx.Idempotency(k); !errors.Is(err, store.ErrNotFound) {
				t.Errorf("Idempotency(%q): err = %v", k, err)
			}
		}
		return nil
	}))
	n, err := db.PurgeIdempotency(now.Add(-24 * time.Hour))
	must(t, err)
	if n != 2 {
		t.Errorf("purged %d, want 2", n)
	}
	must(t, db.View(func(tx *store.Tx) error {
		if _, err := tx.Idempotency("old"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("old record survived the purge (err %v)", err)
		}
		if _, err := tx.Idempotency("new"); err != nil {
			t.Errorf("new record purged: %v", err)
		}
		return nil
	}))
	if n, err := db.PurgeIdempotency(now.Add(-24 * time.Hour)); n != 0 || err != nil {
		t.Errorf("second purge: %d, %v", n, err)
	}
}

func TestSubscribers(t *testing.T) {
	db := openTest(t, store.Options{})
	s := &store.Subscriber{Email: "Anna@Example.com", Locale: "pl", Created: time.Now().UTC()}
	must(t, db.Update(func(tx *store.Tx) error { return tx.PutSubscriber(s) }))
	if len(s.Token) < 22 {
		t.Fatalf("token %q: want >= 128 random bits", s.Token)
	}
	for _, r := range s.Token {
		if !(r >= 'A' && r <= 'Z' || r >= '2' && r <= '7') {
			t.Fatalf("token %q is not URL-safe base32", s.Token)
		}
	}
	first := s.Token

	must(t, db.Update(func(tx *store.Tx) error {
		got, err := tx.SubscriberByToken(first)
		if err != nil {
			return err
		}
		got.Confirmed = true
		got.ConfirmedAt = time.Now().UTC()
		return tx.PutSubscriber(got)
	}))
	must(t, db.View(func(tx *store.Tx) error {
		got, err := tx.Subscriber("anna@example.com")
		must(t, err)
		if !got.Confirmed || got.ConfirmedAt.IsZero() || got.Token != first || got.Email != "Anna@Example.com" {
			t.Errorf("Subscriber = %+v", got)
		}
		for _, tok := range []string{"", "NOPE"} {
			if _, err := tx.SubscriberByToken(tok); !errors.Is(err, store.ErrNotFound) {
				t.Errorf("SubscriberByToken(%q): err = %v", tok, err)
			}
		}
		if _, err := tx.Subscriber("bob@example.com"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("unknown subscriber: err = %v", err)
		}
		return nil
	}))

	// A new token replaces the old one in the index.
	must(t, db.Update(func(tx *store.Tx) error {
		got, err := tx.Subscriber("ANNA@example.com")
		if err != nil {
			return err
		}
		got.Token = ""
		if err := tx.PutSubscriber(got); err != nil {
			return err
		}
		return tx.PutSubscriber(&store.Subscriber{Email: "bob@example.com", Locale: "de"})
	}))
	must(t, db.View(func(tx *store.Tx) error {
		if _, err := tx.SubscriberByToken(first); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("old token still works (err %v)", err)
		}
		anna, err := tx.Subscriber("anna@example.com")
		must(t, err)
		if got, err := tx.SubscriberByToken(anna.Token); err != nil || got.Email != "Anna@Example.com" {
			t.Errorf("new token: %+v, %v", got, err)
		}
		all, err := tx.Subscribers()
		must(t, err)
		if len(all) != 2 || all[0].Locale != "pl" || all[1].Email != "bob@example.com" {
			t.Errorf("Subscribers = %+v", all)
		}
		// Another subscriber's token is refused.
		err = tx.PutSubscriber(&store.Subscriber{Email: "eve@example.com", Token: anna.Token})
		if !errors.Is(err, store.ErrExists) {
			t.Errorf("taken token: err = %v, want ErrExists", err)
		}
		return nil
	}))
	if c := counts(t, db); c[store.BucketSubscribers] != 2 || c[store.BucketSubscriberTokens] != 2 {
		t.Errorf("counts %v", c)
	}
	if err := db.Update(func(tx *store.Tx) error { return tx.PutSubscriber(&store.Subscriber{}) }); !errors.Is(err, store.ErrInvalid) {
		t.Errorf("subscriber without e-mail: err = %v, want ErrInvalid", err)
	}
}

func TestContacts(t *testing.T) {
	db := openTest(t, store.Options{})
	a := &store.Contact{Name: "Anna", Email: "anna@example.com", Message: "Hello <b>", Locale: "pl"}
	b := &store.Contact{ID: 7, Name: "Bob", Email: "bob@example.com", Message: "Hi", Locale: "de"}
	must(t, db.Update(func(tx *store.Tx) error {
		must(t, tx.PutContact(a))
		return tx.PutContact(b)
	}))
	if a.ID != 1 || b.ID != 2 || a.Created.IsZero() {
		t.Errorf("IDs %d %d, Created %v", a.ID, b.ID, a.Created)
	}
	must(t, db.View(func(tx *store.Tx) error {
		all, err := tx.Contacts()
		must(t, err)
		if len(all) != 2 || all[0].Message != "Hello <b>" || all[1].ID != 2 || all[1].Locale != "de" {
			t.Errorf("Contacts = %+v", all)
		}
		return nil
	}))
}

func TestSettings(t *testing.T) {
	db := openTest(t, store.Options{})
	open := func() (bool, bool) {
		t.Helper()
		var v, set bool
		must(t, db.View(func(tx *store.Tx) (err error) { v, set, err = tx.OrdersOpen(); return }))
		return v, set
	}
	if v, set := open(); !v || set {
		t.Errorf("new shop: OrdersOpen = %v, set %v; want open, unset", v, set)
	}
	must(t, db.UpdateNow(func(tx *store.Tx) error { return tx.SetOrdersOpen(false) }))
	if v, set := open(); v || !set {
		t.Errorf("paused shop: OrdersOpen = %v, set %v", v, set)
	}
	must(t, db.UpdateNow(func(tx *store.Tx) error { return tx.SetOrdersOpen(true) }))
	if v, set := open(); !v || !set {
		t.Errorf("resumed shop: OrdersOpen = %v, set %v", v, set)
	}

	val := []byte("state-1")
	must(t, db.Update(func(tx *store.Tx) error {
		if _, err := tx.Setting("payment.tpay"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("unset setting: err = %v", err)
		}
		if err := tx.PutSetting("", val); !errors.Is(err, store.ErrInvalid) {
			t.Errorf("empty setting key: err = %v", err)
		}
		return tx.PutSetting("payment.tpay", val)
	}))
	copy(val, "XXXXX") // the store kept its own copy
	var got []byte
	must(t, db.View(func(tx *store.Tx) (err error) { got, err = tx.Setting("payment.tpay"); return }))
	if string(got) != "state-1" {
		t.Errorf("Setting = %q", got)
	}
}

func TestPutRaw(t *testing.T) {
	db := openTest(t, store.Options{})
	must(t, db.PutRaw("bench", []byte("k1"), bytes.Repeat([]byte("x"), 1024)))
	must(t, db.PutRaw("bench", []byte("k2"), []byte("y")))
	if n := counts(t, db)["bench"]; n != 2 {
		t.Errorf("bench bucket has %d keys, want 2", n)
	}
	for _, bad := range []string{store.BucketOrders, store.BucketOutbox, ""} {
		if err := db.PutRaw(bad, []byte("k"), []byte("v")); !errors.Is(err, store.ErrInvalid) {
			t.Errorf("PutRaw(%q): err = %v, want ErrInvalid", bad, err)
		}
	}
}

func second[T any](_ T, err error) error { return err }

func hashes(list []*order.Order) []string {
	var hs []string
	for _, o := range list {
		hs = append(hs, o.Hash)
	}
	return hs
}

// OutboxStats counts the waiting messages and dates the oldest; a
// delivered message no longer counts.
func TestOutboxStats(t *testing.T) {
	db := openTest(t, store.Options{})
	if n, oldest, err := db.OutboxStats(); err != nil || n != 0 || !oldest.IsZero() {
		t.Fatalf("empty: %d, %v, %v", n, oldest, err)
	}
	t0 := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	a, b := newMessage("hash-a", "order_placed"), newMessage("hash-b", "order_placed")
	a.Created, b.Created = t0, t0.Add(time.Minute)
	must(t, db.Update(func(tx *store.Tx) error { return tx.Enqueue(a, b) }))
	if n, oldest, err := db.OutboxStats(); err != nil || n != 2 || !oldest.Equal(t0) {
		t.Errorf("two waiting: %d, %v, %v; want 2, %v", n, oldest, err, t0)
	}
	must(t, db.Delivered(a.ID))
	if n, oldest, err := db.OutboxStats(); err != nil || n != 1 || !oldest.Equal(b.Created) {
		t.Errorf("after a delivery: %d, %v, %v; want 1, %v", n, oldest, err, b.Created)
	}
}
