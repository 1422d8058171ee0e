package order

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// MaxBodyBytes bounds an order request. A full cart of creator designs with
// their presets is about 20 kB; 64 kB leaves room without inviting abuse.
const MaxBodyBytes = 64 << 10

var (
	// ErrMalformed is returned when a body is not exactly one JSON value of
	// the expected shape: bad syntax, a wrong type, an unknown field (named
	// in the message), trailing data or no body at all.
	ErrMalformed = errors.New("malformed JSON")

	// ErrTooLarge is returned when a body is longer than the limit.
	ErrTooLarge = errors.New("body too large")
)

// DecodeRequest decodes the body of POST /v1/orders. It does not validate;
// see Normalize and Validate.
func DecodeRequest(r io.Reader) (Request, error) {
	var req Request
	err := DecodeJSON(r, &req, MaxBodyBytes)
	return req, err
}

// DecodeJSON decodes one JSON value of at most limit bytes from r into v,
// refusing unknown fields, for every endpoint that takes JSON. Errors wrap
// ErrMalformed or ErrTooLarge; a failing reader's error is returned as is.
//
// The body is read whole (limit+1 bytes at most) before decoding, so that a
// too-large body is reported as such even when its first bytes are valid.
// Pass the raw body: a reader that fails at its own limit (such as
// http.MaxBytesReader) reports that failure instead of ErrTooLarge.
func DecodeJSON(r io.Reader, v any, limit int64) error {
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return err
	}
	if int64(len(data)) > limit {
		return fmt.Errorf("%w: over %d bytes", ErrTooLarge, limit)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		if errors.Is(err, io.EOF) {
			return fmt.Errorf("%w: empty body", ErrMalformed)
		}
		// The decoder's message names the field ("json: unknown field
		// \"x\"", "... into Go struct field Request.items.quantity of
		// type int"), which is what a client developer needs.
		return fmt.Errorf("%w: %v", ErrMalformed, err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return fmt.Errorf("%w: data after the JSON value", ErrMalformed)
	}
	return nil
}
