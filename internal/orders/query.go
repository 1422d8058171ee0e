package orders

import (
	"context"
	"errors"
	"sync"
	"time"

	"sabershop/internal/order"
	"sabershop/internal/payment"
	"sabershop/internal/store"
)

// A notification can get lost (the provider gave up, the daemon was
// down). While a shopper watches a payment that has been pending for a
// while, the status page's polling asks the provider server-side, at most
// once per queryEvery per order; the answer goes through the same rules as
// a notification.
const (
	// QueryAfter is how long a payment is pending before a poll asks.
	QueryAfter = 20 * time.Second
	queryEvery = 30 * time.Second
)

// queries remembers when each order's provider was last asked.
type queries struct {
	mu   sync.Mutex
	last map[string]time.Time
}

func (q *queries) due(hash string, now time.Time) bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.last == nil {
		q.last = map[string]time.Time{}
	}
	if now.Sub(q.last[hash]) < queryEvery {
		return false
	}
	for h, t := range q.last { // forget old entries; the map stays small
		if now.Sub(t) > 10*queryEvery {
			delete(q.last, h)
		}
	}
	q.last[hash] = now
	return true
}

// QueryStalePayment asks the provider about a payment pending longer than
// QueryAfter and returns the order as it is afterwards, or nil when
// nothing was asked or nothing changed.
func (s *Service) QueryStalePayment(ctx context.Context, o *order.Order) *order.Order {
	if o.Status != order.PaymentPending || len(o.Timeline) == 0 {
		return nil
	}
	now := s.now()
	if now.Sub(o.LastTransition()) < QueryAfter {
		return nil
	}
	p, ok := s.cfg.Payments.Named(o.Payment[payProvider])
	ref := o.Payment[payReference]
	if !ok || ref == "" || !s.queried.due(o.Hash, now) {
		return nil
	}
	qctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	n, err := p.Query(qctx, ref)
	if err != nil {
		if !errors.Is(err, payment.ErrUnknown) {
			s.cfg.Log.Warn("payment query failed", "provider", p.Name(), "order", o.ID, "err", err)
		}
		return nil
	}
	if n.OrderHash == "" {
		n.OrderHash = o.Hash
	}
	if n.OrderHash != o.Hash {
		s.cfg.Log.Warn("payment query answered for another order", "provider", p.Name(), "order", o.ID)
		return nil
	}
	if n.Reference == "" {
		n.Reference = ref
	}
	n.Provider = p.Name()
	if err := s.ApplyNotification(n); err != nil {
		s.cfg.Log.Warn("payment query not applied", "provider", p.Name(), "order", o.ID, "err", err)
		return nil
	}
	var fresh *order.Order
	if err := s.cfg.Store.View(func(tx *store.Tx) error {
		var err error
		fresh, err = tx.Order(o.Hash)
		return err
	}); err != nil {
		return nil
	}
	return fresh
}
