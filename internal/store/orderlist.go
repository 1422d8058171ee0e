package store

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"

	"sabershop/internal/order"
)

// Page sizes of ListOrders and SearchOrders.
const (
	DefaultPageSize = 50  // a limit <= 0 means this
	MaxPageSize     = 500 // a larger limit means this
)

// ErrCursor is returned by ListOrders and SearchOrders when the cursor is
// not one they gave out.
var ErrCursor = errors.New("store: invalid cursor")

// OrderFilter selects orders for ListOrders; every set field must match
// (zero fields select everything).
type OrderFilter struct {
	Status   order.Status
	Stage    string      // the production stage (see stageOf)
	Country  string      // delivery country code, any case ("pl")
	Currency string      // any case ("PLN")
	Queue    order.Queue // the work it waits on (order.Order.Queue)
	From     time.Time   // created at or after; zero: no bound
	To       time.Time   // created before; zero: no bound
}

// fields are the filter's orders_by_field prefixes.
func (f OrderFilter) fields() [][]byte {
	var out [][]byte
	for _, kv := range [][2]string{
		{FieldStatus, string(f.Status)},
		{FieldStage, f.Stage},
		{FieldCountry, normCountry(f.Country)},
		{FieldCurrency, normCurrency(f.Currency)},
		{FieldQueue, string(f.Queue)},
	} {
		if kv[1] != "" {
			out = append(out, fieldPrefix(kv[0], kv[1]))
		}
	}
	return out
}

// OrderPage is one page of a list or search, newest first. Next, when not
// empty, is the cursor of the following (older) page. A cursor is a
// position, not an offset: orders placed after it was given out do not
// move the pages after it.
type OrderPage struct {
	Orders []OrderSummary `json:"orders"`
	Next   string         `json:"next,omitempty"`
}

// ListOrders returns the page of orders matching filter that follows
// cursor ("" for the first page), newest first, at most limit of them.
//
// Each filter field is one index range sorted by the same key, so a
// combined filter is a leapfrog join of the ranges: each cursor jumps to
// the next key the others agree on, and the cost is that of the page and
// the jumps, not of the orders that do not match. The date range bounds
// the key itself.
func (tx *Tx) ListOrders(f OrderFilter, cursor string, limit int) (*OrderPage, error) {
	limit = pageSize(limit)
	keys, err := tx.matching(f, cursor, limit+1)
	if err != nil {
		return &OrderPage{}, err
	}
	return tx.page(keys, limit)
}

// CountMatching is how many orders match f, counting no further than
// limit: the keys ListOrders pages through, without reading a summary,
// so a count and the list it stands for agree by construction.
func (tx *Tx) CountMatching(f OrderFilter, limit int) (int, error) {
	keys, err := tx.matching(f, "", limit)
	return len(keys), err
}

// matching is the sort keys of up to n orders matching f after cursor,
// newest first.
func (tx *Tx) matching(f OrderFilter, cursor string, n int) ([][]byte, error) {
	hi, err := upperBound(cursor, f.To)
	if err != nil || hi == nil {
		return nil, err
	}
	lo := sortKey(f.From, 0)
	if f.From.IsZero() {
		lo = make([]byte, sortKeyLen)
	}
	var ranges []keyRange
	for _, p := range f.fields() {
		ranges = append(ranges, keyRange{c: tx.bucket(BucketOrdersByField).Cursor(), prefix: p})
	}
	if len(ranges) == 0 {
		ranges = []keyRange{{c: tx.bucket(BucketOrdersByCreated).Cursor()}}
	}
	var keys [][]byte
	for len(keys) < n && hi != nil {
		k := join(ranges, hi, lo)
		if k == nil {
			break
		}
		keys = append(keys, k)
		hi = before(k)
	}
	return keys, nil
}

// SearchOrders returns the page of orders matching query that follows
// cursor, newest first, at most limit of them. The query is one of:
//
//   - an order number, "12" or "#12": that order alone;
//   - a status hash: that order alone;
//   - words: orders whose tokens (the folded words of the customer's name
//     and the folded e-mail address) include, for every word, one the
//     word is a prefix of. "lukasz", "Łuk" and "nowak ł" find Łukasz
//     Nowak; "anna@ex" finds anna@example.com.
//
// An empty query finds nothing.
func (tx *Tx) SearchOrders(query string, cursor string, limit int) (*OrderPage, error) {
	hi, err := upperBound(cursor, time.Time{})
	if err != nil || hi == nil {
		return &OrderPage{}, err
	}
	limit = pageSize(limit)
	q := strings.TrimSpace(query)
	if id, err := strconv.ParseUint(strings.TrimPrefix(q, "#"), 10, 64); err == nil {
		o, err := tx.OrderByID(id)
		return tx.single(o, err, hi)
	}
	if order.ValidHash(q) {
		if o, err := tx.Order(q); !errors.Is(err, ErrNotFound) {
			return tx.single(o, err, hi)
		}
	}
	ws := queryWords(q)
	if len(ws) == 0 {
		return &OrderPage{}, nil
	}
	// Every word's matches, as a set of sort keys below the cursor; the
	// answer is their intersection. The cost is the number of index
	// entries the words are prefixes of (docs/order-list.md).
	var found map[[sortKeyLen]byte]bool
	for _, w := range ws {
		matches := make(map[[sortKeyLen]byte]bool)
		c := tx.bucket(BucketOrdersByToken).Cursor()
		prefix := []byte(w)
		for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
			if len(k) < sortKeyLen+1 {
				continue
			}
			sk := [sortKeyLen]byte(k[len(k)-sortKeyLen:])
			if bytes.Compare(sk[:], hi) <= 0 && (found == nil || found[sk]) {
				matches[sk] = true
			}
		}
		found = matches
		if len(found) == 0 {
			break
		}
	}
	keys := make([][]byte, 0, len(found))
	for sk := range found {
		keys = append(keys, bytes.Clone(sk[:]))
	}
	slices.SortFunc(keys, func(a, b []byte) int { return bytes.Compare(b, a) })
	return tx.page(keys, limit)
}

