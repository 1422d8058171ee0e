package store

import (
	"bytes"
	"encoding/json"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"

	"sabershop/internal/accounting"
	"sabershop/internal/order"
)

// Personal data (docs/legal.md#personal-data): what one address left in the
// file, its erasure, and the retention sweep's deletions. The owner's
// functions in internal/admin (privacy.go) build on these.

// anonymiseBatch is how many orders one anonymisation transaction
// changes: a first sweep over years of orders must not hold the write
// lock (and the shoppers' orders behind it) for long.
const anonymiseBatch = 100

// OrdersToAnonymise returns the hashes of the orders created before
// cutoff that are not anonymised yet, oldest first. It reads the order
// list's rows only (orders_by_created is in creation order), so a daily
// sweep that finds nothing costs a short walk.
func (db *DB) OrdersToAnonymise(cutoff time.Time) ([]string, error) {
	end := sortKey(cutoff, 0)
	var out []string
	err := db.View(func(tx *Tx) error {
		out = nil
		c := tx.bucket(BucketOrdersByCreated).Cursor()
		for k, v := c.First(); k != nil && bytes.Compare(k, end) < 0; k, v = c.Next() {
			var s OrderSummary
			if err := json.Unmarshal(v, &s); err != nil {
				return fmt.Errorf("store: order list row %x: %w", k, err)
			}
			if s.Email == "" && s.FirstName == order.Anonymised {
				continue
			}
			out = append(out, s.Hash)
		}
		return nil
	})
	return out, err
}

// AnonymiseOrders anonymises the orders of hashes (order.Anonymise) at
// at, in transactions of anonymiseBatch orders, and returns how many
// changed. With each order go its owner's notes and its kept e-mail
// bodies, and its e-mail records forget the address; PutOrder moves it out
// of the e-mail index and re-indexes its name, so searching the old name
// or address finds nothing. Orders already anonymised are skipped.
func (db *DB) AnonymiseOrders(hashes []string, at time.Time) (int, error) {
	total := 0
	for len(hashes) > 0 {
		n := min(anonymiseBatch, len(hashes))
		batch := hashes[:n]
		hashes = hashes[n:]
		changed := 0
		err := db.UpdateNow(func(tx *Tx) error {
			for _, h := range batch {
				ok, err := tx.anonymiseOrder(h, at)
				if err != nil {
					return err
				}
				if ok {
					changed++
				}
			}
			return nil
		})
		if err != nil {
			return total, err
		}
		total += changed
	}
	return total, nil
}

// anonymiseOrder is AnonymiseOrders for one order, in tx.
func (tx *Tx) anonymiseOrder(hash string, at time.Time) (bool, error) {
	o, err := tx.Order(hash)
	if err != nil {
		return false, err
	}
	if !order.Anonymise(o, at) {
		return false, nil
	}
	if err := tx.PutOrder(o); err != nil {
		return false, err
	}
	if err := tx.deletePrefix(BucketOrderNotes, idKey(o.ID)); err != nil {
		return false, err
	}
	if err := tx.anonymiseDocuments(o.ID); err != nil {
		return false, err
	}
	return true, tx.forgetSent(o.Hash)
}

// anonymiseDocuments empties the buyer of order id's invoices: kept for
// the same tax period as the order, they go with it. Numbers, dates and
// amounts stay, so the series keeps no gap.
func (tx *Tx) anonymiseDocuments(id uint64) error {
	docs, err := tx.DocumentsOf(id)
	if err != nil {
		return err
	}
	for _, d := range docs {
		d.Buyer = accounting.Buyer{Name: order.Anonymised, Country: d.Buyer.Country}
		series, year, seq, _ := parseNumber(d.Number)
		if err := put(tx.bucket(BucketDocuments), documentKey(series, year, seq), d); err != nil {
			return err
		}
	}
	return nil
}

// forgetSent deletes the kept bodies of the e-mails filed under ref and
// empties the records' address; the records stay (what was sent when).
func (tx *Tx) forgetSent(ref string) error {
	if ref == "" {
		return nil // "" would be the prefix of the e-mails filed under no ref
	}
	prefix := append([]byte(sentRef(ref)), 0)
	if err := tx.deletePrefix(BucketSentBodies, prefix); err != nil {
		return err
	}
	sent := tx.bucket(BucketSent)
	var recs []SentRecord
	var keys [][]byte
	c := sent.Cursor()
	for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
		var rec SentRecord
		if err := json.Unmarshal(v, &rec); err != nil {
			return fmt.Errorf("store: sent %q: %w", k, err)
		}
		rec.To, rec.Kept = order.Anonymised, false
		recs = append(recs, rec)
		keys = append(keys, bytes.Clone(k))
	}
	for i, k := range keys {
		if err := put(sent, k, recs[i]); err != nil {
			return err
		}
	}
	return nil
}

