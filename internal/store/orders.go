package store

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"

	"sabershop/internal/order"
)

// Order returns the order with the status hash, or ErrNotFound.
func (tx *Tx) Order(hash string) (*order.Order, error) {
	if hash == "" {
		return nil, ErrNotFound
	}
	o := new(order.Order)
	if err := get(tx.bucket(BucketOrders), []byte(hash), o); err != nil {
		return nil, err
	}
	return o, nil
}

// OrderByID returns the order with the owner's sequential ID, or
// ErrNotFound.
func (tx *Tx) OrderByID(id uint64) (*order.Order, error) {
	hash := tx.bucket(BucketOrdersByID).Get(idKey(id))
	if hash == nil {
		return nil, ErrNotFound
	}
	return tx.Order(string(hash))
}

// PutOrder stores o under o.Hash and keeps the ID and e-mail indexes and
// the order list's indexes (orderindex.go) in step.
//
// The store decides o.ID, whatever o.ID holds on entry: an order whose
// hash is new gets the next ID of the orders bucket's sequence, a known
// order keeps its stored ID. Deciding by the hash rather than by o.ID == 0
// is what makes PutOrder safe in a retried Update: the rolled-back run
// has already written an ID into o, and trusting it would reuse an ID
// the sequence hands out again.
func (tx *Tx) PutOrder(o *order.Order) error {
	if err := checkKey("order hash", o.Hash); err != nil {
		return err
	}
	orders := tx.bucket(BucketOrders)
	byEmail := tx.bucket(BucketOrdersByEmail)
	key := []byte(o.Hash)

	old, err := tx.Order(o.Hash)
	switch {
	case errors.Is(err, ErrNotFound):
		id, err := orders.NextSequence()
		if err != nil {
			return err
		}
		o.ID = id
		if err := tx.bucket(BucketOrdersByID).Put(idKey(id), key); err != nil {
			return err
		}
	case err != nil:
		return err
	default:
		o.ID = old.ID
		if err := tx.unindexOrder(old); err != nil {
			return err
		}
		// A corrected address moves the order to the new e-mail's list.
		if e := normEmail(old.Customer.Email); e != "" && e != normEmail(o.Customer.Email) {
			if err := byEmail.Delete(compositeKey(e, o.ID)); err != nil {
				return err
			}
		}
	}

	if e := normEmail(o.Customer.Email); e != "" {
		if err := checkKey("e-mail", e); err != nil {
			return err
		}
		// One key per (e-mail, order): writing it again is a no-op.
		if err := byEmail.Put(compositeKey(e, o.ID), []byte(o.Hash)); err != nil {
			return err
		}
	}
	if err := tx.indexOrder(o); err != nil {
		return err
	}
	return put(orders, key, o)
}

// OrdersByEmail returns the orders placed with the e-mail address (case
// and surrounding spaces ignored), by ID ascending.
func (tx *Tx) OrdersByEmail(email string) ([]*order.Order, error) {
	e := normEmail(email)
	if checkKey("e-mail", e) != nil {
		return nil, nil
	}
	prefix := append([]byte(e), 0)
	var out []*order.Order
	c := tx.bucket(BucketOrdersByEmail).Cursor()
	for k, hash := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, hash = c.Next() {
		o, err := tx.Order(string(hash))
		if err != nil {
			return nil, fmt.Errorf("store: e-mail index %q: %w", k, err)
		}
		out = append(out, o)
	}
	return out, nil
}

// RecentOrdersByEmail returns at most limit orders placed with the e-mail
// address (case and surrounding spaces ignored), newest first: a walk
// back from the end of the address's part of the index, so an address
// with many orders costs no more than limit reads.
func (tx *Tx) RecentOrdersByEmail(email string, limit int) ([]*order.Order, error) {
	e := normEmail(email)
	if checkKey("e-mail", e) != nil || limit <= 0 {
		return nil, nil
	}
	prefix := append([]byte(e), 0)
	c := tx.bucket(BucketOrdersByEmail).Cursor()
	// The first key after the prefix's range: e + 0x01.
	k, _ := c.Seek(append([]byte(e), 1))
	var hash []byte
	if k == nil {
		k, hash = c.Last()
	} else {
		k, hash = c.Prev()
	}
	var out []*order.Order
	for ; k != nil && bytes.HasPrefix(k, prefix) && len(out) < limit; k, hash = c.Prev() {
		o, err := tx.Order(string(hash))
		if err != nil {
			return nil, fmt.Errorf("store: e-mail index %q: %w", k, err)
		}
		out = append(out, o)
	}
	return out, nil
}

