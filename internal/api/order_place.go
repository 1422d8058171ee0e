package api

// The placing of an order, apart from HTTP: postOrder reads the request
// and writes the answer, place decides what happens. This file imports no
// net/http on purpose: place is tested directly against a bbolt file.

import (
	"errors"
	"fmt"
	"time"

	"sabershop/internal/catalog"
	"sabershop/internal/mail/outbox"
	"sabershop/internal/order"
	"sabershop/internal/store"
)

// errRollback ends a transaction that must store nothing but is not a
// failure (a 409 or 422 decided inside it).
var errRollback = errors.New("rollback")

// errPaused is returned by place when the owner has paused orders (or the
// catalogue says orders are closed and the owner never switched).
var errPaused = errors.New("order: orders are paused")

// replayedError is returned by place when its idempotency key was answered
// before: Record is that answer, given again before any other check (the
// shop may have paused or prices changed since).
type replayedError struct{ Record *store.Idempotency }

func (e *replayedError) Error() string {
	return "order: idempotency key " + e.Record.Key + " answered before"
}

// fieldsError is returned by place when the shopper must fix a field: the
// request does not validate or price, or the code is unknown or does not
// apply.
type fieldsError struct{ Fields order.FieldErrors }

func (e *fieldsError) Error() string { return fmt.Sprintf("order: invalid fields %v", e.Fields) }

// pricesChangedError is returned by place when the total priced now is not
// the one the shopper saw (expected_total): Order is the order as priced
// now, for the shopper to confirm.
type pricesChangedError struct{ Order *order.Order }

func (e *pricesChangedError) Error() string {
	return fmt.Sprintf("order: total %d, expected another", e.Order.Totals.Total)
}

// placing is what place needs besides the request.
type placing struct {
	Store   *store.DB
	Catalog *catalog.Catalog // in force when the request came
	IDs     *store.OrderIDs
	Now     time.Time
	// Key is the Idempotency-Key ("" for none); BodyHash the hash of the
	// body it came with.
	Key, BodyHash string
	// Answer renders what a retry with Key gets again: it is kept in the
	// order's own transaction.
	Answer func(*order.Order) (status int, body []byte, err error)
	// Owner, if set, is the owner's "new order" e-mail job for an order;
	// it is stored with the order.
	Owner func(*order.Order) *outbox.Message
}

// placed is a stored order and the answer kept for it.
type placed struct {
	Order  *order.Order
	Status int
	Body   []byte
}

// draft is an order priced but not yet checked against the store: check
// makes it an order afresh on every run.
type draft struct {
	req    order.Request
	priced order.Priced
	hash   string
	id     uint64
}

// place validates and prices req, then stores the order, its e-mail job
// and the idempotency record in one transaction. A failure to place it
// is one of errPaused, *replayedError, *fieldsError or
// *pricesChangedError; any other error is the store's.
func place(req order.Request, p placing) (placed, error) {
	if err := p.answered(); err != nil {
		return placed{}, err
	}
	order.Normalize(&req)
	if errs := order.Validate(req, p.Catalog); len(errs) > 0 {
		return placed{}, &fieldsError{errs}
	}
	priced, errs := order.Price(p.Catalog, req, p.Now)
	if len(errs) > 0 {
		return placed{}, &fieldsError{errs}
	}
	hash, err := order.NewHash()
	if err != nil {
		return placed{}, err
	}
	d := draft{req: req, priced: priced, hash: hash, id: p.IDs.Next()}
	// The check runs first in a read-only pass, so the e-mail and the
	// answer are rendered outside the write (which db.Batch runs one after
	// another) and refusals never enter a batch (an error there makes
	// bbolt re-run the whole batch); the write runs it again, because a
	// coupon may have been used up in between.
	var planned *order.Order
	if err := p.Store.View(func(tx *store.Tx) error {
		var err error
		planned, _, err = p.check(tx, d)
		return err
	}); err != nil {
		return placed{}, err
	}
	return p.write(planned, d)
}

// answered is a *replayedError when the key was answered before, nil when
// it was not (or there is no key).
func (p placing) answered() error {
	return p.Store.View(func(tx *store.Tx) error { return p.replayed(tx) })
}

// replayed is a *replayedError when the key was answered before.
func (p placing) replayed(tx *store.Tx) error {
	if p.Key == "" {
		return nil
	}
	rec, err := tx.Idempotency(p.Key)
	switch {
	case err == nil:
		return &replayedError{rec}
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
		return nil, nil, errPaused
	}
	o := order.New(d.req, d.priced, d.hash, p.Catalog.Version, p.Now)
	o.ID = d.id
	// The terms the checkout showed are the ones in force now: the
	// shopper accepted this version (terms_accepted), and the order
	// e-mail carries its text.
	o.TermsVersion = p.Catalog.Terms.Version
	var c *order.Coupon
	if d.req.Code != "" {
		c, err = tx.Coupon(order.NormalizeCode(d.req.Code))
		if errors.Is(err, store.ErrNotFound) {
			return nil, nil, &fieldsError{order.FieldErrors{"code": order.KeyCodeUnknown}}
		} else if err != nil {
			return nil, nil, err
		}
		if err := order.ApplyCoupon(o, c, p.Catalog.Coupons.Minimum[o.Currency], p.Now); err != nil {
			return nil, nil, &fieldsError{order.FieldErrors{"code": order.CouponErrorKey(err)}}
		}
	}
	if o.Totals.Total != d.req.ExpectedTotal {
		return nil, nil, &pricesChangedError{o}
	}
	return o, c, nil
}

// write renders the e-mail job and the answer of planned (the order the
// read-only check made), then checks again and stores them with the order.
func (p placing) write(planned *order.Order, d draft) (placed, error) {
	msg := orderPlacedMail(planned, p.Now)
	var owner *outbox.Message
	if p.Owner != nil {
		owner = p.Owner(planned)
	}
	status, body, err := p.Answer(planned)
	if err != nil {
		return placed{}, err
	}
	encoded, err := store.EncodeOrder(planned)
	if err != nil {
		return placed{}, err
	}
	err = p.Store.Update(func(tx *store.Tx) error {
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
			if err := tx.Enqueue(&m); err != nil {
				return err
			}
		}
		if p.Key == "" {
			return nil
		}
		return tx.PutIdempotency(&store.Idempotency{Key: p.Key, BodyHash: p.BodyHash, Status: status, Body: body, Created: p.Now})
	})
	if err != nil {
		return placed{}, err
	}
	return placed{Order: planned, Status: status, Body: body}, nil
}
