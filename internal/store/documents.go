package store

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"sabershop/internal/accounting"
)

// Accounting documents
// (docs/decisions/invoices-and-documents.md#document-numbers-without-gaps):
// numbered without gaps per series and year. The number is taken in the
// transaction that stores the document (the one that books the payment), so a
// document exists for every number and a number for every document: a
// transaction that fails takes its number back with it, and bbolt's one
// writer at a time means two payments never share one.

// documentKey is series + 0x00 + 2-byte year + 8-byte sequence: a
// series' documents in number order.
func documentKey(series string, year int, seq uint64) []byte {
	k := append([]byte(series), 0)
	k = binary.BigEndian.AppendUint16(k, uint16(year))
	return binary.BigEndian.AppendUint64(k, seq)
}

// documentCounter is the meta key of series' last number in year.
func documentCounter(series string, year int) []byte {
	return fmt.Appendf(nil, "docseq/%s/%d", series, year)
}

// IssueDocument gives d the next number of its series in year and stores
// it, indexed under its order.
func (tx *Tx) IssueDocument(d *accounting.Document, year int) error {
	if d.Series == "" || d.OrderID == 0 || year < 2000 || year > 9999 {
		return fmt.Errorf("%w: document of series %q, order %d, year %d", ErrInvalid, d.Series, d.OrderID, year)
	}
	meta := tx.bucket(BucketMeta)
	ck := documentCounter(d.Series, year)
	var seq uint64
	if v := meta.Get(ck); len(v) == 8 {
		seq = binary.BigEndian.Uint64(v)
	}
	seq++
	if err := meta.Put(ck, binary.BigEndian.AppendUint64(nil, seq)); err != nil {
		return err
	}
	d.Numbered(year, seq)
	key := documentKey(d.Series, year, seq)
	if err := put(tx.bucket(BucketDocuments), key, d); err != nil {
		return err
	}
	if d.NeedsRate() {
		if err := tx.bucket(BucketDocumentsRate).Put(key, nil); err != nil {
			return err
		}
	}
	return tx.bucket(BucketDocumentsByOrder).Put(append(idKey(d.OrderID), key...), nil)
}

// DocumentsOf returns order id's documents, series by series (corrections,
// FK, before invoices, FV), each in number order.
func (tx *Tx) DocumentsOf(id uint64) ([]*accounting.Document, error) {
	prefix := idKey(id)
	docs := tx.bucket(BucketDocuments)
	var out []*accounting.Document
	c := tx.bucket(BucketDocumentsByOrder).Cursor()
	for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
		d := new(accounting.Document)
		if err := get(docs, k[len(prefix):], d); err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, nil
}

// Documents returns every document of series issued in year, in number
// order (the accountant's list).
func (tx *Tx) Documents(series string, year int) ([]*accounting.Document, error) {
	prefix := documentKey(series, year, 0)
	prefix = prefix[:len(prefix)-8]
	var out []*accounting.Document
	c := tx.bucket(BucketDocuments).Cursor()
	for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
		d := new(accounting.Document)
		if err := json.Unmarshal(v, d); err != nil {
			return nil, fmt.Errorf("store: document %q: %w", k, err)
		}
		out = append(out, d)
	}
	return out, nil
}

// DocumentByNumber returns the document numbered number ("FV/2026/0001");
// ErrNotFound when there is none.
func (tx *Tx) DocumentByNumber(number string) (*accounting.Document, error) {
	series, year, seq, ok := parseNumber(number)
	if !ok {
		return nil, ErrNotFound
	}
	d := new(accounting.Document)
	if err := get(tx.bucket(BucketDocuments), documentKey(series, year, seq), d); err != nil {
		return nil, err
	}
	return d, nil
}

// parseNumber splits "FV/2026/0001" into its series, year and sequence.
func parseNumber(number string) (series string, year int, seq uint64, ok bool) {
	parts := strings.Split(number, "/")
	if len(parts) != 3 || parts[0] == "" {
		return "", 0, 0, false
	}
	y, err1 := strconv.Atoi(parts[1])
	n, err2 := strconv.ParseUint(parts[2], 10, 64)
	if err1 != nil || err2 != nil || y < 2000 || y > 9999 || n == 0 {
		return "", 0, 0, false
	}
	return parts[0], y, n, true
}
