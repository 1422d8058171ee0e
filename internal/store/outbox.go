package store

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"sabershop/internal/mail"
)

// SentRecord is what remains of a delivered e-mail: enough for the
// owner's `orders show` and for tests, not the body.
type SentRecord struct {
	ID       uint64    `json:"id"` // the outbox ID it had
	Kind     string    `json:"kind"`
	To       string    `json:"to"`
	Subject  string    `json:"subject"`
	Ref      string    `json:"ref,omitempty"`
	Attempts int       `json:"attempts"` // failed attempts before this one
	Created  time.Time `json:"created"`
	Sent     time.Time `json:"sent"`
}

// Enqueue adds messages to the outbox, in the caller's transaction so an
// order and its e-mails are stored together or not at all. Every message
// gets a new ID from the outbox sequence (a message is never enqueued
// twice, so an ID left over from a retried Update is overwritten);
// Created defaults to now and NextTry to Created, so it is due at once.
func (tx *Tx) Enqueue(msgs ...*mail.Message) error {
	outbox := tx.bucket(BucketOutbox)
	for _, m := range msgs {
		id, err := outbox.NextSequence()
		if err != nil {
			return err
		}
		m.ID = id
		if m.Created.IsZero() {
			m.Created = time.Now().UTC()
		}
		if m.NextTry.IsZero() {
			m.NextTry = m.Created
		}
		if err := put(outbox, idKey(id), m); err != nil {
			return err
		}
	}
	return nil
}

// Due returns up to limit outbox messages whose NextTry is not after now,
// oldest first (limit <= 0: all of them).
func (db *DB) Due(now time.Time, limit int) ([]*mail.Message, error) {
	var out []*mail.Message
	err := db.View(func(tx *Tx) error {
		out = nil
		c := tx.bucket(BucketOutbox).Cursor()
		for k, v := c.First(); k != nil; k, v = c.Next() {
			m := new(mail.Message)
			if err := json.Unmarshal(v, m); err != nil {
				return fmt.Errorf("store: outbox %d: %w", keyID(k), err)
			}
			if m.NextTry.After(now) {
				continue
			}
			out = append(out, m)
			if limit > 0 && len(out) == limit {
				break
			}
		}
		return nil
	})
	return out, err
}

// Delivered removes message id from the outbox and keeps a SentRecord of
// it under its Ref. ErrNotFound when it is not in the outbox (already
// delivered).
func (db *DB) Delivered(id uint64) error {
	return db.DeliveredAll([]uint64{id})
}

// DeliveredAll is Delivered for several messages in one transaction (one
// disk sync for a whole drain of the outbox, instead of one per message).
func (db *DB) DeliveredAll(ids []uint64) error {
	sent := time.Now().UTC()
	return db.Update(func(tx *Tx) error {
		outbox := tx.bucket(BucketOutbox)
		for _, id := range ids {
			m := new(mail.Message)
			if err := get(outbox, idKey(id), m); err != nil {
				return err
			}
			rec := SentRecord{
				ID: m.ID, Kind: m.Kind, To: m.To, Subject: m.Subject, Ref: m.Ref,
				Attempts: m.Attempts, Created: m.Created, Sent: sent,
			}
			if err := put(tx.bucket(BucketSent), compositeKey(sentRef(m.Ref), id), rec); err != nil {
				return err
			}
			if err := outbox.Delete(idKey(id)); err != nil {
				return err
			}
		}
		return nil
	})
}

// Retry records a failed delivery of message id: one more attempt, the
// error, and when to try next. ErrNotFound when it is not in the outbox.
func (db *DB) Retry(id uint64, next time.Time, errMsg string) error {
	return db.Update(func(tx *Tx) error {
		outbox := tx.bucket(BucketOutbox)
		m := new(mail.Message)
		// Read afresh on every run, so a retried Update counts once.
		if err := get(outbox, idKey(id), m); err != nil {
			return err
		}
		m.Attempts++
		m.NextTry = next
		m.LastErr = errMsg
		return put(outbox, idKey(id), m)
	})
}

// Outbox returns every pending message, oldest first.
func (db *DB) Outbox() ([]*mail.Message, error) {
	var out []*mail.Message
	err := db.View(func(tx *Tx) error {
		var err error
		out, err = list[mail.Message](tx.bucket(BucketOutbox))
		return err
	})
	return out, err
}

// Sent returns the delivered e-mails whose Ref is ref (an order hash),
// in the order they were enqueued.
func (db *DB) Sent(ref string) ([]SentRecord, error) {
	prefix := append([]byte(sentRef(ref)), 0)
	var out []SentRecord
	err := db.View(func(tx *Tx) error {
		out = nil
		c := tx.bucket(BucketSent).Cursor()
		for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
			var rec SentRecord
			if err := json.Unmarshal(v, &rec); err != nil {
				return fmt.Errorf("store: sent %q: %w", k, err)
			}
			out = append(out, rec)
		}
		return nil
	})
	return out, err
}

// sentRef is the sent bucket's key prefix for ref. Refs are order hashes
// or tokens; a NUL in one (never expected) is dropped rather than refused,
// because Delivered runs after the e-mail went out and must not fail.
func sentRef(ref string) string { return strings.ReplaceAll(ref, "\x00", "") }

// OutboxStats is the outbox's size and the creation time of its oldest
// message (zero when empty): what the readiness check and the metrics read,
// without decoding every message.
func (db *DB) OutboxStats() (n int, oldest time.Time, err error) {
	err = db.View(func(tx *Tx) error {
		b := tx.bucket(BucketOutbox)
		n = b.Stats().KeyN
		k, v := b.Cursor().First()
		if k == nil {
			return nil
		}
		var m struct {
			Created time.Time `json:"created"`
		}
		if err := json.Unmarshal(v, &m); err != nil {
			return fmt.Errorf("store: outbox %d: %w", keyID(k), err)
		}
		oldest = m.Created
		return nil
	})
	return n, oldest, err
}
