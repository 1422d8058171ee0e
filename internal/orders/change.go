package orders

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"sabershop/internal/catalog"
	"sabershop/internal/mail"
	"sabershop/internal/mail/outbox"
	"sabershop/internal/order"
	"sabershop/internal/owners"
	"sabershop/internal/store"
)

var (
	// ErrTrackingRequired is returned by Send without a tracking number
	// (the shopper gets it by e-mail).
	ErrTrackingRequired = errors.New("a tracking number is required (the customer gets it by e-mail)")
	// ErrTrackingLink is returned by Send when the tracking link is not
	// an http(s) link.
	ErrTrackingLink = errors.New("the tracking link must be an http(s) link")
	// ErrReasonRequired is returned by Cancel without a reason (the
	// shopper reads it).
	ErrReasonRequired = errors.New("a reason is required (the customer reads it)")
)

// Send marks order id sent with the parcel's tracking number and link,
// and queues the shopper's e-mail, for the owner by. It reports whether
// the order changed (false: sent already, nothing sent again).
func (s *Service) Send(id uint64, tracking, link string, by Actor) (*order.Order, bool, error) {
	tracking, link = strings.TrimSpace(tracking), strings.TrimSpace(link)
	if tracking == "" {
		return nil, false, ErrTrackingRequired
	}
	if link != "" && !strings.HasPrefix(link, "https://") && !strings.HasPrefix(link, "http://") {
		return nil, false, fmt.Errorf("%w, got %q", ErrTrackingLink, link)
	}
	return s.change(id, by, func(o *order.Order) (bool, error) {
		return o.MarkSent(s.now(), tracking, link)
	}, mail.OrderSent)
}

// Cancel cancels order id with reason (the shopper reads it) for the
// owner by; a paid order needs refundNote, saying how the money goes
// back (order.ErrRefundNoteRequired otherwise). It reports whether the
// order changed (false: cancelled already).
func (s *Service) Cancel(id uint64, reason, refundNote string, by Actor) (*order.Order, bool, error) {
	reason, refundNote = strings.TrimSpace(reason), strings.TrimSpace(refundNote)
	if reason == "" {
		return nil, false, ErrReasonRequired
	}
	o, changed, err := s.change(id, by, func(o *order.Order) (bool, error) {
		now := s.now()
		var (
			changed bool
			err     error
		)
		if o.Status == order.Paid {
			if refundNote == "" {
				return false, order.ErrRefundNoteRequired
			}
			changed, err = o.CancelPaid(now, refundNote)
		} else {
			changed, err = o.Transition(order.Cancelled, now, "owner: "+reason)
		}
		if changed {
			o.CancelReason = reason
		}
		return changed, err
	}, mail.OrderCancelled)
	if err == nil && o.Shipment.Alive() {
		// The parcel is not sent for a cancelled order: cancelled with the
		// carrier too, unless it has it already (the desk shows the
		// shipment as it stays, for the owner to settle).
		ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
		defer cancel()
		if o2, err := s.CancelShipment(ctx, id, by); err != nil {
			s.cfg.Log.Warn("cancelling the parcel failed", "order", id, "err", err)
		} else {
			o = o2
		}
	}
	return o, changed, err
}

// change applies the owner's transition to order id and queues its
// e-mail and its audit line in one transaction. A transition that changes
// nothing (already sent, already cancelled) sends nothing again. It
// returns the order as it is; an illegal transition names its status.
func (s *Service) change(id uint64, by Actor, apply func(*order.Order) (bool, error),
	render func(cat *catalog.Catalog, o *order.Order, statusURL string) (*outbox.Message, error)) (*order.Order, bool, error) {
	cat, err := s.catalog()
	if err != nil {
		return nil, false, err
	}
	var (
		o       *order.Order
		changed bool
	)
	err = s.cfg.Store.UpdateNow(func(tx *store.Tx) error {
		if o, err = byID(tx, id); err != nil {
			return err
		}
		if changed, err = apply(o); err != nil || !changed {
			return err
		}
		if err := tx.PutOrder(o); err != nil {
			return err
		}
		msg, err := render(cat, o, s.Link(o.StatusPath()))
		if err != nil {
			return err
		}
		if err := tx.Enqueue(msg); err != nil {
			return err
		}
		return s.audit(tx, by, "order."+string(o.Status), o, o.CancelReason)
	})
	if err != nil {
		if errors.Is(err, order.ErrIllegalTransition) && o != nil {
			return o, false, fmt.Errorf("order #%d is %s: %w", o.ID, o.Status, err)
		}
		if errors.Is(err, order.ErrRefundNoteRequired) && o != nil {
			return o, false, err
		}
		return nil, false, err
	}
	if changed {
		s.cfg.Kick()
		s.cfg.Log.Info("order "+string(o.Status), "order", o.ID, "by", by.Name)
	}
	return o, changed, nil
}

// audit writes the audit line of the owner's change what to o in tx.
func (s *Service) audit(tx *store.Tx, by Actor, what string, o *order.Order, detail string) error {
	return tx.Audit(&owners.Entry{At: s.now(), Owner: by.Name, IP: by.IP, What: what, Target: fmt.Sprintf("#%d", o.ID), Detail: detail})
}
