// Package images is the build's photo pipeline: it turns raster originals
// (JPEG, PNG, WebP, AVIF) into AVIF, WebP and JPEG at a set of widths, an
// Open Graph JPEG and a tiny placeholder, with sharp (libvips) in a node
// worker (internal/render/images.mjs), and caches the results by the
// original's content hash and the options, so that a rebuild with
// unchanged photos does no image work.
package images

import (
	"crypto/sha256"
	"encoding/base32"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"sabershop/internal/render"
)

// Version is part of every cache key: bump it when the worker's output
// changes, so that every photo is made again.
const Version = "1"

// Widths are the candidate widths of every photo (CSS pixels times density
// for phones up to large screens). A photo is never upscaled: its own width
// replaces the larger ones.
var Widths = []int{320, 480, 640, 960, 1280, 1600, 2400}

// Dir is the output folder of processed photos (public/_img/).
const Dir = "_img"

// Open Graph image size: what Facebook, LinkedIn and X show large.
const (
	OGWidth  = 1200
	OGHeight = 630
)

// options are the encoder settings, sent to the worker and hashed into
// every cache key.
type options struct {
	Version     string         `json:"version"`
	Widths      []int          `json:"widths"`
	AVIF        map[string]any `json:"avif"`
	WebP        map[string]any `json:"webp"`
	JPEG        map[string]any `json:"jpeg"`
	OG          map[string]int `json:"og"`
	Placeholder int            `json:"placeholder"`
}

var settings = options{
	Version: Version,
	Widths:  Widths,
	// effort 2: AVIF's default (4) costs twice the time for ~3% smaller files.
	AVIF:        map[string]any{"quality": 50, "effort": 2},
	WebP:        map[string]any{"quality": 75},
	JPEG:        map[string]any{"quality": 78, "mozjpeg": true},
	OG:          map[string]int{"width": OGWidth, "height": OGHeight},
	Placeholder: 16,
}

// Photo is one processed original: its entry in the cache.
type Photo struct {
	Width       int    `json:"width"` // as shown, after the EXIF orientation
	Height      int    `json:"height"`
	Widths      []int  `json:"widths"` // the sizes made, ascending
	Format      string `json:"format"` // the original's (jpeg, png, webp, heif)
	Placeholder string `json:"placeholder"`
	// Cost is the time the worker took; 0 when the photo came from the cache.
	Cost time.Duration `json:"-"`
	Path string        `json:"-"` // the original
	key  string
	dir  string
	// stem is "name-" and tail "-HASH" of every variant's file name,
	// made once: a build names each photo's variants for every page that
	// shows it, and slugging the name each time was a tenth of a one-page
	// rebuild's assembling.
	stem, tail string
}

// Pipeline processes originals through one image worker and the cache
// directory. It is safe for concurrent use.
type Pipeline struct {
	cache  string
	worker string
	mu     sync.Mutex
	pool   *render.Pool
	sums   map[string]fileSum
	dirty  bool
	used   map[string]bool
	// encodes counts originals sent to the worker (cache misses).
	encodes atomic.Int64
}

// fileSum remembers an original's hash by its size and modification time,
// as git's index does, so that a rebuild reads no unchanged photo.
type fileSum struct {
	Size    int64  `json:"size"`
	ModTime int64  `json:"mtime"`
	Sum     string `json:"sum"`
}

const sumsFile = "sums.json"

// New returns a pipeline caching in dir; root is the repository, whose
// node_modules holds sharp. The worker starts on the first cache miss.
func New(dir, root string) *Pipeline {
	p := &Pipeline{cache: dir, worker: render.ImageWorker(root), sums: map[string]fileSum{}, used: map[string]bool{}}
	if b, err := os.ReadFile(filepath.Join(dir, sumsFile)); err == nil {
		_ = json.Unmarshal(b, &p.sums) // a damaged file only costs hashing
	}
	return p
}

// Encodes counts the originals the worker has processed (cache misses).
func (p *Pipeline) Encodes() int64 { return p.encodes.Load() }

// Close stops the worker.
func (p *Pipeline) Close() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.pool != nil {
		p.pool.Close()
		p.pool = nil
	}
}

// ErrUnreadable is returned when sharp cannot decode an original (a
// corrupt or truncated file, or a format it does not read).
var ErrUnreadable = errors.New("cannot read the image")

// Process returns the processed photo of the original at path, from the
// cache or made by the worker.
func (p *Pipeline) Process(path string) (*Photo, error) {
	sum, err := p.sum(path)
	if err != nil {
		return nil, err
	}
	h := sha256.New()
	opts, _ := json.Marshal(settings)
	h.Write(opts)
	h.Write([]byte(sum))
	key := hex.EncodeToString(h.Sum(nil))[:32]
	dir := filepath.Join(p.cache, key)
	p.mu.Lock()
	p.used[key] = true
	p.mu.Unlock()
	ph := &Photo{Path: path, key: key, dir: dir}
	if b, err := os.ReadFile(filepath.Join(dir, "meta.json")); err == nil && json.Unmarshal(b, ph) == nil {
		now := time.Now()
		_ = os.Chtimes(dir, now, now) // used: Prune keeps it
		ph.nameParts()
		return ph, nil
	}
	pool, err := p.start()
	if err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp(p.cache, ".tmp-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	req := map[string]any{"path": path, "dir": tmp, "widths": settings.Widths, "avif": settings.AVIF,
		"webp": settings.WebP, "jpeg": settings.JPEG, "og": settings.OG, "placeholder": settings.Placeholder}
	var res struct {
		Photo
		Error string `json:"error"`
	}
	t := time.Now()
	p.encodes.Add(1)
	if err := pool.Call("image", req, &res); err != nil {
		return nil, err
	}
	if res.Error != "" {
		return nil, fmt.Errorf("%w: %s", ErrUnreadable, res.Error)
	}
	*ph = res.Photo
	ph.Path, ph.key, ph.dir, ph.Cost = path, key, dir, time.Since(t)
	ph.nameParts()
	meta, err := json.Marshal(ph)
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(tmp, "meta.json"), meta, 0o644); err != nil {
		return nil, err
	}
	// Two builds may make the same photo: the first rename wins, and the
	// other's copy is the same.
	if err := os.Rename(tmp, dir); err != nil && !exists(filepath.Join(dir, "meta.json")) {
		return nil, err
	}
	return ph, nil
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

