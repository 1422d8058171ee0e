package store

import (
	"errors"
	"fmt"

	"sabershop/internal/accounting"
	"sabershop/internal/rates"
)

// Exchange rates
// (docs/decisions/invoices-and-documents.md#the-bank-is-never-asked-inside-a-transaction):
// a foreign-currency document's amounts in złoty are at the rate of the
// working day before its sale. The rate is fetched outside any transaction (a
// bank's answer must never hold the one writer), kept here by currency and
// day of sale, and read by the transaction that issues the document; a
// document issued before its rate was kept waits in documents_rate until the
// daemon fills it in.

// rateKey is the exchange_rates key of currency's rate for a sale on day
// ("2026-11-24").
func rateKey(currency, day string) []byte { return []byte(currency + "/" + day) }

// ExchangeRate returns the kept rate of currency for a sale on day
// ("2026-11-24"), and whether there is one.
func (tx *Tx) ExchangeRate(currency, day string) (rates.Rate, bool, error) {
	var r rates.Rate
	err := get(tx.bucket(BucketExchangeRates), rateKey(currency, day), &r)
	if errors.Is(err, ErrNotFound) {
		return r, false, nil
	}
	return r, err == nil, err
}

// PutExchangeRate keeps r as currency's rate for a sale on day.
func (tx *Tx) PutExchangeRate(currency, day string, r rates.Rate) error {
	return put(tx.bucket(BucketExchangeRates), rateKey(currency, day), r)
}

// DocumentsWaitingForRate returns the documents issued without their
// rate to złoty, in key order.
func (tx *Tx) DocumentsWaitingForRate() ([]*accounting.Document, error) {
	docs := tx.bucket(BucketDocuments)
	var out []*accounting.Document
	c := tx.bucket(BucketDocumentsRate).Cursor()
	for k, _ := c.First(); k != nil; k, _ = c.Next() {
		d := new(accounting.Document)
		if err := get(docs, k, d); err != nil {
			return nil, fmt.Errorf("store: document waiting for its rate: %w", err)
		}
		out = append(out, d)
	}
	return out, nil
}

// SetDocumentExchange stores d's conversion to złoty (d.Exchange, set by
// d.Convert) on the issued document of its number; it no longer waits.
// Only the conversion changes: what was issued stays as it was.
func (tx *Tx) SetDocumentExchange(d *accounting.Document) error {
	if d.Exchange == nil {
		return fmt.Errorf("%w: document %s without an exchange rate", ErrInvalid, d.Number)
	}
	key := documentKey(d.Series, d.Year, d.Seq)
	kept := new(accounting.Document)
	if err := get(tx.bucket(BucketDocuments), key, kept); err != nil {
		return err
	}
	kept.Exchange = d.Exchange
	if err := put(tx.bucket(BucketDocuments), key, kept); err != nil {
		return err
	}
	return tx.bucket(BucketDocumentsRate).Delete(key)
}
