package store

import (
	"bytes"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"sabershop/internal/order"
)

// Coupon returns the coupon with code (case and surrounding spaces
// ignored), or ErrNotFound.
func (tx *Tx) Coupon(code string) (*order.Coupon, error) {
	c := new(order.Coupon)
	if err := get(tx.bucket(BucketCoupons), []byte(normCode(code)), c); err != nil {
		return nil, err
	}
	return c, nil
}

// PutCoupon stores c, creating or replacing it (usage counts, disabling).
// c.Code is stored upper-case, as the model documents.
func (tx *Tx) PutCoupon(c *order.Coupon) error {
	c.Code = normCode(c.Code)
	if err := checkKey("coupon code", c.Code); err != nil {
		return err
	}
	return put(tx.bucket(BucketCoupons), []byte(c.Code), c)
}

// AddCoupon stores a new coupon; ErrExists when the code is taken, so the
// owner cannot reset a coupon's usage by adding it again.
func (tx *Tx) AddCoupon(c *order.Coupon) error {
	if _, err := tx.Coupon(c.Code); err == nil {
		return fmt.Errorf("%w: coupon %s", ErrExists, normCode(c.Code))
	} else if !errors.Is(err, ErrNotFound) {
		return err
	}
	return tx.PutCoupon(c)
}

// Coupons returns every coupon, by code.
func (tx *Tx) Coupons() ([]*order.Coupon, error) {
	return list[order.Coupon](tx.bucket(BucketCoupons))
}

func normCode(code string) string { return strings.ToUpper(strings.TrimSpace(code)) }

// Idempotency is the answer given to a request with an Idempotency-Key:
// the same key with the same body gets the same answer again, the same key
// with another body is refused (the API compares BodyHash).
type Idempotency struct {
	Key      string    `json:"key"`
	BodyHash string    `json:"body_hash"`
	Status   int       `json:"status"`
	Body     []byte    `json:"body"`
	Created  time.Time `json:"created"` // PurgeIdempotency drops old records by it
}

// Idempotency returns the record for key, or ErrNotFound.
func (tx *Tx) Idempotency(key string) (*Idempotency, error) {
	if key == "" {
		return nil, ErrNotFound
	}
	rec := new(Idempotency)
	if err := get(tx.bucket(BucketIdempotency), []byte(key), rec); err != nil {
		return nil, err
	}
	return rec, nil
}

// PutIdempotency stores rec under rec.Key; Created defaults to now.
func (tx *Tx) PutIdempotency(rec *Idempotency) error {
	if rec.Key == "" {
		return fmt.Errorf("%w: empty idempotency key", ErrInvalid)
	}
	if rec.Created.IsZero() {
		rec.Created = time.Now().UTC()
	}
	return put(tx.bucket(BucketIdempotency), []byte(rec.Key), rec)
}

// PurgeIdempotency deletes the idempotency records created before before
// and returns how many went. The daemon calls it hourly with now - 24 h;
// a client retrying later than that is sending a new request.
func (db *DB) PurgeIdempotency(before time.Time) (int, error) {
	return db.purge(BucketIdempotency, "idempotency", func(v []byte) (bool, error) {
		var rec struct {
			Created time.Time `json:"created"`
		}
		err := json.Unmarshal(v, &rec)
		return rec.Created.Before(before), err
	})
}

// purge deletes the records of bucket that old (given the stored JSON)
// calls old, in one transaction, and returns how many went. what names
// the records in errors.
func (db *DB) purge(bucket, what string, old func(v []byte) (bool, error)) (int, error) {
	var n int
	err := db.Update(func(tx *Tx) error {
		n = 0 // this function may run twice
		var gone [][]byte
		err := tx.bucket(bucket).ForEach(func(k, v []byte) error {
			isOld, err := old(v)
			if err != nil {
				return fmt.Errorf("store: %s %q: %w", what, k, err)
			}
			if isOld {
				gone = append(gone, bytes.Clone(k))
			}
			return nil
		})
		if err != nil {
			return err
		}
		// Deleting while ForEach walks the bucket is not allowed.
		b := tx.bucket(bucket)
		for _, k := range gone {
			if err := b.Delete(k); err != nil {
				return err
			}
		}
		n = len(gone)
		return nil
	})
	return n, err
}

// Subscriber is a notify-me signup (double opt-in).
type Subscriber struct {
	Email        string    `json:"email"` // as typed; looked up case-insensitively
	Locale       string    `json:"locale"`
	Token        string    `json:"token"` // random, URL-safe; in confirm and unsubscribe links
	Confirmed    bool      `json:"confirmed"`
	Unsubscribed bool      `json:"unsubscribed"`
	Created      time.Time `json:"created"`
	ConfirmedAt  time.Time `json:"confirmed_at,omitzero"`
}

// Subscriber returns the subscriber with email (case ignored), or
// ErrNotFound.
func (tx *Tx) Subscriber(email string) (*Subscriber, error) {
	s := new(Subscriber)
	if err := get(tx.bucket(BucketSubscribers), []byte(normEmail(email)), s); err != nil {
		return nil, err
	}
	return s, nil
}

// SubscriberByToken returns the subscriber a confirm or unsubscribe link
// names, or ErrNotFound.
func (tx *Tx) SubscriberByToken(token string) (*Subscriber, error) {
	if token == "" {
		return nil, ErrNotFound
	}
	email := tx.bucket(BucketSubscriberTokens).Get([]byte(token))
	if email == nil {
		return nil, ErrNotFound
	}
	return tx.Subscriber(string(email))
}

