package store

import (
	"encoding/json"
	"fmt"
	"time"
)

// MailSends is when e-mails that a stranger can ask for (the notify-me
// confirmation, the order links) went to one address for one purpose, so
// the API can cap them per address whatever IP asks: the records are in
// the data file, so a restart does not reset the cap.
type MailSends struct {
	Sent []time.Time `json:"sent"` // oldest first
}

// mailSendsKey is purpose + 0x00 + the normalised address.
func mailSendsKey(purpose, email string) ([]byte, error) {
	e := normEmail(email)
	if err := checkKey("purpose", purpose); err != nil {
		return nil, err
	}
	if err := checkKey("e-mail", e); err != nil {
		return nil, err
	}
	return append(append([]byte(purpose), 0), e...), nil
}

// MailSends returns the sends recorded for purpose and email (case and
// surrounding spaces ignored); none is an empty record, not an error.
func (tx *Tx) MailSends(purpose, email string) (*MailSends, error) {
	key, err := mailSendsKey(purpose, email)
	if err != nil {
		return nil, err
	}
	m := new(MailSends)
	if data := tx.bucket(BucketMailSends).Get(key); data != nil {
		if err := json.Unmarshal(data, m); err != nil {
			return nil, fmt.Errorf("store: decode mail sends %q: %w", key, err)
		}
	}
	return m, nil
}

// PutMailSends replaces the record of purpose and email; an empty one is
// deleted.
func (tx *Tx) PutMailSends(purpose, email string, m *MailSends) error {
	key, err := mailSendsKey(purpose, email)
	if err != nil {
		return err
	}
	if len(m.Sent) == 0 {
		return tx.bucket(BucketMailSends).Delete(key)
	}
	return put(tx.bucket(BucketMailSends), key, m)
}

// PurgeMailSends deletes the records whose last send is before before and
// returns how many went; the daemon runs it hourly with now - 24 h, the
// longest window the API counts, so the bucket holds only a day's
// addresses.
func (db *DB) PurgeMailSends(before time.Time) (int, error) {
	return db.purge(BucketMailSends, "mail sends", func(v []byte) (bool, error) {
		var m MailSends
		err := json.Unmarshal(v, &m)
		return len(m.Sent) == 0 || m.Sent[len(m.Sent)-1].Before(before), err
	})
}
