package orders

import (
	"context"
	"errors"
	"fmt"
	"time"

	"sabershop/internal/catalog"
	"sabershop/internal/mail"
	"sabershop/internal/order"
	"sabershop/internal/payment"
	"sabershop/internal/store"
)

// The owner's refund of a paid order through the payment provider that
// took the money, for the owner's command (orderd orders refund) and the
// desk alike. The rules of what may be refunded are the order's
// (order.StartRefund); Refund asks the provider and records the
// answer:
//
//  1. in one transaction the refund is checked and recorded as requested
//     (a second click with the same key, or a second refund at the same
//     moment, sees it and what it holds);
//  2. the provider is asked outside any transaction (bbolt holds one
//     writer; a provider may take seconds);
//  3. in one transaction the answer is recorded and, for a refund done,
//     the shopper's e-mail queued; a refund that leaves nothing of a paid
//     order cancels it (order.FinishRefund).
//
// A refusal by the provider is recorded as refused and changes no money
// and no status; a provider that does not answer leaves the refund
// failed (nothing known to be paid back).

// refundTimeout bounds the provider's answer to a refund.
const refundTimeout = 30 * time.Second

// RefundRequest is one refund the owner asks for.
type RefundRequest struct {
	OrderID uint64
	// Amount is in minor units of the order's currency; 0 refunds
	// everything left of the payment.
	Amount int64
	// Reason is the owner's words; the shopper reads them (e-mail, and
	// PayPal's note to the payer).
	Reason string
	// Key makes a repeated request (a double click, the command run
	// twice) one refund: a refund done or being asked with the key is
	// answered again instead of asking the provider. A refused one may be
	// asked again with the same key. "" is a fresh key.
	Key string
	// By is who asks, for the audit log.
	By Actor
}

// RefundResult is what became of a refund.
type RefundResult struct {
	Order  *order.Order // the order after it
	Refund order.Refund
	// Left is what is left to refund of the order's payments.
	Left int64
	// Cancelled: this refund left nothing and cancelled the paid order.
	Cancelled bool
	// Repeated: the key had been used for a refund done; nothing was
	// asked or sent again.
	Repeated bool
	// Mailed: the shopper's e-mail is queued.
	Mailed bool
}

var (
	// ErrNoProvider is returned when the provider that took the payment
	// is not configured in this daemon, or cannot refund through its API;
	// nothing was recorded.
	ErrNoProvider = errors.New("orders: the payment's provider cannot refund here")
	// ErrInProgress is returned when a refund with the same key is being
	// asked right now.
	ErrInProgress = errors.New("orders: a refund with this key is being asked")
	// ErrUnreachable is returned (wrapping the provider's error) when the
	// provider did not answer; the refund is recorded failed.
	ErrUnreachable = errors.New("orders: the payment provider did not answer")
)

// Refund refunds req.Amount of order req.OrderID through the provider of
// its payment. A refusal by the provider is payment.ErrRefundRefused with
// the Result of the refused refund; the order's own refusals
// (order.ErrRefundNotAllowed, order.ErrRefundTooMuch, order.ErrRefundAmount)
// and store.ErrNotFound come before the provider is asked, with nothing
// recorded.
func (s *Service) Refund(ctx context.Context, req RefundRequest) (RefundResult, error) {
	cat, err := s.catalog()
	if err != nil {
		return RefundResult{}, err
	}
	if req.Key == "" {
		req.Key = newID()
	}
	id := newID()
	var (
		res          RefundResult
		refunder     payment.Refunder
		ask          payment.RefundRequest
		earlierRefus int
	)
	err = s.cfg.Store.UpdateNow(func(tx *store.Tx) error {
		o, err := byID(tx, req.OrderID)
		if err != nil {
			return err
		}
		now := s.now()
		for i := range o.Refunds {
			r := &o.Refunds[i]
			if r.Key != req.Key {
				continue
			}
			switch {
			case r.State == order.RefundDone:
				res = RefundResult{Order: o, Refund: *r, Left: o.RefundLeft(now), Repeated: true}
				return errRepeated
			case r.State == order.RefundRequested && now.Sub(r.At) < order.StaleStart:
				return fmt.Errorf("%w (order #%d, asked %s)", ErrInProgress, o.ID, r.At.Format(time.RFC3339))
			case r.State == order.RefundRefused:
				earlierRefus++
			}
		}
		r, a, err := o.StartRefund(id, req.Key, req.Amount, req.Reason, now)
		if err != nil {
			return err
		}
		p, ok := s.cfg.Payments.Named(a.Provider)
		if refunder, _ = p.(payment.Refunder); !ok || refunder == nil {
			return fmt.Errorf("%w: order #%d was paid through %s (this daemon has %s)", ErrNoProvider, o.ID, a.Provider, providerNames(s.cfg.Payments))
		}
		ask = payment.RefundRequest{Reference: a.Reference, Capture: a.Capture, Amount: r.Amount, Currency: r.Currency,
			Reason: r.Reason, IdempotencyKey: providerKey(req.Key, earlierRefus)}
		res = RefundResult{Order: o, Refund: *r}
		return tx.PutOrder(o)
	})
	if errors.Is(err, errRepeated) {
		return res, nil
	}
	if err != nil {
		return RefundResult{}, err
	}

	// Asked apart from the caller's context: a closed terminal or browser
	// tab must not cut the provider short and leave the outcome unknown.
	pctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), refundTimeout)
	defer cancel()
	ans, perr := refunder.Refund(pctx, ask)
	state, note := order.RefundDone, ""
	switch {
	case errors.Is(perr, payment.ErrRefundRefused):
		state, note = order.RefundRefused, perr.Error()
	case perr != nil:
		state, note = order.RefundFailed, perr.Error()
	}
	return s.finish(cat, res.Order, id, state, ans.Reference, note, perr, req)
}

