package desk

import (
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"strings"

	"sabershop/internal/store"
)

// errorBody is every error answer: a stable code and the text in the
// owner's language.
type errorBody struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	body, err := json.Marshal(v)
	if err != nil {
		status, body = http.StatusInternalServerError, []byte(`{"code":"internal","message":"internal error"}`)
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

func (d *Desk) fail(w http.ResponseWriter, r *http.Request, status int, code string, params map[string]any) {
	writeJSON(w, status, errorBody{Code: code, Message: d.msg.T(d.locale(r), code, params)})
}

func (d *Desk) internal(w http.ResponseWriter, r *http.Request, err error) {
	d.cfg.Log.Error("desk", "path", r.URL.Path, "err", err)
	d.fail(w, r, http.StatusInternalServerError, "internal", nil)
}

// locale is the owner's language: ?lang, else the browser's first of the
// desk's locales, else Polish.
func (d *Desk) locale(r *http.Request) string {
	if l := r.URL.Query().Get("lang"); l != "" {
		for _, c := range Locales {
			if c == l {
				return c
			}
		}
	}
	for _, part := range strings.Split(r.Header.Get("Accept-Language"), ",") {
		tag, _, _ := strings.Cut(strings.TrimSpace(part), ";")
		tag, _, _ = strings.Cut(strings.ToLower(tag), "-")
		for _, c := range Locales {
			if c == tag {
				return c
			}
		}
	}
	return Locales[0]
}

// maxBody bounds what a desk request may send.
const maxBody = 16 << 10

var errBody = errors.New("desk: unreadable body")

// readJSON decodes a JSON body into v; it answers and returns false when
// it cannot.
func (d *Desk) readJSON(w http.ResponseWriter, r *http.Request, v any) bool {
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "application/json" {
		d.fail(w, r, http.StatusUnsupportedMediaType, "unsupported_media_type", nil)
		return false
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, maxBody+1))
	if err == nil && len(body) > maxBody {
		err = errBody
	}
	if err == nil {
		err = json.Unmarshal(body, v)
	}
	if err != nil {
		d.fail(w, r, http.StatusBadRequest, "malformed_json", nil)
		return false
	}
	return true
}

// then answers a change: 404 for what does not exist, 500 for a failure,
// else next (the page's data as it is now).
func (d *Desk) then(w http.ResponseWriter, r *http.Request, err error, next http.HandlerFunc) {
	switch {
	case errors.Is(err, store.ErrNotFound), errors.Is(err, store.ErrInvalid):
		d.fail(w, r, http.StatusNotFound, "not_found", nil)
	case err != nil:
		d.internal(w, r, err)
	default:
		next(w, r)
	}
}
