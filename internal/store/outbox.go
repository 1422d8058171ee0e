package store

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"sabershop/internal/mail/outbox"
)

// SentRecord is what remains of a delivered e-mail: enough for the
// owner's `orders show`, the desk's list of an order's e-mails and tests.
// The body is kept apart (SentBody), so listing stays cheap.
type SentRecord struct {
	ID       uint64    `json:"id"` // the outbox ID it had
	Kind     string    `json:"kind"`
	Locale   string    `json:"locale,omitempty"`
	To       string    `json:"to"`
	Subject  string    `json:"subject"`
	Ref      string    `json:"ref,omitempty"`
	About    string    `json:"about,omitempty"` // outbox.Message.About
	Attempts int       `json:"attempts"`        // failed attempts before this one
	Created  time.Time `json:"created"`
	Sent     time.Time `json:"sent"`
	// Kept says the body is in sent_bodies (SentMessage finds it).
	Kept bool `json:"kept,omitempty"`
}

// SentBody is what a delivered e-mail said, as it went out (a job's body
// as the worker rendered it): the owner opens it in the desk and resends
// it. Stored gzip-compressed, about 2–3 KB an e-mail.
type SentBody struct {
	ReplyTo string `json:"reply_to,omitempty"`
	Text    string `json:"text"`
	HTML    string `json:"html"`
}

// keepsBody says whether a delivered message's body is kept: the
// e-mails about an order or a subscription (they have a Ref), not bulk
// mail (the sale-start notice to every subscriber), whose copies would
// fill the disk and which nobody asks to see again.
func keepsBody(m *outbox.Message) bool {
	return m.Ref != "" && m.ListUnsubscribe == "" && (m.Text != "" || m.HTML != "")
}

// Enqueue adds messages to the outbox, in the caller's transaction so an
// order and its e-mails are stored together or not at all. Every message
// gets a new ID from the outbox sequence (a message is never enqueued
// twice, so an ID left over from a retried Update is overwritten);
// Created defaults to now and NextTry to Created, so it is due at once.
func (tx *Tx) Enqueue(msgs ...*outbox.Message) error {
	box := tx.bucket(BucketOutbox)
	for _, m := range msgs {
		id, err := box.NextSequence()
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
		if err := put(box, idKey(id), m); err != nil {
			return err
		}
	}
	return nil
}

