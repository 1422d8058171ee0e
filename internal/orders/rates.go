package orders

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"time"

	"sabershop/internal/accounting"
	"sabershop/internal/i18n"
	"sabershop/internal/rates"
	"sabershop/internal/store"
)

// saleDay is the workshop's calendar day of a sale at t: the day whose
// previous working day's rate converts the sale to złoty.
func saleDay(t time.Time) string { return t.In(i18n.Workshop).Format(time.DateOnly) }

// rateWanted is a currency's rate for sales on one day.
type rateWanted struct{ currency, day string }

// FillRates fetches the exchange rates that foreign-currency documents
// wait for, and today's for every foreign currency the shop sells in (so
// today's documents are converted as they are issued), keeps them, and
// converts the waiting documents. The bank is asked outside any
// transaction. It returns how many documents still wait (the bank did not
// answer); err is the first failure, the others are logged.
func (s *Service) FillRates(ctx context.Context) (waiting int, err error) {
	s.ratesMu.Lock()
	defer s.ratesMu.Unlock()
	var (
		docs []*accounting.Document
		want = map[rateWanted]bool{}
		have = map[rateWanted]rates.Rate{}
	)
	for _, l := range s.cfg.Catalog().Locales {
		if l.Currency != "" && l.Currency != "PLN" {
			want[rateWanted{l.Currency, saleDay(s.cfg.Now())}] = true
		}
	}
	if err := s.cfg.Store.View(func(tx *store.Tx) error {
		var err error
		if docs, err = tx.DocumentsWaitingForRate(); err != nil {
			return err
		}
		for _, d := range docs {
			want[rateWanted{d.Currency, saleDay(d.SaleDate)}] = true
		}
		for w := range want {
			r, ok, err := tx.ExchangeRate(w.currency, w.day)
			if err != nil {
				return err
			}
			if ok {
				have[w] = r
			}
		}
		return nil
	}); err != nil {
		return len(docs), err
	}
	fetched := map[rateWanted]rates.Rate{}
	for _, w := range sortedWants(want) {
		if _, ok := have[w]; ok || s.cfg.Rates == nil {
			continue
		}
		day, _ := time.Parse(time.DateOnly, w.day)
		r, ferr := s.cfg.Rates.Before(ctx, w.currency, day)
		if ferr != nil {
			s.cfg.Log.Warn("exchange rate not fetched", "currency", w.currency, "sale_day", w.day, "err", ferr)
			if err == nil {
				err = ferr
			}
			continue
		}
		fetched[w], have[w] = r, r
	}
	if len(fetched) == 0 && len(docs) == 0 {
		return 0, err
	}
	uerr := s.cfg.Store.Update(func(tx *store.Tx) error {
		waiting = 0
		for w, r := range fetched {
			if err := tx.PutExchangeRate(w.currency, w.day, r); err != nil {
				return err
			}
		}
		// Read again in this transaction: another one may have filled
		// a document since.
		docs, err := tx.DocumentsWaitingForRate()
		if err != nil {
			return err
		}
		for _, d := range docs {
			r, ok := have[rateWanted{d.Currency, saleDay(d.SaleDate)}]
			if !ok {
				waiting++
				continue
			}
			if err := d.Convert(r.Source, r.Table, r.Date, r.Mid); err != nil {
				return fmt.Errorf("document %s: %w", d.Number, err)
			}
			if err := tx.SetDocumentExchange(d); err != nil {
				return err
			}
		}
		return nil
	})
	if uerr != nil {
		return waiting, uerr
	}
	return waiting, err
}

func sortedWants(m map[rateWanted]bool) []rateWanted {
	out := make([]rateWanted, 0, len(m))
	for w := range m {
		out = append(out, w)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].currency+out[i].day < out[j].currency+out[j].day })
	return out
}

// convert gives d, just made in tx, its rate to złoty when the rate of
// its sale's day is kept; otherwise d is issued waiting for it and the
// rates loop is woken.
func (s *Service) convert(tx *store.Tx, d *accounting.Document) error {
	if !d.NeedsRate() {
		return nil
	}
	r, ok, err := tx.ExchangeRate(d.Currency, saleDay(d.SaleDate))
	if err != nil {
		return err
	}
	if !ok {
		s.kickRates()
		return nil
	}
	return d.Convert(r.Source, r.Table, r.Date, r.Mid)
}

// kickRates wakes RunRates without waiting.
func (s *Service) kickRates() {
	select {
	case s.ratesKick <- struct{}{}:
	default:
	}
}

// Rates loop timing: today's rate is fetched at start and hourly (a new
// day's sales need the previous working day's, out since its noon); a
// document waiting for a bank that did not answer is tried again sooner.
const (
	ratesEvery = time.Hour
	ratesRetry = 5 * time.Minute
)

// RunRates keeps the exchange rates filled (FillRates) until ctx ends: at
// start, hourly, sooner while documents wait, and when a document is
// issued without its rate.
func (s *Service) RunRates(ctx context.Context) {
	for {
		next := ratesEvery
		if waiting, err := s.FillRates(ctx); err != nil && !errors.Is(err, context.Canceled) {
			s.cfg.Log.Error("exchange rates", "err", err, "documents_waiting", waiting)
			if waiting > 0 {
				next = ratesRetry
			}
		}
		t := time.NewTimer(next)
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-t.C:
		case <-s.ratesKick:
			t.Stop()
		}
	}
}

// ensureRate makes sure document number, when in a foreign currency, has
// its rate to złoty, asking the bank now if it waits; the document as
// kept, or accounting.ErrRatePending if the bank still gives none.
func (s *Service) ensureRate(ctx context.Context, number string) (*accounting.Document, error) {
	d, err := s.document(number)
	if err != nil || !d.NeedsRate() {
		return d, err
	}
	if _, err := s.FillRates(ctx); err != nil {
		s.cfg.Log.Warn("exchange rate for a document", "document", number, "err", err)
	}
	if d, err = s.document(number); err != nil || !d.NeedsRate() {
		return d, err
	}
	return nil, fmt.Errorf("%w: %s", accounting.ErrRatePending, number)
}

// document is the document numbered number, as kept.
func (s *Service) document(number string) (d *accounting.Document, err error) {
	err = s.cfg.Store.View(func(tx *store.Tx) error {
		d, err = tx.DocumentByNumber(number)
		return err
	})
	return d, err
}
