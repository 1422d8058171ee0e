package store

import (
	"fmt"
	"time"

	"sabershop/internal/accounting"
)

// The KSeF queue (docs/decisions/ksef.md): a document bound for KSeF is
// queued in the transaction that issues it, as an e-mail is in the outbox,
// and handed to KSeF outside any transaction. What the sender learns on
// the way (the session it opened, the reference KSeF gave the invoice) is
// written before the next step, so a sender killed at any point finds
// where it stopped: an invoice is never sent twice blindly.

// KSeFJob is a document's place in the KSeF queue.
type KSeFJob struct {
	Document string    `json:"document"` // its number: "FV/2027/0001"
	Queued   time.Time `json:"queued"`
	NextTry  time.Time `json:"next_try"`
	Attempts int       `json:"attempts"` // failed tries so far
	// Session is the KSeF session it is being (or was) sent in, written
	// before the invoice is sent; Invoice is KSeF's reference of the
	// invoice in that session, written once KSeF answers the sending.
	// A session without an invoice reference after a restart means the
	// sender stopped between the two: the session's list of invoices
	// tells whether KSeF received it.
	Session string `json:"session,omitempty"`
	Invoice string `json:"invoice,omitempty"`
	// Error is why the last try failed, for the owner (KSeF's answer or
	// the outage), empty after a good try.
	Error string `json:"error,omitempty"`
}

// KSeF file kinds (ksef_files).
const (
	KSeFFileXML = "xml" // the FA(3) invoice as sent: the invoice itself
	KSeFFileUPO = "upo" // KSeF's official receipt of it
)

func ksefFileKey(number, kind string) ([]byte, error) {
	series, year, seq, ok := parseNumber(number)
	if !ok {
		return nil, fmt.Errorf("%w: document number %q", ErrInvalid, number)
	}
	return append(append(documentKey(series, year, seq), 0), kind...), nil
}

func documentKeyOf(number string) ([]byte, error) {
	series, year, seq, ok := parseNumber(number)
	if !ok {
		return nil, fmt.Errorf("%w: document number %q", ErrInvalid, number)
	}
	return documentKey(series, year, seq), nil
}

// QueueKSeF puts issued document number in the KSeF queue, due at once.
// The caller has set the document's KSeF state to waiting.
func (tx *Tx) QueueKSeF(number string, now time.Time) error {
	key, err := documentKeyOf(number)
	if err != nil {
		return err
	}
	if err := tx.bucket(BucketKSeFRefused).Delete(key); err != nil {
		return err
	}
	return put(tx.bucket(BucketKSeFQueue), key, &KSeFJob{Document: number, Queued: now, NextTry: now})
}

// PutKSeFJob stores j, a queued document's job, as the sender left it.
// ErrNotFound when the document is no longer queued (another try
// finished it).
func (tx *Tx) PutKSeFJob(j *KSeFJob) error {
	key, err := documentKeyOf(j.Document)
	if err != nil {
		return err
	}
	q := tx.bucket(BucketKSeFQueue)
	if q.Get(key) == nil {
		return ErrNotFound
	}
	return put(q, key, j)
}

// KSeFJob returns document number's job; ErrNotFound when it is not
// queued.
func (tx *Tx) KSeFJob(number string) (*KSeFJob, error) {
	key, err := documentKeyOf(number)
	if err != nil {
		return nil, err
	}
	j := new(KSeFJob)
	if err := get(tx.bucket(BucketKSeFQueue), key, j); err != nil {
		return nil, err
	}
	return j, nil
}

// KSeFQueue returns every queued job, in document order (series, year,
// number).
func (tx *Tx) KSeFQueue() ([]*KSeFJob, error) {
	return list[KSeFJob](tx.bucket(BucketKSeFQueue))
}

// KSeFDue returns the queued jobs whose next try is not after now.
func (db *DB) KSeFDue(now time.Time) ([]*KSeFJob, error) {
	var due []*KSeFJob
	err := db.View(func(tx *Tx) error {
		all, err := tx.KSeFQueue()
		for _, j := range all {
			if !j.NextTry.After(now) {
				due = append(due, j)
			}
		}
		return err
	})
	return due, err
}

// SetDocumentKSeF stores d.KSeF on the issued document of d's number:
// only its course through KSeF changes, what was issued stays. An
// accepted or refused document leaves the queue; a refused one is listed
// in ksef_refused until it is queued again.
func (tx *Tx) SetDocumentKSeF(d *accounting.Document) error {
	if d.KSeF == nil {
		return fmt.Errorf("%w: document %s without a KSeF state", ErrInvalid, d.Number)
	}
	key := documentKey(d.Series, d.Year, d.Seq)
	kept := new(accounting.Document)
	if err := get(tx.bucket(BucketDocuments), key, kept); err != nil {
		return err
	}
	k := *d.KSeF
	kept.KSeF = &k
	if err := put(tx.bucket(BucketDocuments), key, kept); err != nil {
		return err
	}
	switch k.State {
	case accounting.KSeFAccepted:
		return tx.bucket(BucketKSeFQueue).Delete(key)
	case accounting.KSeFRefused:
		if err := tx.bucket(BucketKSeFQueue).Delete(key); err != nil {
			return err
		}
		return tx.bucket(BucketKSeFRefused).Put(key, nil)
	}
	return nil
}

// KSeFRefused returns the documents KSeF refused that were not queued
// again since, in document order.
func (tx *Tx) KSeFRefused() ([]*accounting.Document, error) {
	docs := tx.bucket(BucketDocuments)
	var out []*accounting.Document
	c := tx.bucket(BucketKSeFRefused).Cursor()
	for k, _ := c.First(); k != nil; k, _ = c.Next() {
		d := new(accounting.Document)
		if err := get(docs, k, d); err != nil {
			return nil, fmt.Errorf("store: refused document: %w", err)
		}
		out = append(out, d)
	}
	return out, nil
}

// PutKSeFFile keeps document number's file of kind (KSeFFileXML,
// KSeFFileUPO).
func (tx *Tx) PutKSeFFile(number, kind string, data []byte) error {
	key, err := ksefFileKey(number, kind)
	if err != nil {
		return err
	}
	return tx.bucket(BucketKSeFFiles).Put(key, data)
}

// KSeFFile returns document number's file of kind; ErrNotFound when
// there is none yet.
func (tx *Tx) KSeFFile(number, kind string) ([]byte, error) {
	key, err := ksefFileKey(number, kind)
	if err != nil {
		return nil, err
	}
	v := tx.bucket(BucketKSeFFiles).Get(key)
	if v == nil {
		return nil, ErrNotFound
	}
	return append([]byte(nil), v...), nil
}

// KSeFStats is the queue at a glance, for the metrics and Today: how many
// documents wait, since when the oldest, and how many were refused.
func (db *DB) KSeFStats() (waiting int, oldest time.Time, refused int, err error) {
	err = db.View(func(tx *Tx) error {
		jobs, err := tx.KSeFQueue()
		if err != nil {
			return err
		}
		waiting = len(jobs)
		for _, j := range jobs {
			if oldest.IsZero() || j.Queued.Before(oldest) {
				oldest = j.Queued
			}
		}
		refused = tx.bucket(BucketKSeFRefused).Stats().KeyN
		return nil
	})
	return waiting, oldest, refused, err
}

// DeleteKSeFFile removes document number's file of kind: a refused
// document's XML, made anew when the owner retries it.
func (tx *Tx) DeleteKSeFFile(number, kind string) error {
	key, err := ksefFileKey(number, kind)
	if err != nil {
		return err
	}
	return tx.bucket(BucketKSeFFiles).Delete(key)
}
