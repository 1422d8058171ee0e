// Package store keeps the order daemon's state in one bbolt file under the
// data directory (docs/packages.md#the-daemon-cmdorderd).
//
// Every value is JSON (encoding/json), so the file can be inspected with
// the bbolt CLI and the models' own JSON tags decide the shape. The
// buckets, all created by Open:
//
//	orders             order hash -> order.Order
//	orders_by_id       8-byte big-endian ID -> order hash (ID order = age)
//	orders_by_email    lower-cased e-mail + 0x00 + 8-byte ID -> order hash
//	idempotency        Idempotency-Key -> Idempotency (purged after 24 h)
//	coupons            upper-cased code -> order.Coupon
//	subscribers        lower-cased e-mail -> Subscriber
//	subscriber_tokens  token -> lower-cased e-mail
//	contacts           8-byte ID -> Contact
//	outbox             8-byte ID -> outbox.Message (pending; ID order = age)
//	sent               ref + 0x00 + 8-byte ID -> SentRecord
//	sent_bodies        ref + 0x00 + 8-byte ID -> gzip JSON SentBody
//	settings           key -> raw bytes (orders open/paused, payment state)
//	mail_sends         purpose + 0x00 + lower-cased e-mail -> MailSends
//	owners             account name -> owners.Owner (the desk's accounts)
//	owner_sessions     hex SHA-256 of a session id -> owners.Session
//	owner_failures     "account:" name or "ip:" address -> owners.Failures
//	audit              8-byte ID -> owners.Entry (ID order = age)
//	orders_by_created  created + 8-byte ID -> OrderSummary (orderindex.go)
//	orders_by_field    field + 0x00 + value + 0x00 + created + ID -> empty
//	orders_by_token    search token + 0x00 + created + ID -> empty
//	meta               key -> raw bytes (the order indexes' version)
//	order_notes        8-byte order ID + 8-byte ID -> Note (notes.go)
//	documents          series + 0x00 + 2-byte year + 8-byte number -> accounting.Document (documents.go)
//	documents_by_order 8-byte order ID + documents key -> empty
//	documents_rate     documents key -> empty: foreign-currency documents waiting for their rate (rates.go)
//	exchange_rates     "EUR/2026-11-24" (currency / day of sale) -> rates.Rate (rates.go)
//	ksef_queue         documents key -> KSeFJob: documents on their way to KSeF (ksef.go)
//	ksef_refused       documents key -> empty: documents KSeF refused, until retried
//	ksef_files         documents key + 0x00 + "xml" or "upo" -> the FA(3) XML as sent, the UPO
//	shipments          carrier + 0x00 + shipment id -> 8-byte order ID, while followed (shipments.go)
//	owner_digest       8-byte ID -> DigestEvent: news waiting for the owner's hourly digest (ownerdigest.go)
//
// Writes go through (*DB).Update, which is bbolt's Batch: concurrent
// writers share one transaction and one fsync, which is what lets the
// daemon keep up with bursts of orders. The price is that an Update
// function may run more than once; see Update.
package store

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"
)

// Bucket names. They are part of the file format: renaming one loses data.
const (
	BucketOrders           = "orders"
	BucketOrdersByID       = "orders_by_id"
	BucketOrdersByEmail    = "orders_by_email"
	BucketIdempotency      = "idempotency"
	BucketCoupons          = "coupons"
	BucketSubscribers      = "subscribers"
	BucketSubscriberTokens = "subscriber_tokens"
	BucketContacts         = "contacts"
	BucketOutbox           = "outbox"
	BucketSent             = "sent"
	BucketSettings         = "settings"
	BucketMailSends        = "mail_sends"
	BucketOwners           = "owners"
	BucketOwnerSessions    = "owner_sessions"
	BucketOwnerFailures    = "owner_failures"
	BucketAudit            = "audit"
	BucketOrdersByCreated  = "orders_by_created"
	BucketOrdersByField    = "orders_by_field"
	BucketOrdersByToken    = "orders_by_token"
	BucketMeta             = "meta"
	BucketSentBodies       = "sent_bodies"
	BucketOrderNotes       = "order_notes"
	BucketDocuments        = "documents"
	BucketDocumentsByOrder = "documents_by_order"
	BucketDocumentsRate    = "documents_rate"
	BucketExchangeRates    = "exchange_rates"
	BucketKSeFQueue        = "ksef_queue"
	BucketKSeFRefused      = "ksef_refused"
	BucketKSeFFiles        = "ksef_files"
	BucketShipments        = "shipments"
	BucketOwnerDigest      = "owner_digest"
)

// Buckets lists every bucket Open creates, in the order of the package doc.
var Buckets = []string{
	BucketOrders, BucketOrdersByID, BucketOrdersByEmail, BucketIdempotency,
	BucketCoupons, BucketSubscribers, BucketSubscriberTokens, BucketContacts,
	BucketOutbox, BucketSent, BucketSettings, BucketMailSends,
	BucketOwners, BucketOwnerSessions, BucketOwnerFailures, BucketAudit,
	BucketOrdersByCreated, BucketOrdersByField, BucketOrdersByToken, BucketMeta,
	BucketSentBodies, BucketOrderNotes, BucketDocuments, BucketDocumentsByOrder,
	BucketDocumentsRate, BucketExchangeRates, BucketKSeFQueue, BucketKSeFRefused,
	BucketKSeFFiles, BucketShipments, BucketOwnerDigest,
}

