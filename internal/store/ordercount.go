package store

import (
	"bytes"
	"encoding/json"
	"fmt"
	"time"
)

// CountOrders is how many orders have field (FieldStatus, FieldStage, ...)
// equal to value: a walk over the index's keys, no order decoded, so the
// desk's overview stays cheap however old the shop is.
func (tx *Tx) CountOrders(field, value string) int {
	prefix := fieldPrefix(field, value)
	c := tx.bucket(BucketOrdersByField).Cursor()
	n := 0
	for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
		n++
	}
	return n
}

// OrdersSince returns the summaries of the orders placed at or after
// since, oldest first (the list's own index, from that point on).
func (tx *Tx) OrdersSince(since time.Time) ([]OrderSummary, error) {
	c := tx.bucket(BucketOrdersByCreated).Cursor()
	var out []OrderSummary
	for k, v := c.Seek(sortKey(since, 0)); k != nil; k, v = c.Next() {
		var s OrderSummary
		if err := json.Unmarshal(v, &s); err != nil {
			return nil, fmt.Errorf("store: decode order summary: %w", err)
		}
		out = append(out, s)
	}
	return out, nil
}
