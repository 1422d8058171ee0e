package site

import (
	"bufio"
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"encoding/gob"
	"encoding/hex"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"syscall"
	"time"

	"sabershop/internal/render"
)

// The build cache (.cache/build in Root, beside the photos' .cache/images)
// keeps what a build of unchanged sources would make again, across
// processes: the esbuild bundles by the hash of their inputs, the pages'
// server renders by the hash of what they were rendered from, and every
// written file by the hash of its bytes, so that `go run ./cmd/build` into
// an empty output directory links files instead of creating them
// (docs/benchmarks.md, "Build cache"). Everything in it is derived; deleting
// it costs one slower build.

// buildCacheVersion changes whenever the format of a cache entry or what a
// key covers changes, so that an old entry can never be read as a new one
// (2: the server bundle is CommonJS; 3: the browser bundle resolves React
// to Preact).
const buildCacheVersion = "build-cache 3"

// bundleInputDirs and bundleInputFiles are everything the esbuild bundles
// are made from, besides the constants (bundleConstants): the components,
// the templates, the desk, the TypeScript settings, and the locked npm and
// Go module versions (esbuild itself is a Go module).
var (
	bundleInputDirs  = []string{"components", "templates", "desk"}
	bundleInputFiles = []string{"tsconfig.json", "tsconfig.sw.json", "package.json", "package-lock.json", "go.sum"}
)

// bundleInputsKey hashes the bundles' inputs: every file's path and bytes.
func bundleInputsKey(root string, constants map[string]string) ([32]byte, error) {
	h := sha256.New()
	h.Write([]byte(buildCacheVersion + "\x00"))
	var files []string
	for _, d := range bundleInputDirs {
		err := filepath.WalkDir(filepath.Join(root, d), func(p string, e fs.DirEntry, err error) error {
			if err != nil {
				if errors.Is(err, fs.ErrNotExist) {
					return nil
				}
				return err
			}
			if !e.IsDir() {
				files = append(files, p)
			}
			return nil
		})
		if err != nil {
			return [32]byte{}, err
		}
	}
	for _, f := range bundleInputFiles {
		files = append(files, filepath.Join(root, f))
	}
	sort.Strings(files)
	for _, f := range files {
		b, err := os.ReadFile(f)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return [32]byte{}, err
		}
		rel, _ := filepath.Rel(root, f)
		h.Write([]byte(filepath.ToSlash(rel) + "\x00"))
		sum := sha256.Sum256(b)
		h.Write(sum[:])
	}
	keys := make([]string, 0, len(constants))
	for k := range constants {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		h.Write([]byte(k + "\x00" + constants[k] + "\x00"))
	}
	var key [32]byte
	copy(key[:], h.Sum(nil))
	return key, nil
}

// cachedBundles is one set of bundles in the cache.
type cachedBundles struct {
	Server []byte // templates/server.tsx for the SSR workers
	Assets render.Assets
	Desk   render.Desk
	SW     []byte
}

// buildCache is the cache directory; the zero value (dir "") caches nothing.
type buildCache struct{ dir string }

func (c buildCache) file(name string) string { return filepath.Join(c.dir, name) }

// load decodes the gob in name into v; a missing or unreadable entry is a
// miss (false), never an error: the build then makes it again.
func (c buildCache) load(name string, v any) bool {
	if c.dir == "" {
		return false
	}
	f, err := os.Open(c.file(name))
	if err != nil {
		return false
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || gob.NewDecoder(bufio.NewReader(f)).Decode(v) != nil {
		return false
	}
	markUsed(c.file(name), fi)
	return true
}

// markUsed moves an entry's time to now (at most once an hour):
// PruneBuildCache keeps what builds use.
func markUsed(p string, fi os.FileInfo) {
	if time.Since(fi.ModTime()) > time.Hour {
		now := time.Now()
		os.Chtimes(p, now, now)
	}
}

// save encodes v into name atomically (another build may read it now).
func (c buildCache) save(name string, v any) error {
	if c.dir == "" {
		return nil
	}
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(v); err != nil {
		return err
	}
	return c.writeAtomic(c.file(name), buf.Bytes())
}

func (c buildCache) writeAtomic(dst string, b []byte) error {
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	var rnd [8]byte
	if _, err := rand.Read(rnd[:]); err != nil {
		return err
	}
	tmp := filepath.Join(filepath.Dir(dst), ".tmp-"+hex.EncodeToString(rnd[:]))
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	_, err = f.Write(b)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, dst)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}