var (
	// ErrLocked is returned by Open when another process (normally the
	// running daemon) or another open handle holds the file's lock for
	// longer than Options.Timeout.
	ErrLocked = errors.New("store: data file is locked by another process")

	// ErrNotFound is returned when the order, coupon, subscriber,
	// idempotency record, setting or outbox message asked for does not
	// exist.
	ErrNotFound = errors.New("store: not found")

	// ErrExists is returned by AddCoupon when the code is already taken,
	// and by PutSubscriber when the token belongs to another subscriber.
	ErrExists = errors.New("store: already exists")

	// ErrInvalid is returned when a key is empty or contains a NUL byte
	// (NUL separates the parts of composite index keys), or when PutRaw
	// is asked to write into one of the store's own buckets.
	ErrInvalid = errors.New("store: invalid key")
)

// Defaults for the zero Options.
const (
	// DefaultTimeout is how long Open waits for the file lock. Short, so
	// an owner command started next to the running daemon is told at once.
	DefaultTimeout = time.Second

	// DefaultMaxBatchSize is near the concurrency the daemon is sized
	// for: with 64 writers bbolt's default (1000) never fills, so every
	// batch waited out its timer (BenchmarkBatchWrite: 4.1k -> 8.7k writes/s).
	DefaultMaxBatchSize = 64

	// DefaultMaxBatchDelay bounds the latency a lone writer pays for
	// batching; bbolt's default of 10 ms is a long time for one order.
	DefaultMaxBatchDelay = 2 * time.Millisecond
)

// Options for Open. The zero value is what the daemon uses.
type Options struct {
	Timeout       time.Duration // lock wait; 0 means DefaultTimeout
	MaxBatchSize  int           // 0 means DefaultMaxBatchSize
	MaxBatchDelay time.Duration // 0 means DefaultMaxBatchDelay
}

// DB is the open data file.
type DB struct {
	bolt *bolt.DB
}

// Tx is one transaction. It is valid only inside the function it was
// passed to; everything its methods return is a copy that outlives it.
type Tx struct {
	tx *bolt.Tx
}

