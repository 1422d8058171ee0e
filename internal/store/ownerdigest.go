package store

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"time"
)

// The owner's choice of how each kind of owner e-mail reaches them, and
// the news waiting for the hourly digest (docs/decisions/e-mail.md#the-owner-chooses-each-digest-or-none-per-kind).
// The news is kept in the file, not in memory, so a restart neither loses
// nor repeats any: the digest is queued and its news deleted in one
// transaction.

// settingOwnerMail holds the choices as JSON: kind -> mode.
const settingOwnerMail = "owner_mail"

// OwnerMail is the owner's choices (kind -> "each", "digest", "none");
// empty when they never chose (internal/mail.OwnerMailMode applies the
// defaults and the rules).
func (tx *Tx) OwnerMail() (map[string]string, error) {
	v, err := tx.Setting(settingOwnerMail)
	if errors.Is(err, ErrNotFound) {
		return map[string]string{}, nil
	}
	if err != nil {
		return nil, err
	}
	choices := map[string]string{}
	if err := json.Unmarshal(v, &choices); err != nil {
		return nil, fmt.Errorf("store: owner mail setting: %w", err)
	}
	return choices, nil
}

// SetOwnerMail stores mode for kind, keeping the other kinds' choices.
func (tx *Tx) SetOwnerMail(kind, mode string) error {
	if kind == "" || mode == "" {
		return fmt.Errorf("%w: owner mail %q: %q", ErrInvalid, kind, mode)
	}
	choices, err := tx.OwnerMail()
	if err != nil {
		return err
	}
	choices = maps.Clone(choices)
	choices[kind] = mode
	v, err := json.Marshal(choices)
	if err != nil {
		return err
	}
	return tx.PutSetting(settingOwnerMail, v)
}

// DigestEvent is one piece of news for the owner's digest: an owner's
// e-mail of Kind about the order with status hash Ref, at At. ID is its
// key, given by AddDigestEvent.
type DigestEvent struct {
	ID   uint64    `json:"-"`
	Kind string    `json:"kind"`
	Ref  string    `json:"ref"`
	At   time.Time `json:"at"`
}

// AddDigestEvent keeps e until the digest that tells it.
func (tx *Tx) AddDigestEvent(e DigestEvent) error {
	if e.Kind == "" || e.Ref == "" {
		return fmt.Errorf("%w: digest event %+v", ErrInvalid, e)
	}
	b := tx.bucket(BucketOwnerDigest)
	id, err := b.NextSequence()
	if err != nil {
		return err
	}
	return put(b, idKey(id), e)
}

// DigestEvents is the news waiting for the digest, oldest first.
func (tx *Tx) DigestEvents() ([]DigestEvent, error) {
	var out []DigestEvent
	err := tx.bucket(BucketOwnerDigest).ForEach(func(k, v []byte) error {
		var e DigestEvent
		if err := json.Unmarshal(v, &e); err != nil {
			return fmt.Errorf("store: digest event %x: %w", k, err)
		}
		e.ID = binary.BigEndian.Uint64(k)
		out = append(out, e)
		return nil
	})
	return out, err
}

// DeleteDigestEvents deletes the news a digest told. It returns ErrNotFound
// when one of them is gone already (another digest told it).
func (tx *Tx) DeleteDigestEvents(ids []uint64) error {
	b := tx.bucket(BucketOwnerDigest)
	for _, id := range ids {
		if b.Get(idKey(id)) == nil {
			return fmt.Errorf("%w: digest event %d", ErrNotFound, id)
		}
		if err := b.Delete(idKey(id)); err != nil {
			return err
		}
	}
	return nil
}
