package tpay

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
)

// apiError is a non-2xx answer from the Open API. Its text carries only
// the method, path, status and Tpay's error code: bodies may echo what
// was sent.
type apiError struct {
	Method, Path string
	Status       int
	Code         string // errors[0].errorCode of the answer, when it has one
}

func (e *apiError) Error() string {
	s := fmt.Sprintf("tpay: %s %s: HTTP %d", e.Method, e.Path, e.Status)
	if e.Code != "" {
		s += " " + e.Code
	}
	return s
}

// errorCode is the first errorCode of a failure answer
// ({"result":"failure","errors":[{"errorCode":...,"errorMessage":...}]}),
// cut short and kept to printable ASCII: it goes into errors and logs.
func errorCode(body []byte) string {
	var b struct {
		Errors []struct {
			ErrorCode string `json:"errorCode"`
		} `json:"errors"`
	}
	if json.Unmarshal(body, &b) != nil || len(b.Errors) == 0 {
		return ""
	}
	code := []rune(b.Errors[0].ErrorCode)
	if len(code) > 64 {
		code = code[:64]
	}
	for i, r := range code {
		if r < 0x21 || r > 0x7e {
			code[i] = '?'
		}
	}
	return string(code)
}

// call sends a JSON request with the bearer token and decodes the answer
// into out. A 401 drops the token and retries once with a fresh one
// (tokens can be revoked before expires_in runs out).
func (p *Provider) call(ctx context.Context, method, path string, in, out any) error {
	var payload []byte
	if in != nil {
		var err error
		if payload, err = json.Marshal(in); err != nil {
			return fmt.Errorf("tpay: %s %s: %w", method, path, err)
		}
	}
	for attempt := 0; ; attempt++ {
		tok, err := p.token.get(ctx)
		if err != nil {
			return err
		}
		status, body, err := p.send(ctx, method, path, tok, payload)
		if err != nil {
			return err
		}
		if status == http.StatusUnauthorized && attempt == 0 {
			p.token.invalidate(tok)
			continue
		}
		if status < 200 || status > 299 {
			return &apiError{Method: method, Path: path, Status: status, Code: errorCode(body)}
		}
		if out != nil {
			if err := json.Unmarshal(body, out); err != nil {
				return fmt.Errorf("tpay: %s %s: unexpected answer: %w", method, path, err)
			}
		}
		return nil
	}
}

func (p *Provider) send(ctx context.Context, method, path, tok string, payload []byte) (int, []byte, error) {
	var rd io.Reader
	if payload != nil {
		rd = bytes.NewReader(payload)
	}
	req, err := http.NewRequestWithContext(ctx, method, p.cfg.BaseURL+path, rd)
	if err != nil {
		return 0, nil, fmt.Errorf("tpay: %s %s: %w", method, path, err)
	}
	req.Header.Set("Authorization", "Bearer "+tok)
	req.Header.Set("Accept", "application/json")
	if payload != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := p.cfg.HTTP.Do(req)
	if err != nil {
		// The error names the URL, never the payload.
		return 0, nil, fmt.Errorf("tpay: %s %s: %w", method, path, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return 0, nil, fmt.Errorf("tpay: %s %s: %w", method, path, err)
	}
	return resp.StatusCode, body, nil
}