// deleteSent deletes every e-mail record and body filed under ref.
func (tx *Tx) deleteSent(ref string) error {
	if ref == "" {
		return nil // "" would be the prefix of the e-mails filed under no ref
	}
	prefix := append([]byte(sentRef(ref)), 0)
	if err := tx.deletePrefix(BucketSentBodies, prefix); err != nil {
		return err
	}
	return tx.deletePrefix(BucketSent, prefix)
}

// deletePrefix deletes the keys of bucket that start with prefix.
func (tx *Tx) deletePrefix(bucket string, prefix []byte) error {
	b := tx.bucket(bucket)
	var gone [][]byte
	c := b.Cursor()
	for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
		gone = append(gone, bytes.Clone(k))
	}
	return deleteKeys(b, gone)
}

// deleteKeys deletes keys from b. The callers collect them first:
// deleting while a cursor walks the bucket skips keys.
func deleteKeys(b *bolt.Bucket, keys [][]byte) error {
	for _, k := range keys {
		if err := b.Delete(k); err != nil {
			return err
		}
	}
	return nil
}

// ContactsOf returns the contact messages sent from email (case and
// surrounding spaces ignored), oldest first.
func (tx *Tx) ContactsOf(email string) ([]*Contact, error) {
	all, err := tx.Contacts()
	if err != nil {
		return nil, err
	}
	e := normEmail(email)
	var out []*Contact
	for _, c := range all {
		if normEmail(c.Email) == e {
			out = append(out, c)
		}
	}
	return out, nil
}

// ContactRef is the Ref of the e-mail that forwards contact message id to
// the shop, so the record of it goes with the message.
func ContactRef(id uint64) string { return fmt.Sprintf("contact:%d", id) }

// deleteContact deletes contact message c and its forwarded e-mail's
// record and body.
func (tx *Tx) deleteContact(c *Contact) error {
	if err := tx.bucket(BucketContacts).Delete(idKey(c.ID)); err != nil {
		return err
	}
	return tx.deleteSent(ContactRef(c.ID))
}

// DeleteContactsOf deletes the contact messages sent from email and
// returns how many went.
func (tx *Tx) DeleteContactsOf(email string) (int, error) {
	list, err := tx.ContactsOf(email)
	if err != nil {
		return 0, err
	}
	for _, c := range list {
		if err := tx.deleteContact(c); err != nil {
			return 0, err
		}
	}
	return len(list), nil
}

// PurgeContacts deletes the contact messages received before before and
// returns how many went (the retention sweep).
func (db *DB) PurgeContacts(before time.Time) (int, error) {
	return deleteEach(db, (*Tx).Contacts, func(c *Contact) bool { return c.Created.Before(before) }, (*Tx).deleteContact)
}

// PurgeSubscribers deletes the subscribers who unsubscribed and those
// who signed up before unconfirmedBefore and never confirmed, with their
// tokens and e-mail records, and returns how many went (the retention
// sweep).
func (db *DB) PurgeSubscribers(unconfirmedBefore time.Time) (int, error) {
	return deleteEach(db, (*Tx).Subscribers,
		func(s *Subscriber) bool {
			return s.Unsubscribed || (!s.Confirmed && s.Created.Before(unconfirmedBefore))
		},
		func(tx *Tx, s *Subscriber) error { return tx.DeleteSubscriber(s.Email) })
}

// deleteEach deletes with del, in one transaction, the records of list
// that gone picks, and returns how many went.
func deleteEach[T any](db *DB, list func(*Tx) ([]*T, error), gone func(*T) bool, del func(*Tx, *T) error) (int, error) {
	n := 0
	err := db.UpdateNow(func(tx *Tx) error {
		all, err := list(tx)
		if err != nil {
			return err
		}
		for _, r := range all {
			if gone(r) {
				if err := del(tx, r); err != nil {
					return err
				}
				n++
			}
		}
		return nil
	})
	return n, err
}

// DeleteMailSendsOf deletes the per-address e-mail counts of email (every
// purpose); they hold the address for a day at most, but an erasure need
// not wait for that.
func (tx *Tx) DeleteMailSendsOf(email string) error {
	e := []byte(normEmail(email))
	b := tx.bucket(BucketMailSends)
	var gone [][]byte
	err := b.ForEach(func(k, _ []byte) error {
		if i := bytes.IndexByte(k, 0); i >= 0 && bytes.Equal(k[i+1:], e) {
			gone = append(gone, bytes.Clone(k))
		}
		return nil
	})
	if err != nil {
		return err
	}
	return deleteKeys(b, gone)
}