// PutSubscriber stores s under its e-mail, creating or replacing it. An
// empty Token gets a new random one (128 bits, base32: URL-safe); the
// token index follows a changed token. ErrExists when the token belongs to
// another subscriber.
func (tx *Tx) PutSubscriber(s *Subscriber) error {
	email := normEmail(s.Email)
	if err := checkKey("e-mail", email); err != nil {
		return err
	}
	if s.Token == "" {
		s.Token = rand.Text()
	}
	tokens := tx.bucket(BucketSubscriberTokens)
	if owner := tokens.Get([]byte(s.Token)); owner != nil && string(owner) != email {
		return fmt.Errorf("%w: subscriber token", ErrExists)
	}
	old, err := tx.Subscriber(email)
	switch {
	case errors.Is(err, ErrNotFound):
	case err != nil:
		return err
	case old.Token != s.Token:
		if err := tokens.Delete([]byte(old.Token)); err != nil {
			return err
		}
	}
	if err := tokens.Put([]byte(s.Token), []byte(email)); err != nil {
		return err
	}
	return put(tx.bucket(BucketSubscribers), []byte(email), s)
}

// DeleteSubscriber removes the subscriber of email (case and spaces
// ignored), its token and the records of the e-mails it was sent (filed
// under the token): a request to be forgotten. ErrNotFound when there is
// none.
func (tx *Tx) DeleteSubscriber(email string) error {
	old, err := tx.Subscriber(email)
	if err != nil {
		return err
	}
	if err := tx.bucket(BucketSubscriberTokens).Delete([]byte(old.Token)); err != nil {
		return err
	}
	if err := tx.deleteSent(old.Token); err != nil {
		return err
	}
	return tx.bucket(BucketSubscribers).Delete([]byte(normEmail(email)))
}

// Subscribers returns every subscriber (confirmed or not), by e-mail.
func (tx *Tx) Subscribers() ([]*Subscriber, error) {
	return list[Subscriber](tx.bucket(BucketSubscribers))
}

// Contact is a message sent with the contact form; it is also e-mailed to
// the owner, and kept so none is lost to a mail outage.
type Contact struct {
	ID      uint64    `json:"id"`
	Name    string    `json:"name"`
	Email   string    `json:"email"`
	Message string    `json:"message"`
	Locale  string    `json:"locale"`
	Created time.Time `json:"created"`
}

// PutContact stores a new contact message with the next ID (always a new
// one: messages are never edited, and a retried Update must not keep the
// ID of its rolled-back run). Created defaults to now.
func (tx *Tx) PutContact(c *Contact) error {
	b := tx.bucket(BucketContacts)
	id, err := b.NextSequence()
	if err != nil {
		return err
	}
	c.ID = id
	if c.Created.IsZero() {
		c.Created = time.Now().UTC()
	}
	return put(b, idKey(id), c)
}

// ContactsBefore returns up to limit contact messages older than ID
// before (0: from the newest), newest first: the desk's pages of them.
func (tx *Tx) ContactsBefore(before uint64, limit int) ([]*Contact, error) {
	return newestFirst[Contact](tx.bucket(BucketContacts), before, limit)
}

// Contacts returns every contact message, oldest first.
func (tx *Tx) Contacts() ([]*Contact, error) {
	return list[Contact](tx.bucket(BucketContacts))
}

// settingOrdersOpen holds "open" or "paused".
const settingOrdersOpen = "orders_open"

// OrdersOpen reports whether the shop takes orders and whether the owner
// ever set it. Unset, it answers (true, false): the caller decides the
// default (the API uses the catalogue's orders_open from config.toml),
// and a caller that ignores set gets an open shop, since a fresh install
// should sell.
func (tx *Tx) OrdersOpen() (open, set bool, err error) {
	v, err := tx.Setting(settingOrdersOpen)
	if errors.Is(err, ErrNotFound) {
		return true, false, nil
	}
	if err != nil {
		return false, false, err
	}
	return string(v) != "paused", true, nil
}

// SetOrdersOpen opens (true) or pauses (false) the shop.
func (tx *Tx) SetOrdersOpen(open bool) error {
	v := "paused"
	if open {
		v = "open"
	}
	return tx.PutSetting(settingOrdersOpen, []byte(v))
}

// settingOrdersReopen holds the day a paused shop takes orders again,
// "YYYY-MM-DD", when the owner named one.
const settingOrdersReopen = "orders_reopen"

// OrdersReopen is the day a paused shop takes orders again ("YYYY-MM-DD"),
// or "" when the owner named none.
func (tx *Tx) OrdersReopen() (string, error) {
	v, err := tx.Setting(settingOrdersReopen)
	if errors.Is(err, ErrNotFound) {
		return "", nil
	}
	return string(v), err
}

// SetOrdersReopen keeps the day a paused shop takes orders again; ""
// forgets it.
func (tx *Tx) SetOrdersReopen(day string) error {
	if day == "" {
		return tx.bucket(BucketSettings).Delete([]byte(settingOrdersReopen))
	}
	return tx.PutSetting(settingOrdersReopen, []byte(day))
}

// Setting returns a copy of the value under key, or ErrNotFound.
func (tx *Tx) Setting(key string) ([]byte, error) {
	v := tx.bucket(BucketSettings).Get([]byte(key))
	if v == nil {
		return nil, ErrNotFound
	}
	// bbolt's slice points into the mmap and dies with the transaction.
	return bytes.Clone(v), nil
}

// PutSetting stores value under key.
func (tx *Tx) PutSetting(key string, value []byte) error {
	if key == "" {
		return fmt.Errorf("%w: empty setting key", ErrInvalid)
	}
	// Copied: bbolt keeps the slice until commit and the caller may reuse it.
	return tx.bucket(BucketSettings).Put([]byte(key), bytes.Clone(value))
}