func bundlesEntry(key [32]byte) string { return "bundles-" + hex.EncodeToString(key[:8]) + ".gob" }

// codeCacheEntry holds V8's code cache of the server bundle of a
// bundlesEntry, written by the SSR workers (internal/render/worker.mjs).
func codeCacheEntry(key [32]byte) string { return "bundles-" + hex.EncodeToString(key[:8]) + ".v8" }

// ssrEntry is the stamp of the renders made with one set of bundles and
// worker init: its time is the last build that rendered with them.
func ssrEntry(key [32]byte) string { return "ssr-" + hex.EncodeToString(key[:8]) + ".stamp" }

// renderEntry is where a page's server render is kept: by its pageKey (the
// bundles, the workers' init and the page's request), one small file per
// render, so that a build reads only the pages it has and writes only the
// pages it rendered (one file after a one-page edit, not the whole site's).
func renderEntry(key [32]byte) string {
	x := hex.EncodeToString(key[:])
	return filepath.Join("renders", x[:2], x[2:]+".gob")
}

// loadRender is the cached render of the page with this key.
func (c buildCache) loadRender(key [32]byte) (render.Result, bool) {
	var res render.Result
	ok := c.load(renderEntry(key), &res)
	return res, ok
}

// saveRender keeps res as the render of the page with this key.
func (c buildCache) saveRender(key [32]byte, res render.Result) error {
	return c.save(renderEntry(key), &res)
}

// stampRenders moves the stamp of a set of renders to now.
func (c buildCache) stampRenders(name string) error {
	if c.dir == "" {
		return nil
	}
	return c.writeAtomic(c.file(name), nil)
}

// objectPath is where the file with these bytes (ext "" for the file,
// ".gz"/".br" for its compressed siblings) is kept.
func (c buildCache) objectPath(sum [32]byte, ext string) string {
	x := hex.EncodeToString(sum[:])
	return filepath.Join(c.dir, "objects", x[:2], x[2:]+ext)
}

// linkObject hard-links the object at obj to dst, making the object first
// with make() when it is missing. It reports false when links do not work
// here (another filesystem): the caller then writes dst itself.
func (c buildCache) linkObject(obj, dst string, make func() ([]byte, error)) (size int64, created, ok bool, err error) {
	fi, err := os.Stat(obj)
	if err != nil {
		b, err := make()
		if err != nil {
			return 0, false, false, err
		}
		if err := c.writeAtomic(obj, b); err != nil {
			return 0, false, false, nil
		}
		if fi, err = os.Stat(obj); err != nil {
			return 0, false, false, nil
		}
		created = true
	} else {
		markUsed(obj, fi)
	}
	if err := os.Link(obj, dst); err != nil {
		return 0, false, false, nil
	}
	return fi.Size(), created, true, nil
}

// BuildCacheKeep is how long a cached file that no output directory holds
// and no build used stays in the cache.
const BuildCacheKeep = 7 * 24 * time.Hour

// BuildCachePruneEvery is how often PruneBuildCache walks the cache: an
// entry is removed days after its last use, so a walk per build (20-27 ms
// of a one-page rebuild's 0.4 s on this VM) finds nothing almost always.
const BuildCachePruneEvery = 24 * time.Hour

// pruneStamp is the cache's file whose time is the last prune.
const pruneStamp = "pruned.stamp"

// PruneBuildCache removes the cache's files that no output directory links
// to (link count 1) and no build used for BuildCacheKeep, and bundle and
// render entries as old; it returns how many it removed. It walks the
// cache at most once per BuildCachePruneEvery.
func (b *Builder) PruneBuildCache() (int, error) {
	c := b.buildCache()
	if c.dir == "" {
		return 0, nil
	}
	if fi, err := os.Stat(c.file(pruneStamp)); err == nil && time.Since(fi.ModTime()) < BuildCachePruneEvery {
		return 0, nil
	}
	defer c.writeAtomic(c.file(pruneStamp), nil)
	n := 0
	err := filepath.WalkDir(c.dir, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil
			}
			return err
		}
		if e.IsDir() {
			return nil
		}
		fi, err := e.Info()
		if err != nil {
			return nil
		}
		if time.Since(fi.ModTime()) < BuildCacheKeep {
			return nil
		}
		if st, ok := fi.Sys().(*syscall.Stat_t); ok && st.Nlink > 1 {
			return nil
		}
		if os.Remove(p) == nil {
			n++
		}
		return nil
	})
	return n, err
}
