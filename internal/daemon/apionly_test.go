package daemon_test

import (
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"sabershop/internal/daemon"
)

// With the site on a CDN, orderd serves /v1 alone (-site ” -catalog
// FILE): orders are priced and placed from the build's catalogue, every
// other path is 404, and a half-configured start is refused.
func TestAPIOnly(t *testing.T) {
	site := fixtureSite(t)
	r := startRun(t, daemon.Config{Catalog: filepath.Join(site, "catalog.json"), Data: shortDir(t)})
	if code, ans := postOrder(t, r.base, orderJSON(t, "anna@example.com")); code != http.StatusCreated {
		t.Fatalf("POST /v1/orders: %d %v", code, ans)
	}
	if code, body := get(t, r.base+"/v1/shop"); code != http.StatusOK || !strings.Contains(body, `"orders_open"`) {
		t.Errorf("/v1/shop: %d %s", code, body)
	}
	for _, p := range []string{"/", "/pl/shop", "/catalog.json", "/status/abc"} {
		if code, _ := get(t, r.base+p); code != http.StatusNotFound {
			t.Errorf("GET %s: %d, want 404 (the CDN serves it)", p, code)
		}
	}
	if code, _ := get(t, r.base+"/healthz"); code != http.StatusOK {
		t.Errorf("/healthz: %d", code)
	}

	for _, cfg := range []daemon.Config{
		{Data: shortDir(t)}, // neither
		{Site: site, Catalog: filepath.Join(site, "catalog.json"), Data: shortDir(t)}, // both
		{Catalog: filepath.Join(site, "index.html"), Data: shortDir(t)},               // not a catalogue
	} {
		cfg.Addr, cfg.Log = "127.0.0.1:0", quiet
		if err := daemon.Run(t.Context(), cfg); err == nil {
			t.Errorf("%+v started", cfg)
		}
	}
}