// Orders returns the orders for which filter returns true (all when
// filter is nil), by ID ascending.
func (tx *Tx) Orders(filter func(*order.Order) bool) ([]*order.Order, error) {
	var out []*order.Order
	err := tx.bucket(BucketOrdersByID).ForEach(func(k, hash []byte) error {
		o, err := tx.Order(string(hash))
		if err != nil {
			return fmt.Errorf("store: order %d: %w", keyID(k), err)
		}
		if filter == nil || filter(o) {
			out = append(out, o)
		}
		return nil
	})
	return out, err
}

// InsertOrder stores a new order whose ID the caller reserved with
// ReserveOrderIDs (so its e-mail and answer can be rendered before the
// transaction, keeping the batched write short). It returns ErrExists when
// the hash or the ID is taken, and keeps the bucket sequence at or above
// every stored ID so PutOrder's own numbering never collides.
func (tx *Tx) InsertOrder(o *order.Order) error {
	data, err := json.Marshal(o)
	if err != nil {
		return fmt.Errorf("store: encode order %s: %w", o.Hash, err)
	}
	return tx.InsertOrderJSON(o, data)
}

// InsertOrderJSON is InsertOrder with the order already encoded (by
// EncodeOrder, outside the transaction: inside db.Batch every microsecond
// is spent while other writers wait).
func (tx *Tx) InsertOrderJSON(o *order.Order, data []byte) error {
	if o.ID == 0 {
		return fmt.Errorf("%w: order without a reserved ID", ErrInvalid)
	}
	if err := checkKey("order hash", o.Hash); err != nil {
		return err
	}
	orders := tx.bucket(BucketOrders)
	if orders.Get([]byte(o.Hash)) != nil {
		return fmt.Errorf("%w: order %s", ErrExists, o.Hash)
	}
	byID := tx.bucket(BucketOrdersByID)
	if byID.Get(idKey(o.ID)) != nil {
		return fmt.Errorf("%w: order ID %d", ErrExists, o.ID)
	}
	if o.ID > orders.Sequence() {
		if err := orders.SetSequence(o.ID); err != nil {
			return err
		}
	}
	if err := byID.Put(idKey(o.ID), []byte(o.Hash)); err != nil {
		return err
	}
	if e := normEmail(o.Customer.Email); e != "" {
		if err := checkKey("e-mail", e); err != nil {
			return err
		}
		if err := tx.bucket(BucketOrdersByEmail).Put(compositeKey(e, o.ID), []byte(o.Hash)); err != nil {
			return err
		}
	}
	if err := tx.indexOrder(o); err != nil {
		return err
	}
	return orders.Put([]byte(o.Hash), data)
}

// EncodeOrder is the stored form of o, for InsertOrderJSON.
func EncodeOrder(o *order.Order) ([]byte, error) { return json.Marshal(o) }

// OrderIDs hands out order IDs ahead of the transactions that store them.
// An ID is the owner's short name for an order and the shop's orders are
// numbered without gaps: Place takes a number only once its checks
// passed, and gives it back (Release) when the write then refuses or
// fails; the next order takes the smallest number given back (so during a
// burst a number given back after a later one was stored is a gap only
// until the next order). One case leaves a lasting gap: the process stops
// between Next and the write with a later number already stored (a number
// above every stored one is taken again after the restart, which starts
// after the highest stored ID).
type OrderIDs struct {
	mu   sync.Mutex
	last uint64   // the highest number handed out
	free []uint64 // numbers given back, never stored; smallest first
}

// ReserveOrderIDs starts after the highest ID ever given out in this file.
// Only the one process holding the file creates orders, so an in-memory
// counter cannot collide; InsertOrder still refuses a taken ID.
func (db *DB) ReserveOrderIDs() (*OrderIDs, error) {
	ids := &OrderIDs{}
	err := db.View(func(tx *Tx) error {
		ids.last = tx.bucket(BucketOrders).Sequence()
		return nil
	})
	return ids, err
}

// Next is the smallest number given back, or a fresh one.
func (ids *OrderIDs) Next() uint64 {
	ids.mu.Lock()
	defer ids.mu.Unlock()
	if len(ids.free) > 0 {
		id := ids.free[0]
		ids.free = ids.free[1:]
		return id
	}
	ids.last++
	return ids.last
}

// Release gives back a number Next handed out and no order was stored
// under, for the next order to take.
func (ids *OrderIDs) Release(id uint64) {
	ids.mu.Lock()
	defer ids.mu.Unlock()
	if id == ids.last {
		ids.last-- // the newest number: no one holds a later one
		// and numbers given back just below it fold into the counter too
		for n := len(ids.free); n > 0 && ids.free[n-1] == ids.last; n = len(ids.free) {
			ids.free = ids.free[:n-1]
			ids.last--
		}
		return
	}
	i, _ := slices.BinarySearch(ids.free, id)
	ids.free = slices.Insert(ids.free, i, id)
}
