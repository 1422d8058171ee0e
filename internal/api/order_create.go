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
	"sabershop/internal/mail"
	"sabershop/internal/mail/outbox"
	"sabershop/internal/order"
	"sabershop/internal/store"
)

// orderPost is a POST /v1/orders as read: the decoded request, the
// locale of the answer and what a retry must repeat.
type orderPost struct {
	req      order.Request
	locale   string
	key      string // Idempotency-Key, "" for none
	bodyHash string // of the raw body, to tell a retry from another order
}

// postOrder is POST /v1/orders (docs/api.md): read the request, place it
// (order_place.go) and answer what place decided.
func (s *Server) postOrder(w http.ResponseWriter, r *http.Request) {
	in, ok := s.readOrder(w, r)
	if !ok {
		return
	}
	cat := s.cfg.Catalogs.Current()
	res, err := place(in.req, placing{Store: s.cfg.Store, Catalog: cat, IDs: s.ids, Now: s.cfg.Now().UTC(),
		Key: in.key, BodyHash: in.bodyHash, Answer: s.placedAnswer, Owner: func(o *order.Order) *outbox.Message {
			return s.ownerMail(mail.KindOwnerOrderPlaced, o, o.CreatedAt)
		}})
	s.answerOrder(w, r, in, cat, res, err)
}

// readOrder decodes the body and reads the Idempotency-Key. When it
// returns false it has answered already (400, 413 or 422).
func (s *Server) readOrder(w http.ResponseWriter, r *http.Request) (orderPost, bool) {
	raw, err := io.ReadAll(io.LimitReader(r.Body, order.MaxBodyBytes+1))
	if err != nil {
		s.fail(w, http.StatusBadRequest, s.requestLocale(r, ""), "malformed_json")
		return orderPost{}, false
	}
	req, err := order.DecodeRequest(bytes.NewReader(raw))
	in := orderPost{req: req, locale: s.requestLocale(r, req.Locale), key: strings.TrimSpace(r.Header.Get("Idempotency-Key"))}
	switch {
	case errors.Is(err, order.ErrTooLarge):
		s.fail(w, http.StatusRequestEntityTooLarge, in.locale, "too_large")
		return in, false
	case err != nil:
		s.fail(w, http.StatusBadRequest, in.locale, "malformed_json")
		return in, false
	case len(in.key) > 200:
		s.failFields(w, in.locale, order.FieldErrors{"idempotency_key": order.KeyTooLong}, nil)
		return in, false
	}
	sum := sha256.Sum256(raw)
	in.bodyHash = hex.EncodeToString(sum[:])
	return in, true
}

// placedOrder is the 201 answer to a placed order.
type placedOrder struct {
	Hash      string    `json:"hash"`
	StatusURL string    `json:"status_url"`
	Order     orderView `json:"order"`
	Message   string    `json:"message"`
}

// ordersPaused is the 409 answer while the owner has paused orders: the
// error body plus the dialog's texts.
type ordersPaused struct {
	errorBody
	Paused *pausedTexts `json:"paused"`
}

// pricesChanged is the 409 answer when the shopper's expected total is no
// longer the server's: the error body plus the order as priced now.
type pricesChanged struct {
	errorBody
	Currency      string       `json:"currency"`
	Totals        order.Totals `json:"totals"`
	Lines         []order.Line `json:"lines"`
	ExpectedTotal int64        `json:"expected_total"`
}

// placedAnswer is the 201 answer to a placed order, kept for retries.
func (s *Server) placedAnswer(o *order.Order) (int, []byte, error) {
	body, err := json.Marshal(placedOrder{Hash: o.Hash, StatusURL: o.StatusPath(),
		Order: s.view(o), Message: s.msg.T(o.Locale, "order_placed", nil)})
	return http.StatusCreated, body, err
}

// answerOrder writes what place decided: one answer per outcome.
func (s *Server) answerOrder(w http.ResponseWriter, r *http.Request, in orderPost, cat *catalog.Catalog, res placed, err error) {
	var (
		replayed *replayedError
		fields   *fieldsError
		changed  *pricesChangedError
	)
	switch {
	case err == nil:
		s.orderPlaced(w, res)
	case errors.As(err, &replayed):
		s.replay(w, in.locale, replayed.Record, in.bodyHash)
	case errors.Is(err, errPaused):
		writeJSON(w, http.StatusConflict, ordersPaused{errorBody: errorBody{Code: "orders_paused",
			Message: s.msg.T(in.locale, "orders_paused", nil)}, Paused: s.pausedTexts(in.locale)})
	case errors.As(err, &fields):
		s.failFields(w, in.locale, fields.Fields, s.couponParams(cat, in.locale))
	case errors.As(err, &changed):
		writeJSON(w, http.StatusConflict, pricesChanged{errorBody: errorBody{Code: "prices_changed",
			Message: s.msg.T(in.locale, "prices_changed", nil)}, Currency: changed.Order.Currency,
			Totals: changed.Order.Totals, Lines: changed.Order.Lines, ExpectedTotal: in.req.ExpectedTotal})
	default:
		s.internal(w, r, in.locale, err)
	}
}

// orderPlaced wakes the e-mail worker for the order's e-mail, logs the
// order and answers 201 with its status page as Location.
func (s *Server) orderPlaced(w http.ResponseWriter, res placed) {
	s.cfg.Kick()
	o := res.Order
	s.cfg.Observer.OrderPlaced(o.Currency)
	if s.cfg.LogLinks {
		s.log.Info("order placed", "id", o.ID, "status_url", s.link(o.StatusPath()))
	} else {
		s.log.Info("order placed", "id", o.ID, "total", o.Totals.Total, "currency", o.Currency)
	}
	w.Header().Set("Location", o.StatusPath())
	writeRaw(w, res.Status, res.Body)
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
