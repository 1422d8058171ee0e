package tpay

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"
)

// tokenSource caches the client-credentials token. The mutex is held
// across a refresh so concurrent callers wait for one OAuth call instead
// of each making their own.
type tokenSource struct {
	cfg     *Config
	mu      sync.Mutex
	token   string
	expires time.Time
}

// early is how long before expiry a token is replaced, so a request never
// leaves with a token that dies on the way.
const early = 60 * time.Second

// get returns a valid token, refreshing it when needed.
func (t *tokenSource) get(ctx context.Context) (string, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.token != "" && t.cfg.Now().Before(t.expires) {
		return t.token, nil
	}
	return t.refresh(ctx)
}

// invalidate drops tok after a 401, unless another caller already
// replaced it.
func (t *tokenSource) invalidate(tok string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.token == tok {
		t.token = ""
	}
}

func (t *tokenSource) refresh(ctx context.Context) (string, error) {
	form := url.Values{"client_id": {t.cfg.ClientID}, "client_secret": {t.cfg.ClientSecret}}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, t.cfg.BaseURL+"/oauth/auth", strings.NewReader(form.Encode()))
	if err != nil {
		return "", fmt.Errorf("tpay: token: %w", err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	resp, err := t.cfg.HTTP.Do(req)
	if err != nil {
		return "", fmt.Errorf("tpay: token: %w", err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return "", fmt.Errorf("tpay: token: %w", err)
	}
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("tpay: token: HTTP %d", resp.StatusCode)
	}
	var ans struct {
		AccessToken string `json:"access_token"`
		ExpiresIn   int64  `json:"expires_in"`
	}
	if err := json.Unmarshal(body, &ans); err != nil || ans.AccessToken == "" {
		return "", fmt.Errorf("tpay: token: unexpected answer")
	}
	life := time.Duration(ans.ExpiresIn) * time.Second
	if life > 2*early {
		life -= early
	} else {
		life /= 2 // a short-lived token (tests) is still reused a little
	}
	t.token = ans.AccessToken
	t.expires = t.cfg.Now().Add(life)
	t.cfg.Log.Debug("tpay: new access token", "expires_in", ans.ExpiresIn)
	return t.token, nil
}
