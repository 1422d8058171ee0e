package static

import (
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"os"
	"sync"
	"sync/atomic"
	"time"
)

// Options configure a Handler. The zero value serves a site with the
// locales its catalog.json lists, re-checking the root every two seconds.
type Options struct {
	// Locales are the non-default locale prefixes ("pl", "de"): their
	// directories hold that locale's pages, 404.html and status shell. Nil
	// reads the locale codes from the site's catalog.json and keeps those
	// that have a directory with an index.html.
	Locales []string

	// Log receives reloads and file errors; nil is slog.Default().
	Log *slog.Logger

	// ExtraCSP adds sources to Content-Security-Policy directives, e.g.
	// {"form-action": {"https://secure.tpay.com"}} for a payment provider.
	// A directive that does not exist yet is added.
	ExtraCSP map[string][]string

	// HSTS sends Strict-Transport-Security and upgrade-insecure-requests;
	// only for a daemon reached over TLS (behind a proxy that terminates it).
	HSTS bool

	// CheckEvery is how often a request may trigger a re-stat of the root
	// to notice a new build (0: every 2s; negative: never, the caller uses
	// Reload).
	CheckEvery time.Duration

	// Banner, when set, is added to every HTML page (see Banner).
	Banner *Banner

	// CacheBytes bounds the file bodies kept in memory (files up to 256 KiB,
	// smallest first); 0 means 64 MiB, negative none.
	CacheBytes int64
}

func (o *Options) cacheBytes() int64 {
	switch {
	case o.CacheBytes == 0:
		return 64 << 20
	case o.CacheBytes < 0:
		return 0
	}
	return o.CacheBytes
}

// Handler serves a built site. It is safe for concurrent use.
type Handler struct {
	dir   string
	opts  Options
	log   *slog.Logger
	every int64 // CheckEvery in nanoseconds; <= 0 disables the check

	snap      atomic.Pointer[snapshot]
	nextCheck atomic.Int64 // unix nanoseconds of the next root re-stat
	reloading atomic.Bool
	reloadMu  sync.Mutex
}

// retireAfter is how long a replaced snapshot keeps its directory open, so
// that requests that looked a file up just before a reload can still open it.
const retireAfter = time.Minute

// New loads the site at root and returns its handler. It fails when root is
// not a readable directory; a site without 404 pages or status shells is
// served with built-in fallbacks.
func New(root string, opts Options) (*Handler, error) {
	h := &Handler{dir: root, opts: opts, log: opts.Log}
	if h.log == nil {
		h.log = slog.Default()
	}
	switch {
	case opts.CheckEvery == 0:
		h.every = int64(2 * time.Second)
	case opts.CheckEvery > 0:
		h.every = int64(opts.CheckEvery)
	}
	s, err := load(root, &h.opts)
	if err != nil {
		return nil, err
	}
	h.snap.Store(s)
	h.logLoaded(s)
	h.nextCheck.Store(time.Now().UnixNano() + h.every)
	return h, nil
}

// Reload walks the site again and swaps the new snapshot in; requests in
// flight finish with the old one. On error the old snapshot stays.
func (h *Handler) Reload() error {
	h.reloadMu.Lock()
	defer h.reloadMu.Unlock()
	s, err := load(h.dir, &h.opts)
	if err != nil {
		return err
	}
	old := h.snap.Swap(s)
	h.logLoaded(s)
	if old != nil {
		time.AfterFunc(retireAfter, func() { old.root.Close() })
	}
	return nil
}

func (h *Handler) logLoaded(s *snapshot) {
	h.log.Info("static: site loaded", "dir", h.dir, "files", len(s.files), "pages", len(s.pages),
		"locales", s.locales, "inline_hashes", s.inlineHashes, "cached_bytes", s.cached)
}

// current returns the snapshot to serve from and, at most every CheckEvery,
// starts a re-stat of the root in the background: the request that notices
// the time does not wait for the reload.
func (h *Handler) current() *snapshot {
	if h.every > 0 {
		now := time.Now().UnixNano()
		if next := h.nextCheck.Load(); now >= next && h.nextCheck.CompareAndSwap(next, now+h.every) {
			go h.checkRoot()
		}
	}
	return h.snap.Load()
}

// checkRoot reloads when the root path names another directory than the one
// the snapshot was read from (the build swapped a new public/ in).
func (h *Handler) checkRoot() {
	if !h.reloading.CompareAndSwap(false, true) {
		return
	}
	defer h.reloading.Store(false)
	fi, err := os.Stat(h.dir)
	if err != nil {
		h.log.Error("static: stat site root", "dir", h.dir, "err", err)
		return
	}
	if os.SameFile(fi, h.snap.Load().dirInfo) {
		return
	}
	if err := h.Reload(); err != nil {
		h.log.Error("static: reload site", "dir", h.dir, "err", err)
	}
}

// errNotDir is returned by New when root is not a directory.
var errNotDir = errors.New("not a directory")

func checkDir(fi fs.FileInfo, root string) error {
	if !fi.IsDir() {
		return fmt.Errorf("static: site root %s: %w", root, errNotDir)
	}
	return nil
}

var _ http.Handler = (*Handler)(nil)