func (p *Pipeline) start() (*render.Pool, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.pool != nil {
		return p.pool, nil
	}
	if err := os.MkdirAll(p.cache, 0o755); err != nil {
		return nil, err
	}
	// One worker: libvips spreads each photo over every core already.
	pool, err := render.NewScriptPool(p.worker, 1, map[string]any{})
	if err != nil {
		return nil, fmt.Errorf("images: start the sharp worker (is sharp installed? npm ci): %w", err)
	}
	p.pool = pool
	return pool, nil
}

// sum is the original's content hash, remembered by size and mtime.
func (p *Pipeline) sum(path string) (string, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return "", err
	}
	p.mu.Lock()
	s, ok := p.sums[path]
	p.mu.Unlock()
	if ok && s.Size == fi.Size() && s.ModTime == fi.ModTime().UnixNano() {
		return s.Sum, nil
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	h := sha256.Sum256(b)
	s = fileSum{Size: fi.Size(), ModTime: fi.ModTime().UnixNano(), Sum: hex.EncodeToString(h[:])}
	p.mu.Lock()
	p.sums[path], p.dirty = s, true
	p.mu.Unlock()
	return s.Sum, nil
}

// Save writes the remembered hashes, when they changed.
func (p *Pipeline) Save() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.dirty {
		return nil
	}
	b, err := json.Marshal(p.sums)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(p.cache, 0o755); err != nil {
		return err
	}
	tmp := filepath.Join(p.cache, sumsFile+".tmp")
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		return err
	}
	p.dirty = false
	return os.Rename(tmp, filepath.Join(p.cache, sumsFile))
}

// Prune removes cache entries that this pipeline did not use and that no
// build used for the given time (another branch's photos survive a while).
func (p *Pipeline) Prune(unusedFor time.Duration) (int, error) {
	entries, err := os.ReadDir(p.cache)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return 0, nil
		}
		return 0, err
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	n := 0
	for _, e := range entries {
		if !e.IsDir() || p.used[e.Name()] {
			continue
		}
		fi, err := e.Info()
		if err != nil || time.Since(fi.ModTime()) < unusedFor {
			continue
		}
		if err := os.RemoveAll(filepath.Join(p.cache, e.Name())); err != nil {
			return n, err
		}
		n++
	}
	for path := range p.sums {
		if !exists(path) {
			delete(p.sums, path)
			p.dirty = true
		}
	}
	return n, nil
}

// slug is the stem lower-cased, each run of other characters than a-z
// and 0-9 one "-", trimmed of them. A loop, not a regexp: every picture
// of every page asks for its names on every build.
func slug(stem string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(stem) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
		} else {
			dash = true
		}
	}
	return b.String()
}

// name is the output file name of one variant: the original's name, the
// width and a hash of the cache key, "front-640-K3Q2ZB7A.avif". The hash
// is upper-case base32, as esbuild's, so internal/static serves the file
// as immutable.
func (ph *Photo) name(variant, ext string) string {
	return ph.stem + variant + ph.tail + "." + ext
}

// nameParts sets the parts of name that do not depend on the variant;
// Process calls it on every Photo it returns.
func (ph *Photo) nameParts() {
	stem := strings.TrimSuffix(filepath.Base(ph.Path), filepath.Ext(ph.Path))
	stem = slug(stem)
	if stem == "" {
		stem = "photo"
	}
	raw, _ := hex.DecodeString(ph.key[:10])
	ph.stem, ph.tail = stem+"-", "-"+base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(raw)
}

// URL is the address of one variant: width 640, ext "avif".
func (ph *Photo) URL(width int, ext string) string {
	return "/" + Dir + "/" + ph.name(strconv.Itoa(width), ext)
}

// OG is the address of the 1200x630 JPEG for Open Graph and JSON-LD.
func (ph *Photo) OG() string { return "/" + Dir + "/" + ph.name("og", "jpg") }

// Files maps every output file (slash path under the site root) to its
// file in the cache.
func (ph *Photo) Files() map[string]string {
	out := map[string]string{}
	for _, w := range ph.Widths {
		for _, ext := range []string{"avif", "webp", "jpg"} {
			out[strings.TrimPrefix(ph.URL(w, ext), "/")] = filepath.Join(ph.dir, strconv.Itoa(w)+"."+ext)
		}
	}
	out[strings.TrimPrefix(ph.OG(), "/")] = filepath.Join(ph.dir, "og.jpg")
	return out
}