// single is the page of a search that names one order (o, err from the
// lookup): empty when there is no such order or it is past the cursor.
func (tx *Tx) single(o *order.Order, err error, hi []byte) (*OrderPage, error) {
	if errors.Is(err, ErrNotFound) {
		return &OrderPage{}, nil
	}
	if err != nil {
		return nil, err
	}
	if bytes.Compare(orderSortKey(o), hi) > 0 {
		return &OrderPage{}, nil
	}
	return &OrderPage{Orders: []OrderSummary{Summarize(o)}}, nil
}

// page reads the summaries of the first limit keys (newest first); a key
// beyond them means there is a next page.
func (tx *Tx) page(keys [][]byte, limit int) (*OrderPage, error) {
	p := &OrderPage{Orders: make([]OrderSummary, 0, min(len(keys), limit))}
	created := tx.bucket(BucketOrdersByCreated)
	for i, k := range keys {
		if i == limit {
			p.Next = encodeCursor(keys[i-1])
			break
		}
		var s OrderSummary
		v := created.Get(k)
		if v == nil {
			return nil, fmt.Errorf("store: order index: no summary for order %d", keyID(k[8:]))
		}
		if err := json.Unmarshal(v, &s); err != nil {
			return nil, fmt.Errorf("store: decode summary of order %d: %w", keyID(k[8:]), err)
		}
		p.Orders = append(p.Orders, s)
	}
	return p, nil
}

func pageSize(limit int) int {
	if limit <= 0 {
		return DefaultPageSize
	}
	return min(limit, MaxPageSize)
}

// upperBound is the greatest sort key a page may hold: just before the
// cursor's and before to (when set). nil means nothing can match.
func upperBound(cursor string, to time.Time) ([]byte, error) {
	hi := bytes.Repeat([]byte{0xff}, sortKeyLen)
	if cursor != "" {
		k, err := base64.RawURLEncoding.DecodeString(cursor)
		if err != nil || len(k) != sortKeyLen {
			return nil, fmt.Errorf("%w: %q", ErrCursor, cursor)
		}
		hi = before(k)
	}
	if !to.IsZero() && hi != nil {
		if t := before(sortKey(to, 0)); t == nil || bytes.Compare(t, hi) < 0 {
			hi = t
		}
	}
	return hi, nil
}

func encodeCursor(k []byte) string { return base64.RawURLEncoding.EncodeToString(k) }

// before is the sort key just below k, or nil when k is the lowest.
func before(k []byte) []byte {
	out := bytes.Clone(k)
	for i := len(out) - 1; i >= 0; i-- {
		if out[i] > 0 {
			out[i]--
			return out
		}
		out[i] = 0xff
	}
	return nil
}

// keyRange is the part of an index whose keys are prefix + sort key.
type keyRange struct {
	c      *bolt.Cursor
	prefix []byte
}

// atOrBelow is the greatest sort key of r that is <= sk, or nil.
func (r keyRange) atOrBelow(sk []byte) []byte {
	seek := append(slices.Clip(r.prefix), sk...)
	k, _ := r.c.Seek(seek)
	switch {
	case k == nil:
		k, _ = r.c.Last()
	case !bytes.Equal(k, seek):
		k, _ = r.c.Prev()
	}
	if k == nil || len(k) != len(seek) || !bytes.HasPrefix(k, r.prefix) {
		return nil
	}
	return k[len(r.prefix):]
}

// join is the greatest sort key in [lo, hi] present in every range, or
// nil: a leapfrog join, where a range that lacks the candidate proposes
// its next lower key and the others must agree on it in turn.
func join(ranges []keyRange, hi, lo []byte) []byte {
	cand := hi
	for i, agreed := 0, 0; agreed < len(ranges); i = (i + 1) % len(ranges) {
		k := ranges[i].atOrBelow(cand)
		if k == nil || bytes.Compare(k, lo) < 0 {
			return nil
		}
		if bytes.Equal(k, cand) {
			agreed++
			continue
		}
		cand, agreed = bytes.Clone(k), 1
	}
	return bytes.Clone(cand)
}
