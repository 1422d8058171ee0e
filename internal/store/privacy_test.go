package store_test

import (
	"path/filepath"
	"testing"
	"time"

	"sabershop/internal/accounting"
	"sabershop/internal/catalog"
	"sabershop/internal/mail/outbox"
	"sabershop/internal/order"
	"sabershop/internal/store"
)

// The retention sweep's store half on a real file with orders on both
// sides of the period: the old order loses its customer (order, list row,
// e-mail index, search tokens, notes, kept e-mail bodies, the records'
// address) and keeps what the books need; the young one is untouched; a
// second run changes nothing; the anonymised order survives a reopen.
func TestAnonymiseOrdersOlderThanThePeriod(t *testing.T) {
	path := filepath.Join(t.TempDir(), "orderd.db")
	db, err := store.Open(path, store.Options{})
	must(t, err)

	now := time.Date(2031, 3, 1, 12, 0, 0, 0, time.UTC)
	ret := catalog.Retention{}.OrDefaults()
	old := newOrder("hash-old", "Anna.Nowak@example.com")
	old.CreatedAt = time.Date(2024, 12, 31, 22, 0, 0, 0, time.UTC) // 23:00 in Kraków: still 2024
	old.Customer.Phone, old.Customer.Street, old.Customer.Zip, old.Customer.City = "+48 600 100 200", "ul. Długa 1", "30-001", "Kraków"
	old.Status, old.CancelReason = order.Cancelled, "Anna changed her mind"
	old.Customer.Company, old.Customer.VATID = "Anna Nowak Kuźnia", "PL5260250274"
	old.Timeline = append(old.Timeline, order.Event{Status: order.Cancelled, At: old.CreatedAt, Cause: "owner: Anna changed her mind"})
	young := newOrder("hash-young", "anna.nowak@example.com")
	young.CreatedAt = time.Date(2024, 12, 31, 23, 30, 0, 0, time.UTC) // 00:30 on 1 January 2025 in Kraków
	if got := ret.OrderAnonymisedOn(old.CreatedAt); !got.Equal(time.Date(2031, 1, 1, 0, 0, 0, 0, time.FixedZone("CET", 3600))) {
		t.Errorf("OrderAnonymisedOn(old) = %v, want 1 January 2031", got)
	}
	must(t, db.Update(func(tx *store.Tx) error {
		if err := tx.PutOrder(old); err != nil {
			return err
		}
		if err := tx.PutOrder(young); err != nil {
			return err
		}
		if err := tx.AddNote(&store.Note{Order: old.ID, Text: "Anna called"}); err != nil {
			return err
		}
		if err := tx.AddNote(&store.Note{Order: young.ID, Text: "Anna called again"}); err != nil {
			return err
		}
		inv := &accounting.Document{Kind: accounting.KindInvoice, Series: accounting.SeriesInvoice, OrderID: old.ID, Total: accounting.Amounts{Gross: 159900},
			Buyer: accounting.Buyer{Name: "Anna Nowak", Company: "Anna Nowak Kuźnia", VATID: "PL5260250274", Street: "ul. Długa 1", Country: "pl"}}
		if err := tx.IssueDocument(inv, 2024); err != nil {
			return err
		}
		return tx.Enqueue(newMessage("hash-old", "order_placed"), newMessage("hash-young", "order_placed"))
	}))
	pending, err := db.Outbox()
	must(t, err)
	must(t, db.DeliveredAll(pending))

	due, err := db.OrdersToAnonymise(ret.OrdersCutoff(now))
	must(t, err)
	if len(due) != 1 || due[0] != "hash-old" {
		t.Fatalf("OrdersToAnonymise = %v, want [hash-old]", due)
	}
	n, err := db.AnonymiseOrders(due, now)
	must(t, err)
	if n != 1 {
		t.Errorf("anonymised %d, want 1", n)
	}
	closeChecked(t, db)
	db, err = store.Open(path, store.Options{})
	must(t, err)
	t.Cleanup(func() { closeChecked(t, db) })

	must(t, db.View(func(tx *store.Tx) error {
		o, err := tx.Order("hash-old")
		must(t, err)
		c := o.Customer
		if c.FirstName != order.Anonymised || c.LastName != "" || c.Email != "" || c.Phone != "" || c.Street != "" || c.Zip != "" || c.City != "" ||
			c.Company != order.Anonymised || c.VATID != "" {
			t.Errorf("old order's customer = %+v", c)
		}
		if c.Country != "pl" || o.Totals.Total != 159900 || len(o.Lines) != 1 || o.Currency != "PLN" || !o.CreatedAt.Equal(old.CreatedAt) {
			t.Errorf("old order lost what the books need: %+v", o)
		}
		if o.CancelReason != order.Anonymised || o.Timeline[1].Cause != "owner: anonymised" || !o.IsAnonymised() {
			t.Errorf("old order's free text: reason %q, timeline %+v", o.CancelReason, o.Timeline)
		}
		y, err := tx.Order("hash-young")
		must(t, err)
		if y.Customer.Email != "anna.nowak@example.com" || y.Customer.FirstName != "Anna" || y.IsAnonymised() {
			t.Errorf("young order changed: %+v", y.Customer)
		}
		byEmail, err := tx.OrdersByEmail("anna.nowak@example.com")
		must(t, err)
		if len(byEmail) != 1 || byEmail[0].Hash != "hash-young" {
			t.Errorf("OrdersByEmail = %v, want only the young order", hashes(byEmail))
		}
		for _, q := range []string{"nowak", "anna.nowak@", "anna"} {
			page, err := tx.SearchOrders(q, "", 10)
			must(t, err)
			if len(page.Orders) != 1 || page.Orders[0].Hash != "hash-young" {
				t.Errorf("search %q = %+v, want only the young order", q, page.Orders)
			}
		}
		// The invoice keeps its number and amounts, not its buyer.
		if docs, _ := tx.DocumentsOf(old.ID); len(docs) != 1 || docs[0].Number != "FV/2024/0001" || docs[0].Total.Gross != 159900 ||
			docs[0].Buyer != (accounting.Buyer{Name: order.Anonymised, Country: "pl"}) {
			t.Errorf("old order's invoice = %+v", docs)
		}
		if notes, _ := tx.Notes(old.ID); len(notes) != 0 {
			t.Errorf("old order's notes = %+v, want none", notes)
		}
		if notes, _ := tx.Notes(young.ID); len(notes) != 1 {
			t.Errorf("young order's notes = %+v, want one", notes)
		}
		return nil
	}))
	recs, err := db.Sent("hash-old")
	must(t, err)
	if len(recs) != 1 || recs[0].To != order.Anonymised || recs[0].Kept {
		t.Errorf("old order's e-mail records = %+v, want the address gone, the body not kept", recs)
	}
	if _, _, err := db.SentMessage("hash-young", 2); err != nil {
		t.Errorf("young order's kept e-mail: %v", err)
	}
	if c := counts(t, db); c[store.BucketSentBodies] != 1 {
		t.Errorf("kept bodies = %d, want the young order's only", c[store.BucketSentBodies])
	}

	// Idempotent: nothing left to do, and asking again changes nothing.
	due, err = db.OrdersToAnonymise(ret.OrdersCutoff(now.AddDate(1, 0, 0)))
	must(t, err)
	if len(due) != 1 || due[0] != "hash-young" {
		t.Errorf("a year later: due %v, want [hash-young]", due)
	}
	if n, err := db.AnonymiseOrders([]string{"hash-old"}, now); err != nil || n != 0 {
		t.Errorf("again: %d, %v; want 0, nil", n, err)
	}
}

