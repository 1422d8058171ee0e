package site

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"sabershop/internal/render"
)

// The renderer's node workers: when they start, what they start with, and
// when they are reloaded rather than started again.

// usePool makes init (with its key) what the next workers start with; the
// pool itself starts when a page needs rendering (render).
func (r *renderer) usePool(init json.RawMessage, key [32]byte) {
	if r.pool != nil {
		r.pool.Close()
		r.pool = nil
	}
	r.renders = map[string]cachedPage{}
	r.poolInit, r.poolKey = init, key
}

// reloadPool swaps the new server bundle into the running workers (watch
// mode: node and V8 stay warm) and reports whether it did. A pool that has
// taken many bundles, or fails to take this one, is left for startPool.
func (r *renderer) reloadPool(rep *Report, init func() (json.RawMessage, error)) bool {
	if r.pool == nil || r.pool.Reloads() >= render.ReloadsBeforeRestart {
		return false
	}
	t := time.Now()
	if err := r.pool.Reload(init); err != nil {
		if _, initErr := init(); initErr != nil {
			return true // the client bundles failed: reported by the caller, the workers kept for the fix
		}
		r.pool.Close()
		r.pool = nil
		return false
	}
	rep.Substages = append(rep.Substages, StageTime{"reload workers", time.Since(t)})
	return true
}

// codeCacheFile is where V8's code cache of the server bundle made from
// these inputs is kept (worker.mjs): in the build cache, for one-off builds
// ("" in watch mode, whose bundles change with every component edit).
func (r *renderer) codeCacheFile(inputs [32]byte) string {
	if r.opts.BuildCache == "" || r.opts.InPlace || inputs == [32]byte{} {
		return ""
	}
	f := r.store.file(codeCacheEntry(inputs))
	if fi, err := os.Stat(f); err == nil {
		markUsed(f, fi) // node reads it: pruning must see the use
	}
	return f
}

// startPool starts the workers on the server bundle: the spare, when the
// build started one, loads it and grows later (render); otherwise a new
// pool of Options.Workers processes.
func (r *renderer) startPool(rep *Report, init func() (json.RawMessage, error), key [32]byte, codeCache string) error {
	if r.pool != nil {
		r.pool.Close()
		r.pool = nil
	}
	t := time.Now()
	var pool *render.Pool
	if spare := r.spare; spare != nil {
		r.spare = nil
		if err := spare.Load(r.bundle, codeCache, init); err == nil {
			pool = spare
		} else {
			spare.Close() // a fresh pool below reports what is wrong
		}
	}
	if pool == nil {
		var err error
		if pool, err = render.NewPoolLazy(r.bundle, codeCache, r.opts.Workers, init); err != nil {
			return err
		}
	}
	rep.Substages = append(rep.Substages, StageTime{"start workers", time.Since(t)})
	r.pool, r.poolKey, r.poolInit = pool, key, nil
	return nil
}

// nodeLikelyNeeded guesses, before the build has read anything, whether it
// is an edit of the content since the last build that rendered: a content
// file is newer than that build, and no file of the components, templates
// or desk is (their edit means bundling first, beside which a head start
// measured no gain). Such a build starts one SSR worker at its beginning.
// Only a guess, to start node early; render decides, and grows the pool.
func (r *renderer) nodeLikelyNeeded() bool {
	if r.store.dir == "" {
		return false
	}
	stamps, _ := filepath.Glob(r.store.file("ssr-*.stamp"))
	var last time.Time
	for _, s := range stamps {
		if fi, err := os.Stat(s); err == nil && fi.ModTime().After(last) {
			last = fi.ModTime()
		}
	}
	if last.IsZero() {
		return false
	}
	for _, d := range bundleInputDirs {
		if newerThan(filepath.Join(r.opts.Root, d), last) {
			return false
		}
	}
	return newerThan(r.opts.ContentDir, last)
}

// newerThan says whether a file under dir was modified after t.
func newerThan(dir string, t time.Time) bool {
	newer := false
	filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		if err != nil || newer {
			return filepath.SkipAll
		}
		if info, err := e.Info(); err == nil && info.ModTime().After(t) {
			newer = true
		}
		return nil
	})
	return newer
}

// rendersLikelyStale says whether some page will probably need rendering:
// no build rendered with the current bundles, or a content file is newer
// than the last that did. Only a guess, to start node early; render decides.
func (r *renderer) rendersLikelyStale() bool {
	fi, err := os.Stat(r.store.file(r.rendersEntry()))
	return err != nil || newerThan(r.opts.ContentDir, fi.ModTime())
}
