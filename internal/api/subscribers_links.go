package api

import (
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"html/template"
	"net/http"

	"github.com/gorilla/mux"

	"sabershop/internal/order"
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

// pageStyle is the only style of the daemon's own small pages; the CSP
// allows exactly it by hash.
const pageStyle = `body{margin:0;min-height:100vh;display:grid;place-items:center;background:#0d0d12;color:#f2f2f5;` +
	`font:16px/1.5 system-ui,sans-serif}main{max-width:30rem;padding:2rem}h1{color:#ff5a66;font-size:1.5rem}` +
	`a{color:#fff;background:#b21826;padding:.75rem 1.25rem;border-radius:.5rem;text-decoration:none;display:inline-block}`

var pageCSP = func() string {
	sum := sha256.Sum256([]byte(pageStyle))
	return "default-src 'none'; style-src 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
}()

var pageTemplate = template.Must(template.New("page").Parse(`<!doctype html>
<html lang="{{.Lang}}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>{{.Title}}</title><style>{{.Style}}</style></head>
<body><main><h1>{{.Title}}</h1><p>{{.Text}}</p><p><a href="{{.Home}}">{{.Back}}</a></p></main></body></html>
`))

func (s *Server) page(w http.ResponseWriter, status int, locale, title, text string) {
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Security-Policy", pageCSP)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	w.WriteHeader(status)
	_ = pageTemplate.Execute(w, map[string]any{"Lang": locale, "Title": title, "Text": text,
		"Style": template.CSS(pageStyle), "Home": order.LocalePath(locale, "/"), "Back": s.msg.T(locale, "back_to_shop", nil)})
}
