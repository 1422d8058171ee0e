package orders

import (
	"errors"
	"fmt"
	"time"

	"sabershop/internal/catalog"
	"sabershop/internal/mail"
	"sabershop/internal/mail/outbox"
	"sabershop/internal/order"
	"sabershop/internal/shipping"
	"sabershop/internal/store"
)

// ErrPaused is returned by Place when the owner has paused orders (or the
// catalogue says orders are closed and the owner never switched).
var ErrPaused = errors.New("orders: orders are paused")

// ReplayedError is returned by Place when its idempotency key was answered
// before: Record is that answer, given again before any other check (the
// shop may have paused or prices changed since).
type ReplayedError struct{ Record *store.Idempotency }

func (e *ReplayedError) Error() string {
	return "order: idempotency key " + e.Record.Key + " answered before"
}

// FieldsError is returned by Place and Withdraw when the shopper must fix
// a field: the request does not validate or price, the code is unknown or
// does not apply, the withdrawal form is incomplete.
type FieldsError struct{ Fields order.FieldErrors }

func (e *FieldsError) Error() string { return fmt.Sprintf("order: invalid fields %v", e.Fields) }

// PricesChangedError is returned by Place when the total priced now is not
// the one the shopper saw (expected_total): Order is the order as priced
// now, for the shopper to confirm.
type PricesChangedError struct{ Order *order.Order }

func (e *PricesChangedError) Error() string {
	return fmt.Sprintf("order: total %d, expected another", e.Order.Totals.Total)
}

// Placement is an order to place: the shopper's request and what a
// retry must get again.
type Placement struct {
	Request order.Request
	// Catalog is the catalogue in force when the request came.
	Catalog *catalog.Catalog
	// Key is the Idempotency-Key ("" for none); BodyHash the hash of the
	// body it came with.
	Key, BodyHash string
	// Answer renders what a retry with Key gets again: it is kept in the
	// order's own transaction.
	Answer func(*order.Order) (status int, body []byte, err error)
}

// Placed is a stored order and the answer kept for it.
type Placed struct {
	Order  *order.Order
	Status int
	Body   []byte
}

// placing is a Placement as Place works on it.
type placing struct {
	Placement
	store *store.DB
	ids   *store.OrderIDs
	now   time.Time
	// owner, if set, is the owner's "new order" e-mail job for an order;
	// it is stored with the order.
	owner func(*order.Order) *outbox.Message
}

// draft is an order priced but not yet checked against the store: check
// makes it an order afresh on every run.
type draft struct {
	req    order.Request
	priced order.Priced
	hash   string
	// id is the order's number: 0 in the read-only check, taken once it
	// passed.
	id uint64
}

// Place validates and prices the request, then stores the order, its
// e-mail jobs (the shopper's, the owner's) and the idempotency record in
// one transaction. A failure to place it is one of ErrPaused,
// *ReplayedError, *FieldsError or *PricesChangedError; any other error is
// the store's.
func (s *Service) Place(pl Placement) (Placed, error) {
	p := placing{Placement: pl, store: s.cfg.Store, ids: s.ids, now: s.now(),
		owner: func(o *order.Order) *outbox.Message { return s.ownerMail(mail.KindOwnerOrderPlaced, o, o.CreatedAt) }}
	if err := p.answered(); err != nil {
		return Placed{}, err
	}
	req := p.Request
	order.Normalize(&req)
	if errs := order.Validate(req, p.Catalog); len(errs) > 0 {
		return Placed{}, &FieldsError{errs}
	}
	priced, errs := order.Price(p.Catalog, req, p.now)
	if len(errs) > 0 {
		return Placed{}, &FieldsError{errs}
	}
	if priced.Delivery.Method == shipping.Locker {
		// The locker as the carrier lists it now: one closed since the
		// shopper chose it is refused on its field, and the order keeps
		// its address as it was (the carrier may move or rename it).
		if priced.Delivery.Point, errs = s.lockerPoint(priced.Delivery.Carrier, req.Delivery.Point); len(errs) > 0 {
			return Placed{}, &FieldsError{errs}
		}
	}
	hash, err := order.NewHash()
	if err != nil {
		return Placed{}, err
	}
	d := draft{req: req, priced: priced, hash: hash}
	// The check runs first in a read-only pass, so the e-mail and the
	// answer are rendered outside the write (which db.Batch runs one after
	// another) and refusals never enter a batch (an error there makes
	// bbolt re-run the whole batch); the write runs it again, because a
	// coupon may have been used up in between.
	var planned *order.Order
	if err := p.store.View(func(tx *store.Tx) error {
		var err error
		planned, _, err = p.check(tx, d)
		return err
	}); err != nil {
		return Placed{}, err
	}
	// The order's number is taken only now that the checks passed (a
	// refusal never uses one up), and given back when the write does not
	// store the order, so the owner's orders are numbered without gaps.
	d.id = p.ids.Next()
	planned.ID = d.id
	placed, err := p.write(planned, d)
	if err != nil {
		p.ids.Release(d.id)
	}
	return placed, err
}

