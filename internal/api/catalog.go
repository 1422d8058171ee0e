package api

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"sync/atomic"
	"time"

	"github.com/fsnotify/fsnotify"

	"sabershop/internal/catalog"
)

// Catalogs holds the catalogue in force. The build swaps the whole site
// directory at once (renameat2), so a new catalog.json appears together
// with the pages that show its prices; Watch notices and swaps the pointer
// atomically, and an order keeps the *Catalog it started with.
type Catalogs struct {
	path string // <site>/catalog.json
	cur  atomic.Pointer[catalog.Catalog]
	// OnChange runs after a new catalogue is in force (e.g. to drop the
	// static handler's metadata cache).
	OnChange func(*catalog.Catalog)
}

// LoadCatalogs reads site/catalog.json.
func LoadCatalogs(site string) (*Catalogs, error) {
	c := &Catalogs{path: filepath.Join(site, "catalog.json")}
	if _, err := c.Reload(); err != nil {
		return nil, err
	}
	return c, nil
}

// NewCatalogs holds a catalogue that does not come from a file (tests).
func NewCatalogs(cat *catalog.Catalog) *Catalogs {
	c := &Catalogs{}
	c.cur.Store(cat)
	return c
}

// Current is the catalogue in force.
func (c *Catalogs) Current() *catalog.Catalog { return c.cur.Load() }

// Reload reads the file again; a broken file keeps the old catalogue in
// force (and says why), so a half-written deploy never stops the shop.
func (c *Catalogs) Reload() (changed bool, err error) {
	data, err := os.ReadFile(c.path)
	if err != nil {
		return false, fmt.Errorf("catalogue: %w (build the site first: go run ./cmd/build)", err)
	}
	cat, err := catalog.Parse(data)
	if err != nil {
		return false, fmt.Errorf("%s: %w", c.path, err)
	}
	if old := c.cur.Load(); old != nil && old.Version == cat.Version {
		return false, nil
	}
	c.cur.Store(cat)
	if c.OnChange != nil {
		c.OnChange(cat)
	}
	return true, nil
}

// Watch reloads the catalogue when the site directory changes, until ctx
// is done. It watches the site's parent (the build replaces the site
// directory itself) and the site directory (an in-place write), debounced.
func (c *Catalogs) Watch(ctx context.Context, log *slog.Logger) error {
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return err
	}
	defer w.Close()
	site := filepath.Dir(c.path)
	_ = w.Add(filepath.Dir(site))
	_ = w.Add(site)
	var timer <-chan time.Time
	for {
		select {
		case <-ctx.Done():
			return nil
		case _, ok := <-w.Events:
			if !ok {
				return nil
			}
			timer = time.After(150 * time.Millisecond)
		case err, ok := <-w.Errors:
			if !ok {
				return nil
			}
			log.Warn("catalogue watch", "err", err)
		case <-timer:
			timer = nil
			// The site directory may have been swapped: watch the new one.
			_ = w.Remove(site)
			_ = w.Add(site)
			changed, err := c.Reload()
			switch {
			case err != nil:
				log.Error("catalogue reload failed; the previous one stays in force", "err", err)
			case changed:
				log.Info("catalogue reloaded", "version", c.Current().Version)
			}
		}
	}
}
