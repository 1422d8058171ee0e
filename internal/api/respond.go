package api

import (
	"encoding/json"
	"net/http"
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