// answered is a *ReplayedError when the key was answered before, nil when
// it was not (or there is no key).
func (p placing) answered() error {
	return p.store.View(func(tx *store.Tx) error { return p.replayed(tx) })
}

// replayed is a *ReplayedError when the key was answered before.
func (p placing) replayed(tx *store.Tx) error {
	if p.Key == "" {
		return nil
	}
	rec, err := tx.Idempotency(p.Key)
	switch {
	case err == nil:
		return &ReplayedError{rec}
	case errors.Is(err, store.ErrNotFound):
		return nil
	}
	return err
}

// check decides everything but the write: replay, paused, the coupon and
// the total. It returns the order as it would be stored and the coupon as
// using it leaves it (nil without a code).
func (p placing) check(tx *store.Tx, d draft) (*order.Order, *order.Coupon, error) {
	if err := p.replayed(tx); err != nil {
		return nil, nil, err
	}
	open, set, err := tx.OrdersOpen()
	if err != nil {
		return nil, nil, err
	}
	if !set {
		open = p.Catalog.OrdersOpen
	}
	if !open {
		return nil, nil, ErrPaused
	}
	o := order.New(d.req, d.priced, d.hash, p.Catalog.Version, p.now)
	o.ID = d.id
	// The terms the checkout showed are the ones in force now: the
	// shopper accepted this version (terms_accepted), and the order
	// e-mail carries its text.
	o.TermsVersion = p.Catalog.Terms.Version
	var c *order.Coupon
	if d.req.Code != "" {
		c, err = tx.Coupon(order.NormalizeCode(d.req.Code))
		if errors.Is(err, store.ErrNotFound) {
			return nil, nil, &FieldsError{order.FieldErrors{"code": order.KeyCodeUnknown}}
		} else if err != nil {
			return nil, nil, err
		}
		if err := order.ApplyCoupon(o, c, p.Catalog.Coupons.Minimum[o.Currency], p.now); err != nil {
			return nil, nil, &FieldsError{order.FieldErrors{"code": order.CouponErrorKey(err)}}
		}
	}
	if o.Totals.Total != d.req.ExpectedTotal {
		return nil, nil, &PricesChangedError{o}
	}
	return o, c, nil
}

// write renders the e-mail job and the answer of planned (the order the
// read-only check made), then checks again and stores them with the order.
func (p placing) write(planned *order.Order, d draft) (Placed, error) {
	msg := placedMail(planned, p.now)
	var owner *outbox.Message
	if p.owner != nil {
		owner = p.owner(planned)
	}
	status, body, err := p.Answer(planned)
	if err != nil {
		return Placed{}, err
	}
	encoded, err := store.EncodeOrder(planned)
	if err != nil {
		return Placed{}, err
	}
	err = p.store.Update(func(tx *store.Tx) error {
		o, c, err := p.check(tx, d)
		if err != nil {
			return err
		}
		if o.Totals != planned.Totals {
			return errors.New("order: totals moved between the check and the write")
		}
		if c != nil {
			if err := tx.PutCoupon(c); err != nil {
				return err
			}
		}
		if err := tx.InsertOrderJSON(planned, encoded); err != nil {
			return err
		}
		m := *msg // the store numbers the copy it is given
		if err := tx.Enqueue(&m); err != nil {
			return err
		}
		if owner != nil {
			m := *owner
			if err := queueOwner(tx, &m); err != nil {
				return err
			}
		}
		if p.Key == "" {
			return nil
		}
		return tx.PutIdempotency(&store.Idempotency{Key: p.Key, BodyHash: p.BodyHash, Status: status, Body: body, Created: p.now})
	})
	if err != nil {
		return Placed{}, err
	}
	return Placed{Order: planned, Status: status, Body: body}, nil
}