// errRepeated ends the first transaction without writing when the key's
// refund is done already.
var errRepeated = errors.New("refund repeated")

// finish records the provider's answer to refund id of order asked (as
// it was read when the refund was recorded) and, for a refund done,
// queues the shopper's e-mail, in one transaction.
func (s *Service) finish(cat *catalog.Catalog, asked *order.Order, id string, state order.RefundState, reference, note string, perr error,
	req RefundRequest) (RefundResult, error) {
	var res RefundResult
	err := s.cfg.Store.UpdateNow(func(tx *store.Tx) error {
		o, err := tx.Order(asked.Hash)
		if err != nil {
			return err
		}
		now := s.now()
		cancelled, err := o.FinishRefund(id, state, reference, note, now)
		if err != nil {
			return err
		}
		r := o.RefundByID(id)
		res = RefundResult{Order: o, Refund: *r, Left: o.RefundLeft(now), Cancelled: cancelled}
		if err := tx.PutOrder(o); err != nil {
			return err
		}
		if err := s.audit(tx, req.By, "order.refund", o, fmt.Sprintf("%s %d %s: %s", state, r.Amount, r.Currency, req.Reason)); err != nil {
			return err
		}
		if state != order.RefundDone {
			return nil
		}
		attach, follow, err := s.correct(tx, o, *r, req.Reason, now)
		if err != nil {
			return err
		}
		// A message that cannot be written must not lose the record of
		// money paid back: the refund stays recorded, the owner is told.
		msg, err := mail.RefundIssued(cat, o, s.Link(o.StatusPath()), *r, attach, follow)
		if err != nil {
			s.cfg.Log.Error("refund e-mail not written", "order", o.ID, "err", err)
			return nil
		}
		if err := tx.Enqueue(msg); err != nil {
			return err
		}
		res.Mailed = true
		return nil
	})
	r := res.Refund
	if err != nil {
		// The provider answered but the answer is not on disk: the one
		// place that says what happened is this log line.
		s.cfg.Log.Error("refund answered but not recorded", "order", asked.ID, "refund", id, "state", state,
			"reference", reference, "err", err)
		return RefundResult{}, err
	}
	if res.Mailed {
		s.cfg.Kick()
	}
	log := s.cfg.Log.Info
	if state != order.RefundDone {
		log = s.cfg.Log.Warn
	}
	log("refund "+string(state), "order", res.Order.ID, "provider", r.Provider, "amount", r.Amount, "currency", r.Currency,
		"reference", r.Reference, "left", res.Left, "cancelled", res.Cancelled, "note", r.Note)
	switch state {
	case order.RefundRefused:
		return res, perr
	case order.RefundFailed:
		return res, fmt.Errorf("%w: %w", ErrUnreachable, perr)
	}
	return res, nil
}

// providerKey is the idempotency key the provider gets: the owner's key,
// so that asking again after no answer is one refund at the provider,
// and a new one after each refusal (PayPal answers a repeated request id
// with its first answer, which would be the refusal again).
func providerKey(key string, refusals int) string {
	if refusals == 0 {
		return key
	}
	return fmt.Sprintf("%s-%d", key, refusals)
}

func providerNames(r *payment.Registry) string {
	s := ""
	for _, p := range r.Providers() {
		if s != "" {
			s += ", "
		}
		s += p.Name()
	}
	if s == "" {
		return "none"
	}
	return s
}
