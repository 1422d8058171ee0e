package daemon

import "testing"

// Links are logged for a developer's shop only: they are the keys to
// orders and subscriptions.
func TestLocalLinks(t *testing.T) {
	for base, want := range map[string]bool{
		"http://localhost:8080":      true,
		"http://127.0.0.1:8080":      true,
		"http://[::1]:8080":          true,
		"https://shop.localhost":     true,
		"https://shop.example.com":   false,
		"https://localhost.evil.com": false,
		"http://10.0.0.5:8080":       false,
		"":                           false,
		"::not a url":                false,
	} {
		if got := localLinks(base); got != want {
			t.Errorf("localLinks(%q) = %v, want %v", base, got, want)
		}
	}
}