// Due returns up to limit outbox messages whose NextTry is not after now,
// oldest first (limit <= 0: all of them).
func (db *DB) Due(now time.Time, limit int) ([]*outbox.Message, error) {
	var out []*outbox.Message
	err := db.View(func(tx *Tx) error {
		out = nil
		c := tx.bucket(BucketOutbox).Cursor()
		for k, v := c.First(); k != nil; k, v = c.Next() {
			m := new(outbox.Message)
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
// it under its Ref, and its body (keepsBody). ErrNotFound when it is not
// in the outbox (already delivered).
func (db *DB) Delivered(id uint64) error {
	sent := time.Now().UTC()
	return db.Update(func(tx *Tx) error {
		m := new(outbox.Message)
		if err := get(tx.bucket(BucketOutbox), idKey(id), m); err != nil {
			return err
		}
		return tx.delivered(m, sent)
	})
}

// DeliveredAll is Delivered for several messages in one transaction (one
// disk sync for a whole drain of the outbox, instead of one per message).
// The messages are the ones that went out: a job's record then has the
// subject and body the worker rendered, which the outbox never held.
func (db *DB) DeliveredAll(msgs []*outbox.Message) error {
	sent := time.Now().UTC()
	return db.Update(func(tx *Tx) error {
		for _, m := range msgs {
			if tx.bucket(BucketOutbox).Get(idKey(m.ID)) == nil {
				return fmt.Errorf("outbox %d: %w", m.ID, ErrNotFound)
			}
			if err := tx.delivered(m, sent); err != nil {
				return err
			}
		}
		return nil
	})
}

// delivered moves m from the outbox to the sent records.
func (tx *Tx) delivered(m *outbox.Message, sent time.Time) error {
	rec := SentRecord{
		ID: m.ID, Kind: m.Kind, Locale: m.Locale, To: m.To, Subject: m.Subject, Ref: m.Ref, About: m.About,
		Attempts: m.Attempts, Created: m.Created, Sent: sent, Kept: keepsBody(m),
	}
	key := compositeKey(sentRef(m.Ref), m.ID)
	if rec.Kept {
		body, err := gzipJSON(SentBody{ReplyTo: m.ReplyTo, Text: m.Text, HTML: m.HTML})
		if err != nil {
			return err
		}
		if err := tx.bucket(BucketSentBodies).Put(key, body); err != nil {
			return err
		}
	}
	if err := put(tx.bucket(BucketSent), key, rec); err != nil {
		return err
	}
	return tx.bucket(BucketOutbox).Delete(idKey(m.ID))
}

// SentMessage returns the delivered e-mail id filed under ref (an order's
// hash) with its body. ErrNotFound when there is no such e-mail or its
// body was not kept.
func (db *DB) SentMessage(ref string, id uint64) (SentRecord, SentBody, error) {
	var (
		rec  SentRecord
		body SentBody
	)
	err := db.View(func(tx *Tx) error {
		key := compositeKey(sentRef(ref), id)
		if err := get(tx.bucket(BucketSent), key, &rec); err != nil {
			return err
		}
		data := tx.bucket(BucketSentBodies).Get(key)
		if data == nil {
			return ErrNotFound
		}
		return gunzipJSON(data, &body)
	})
	return rec, body, err
}

func gzipJSON(v any) ([]byte, error) {
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestSpeed)
	if err != nil {
		return nil, err
	}
	if err := json.NewEncoder(zw).Encode(v); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func gunzipJSON(data []byte, v any) error {
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return fmt.Errorf("store: sent body: %w", err)
	}
	if err := json.NewDecoder(zr).Decode(v); err != nil {
		return fmt.Errorf("store: sent body: %w", err)
	}
	return nil
}

// Retry records a failed delivery of message id: one more attempt, the
// error, and when to try next. ErrNotFound when it is not in the outbox.
func (db *DB) Retry(id uint64, next time.Time, errMsg string) error {
	return db.Update(func(tx *Tx) error {
		box := tx.bucket(BucketOutbox)
		m := new(outbox.Message)
		// Read afresh on every run, so a retried Update counts once.
		if err := get(box, idKey(id), m); err != nil {
			return err
		}
		m.Attempts++
		m.NextTry = next
		m.LastErr = errMsg
		return put(box, idKey(id), m)
	})
}

// Outbox returns every pending message, oldest first.
func (db *DB) Outbox() ([]*outbox.Message, error) {
	var out []*outbox.Message
	err := db.View(func(tx *Tx) error {
		var err error
		out, err = list[outbox.Message](tx.bucket(BucketOutbox))
		return err
	})
	return out, err
}

// OutboxOf returns the pending messages whose Ref is ref (an order hash),
// oldest first. It decodes only the messages that mention ref: during a
// sale announcement the outbox holds one rendered e-mail per subscriber,
// and an order's page must not decode them all.
func (db *DB) OutboxOf(ref string) ([]*outbox.Message, error) {
	needle, err := json.Marshal(ref)
	if err != nil {
		return nil, err
	}
	needle = append([]byte(`"ref":`), needle...)
	var out []*outbox.Message
	err = db.View(func(tx *Tx) error {
		out = nil
		return tx.bucket(BucketOutbox).ForEach(func(k, v []byte) error {
			if !bytes.Contains(v, needle) {
				return nil
			}
			m := new(outbox.Message)
			if err := json.Unmarshal(v, m); err != nil {
				return fmt.Errorf("store: outbox %d: %w", keyID(k), err)
			}
			if m.Ref == ref {
				out = append(out, m)
			}
			return nil
		})
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
