// Package catalogfile reads the built site's catalog.json and keeps the
// catalogue in force while the daemon runs. It sits next to the catalogue,
// not in the HTTP package, so the owner's offline commands read the file
// without linking the API.
package catalogfile

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

// Name is the catalogue's file name in the built site.
const Name = "catalog.json"

// Read reads and parses site/catalog.json once: what an offline command
// (orderd orders show, the build sheet) needs.
func Read(site string) (*catalog.Catalog, error) {
	path := filepath.Join(site, Name)
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("catalogue: %w (build the site first: go run ./cmd/build)", err)
	}
	cat, err := catalog.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return cat, nil
}

// Catalogs holds the catalogue in force. The build swaps the whole site
// directory at once (renameat2), so a new catalog.json appears together
// with the pages that show its prices; Watch notices and swaps the pointer
// atomically, and an order keeps the *Catalog it started with.
type Catalogs struct {
	site string // the built site directory holding catalog.json
	cur  atomic.Pointer[catalog.Catalog]
	// OnChange runs after a new catalogue is in force (e.g. to drop the
	// static handler's metadata cache).
	OnChange func(*catalog.Catalog)
}

// Load reads site/catalog.json and holds it in force.
func Load(site string) (*Catalogs, error) {
	c := &Catalogs{site: site}
	if _, err := c.Reload(); err != nil {
		return nil, err
	}
	return c, nil
}

// Fixed holds a catalogue that does not come from a file (tests).
func Fixed(cat *catalog.Catalog) *Catalogs {
	c := &Catalogs{}
	c.cur.Store(cat)
	return c
}

// Current is the catalogue in force.
func (c *Catalogs) Current() *catalog.Catalog { return c.cur.Load() }

// Reload reads the file again; a broken file keeps the old catalogue in
// force (and says why), so a half-written deploy never stops the shop.
func (c *Catalogs) Reload() (changed bool, err error) {
	cat, err := Read(c.site)
	if err != nil {
		return false, err
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
	w, err := c.watcher()
	if err != nil {
		return err
	}
	c.follow(ctx, w, log)
	return nil
}

// watcher starts watching; changes from its return on are seen by follow.
func (c *Catalogs) watcher() (*fsnotify.Watcher, error) {
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, err
	}
	_ = w.Add(filepath.Dir(c.site))
	_ = w.Add(c.site)
	return w, nil
}

// follow reloads after each burst of changes until ctx is done, then
// closes w.
func (c *Catalogs) follow(ctx context.Context, w *fsnotify.Watcher, log *slog.Logger) {
	defer w.Close()
	var timer <-chan time.Time
	for {
		select {
		case <-ctx.Done():
			return
		case _, ok := <-w.Events:
			if !ok {
				return
			}
			timer = time.After(150 * time.Millisecond)
		case err, ok := <-w.Errors:
			if !ok {
				return
			}
			log.Warn("catalogue watch", "err", err)
		case <-timer:
			timer = nil
			// The site directory may have been swapped: watch the new one.
			_ = w.Remove(c.site)
			_ = w.Add(c.site)
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
