package store

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"

	"sabershop/internal/order"
)

// The owner's order list (docs/order-list.md) reads three indexes, written
// in the same transaction as the order itself by every function that
// writes one (PutOrder, InsertOrderJSON) and built once at Open for a file
// that lacks them. Every entry ends in a sort key, so every index lists
// its orders newest first by walking backwards:
//
//	orders_by_created  sort key -> OrderSummary (the list's rows)
//	orders_by_field    field + 0x00 + value + 0x00 + sort key -> empty
//	orders_by_token    search token + 0x00 + sort key -> empty
//
// The sort key is the 8-byte big-endian creation time in Unix
// microseconds (0 before 1970) followed by the 8-byte ID: newest first is
// creation order, and the ID tells apart orders placed in the same
// microsecond.

// orderIndexVersion is the layout of the three indexes and of
// OrderSummary. Open rebuilds them when the file's meta bucket holds
// another (or none), so raise it whenever orderFields, the tokens or the
// summary change: a file indexed the old way is then rebuilt once.
const orderIndexVersion = "3"

// metaOrderIndex is the meta bucket's key for orderIndexVersion.
const metaOrderIndex = "orders_index_version"

// sortKeyLen is the length of a sort key: created + ID.
const sortKeyLen = 16

// Fields of orders_by_field, as OrderFilter names them.
const (
	FieldStatus   = "status"
	FieldStage    = "stage"
	FieldCountry  = "country"
	FieldCurrency = "currency"
	FieldQueue    = "queue"
)

// orderField is one filterable field of an order and how to read it. An
// empty value is not indexed (an order without a stage has no stage entry).
type orderField struct {
	name  string
	value func(o *order.Order) string
}

// orderFields are the fields orders_by_field indexes. A new filter is one
// line here (and its OrderFilter field); raise orderIndexVersion with it.
var orderFields = []orderField{
	{FieldStatus, func(o *order.Order) string { return string(o.Status) }},
	{FieldStage, stageOf},
	{FieldCountry, func(o *order.Order) string { return normCountry(o.Customer.Country) }},
	{FieldCurrency, func(o *order.Order) string { return normCurrency(o.Currency) }},
	{FieldQueue, func(o *order.Order) string { return string(o.Queue()) }}, // index version 3
}

// stageOf is the order's current production stage ("" before the first):
// the stage filter of the list (index version 2; files indexed before
// stages existed are rebuilt at their next Open).
func stageOf(o *order.Order) string { return o.Stage() }

func normCountry(c string) string  { return strings.ToLower(strings.TrimSpace(c)) }
func normCurrency(c string) string { return strings.ToUpper(strings.TrimSpace(c)) }
func stripNUL(s string) string     { return strings.ReplaceAll(s, "\x00", "") }
func fieldPrefix(name, value string) []byte {
	k := make([]byte, 0, len(name)+len(value)+2+sortKeyLen)
	k = append(k, name...)
	k = append(k, 0)
	k = append(k, stripNUL(value)...)
	return append(k, 0)
}

// OrderSummary is one row of the owner's order list: what the list shows
// without reading (and decoding) the whole order.
type OrderSummary struct {
	ID        uint64       `json:"id"`
	Hash      string       `json:"hash"`
	Created   time.Time    `json:"created"`
	Status    order.Status `json:"status"`
	Stage     string       `json:"stage,omitempty"`
	FirstName string       `json:"first_name"`
	LastName  string       `json:"last_name"`
	Email     string       `json:"email"`
	Country   string       `json:"country"`
	Currency  string       `json:"currency"`
	Total     int64        `json:"total"` // minor units of Currency
	Lines     int          `json:"lines"` // order lines
	Items     int          `json:"items"` // units over all lines
}

// Summarize is o's row in the order list.
func Summarize(o *order.Order) OrderSummary {
	s := OrderSummary{
		ID: o.ID, Hash: o.Hash, Created: o.CreatedAt, Status: o.Status, Stage: stageOf(o),
		FirstName: o.Customer.FirstName, LastName: o.Customer.LastName, Email: o.Customer.Email,
		Country: o.Customer.Country, Currency: o.Currency, Total: o.Totals.Total, Lines: len(o.Lines),
	}
	for _, l := range o.Lines {
		s.Items += l.Quantity
	}
	return s
}

