package api

import (
	"errors"
	"net/http"

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
