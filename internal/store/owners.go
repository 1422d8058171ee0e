package store

import (
	"encoding/json"
	"errors"
	"fmt"
	bolt "go.etcd.io/bbolt"
	"time"

	"sabershop/internal/owners"
)

// The desk's accounts, sessions, sign-in failures and audit log
// (docs/decisions/desk-security.md#sessions). Sessions are keyed by the hash
// of their id (owners.SessionKey), never by the id itself.

// Owner returns the account name, or ErrNotFound.
func (tx *Tx) Owner(name string) (*owners.Owner, error) {
	if err := checkKey("owner", name); err != nil {
		return nil, err
	}
	o := new(owners.Owner)
	if err := get(tx.bucket(BucketOwners), []byte(name), o); err != nil {
		return nil, err
	}
	return o, nil
}

// Owners returns every account, by name.
func (tx *Tx) Owners() ([]*owners.Owner, error) {
	return list[owners.Owner](tx.bucket(BucketOwners))
}

// PutOwner stores o under its name.
func (tx *Tx) PutOwner(o *owners.Owner) error {
	if err := checkKey("owner", o.Name); err != nil {
		return err
	}
	return put(tx.bucket(BucketOwners), []byte(o.Name), o)
}

// DeleteOwner removes the account and every session of it.
func (tx *Tx) DeleteOwner(name string) error {
	if err := checkKey("owner", name); err != nil {
		return err
	}
	if err := tx.DeleteSessionsOf(name); err != nil {
		return err
	}
	return tx.bucket(BucketOwners).Delete([]byte(name))
}

// Session returns the session stored under key, or ErrNotFound.
func (tx *Tx) Session(key string) (*owners.Session, error) {
	if err := checkKey("session", key); err != nil {
		return nil, err
	}
	s := new(owners.Session)
	if err := get(tx.bucket(BucketOwnerSessions), []byte(key), s); err != nil {
		return nil, err
	}
	return s, nil
}

// PutSession stores s under its key.
func (tx *Tx) PutSession(s *owners.Session) error {
	if err := checkKey("session", s.Key); err != nil {
		return err
	}
	return put(tx.bucket(BucketOwnerSessions), []byte(s.Key), s)
}

// DeleteSession removes one session (signing out).
func (tx *Tx) DeleteSession(key string) error {
	return tx.bucket(BucketOwnerSessions).Delete([]byte(key))
}

// SessionsOf returns the sessions of the account name.
func (tx *Tx) SessionsOf(name string) ([]*owners.Session, error) {
	all, err := list[owners.Session](tx.bucket(BucketOwnerSessions))
	if err != nil {
		return nil, err
	}
	var out []*owners.Session
	for _, s := range all {
		if s.Owner == name {
			out = append(out, s)
		}
	}
	return out, nil
}

// DeleteSessionsOf removes every session of the account name.
func (tx *Tx) DeleteSessionsOf(name string) error {
	ss, err := tx.SessionsOf(name)
	if err != nil {
		return err
	}
	for _, s := range ss {
		if err := tx.DeleteSession(s.Key); err != nil {
			return err
		}
	}
	return nil
}

// PurgeSessions removes the sessions dead at now (idle or too old) and
// returns how many went; the daemon runs it hourly.
func (db *DB) PurgeSessions(now time.Time) (int, error) {
	n := 0
	err := db.UpdateNow(func(tx *Tx) error {
		n = 0
		b := tx.bucket(BucketOwnerSessions)
		all, err := list[owners.Session](b)
		if err != nil {
			return err
		}
		for _, s := range all {
			if now.Sub(s.LastSeen) >= owners.IdleTimeout || now.Sub(s.Created) >= owners.MaxLifetime {
				if err := b.Delete([]byte(s.Key)); err != nil {
					return err
				}
				n++
			}
		}
		return nil
	})
	return n, err
}

// Failures returns the sign-in failures recorded under key ("account:NAME"
// or "ip:ADDRESS"); none is a zero record.
func (tx *Tx) Failures(key string) (owners.Failures, error) {
	var f owners.Failures
	if err := checkKey("failures", key); err != nil {
		return f, err
	}
	if err := get(tx.bucket(BucketOwnerFailures), []byte(key), &f); err != nil && !errors.Is(err, ErrNotFound) {
		return f, err
	}
	return f, nil
}

// PutFailures stores f under key; a zero record is deleted.
func (tx *Tx) PutFailures(key string, f owners.Failures) error {
	if err := checkKey("failures", key); err != nil {
		return err
	}
	if f.Count == 0 {
		return tx.bucket(BucketOwnerFailures).Delete([]byte(key))
	}
	return put(tx.bucket(BucketOwnerFailures), []byte(key), f)
}

// Audit appends e to the audit log, numbering it.
func (tx *Tx) Audit(e *owners.Entry) error {
	b := tx.bucket(BucketAudit)
	id, err := b.NextSequence()
	if err != nil {
		return err
	}
	e.ID = id
	return put(b, idKey(id), e)
}

// AuditLog returns up to limit entries older than before (0: the newest),
// newest first.
func (tx *Tx) AuditLog(before uint64, limit int) ([]*owners.Entry, error) {
	return newestFirst[owners.Entry](tx.bucket(BucketAudit), before, limit)
}

// newestFirst decodes up to limit values of b, a bucket keyed by idKey,
// newest first, starting below ID before (0: from the newest): the
// pages of a log the desk reads back in time.
func newestFirst[T any](b *bolt.Bucket, before uint64, limit int) ([]*T, error) {
	c := b.Cursor()
	var k, v []byte
	if before == 0 {
		k, v = c.Last()
	} else if k, _ = c.Seek(idKey(before)); k == nil {
		k, v = c.Last() // before is past the newest entry
	} else {
		k, v = c.Prev()
	}
	var out []*T
	for ; k != nil && len(out) < limit; k, v = c.Prev() {
		x := new(T)
		if err := json.Unmarshal(v, x); err != nil {
			return nil, fmt.Errorf("store: decode record %d: %w", keyID(k), err)
		}
		out = append(out, x)
	}
	return out, nil
}