// Erasure's and the sweep's deletions of messages and subscribers.
func TestPurgeContactsAndSubscribers(t *testing.T) {
	db := openTest(t, store.Options{})
	now := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	must(t, db.Update(func(tx *store.Tx) error {
		for _, c := range []*store.Contact{
			{Name: "Anna", Email: "Anna@example.com", Message: "hi", Created: now.AddDate(0, -1, 0)},
			{Name: "Anna", Email: "anna@example.com", Message: "old", Created: now.AddDate(-3, 0, 0)},
			{Name: "Bob", Email: "bob@example.com", Message: "old", Created: now.AddDate(-3, 0, 0)},
			{Name: "Cy", Email: "cy@example.com", Message: "new", Created: now},
		} {
			if err := tx.PutContact(c); err != nil {
				return err
			}
		}
		for _, s := range []*store.Subscriber{
			{Email: "anna@example.com", Confirmed: true, Created: now.AddDate(-1, 0, 0)},
			{Email: "late@example.com", Created: now.AddDate(0, 0, -40)},
			{Email: "fresh@example.com", Created: now.AddDate(0, 0, -1)},
			{Email: "gone@example.com", Confirmed: true, Unsubscribed: true, Created: now.AddDate(0, 0, -1)},
		} {
			if err := tx.PutSubscriber(s); err != nil {
				return err
			}
		}
		return nil
	}))
	var goneToken string
	must(t, db.View(func(tx *store.Tx) error {
		s, err := tx.Subscriber("gone@example.com")
		goneToken = s.Token
		return err
	}))
	m := newMessage(goneToken, "subscribe_confirm")
	must(t, db.Update(func(tx *store.Tx) error { return tx.Enqueue(m) }))
	must(t, db.DeliveredAll([]*outbox.Message{m}))

	// The forwarded e-mails of the old and of Anna's messages are filed
	// under their messages and go with them.
	var fwd []*outbox.Message
	for _, id := range []uint64{1, 2, 4} {
		fwd = append(fwd, newMessage(store.ContactRef(id), "contact_message"))
	}
	must(t, db.Update(func(tx *store.Tx) error { return tx.Enqueue(fwd...) }))
	must(t, db.DeliveredAll(fwd))

	ret := catalog.Retention{}.OrDefaults()
	if n, err := db.PurgeContacts(ret.MessagesCutoff(now)); err != nil || n != 2 {
		t.Errorf("PurgeContacts = %d, %v; want the two three-year-old messages", n, err)
	}
	if n, err := db.PurgeSubscribers(ret.UnconfirmedCutoff(now)); err != nil || n != 2 {
		t.Errorf("PurgeSubscribers = %d, %v; want the unsubscribed and the 40-day unconfirmed", n, err)
	}
	if recs, _ := db.Sent(goneToken); len(recs) != 0 {
		t.Errorf("the unsubscribed address's e-mail records stayed: %+v", recs)
	}
	must(t, db.UpdateNow(func(tx *store.Tx) error {
		n, err := tx.DeleteContactsOf(" ANNA@example.com ")
		if n != 1 {
			t.Errorf("DeleteContactsOf(anna) = %d, want 1", n)
		}
		return err
	}))
	must(t, db.View(func(tx *store.Tx) error {
		list, err := tx.Contacts()
		if len(list) != 1 || list[0].Name != "Cy" {
			t.Errorf("contacts left: %+v, want Cy's", list)
		}
		subs, _ := tx.Subscribers()
		if len(subs) != 2 || subs[0].Email != "anna@example.com" || subs[1].Email != "fresh@example.com" {
			t.Errorf("subscribers left: %+v", subs)
		}
		return err
	}))
	if c := counts(t, db); c[store.BucketSubscriberTokens] != 2 || c[store.BucketSent] != 1 {
		t.Errorf("tokens = %d, want 2; e-mail records %d, want Cy's message's only", c[store.BucketSubscriberTokens], c[store.BucketSent])
	}
	if recs, _ := db.Sent(store.ContactRef(4)); len(recs) != 1 {
		t.Errorf("Cy's message's e-mail record: %+v", recs)
	}
}
