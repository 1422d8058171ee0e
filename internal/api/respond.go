package api

// The answers every handler shares: JSON, errors with a stable code and a
// translated message, and the small HTML pages that answer plain form
// posts and e-mail links. Handlers write through these and nothing else.

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"html/template"
	"net/http"
	"sort"
	"strings"

	"sabershop/internal/catalog"
	"sabershop/internal/order"
)

// errorBody is every error answer: a stable code for programs and a
// translated message for people. Field problems add errors (field ->
// message key, stable) and messages (field -> translated text).
type errorBody struct {
	Code     string            `json:"code"`
	Message  string            `json:"message"`
	Errors   map[string]string `json:"errors,omitempty"`
	Messages map[string]string `json:"messages,omitempty"`
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	body, err := json.Marshal(v)
	if err != nil {
		status, body = http.StatusInternalServerError, []byte(`{"code":"internal","message":"internal error"}`)
	}
	writeRaw(w, status, body)
}

func writeRaw(w http.ResponseWriter, status int, body []byte) {
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = w.Write(body)
	_, _ = w.Write([]byte("\n"))
}

// fail answers status with code, translated into locale.
func (s *Server) fail(w http.ResponseWriter, status int, locale, code string) {
	writeJSON(w, status, errorBody{Code: code, Message: s.msg.T(locale, code, nil)})
}

// failFields answers 422 with one translated message per field.
func (s *Server) failFields(w http.ResponseWriter, locale string, errs map[string]string, params map[string]any) {
	body := errorBody{Code: "invalid_fields", Message: s.msg.T(locale, "invalid_fields", nil),
		Errors: errs, Messages: make(map[string]string, len(errs))}
	for field, key := range errs {
		body.Messages[field] = s.msg.T(locale, key, params)
	}
	writeJSON(w, http.StatusUnprocessableEntity, body)
}

// internal answers 500 and logs err (with the path, redacted).
func (s *Server) internal(w http.ResponseWriter, r *http.Request, locale string, err error) {
	s.log.Error("request failed", "path", redactPath(r.URL.Path), "err", err)
	s.fail(w, http.StatusInternalServerError, locale, "internal")
}

// decodeFailed answers a body that could not be decoded.
func (s *Server) decodeFailed(w http.ResponseWriter, r *http.Request, err error) {
	locale := s.requestLocale(r, "")
	if errors.Is(err, order.ErrTooLarge) {
		s.fail(w, http.StatusRequestEntityTooLarge, locale, "too_large")
		return
	}
	s.fail(w, http.StatusBadRequest, locale, "malformed_json")
}

// couponParams fills {minimum} in the coupon messages with the locale's
// minimum order value, formatted.
func (s *Server) couponParams(cat *catalog.Catalog, locale string) map[string]any {
	currency, _ := cat.Currency(locale)
	return map[string]any{"minimum": cat.Format(locale).FormatMoney(cat.Coupons.Minimum[currency], currency)}
}

// failForm answers field problems of a form that also posts without
// script: for a plain form post a page that lists them, with the way back
// (the browser keeps what was typed in the form when the shopper goes
// back); for a script's post 422 JSON.
func (s *Server) failForm(w http.ResponseWriter, form bool, locale string, errs order.FieldErrors) {
	if !form {
		s.failFields(w, locale, errs, nil)
		return
	}
	var lines []string
	for _, key := range errs {
		lines = append(lines, s.msg.T(locale, key, nil))
	}
	sort.Strings(lines)
	s.page(w, http.StatusUnprocessableEntity, locale, s.msg.T(locale, "invalid_fields", nil), strings.Join(lines, " "))
}

// doneForm answers a form that did its work with the message of key: a
// page for a plain form post, JSON {"message"} for a script's post.
func (s *Server) doneForm(w http.ResponseWriter, form bool, status int, locale, key string) {
	if form {
		s.page(w, status, locale, s.msg.T(locale, key, nil), "")
		return
	}
	writeJSON(w, status, messageAnswer{Message: s.msg.T(locale, key, nil)})
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

// queued ends a transaction that queued an e-mail: its failure is a 500
// (false: the handler stops), its success wakes the e-mail worker.
func (s *Server) queued(w http.ResponseWriter, r *http.Request, locale string, err error) bool {
	if err != nil {
		s.internal(w, r, locale, err)
		return false
	}
	s.cfg.Kick()
	return true
}
