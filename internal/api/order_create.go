package api

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"

	"sabershop/internal/catalog"
	"sabershop/internal/i18n"
	"sabershop/internal/mail"
	"sabershop/internal/order"
	"sabershop/internal/store"
)

// placeResult is what one attempt at placing an order decided. Only one of
// its parts is set.
type placeResult struct {
	replay  *store.Idempotency // the answer given before to this key
	fields  order.FieldErrors  // a field the shopper must fix (e.g. the code)
	paused  bool               // orders are paused
	changed *order.Order       // the order as priced now, when its total differs from what the shopper saw
	created *order.Order
	body    []byte // the 201 answer
}

// errRollback ends a transaction that must store nothing but is not a
// failure (a 409 or 422 decided inside it).
var errRollback = errors.New("rollback")

// postOrder is POST /v1/orders (DESIGN.md §6): decode, validate, price from
// the catalogue in force, then store the order, its e-mail and the
// idempotency record in one transaction.
func (s *Server) postOrder(w http.ResponseWriter, r *http.Request) {
	raw, err := io.ReadAll(io.LimitReader(r.Body, order.MaxBodyBytes+1))
	if err != nil {
		s.fail(w, http.StatusBadRequest, s.requestLocale(r, ""), "malformed_json")
		return
	}
	req, err := order.DecodeRequest(bytes.NewReader(raw))
	locale := s.requestLocale(r, req.Locale)
	switch {
	case errors.Is(err, order.ErrTooLarge):
		s.fail(w, http.StatusRequestEntityTooLarge, locale, "too_large")
		return
	case err != nil:
		s.fail(w, http.StatusBadRequest, locale, "malformed_json")
		return
	}
	key := strings.TrimSpace(r.Header.Get("Idempotency-Key"))
	if len(key) > 200 {
		s.failFields(w, locale, order.FieldErrors{"idempotency_key": order.KeyTooLong}, nil)
		return
	}
	sum := sha256.Sum256(raw)
	bodyHash := hex.EncodeToString(sum[:])

	// A retry of an answered request gets the same answer, before any
	// other check: the shop may have paused or prices changed since.
	if key != "" {
		var rec *store.Idempotency
		err := s.cfg.Store.View(func(tx *store.Tx) error {
			var err error
			rec, err = tx.Idempotency(key)
			return err
		})
		if err == nil {
			s.replay(w, locale, rec, bodyHash)
			return
		}
		if !errors.Is(err, store.ErrNotFound) {
			s.internal(w, r, locale, err)
			return
		}
	}

	order.Normalize(&req)
	cat := s.cfg.Catalogs.Current()
	if errs := order.Validate(req, cat); len(errs) > 0 {
		s.failFields(w, locale, errs, s.couponParams(cat, locale))
		return
	}
	now := s.cfg.Now().UTC()
	priced, errs := order.Price(cat, req, now)
	if len(errs) > 0 {
		s.failFields(w, locale, errs, s.couponParams(cat, locale))
		return
	}
	hash, err := order.NewHash()
	if err != nil {
		s.internal(w, r, locale, err)
		return
	}

	// check decides everything but the write: replay, paused, the coupon
	// and the total. It runs first in a read-only pass, so the e-mail and
	// the answer can be rendered outside the write (which db.Batch runs one
	// after another) and so refusals never enter a batch (an error there
	// makes bbolt re-run the whole batch); the write runs it again, because
	// a coupon may have been used up in between.
	var res placeResult
	id := s.ids.Next()
	check := func(tx *store.Tx) (*order.Order, *order.Coupon, error) {
		res = placeResult{} // the store may run this function again
		if key != "" {
			rec, err := tx.Idempotency(key)
			if err == nil {
				res.replay = rec
				return nil, nil, errRollback
			}
			if !errors.Is(err, store.ErrNotFound) {
				return nil, nil, err
			}
		}
		open, set, err := tx.OrdersOpen()
		if err != nil {
			return nil, nil, err
		}
		if !set {
			open = cat.OrdersOpen
		}
		if !open {
			res.paused = true
			return nil, nil, errRollback
		}
		o := order.New(req, priced, hash, cat.Version, now)
		o.ID = id
		var c *order.Coupon
		if req.Code != "" {
			c, err = tx.Coupon(order.NormalizeCode(req.Code))
			if errors.Is(err, store.ErrNotFound) {
				res.fields = order.FieldErrors{"code": order.KeyCodeUnknown}
				return nil, nil, errRollback
			} else if err != nil {
				return nil, nil, err
			}
			if err := order.ApplyCoupon(o, c, cat.Coupons.Minimum[o.Currency], now); err != nil {
				res.fields = order.FieldErrors{"code": order.CouponErrorKey(err)}
				return nil, nil, errRollback
			}
		}
		if o.Totals.Total != req.ExpectedTotal {
			res.changed = o
			return nil, nil, errRollback
		}
		return o, c, nil
	}
	var (
		planned *order.Order
		msg     *mail.Message
		body    []byte
	)
	err = s.cfg.Store.View(func(tx *store.Tx) error {
		var err error
		planned, _, err = check(tx)
		return err
	})
	if err == nil {
		msg, err = s.orderPlacedMail(planned)
	}
	if err == nil {
		body, err = json.Marshal(map[string]any{"hash": planned.Hash, "status_url": planned.StatusPath(),
			"order": s.view(planned), "message": s.msg.T(planned.Locale, "order_placed", nil)})
	}
	var encoded []byte
	if err == nil {
		encoded, err = store.EncodeOrder(planned)
	}
	if err == nil {
		err = s.cfg.Store.Update(func(tx *store.Tx) error {
			o, c, err := check(tx)
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
			o = planned
			m := *msg // the store numbers the copy it is given
			if err := tx.Enqueue(&m); err != nil {
				return err
			}
			if key != "" {
				rec := &store.Idempotency{Key: key, BodyHash: bodyHash, Status: http.StatusCreated, Body: body, Created: now}
				if err := tx.PutIdempotency(rec); err != nil {
					return err
				}
			}
			res.created, res.body = o, body
			return nil
		})
	}
	if err != nil && !errors.Is(err, errRollback) {
		s.internal(w, r, locale, err)
		return
	}
	switch {
	case res.replay != nil:
		s.replay(w, locale, res.replay, bodyHash)
	case res.paused:
		writeJSON(w, http.StatusConflict, map[string]any{"code": "orders_paused",
			"message": s.msg.T(locale, "orders_paused", nil), "paused": s.pausedTexts(locale)})
	case res.fields != nil:
		s.failFields(w, locale, res.fields, s.couponParams(cat, locale))
	case res.changed != nil:
		writeJSON(w, http.StatusConflict, map[string]any{"code": "prices_changed",
			"message": s.msg.T(locale, "prices_changed", nil), "currency": res.changed.Currency,
			"totals": res.changed.Totals, "lines": res.changed.Lines, "expected_total": req.ExpectedTotal})
	case res.created != nil:
		s.cfg.Kick()
		if s.cfg.LogLinks {
			s.log.Info("order placed", "id", res.created.ID, "status_url", s.link(res.created.StatusPath()))
		} else {
			s.log.Info("order placed", "id", res.created.ID, "total", res.created.Totals.Total, "currency", res.created.Currency)
		}
		w.Header().Set("Location", res.created.StatusPath())
		writeRaw(w, http.StatusCreated, res.body)
	default:
		s.internal(w, r, locale, errors.New("order: no outcome"))
	}
}

// replay answers a repeated Idempotency-Key: the stored answer for the same
// body, a conflict for another body.
func (s *Server) replay(w http.ResponseWriter, locale string, rec *store.Idempotency, bodyHash string) {
	if rec.BodyHash != bodyHash {
		s.fail(w, http.StatusConflict, locale, "idempotency_conflict")
		return
	}
	w.Header().Set("Idempotent-Replayed", "true")
	writeRaw(w, rec.Status, rec.Body)
}

// couponParams fills {minimum} in the coupon messages with the locale's
// minimum order value, formatted.
func (s *Server) couponParams(cat *catalog.Catalog, locale string) map[string]any {
	currency, _ := cat.Currency(locale)
	return map[string]any{"minimum": i18n.FormatMoney(locale, cat.Coupons.Minimum[currency], currency)}
}