// Open opens the data file at path, creating it (mode 0600: it holds
// customers' addresses) and every bucket when missing, and builds the
// order indexes of a file written without them (ensureOrderIndex). A file
// held by another process yields ErrLocked after opts.Timeout.
func Open(path string, opts Options) (*DB, error) {
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	if opts.MaxBatchSize <= 0 {
		opts.MaxBatchSize = DefaultMaxBatchSize
	}
	if opts.MaxBatchDelay <= 0 {
		opts.MaxBatchDelay = DefaultMaxBatchDelay
	}
	bdb, err := bolt.Open(path, 0o600, &bolt.Options{
		Timeout:      opts.Timeout,
		FreelistType: bolt.FreelistArrayType,
	})
	if errors.Is(err, berrors.ErrTimeout) {
		return nil, fmt.Errorf("%w: %s", ErrLocked, path)
	}
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	bdb.MaxBatchSize = opts.MaxBatchSize
	bdb.MaxBatchDelay = opts.MaxBatchDelay
	err = bdb.Update(func(tx *bolt.Tx) error {
		for _, name := range Buckets {
			if _, err := tx.CreateBucketIfNotExists([]byte(name)); err != nil {
				return fmt.Errorf("bucket %s: %w", name, err)
			}
		}
		return ensureOrderIndex(tx)
	})
	if err != nil {
		_ = bdb.Close()
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	return &DB{bolt: bdb}, nil
}

// Close waits for running transactions and closes the file; every
// Update that returned nil is on disk.
func (db *DB) Close() error { return db.bolt.Close() }

// Path is the data file's path.
func (db *DB) Path() string { return db.bolt.Path() }

// Update runs fn in a read-write transaction shared with concurrent
// callers (bbolt's Batch) and commits it with one fsync for all of them.
//
// FN MAY RUN MORE THAN ONCE. When any function in a batch fails, the whole
// transaction is rolled back and the others are run again in a new one
// (the failing one alone). So fn must only touch tx and values it rebuilds
// on every run: no counters, appends, channel sends or e-mails outside the
// transaction, and nothing read from an earlier run. The store's own
// methods are safe to repeat: IDs come from bucket sequences inside tx,
// so a rolled-back run leaves no trace. Update returns fn's error from
// its final run.
func (db *DB) Update(fn func(tx *Tx) error) error {
	return db.bolt.Batch(func(btx *bolt.Tx) error { return fn(&Tx{tx: btx}) })
}

// UpdateNow runs fn exactly once in its own read-write transaction, for
// owner commands and other writes that must not be repeated or that do
// not benefit from batching.
func (db *DB) UpdateNow(fn func(tx *Tx) error) error {
	return db.bolt.Update(func(btx *bolt.Tx) error { return fn(&Tx{tx: btx}) })
}

// OnCommit runs fn once tx has committed (never when it rolls back): a
// worker woken from inside a transaction would not see what it wrote.
func (tx *Tx) OnCommit(fn func()) { tx.tx.OnCommit(fn) }

// View runs fn in a read-only transaction; any number run at once and
// never wait for writers.
func (db *DB) View(fn func(tx *Tx) error) error {
	return db.bolt.View(func(btx *bolt.Tx) error { return fn(&Tx{tx: btx}) })
}

// Backup writes a consistent copy of the whole file to w while the store
// keeps serving (a read transaction pins one version). The copy is a
// valid data file for Open.
func (db *DB) Backup(w io.Writer) (int64, error) {
	var n int64
	err := db.bolt.View(func(tx *bolt.Tx) error {
		var err error
		n, err = tx.WriteTo(w)
		return err
	})
	return n, err
}

// Check runs bbolt's consistency check over the whole file (pages,
// freelist, B+tree order). Tests call it before closing.
func (db *DB) Check() error {
	return db.bolt.View(func(tx *bolt.Tx) error {
		var errs []error
		for err := range tx.Check() {
			errs = append(errs, err)
		}
		return errors.Join(errs...)
	})
}

// Counts returns the number of keys in every top-level bucket, for the
// daemon's status output and tests.
func (db *DB) Counts() (map[string]int, error) {
	counts := make(map[string]int)
	err := db.bolt.View(func(tx *bolt.Tx) error {
		return tx.ForEach(func(name []byte, b *bolt.Bucket) error {
			counts[string(name)] = b.Stats().KeyN
			return nil
		})
	})
	return counts, err
}

// PutRaw writes value under key in bucket (created when missing) through
// Batch, exactly as Update does. It is the reference the daemon's load
// benchmark compares POST /v1/orders against: the cost of the storage
// alone. The store's own buckets are refused so it cannot corrupt them.
func (db *DB) PutRaw(bucket string, key, value []byte) error {
	if bucket == "" || len(key) == 0 || slices.Contains(Buckets, bucket) {
		return ErrInvalid
	}
	return db.bolt.Batch(func(tx *bolt.Tx) error {
		b, err := tx.CreateBucketIfNotExists([]byte(bucket))
		if err != nil {
			return err
		}
		return b.Put(key, value)
	})
}

// bucket returns a bucket Open created; a missing one means the file was
// not opened by Open, which is a programming error.
func (tx *Tx) bucket(name string) *bolt.Bucket {
	b := tx.tx.Bucket([]byte(name))
	if b == nil {
		panic("store: missing bucket " + name)
	}
	return b
}

// idKey is the 8-byte big-endian form of id, so byte order is numeric
// order and a cursor walks records oldest first.
func idKey(id uint64) []byte { return binary.BigEndian.AppendUint64(nil, id) }

// keyID is the inverse of idKey.
func keyID(k []byte) uint64 { return binary.BigEndian.Uint64(k) }

// compositeKey is prefix + 0x00 + 8-byte ID: one index entry per
// (prefix, record) pair, listed by a prefix scan in ID order.
func compositeKey(prefix string, id uint64) []byte {
	k := make([]byte, 0, len(prefix)+9)
	k = append(k, prefix...)
	k = append(k, 0)
	return binary.BigEndian.AppendUint64(k, id)
}

// checkKey refuses keys the composite indexes could not tell apart.
func checkKey(what, k string) error {
	if k == "" || strings.IndexByte(k, 0) >= 0 {
		return fmt.Errorf("%w: %s %q", ErrInvalid, what, k)
	}
	return nil
}

// normEmail is the form e-mail addresses are indexed under; the stored
// records keep the address as typed.
func normEmail(email string) string { return strings.ToLower(strings.TrimSpace(email)) }

// get decodes the JSON value under key into v, or returns ErrNotFound.
func get(b *bolt.Bucket, key []byte, v any) error {
	data := b.Get(key)
	if data == nil {
		return ErrNotFound
	}
	if err := json.Unmarshal(data, v); err != nil {
		return fmt.Errorf("store: decode %q: %w", key, err)
	}
	return nil
}

// put stores v as JSON under key. bbolt keeps references to key and
// value until commit, so both are fresh slices, never reused buffers.
func put(b *bolt.Bucket, key []byte, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("store: encode %q: %w", key, err)
	}
	return b.Put(key, data)
}

// list decodes every value of b in key order into a new T each.
func list[T any](b *bolt.Bucket) ([]*T, error) {
	var out []*T
	err := b.ForEach(func(k, v []byte) error {
		x := new(T)
		if err := json.Unmarshal(v, x); err != nil {
			return fmt.Errorf("store: decode %q: %w", k, err)
		}
		out = append(out, x)
		return nil
	})
	return out, err
}