// sortKey is created (Unix microseconds, 0 before 1970) + ID, big-endian,
// so byte order is age order.
func sortKey(created time.Time, id uint64) []byte {
	k := make([]byte, 0, sortKeyLen)
	k = binary.BigEndian.AppendUint64(k, timeKey(created))
	return binary.BigEndian.AppendUint64(k, id)
}

func timeKey(t time.Time) uint64 {
	if t.Before(time.Unix(0, 0)) {
		return 0
	}
	return uint64(t.UnixMicro())
}

// orderSortKey is o's sort key.
func orderSortKey(o *order.Order) []byte { return sortKey(o.CreatedAt, o.ID) }

// indexKeys are every orders_by_field and orders_by_token key of o.
func indexKeys(o *order.Order) (fields, tokens [][]byte) {
	sk := orderSortKey(o)
	for _, f := range orderFields {
		if v := f.value(o); v != "" {
			fields = append(fields, append(fieldPrefix(f.name, v), sk...))
		}
	}
	for _, t := range orderTokens(o) {
		k := make([]byte, 0, len(t)+1+sortKeyLen)
		k = append(k, t...)
		k = append(k, 0)
		tokens = append(tokens, append(k, sk...))
	}
	return fields, tokens
}

// indexOrder writes o's entries in the three indexes.
func (tx *Tx) indexOrder(o *order.Order) error {
	summary, err := json.Marshal(Summarize(o))
	if err != nil {
		return fmt.Errorf("store: encode summary of order %d: %w", o.ID, err)
	}
	if err := tx.bucket(BucketOrdersByCreated).Put(orderSortKey(o), summary); err != nil {
		return err
	}
	fields, tokens := indexKeys(o)
	for _, k := range fields {
		if err := tx.bucket(BucketOrdersByField).Put(k, nil); err != nil {
			return err
		}
	}
	for _, k := range tokens {
		if err := tx.bucket(BucketOrdersByToken).Put(k, nil); err != nil {
			return err
		}
	}
	return nil
}

// unindexOrder removes the entries indexOrder wrote for old, the stored
// version of an order about to be replaced.
func (tx *Tx) unindexOrder(old *order.Order) error {
	if err := tx.bucket(BucketOrdersByCreated).Delete(orderSortKey(old)); err != nil {
		return err
	}
	fields, tokens := indexKeys(old)
	for _, k := range fields {
		if err := tx.bucket(BucketOrdersByField).Delete(k); err != nil {
			return err
		}
	}
	for _, k := range tokens {
		if err := tx.bucket(BucketOrdersByToken).Delete(k); err != nil {
			return err
		}
	}
	return nil
}

// orderIndexBuckets are the buckets rebuildOrderIndex empties and fills.
var orderIndexBuckets = []string{BucketOrdersByCreated, BucketOrdersByField, BucketOrdersByToken}

// ensureOrderIndex rebuilds the order indexes unless the meta bucket says
// they are of this version: a file written before they existed (or by an
// older layout) gets them once, at its first Open.
func ensureOrderIndex(btx *bolt.Tx) error {
	meta := btx.Bucket([]byte(BucketMeta))
	if bytes.Equal(meta.Get([]byte(metaOrderIndex)), []byte(orderIndexVersion)) {
		return nil
	}
	return rebuildOrderIndex(btx)
}

// rebuildOrderIndex drops the order indexes and writes them again from
// every stored order, then records orderIndexVersion.
func rebuildOrderIndex(btx *bolt.Tx) error {
	for _, name := range orderIndexBuckets {
		if err := btx.DeleteBucket([]byte(name)); err != nil {
			return fmt.Errorf("drop %s: %w", name, err)
		}
		if _, err := btx.CreateBucket([]byte(name)); err != nil {
			return fmt.Errorf("create %s: %w", name, err)
		}
	}
	tx := &Tx{tx: btx}
	err := tx.bucket(BucketOrders).ForEach(func(k, v []byte) error {
		o := new(order.Order)
		if err := json.Unmarshal(v, o); err != nil {
			return fmt.Errorf("decode order %q: %w", k, err)
		}
		return tx.indexOrder(o)
	})
	if err != nil {
		return fmt.Errorf("index orders: %w", err)
	}
	return tx.bucket(BucketMeta).Put([]byte(metaOrderIndex), []byte(orderIndexVersion))
}
