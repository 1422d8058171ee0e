package api

import (
	"crypto/rand"
	"encoding/base64"
	"errors"
	"net/http"
	"strings"

	"sabershop/internal/order"
	"sabershop/internal/store"
)

type subscriberRequest struct {
	Email  string `json:"email"`
	Locale string `json:"locale"`
}

// postSubscriber is POST /v1/subscribers: the notify-me signup. Double
// opt-in: the address is kept unconfirmed and gets a confirmation link;
// only confirmed addresses receive the sale-start notice. The answer is the
// same whether or not the address was known, and whether or not the
// per-address cap (store.Tx.MayMail) let a confirmation go, so the form cannot be
// used to find out who subscribed.
func (s *Server) postSubscriber(w http.ResponseWriter, r *http.Request) {
	var req subscriberRequest
	form := isForm(r)
	if form {
		if err := parseForm(w, r, 4<<10); err != nil {
			s.decodeFailed(w, r, err)
			return
		}
		req = subscriberRequest{Email: r.PostForm.Get("email"), Locale: r.PostForm.Get("locale")}
	} else if err := order.DecodeJSON(r.Body, &req, 4<<10); err != nil {
		s.decodeFailed(w, r, err)
		return
	}
	locale := s.requestLocale(r, req.Locale)
	email := strings.ToLower(strings.TrimSpace(req.Email))
	if key := order.CheckEmail(email); key != "" {
		s.failForm(w, form, locale, order.FieldErrors{"email": key})
		return
	}
	token, err := newToken()
	if err != nil {
		s.internal(w, r, locale, err)
		return
	}
	cat := s.cfg.Catalogs.Current()
	now := s.cfg.Now().UTC()
	confirmURL := ""
	err = s.cfg.Store.Update(func(tx *store.Tx) error {
		confirmURL = ""
		sub, err := tx.Subscriber(email)
		switch {
		case errors.Is(err, store.ErrNotFound):
			sub = &store.Subscriber{Email: email, Locale: locale, Token: token, Created: now}
		case err != nil:
			return err
		case sub.Confirmed && !sub.Unsubscribed:
			return nil // already subscribed: nothing to send
		default: // unconfirmed or unsubscribed: a new confirmation
			sub.Locale, sub.Unsubscribed = locale, false
		}
		// At most one confirmation per address per 10 minutes and a few a
		// day, or the form mails anyone's inbox full; the answer is the same.
		if ok, err := tx.MayMail(store.QuotaSubscribe, email, now); !ok {
			return err
		}
		if err := tx.PutSubscriber(sub); err != nil {
			return err
		}
		link := s.link("/v1/subscribers/confirm/" + sub.Token)
		msg, err := s.confirmMail(cat, sub, link)
		if err != nil {
			return err
		}
		confirmURL = link
		return tx.Enqueue(msg)
	})
	if err != nil {
		s.internal(w, r, locale, err)
		return
	}
	if confirmURL != "" {
		s.cfg.Kick()
		if s.cfg.LogLinks {
			s.log.Info("subscriber confirmation queued", "confirm_url", confirmURL)
		}
	}
	s.doneForm(w, form, http.StatusAccepted, locale, "subscriber_saved")
}

// newToken is a subscriber's secret for confirm and unsubscribe links.
func newToken() (string, error) {
	b := make([]byte, 18)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}
