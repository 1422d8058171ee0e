package catalogfile

import (
	"context"
	"encoding/json"
	"log/slog"
	"os"
	"path/filepath"
	"testing"

	"sabershop/internal/catalog"
	"sabershop/internal/testutil"
)

func writeCatalog(t *testing.T, dir, version string, arcEUR int64) {
	t.Helper()
	cat := catalog.Catalog{Version: version, Locales: []catalog.Locale{{Code: "en", Currency: "EUR"}},
		Products: []catalog.Product{{Slug: "arc", Kind: "hilt", Prices: []catalog.Price{{From: "2026-01-01", Amounts: map[string]int64{"EUR": arcEUR}}}}}}
	data, err := json.Marshal(cat)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, Name), data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestCatalogsFollowTheBuild swaps the site directory the way the builder
// does (a new directory renamed over the old one) and expects the new
// catalogue in force, while a pointer taken before keeps the old prices.
func TestCatalogsFollowTheBuild(t *testing.T) {
	root := t.TempDir()
	site := filepath.Join(root, "public")
	writeCatalog(t, site, "v1", 34900)
	cats, err := Load(site)
	if err != nil {
		t.Fatal(err)
	}
	before := cats.Current()
	changed := make(chan string, 4)
	cats.OnChange = func(c *catalog.Catalog) { changed <- c.Version }
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// Watch, started in two steps so that the swap below happens after
	// the watch is in place (no sleep to guess when it is).
	w, err := cats.watcher()
	if err != nil {
		t.Fatal(err)
	}
	go cats.follow(ctx, w, slog.New(slog.DiscardHandler))

	next := filepath.Join(root, ".public.tmp")
	writeCatalog(t, next, "v2", 29900)
	if err := os.Rename(site, filepath.Join(root, ".public.old")); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(next, site); err != nil {
		t.Fatal(err)
	}
	select {
	case v := <-changed:
		if v != "v2" {
			t.Fatalf("reloaded version %q, want v2", v)
		}
	case <-testutil.UntilDeadline(t):
		t.Fatal("the new catalogue was not picked up")
	}
	if got := cats.Current().Products[0].Prices[0].Amounts["EUR"]; got != 29900 {
		t.Errorf("price in force %d, want 29900", got)
	}
	if got := before.Products[0].Prices[0].Amounts["EUR"]; got != 34900 {
		t.Errorf("an order that started before the build sees %d, want its own 34900", got)
	}

	// A broken catalogue keeps the last good one in force.
	if err := os.WriteFile(filepath.Join(site, Name), []byte("{broken"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := cats.Reload(); err == nil {
		t.Error("a broken catalogue was accepted")
	}
	if cats.Current().Version != "v2" {
		t.Errorf("version in force %q after a broken file, want v2", cats.Current().Version)
	}
}
