package api

import (
	"errors"
	"net/http"

	"github.com/gorilla/mux"

	"sabershop/internal/store"
)

// confirmSubscriber is GET /v1/subscribers/confirm/{token}, the link of the
// double opt-in e-mail.
func (s *Server) confirmSubscriber(w http.ResponseWriter, r *http.Request) {
	s.subscriberLink(w, r, func(sub *store.Subscriber) (title, text string) {
		if !sub.Confirmed || sub.Unsubscribed {
			sub.Confirmed, sub.Unsubscribed, sub.ConfirmedAt = true, false, s.cfg.Now().UTC()
		}
		return "subscribe_confirmed_title", "subscribe_confirmed"
	})
}

// unsubscribe is GET or POST /v1/subscribers/unsubscribe/{token}: the link
// in every sale notice (POST is RFC 8058 one-click from the mail client).
func (s *Server) unsubscribe(w http.ResponseWriter, r *http.Request) {
	s.subscriberLink(w, r, func(sub *store.Subscriber) (title, text string) {
		sub.Unsubscribed = true
		return "unsubscribed_title", "unsubscribed"
	})
}

// subscriberLink finds the subscriber of the link's token, lets change
// update it, and answers a small page in the subscriber's language. A
// repeated click changes nothing more and shows the same page.
func (s *Server) subscriberLink(w http.ResponseWriter, r *http.Request, change func(*store.Subscriber) (title, text string)) {
	token := mux.Vars(r)["token"]
	locale := s.requestLocale(r, "")
	var title, text string
	err := s.cfg.Store.Update(func(tx *store.Tx) error {
		sub, err := tx.SubscriberByToken(token)
		if err != nil {
			return err
		}
		locale = sub.Locale
		title, text = change(sub)
		return tx.PutSubscriber(sub)
	})
	status := http.StatusOK
	switch {
	case errors.Is(err, store.ErrNotFound):
		status, title, text = http.StatusNotFound, "token_invalid_title", "token_invalid"
	case err != nil:
		s.log.Error("subscriber link", "err", err)
		status, title, text = http.StatusInternalServerError, "internal", "internal"
	}
	s.page(w, status, locale, s.msg.T(locale, title, nil), s.msg.T(locale, text, nil))
}
