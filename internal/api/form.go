package api

import (
	"errors"
	"net/http"
	"sort"
	"strings"

	"sabershop/internal/order"
)

// parseForm reads a url-encoded body of at most limit bytes.
func parseForm(w http.ResponseWriter, r *http.Request, limit int64) error {
	r.Body = http.MaxBytesReader(w, r.Body, limit)
	if err := r.ParseForm(); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return order.ErrTooLarge
		}
		return order.ErrMalformed
	}
	return nil
}

// formPage answers a plain form post that has field problems: a page that
// lists them, with the way back (the browser keeps what was typed in the
// form when the shopper goes back).
func (s *Server) formPage(w http.ResponseWriter, r *http.Request, locale string, status int, errs order.FieldErrors) {
	var lines []string
	for _, key := range errs {
		lines = append(lines, s.msg.T(locale, key, nil))
	}
	sort.Strings(lines)
	s.page(w, status, locale, s.msg.T(locale, "invalid_fields", nil), strings.Join(lines, " "))
}
