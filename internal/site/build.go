// Package site builds the whole site in named stages: load (content),
// assemble (pages and their data), render (esbuild bundles + React SSR) and
// write (files, compressed siblings, atomic swap into the output dir).
package site

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"sabershop/internal/content"
	"sabershop/internal/images"
	"sabershop/internal/render"
)

// Options configure a Builder. Root is the repository (templates/ and
// components/ live there, node_modules too).
type Options struct {
	ContentDir string
	OutDir     string
	Root       string
	Workers    int              // SSR workers; 0 = one per core
	Compress   bool             // write .gz and .br siblings
	Now        func() time.Time // the instant prices are shown for; nil = time.Now
	DevHead    string           // extra markup for <head> (dev mode live reload)
	// InPlace (watch mode) writes only the files that changed since the
	// previous build straight into OutDir instead of swapping in a whole new
	// tree. Each file is still replaced atomically, and a failed build still
	// writes nothing. Ignored when Compress is set.
	InPlace bool
	// Drafts builds the documents marked draft: true too, each with a
	// "draft" badge (dev mode); a normal build leaves them out everywhere.
	Drafts bool
	// ImageCache keeps processed photos across builds; "" = .cache/images
	// in Root.
	ImageCache string
	// BuildCache keeps bundles, server renders and written files across
	// processes (buildcache.go); "" caches nothing (cmd/build passes
	// .cache/build in Root).
	BuildCache string
	// Progress, when set, hears a line per photo made while the images
	// stage runs ("images: 12/200 made ...").
	Progress func(line string)
	// Open (watch mode, with InPlace) lists the URL paths the browsers
	// have open. When a build renders more pages than these (a component
	// edit renders them all), it renders and writes these pages first,
	// with the new scripts and styles, and calls Opened with the paths it
	// wrote: the pages being looked at reload while the others render.
	Open   func() []string
	Opened func(paths []string)
}

// StageError says which stage failed.
type StageError struct {
	Stage string
	Err   error
}

func (e *StageError) Error() string { return e.Stage + ": " + e.Err.Error() }
func (e *StageError) Unwrap() error { return e.Err }

// Report summarises a build for the editor.
type Report struct {
	Pages    map[string]int // HTML pages per locale
	Locales  []string
	Rendered int // pages SSR-rendered by this build (the rest were unchanged)
	// BundlesCached: the bundles came from the build cache; RendersCached:
	// how many pages' renders the build cache held for them.
	BundlesCached bool
	RendersCached int
	Files         int
	Bytes         int64 // the whole output, compressed siblings included
	Written       int64 // bytes written anew (the rest was unchanged)
	Linked        int   // unchanged files hard-linked from the previous output
	Duration      time.Duration
	Stages        []StageTime
	Substages     []StageTime // inside render: bundle, start workers, ssr
	Fallbacks     []string
	Combinations  int
	Catalog       string      // catalogue version
	Photos        int         // photos the pages use
	Images        []ImageCost // photos made by this build (not from the cache), by key
}

type StageTime struct {
	Name     string
	Duration time.Duration
}

// Builder builds repeatedly, reusing what did not change: parsed files,
// bundles, SSR workers, rendered pages and compressed files.
type Builder struct {
	opts   Options
	loader *content.Loader
	pool   *render.Pool
	// spare holds node processes started at the beginning of a build that
	// will probably render (nodeLikelyNeeded), before it knows its bundle:
	// the next pool is made of them (startPool).
	spare   *render.Pool
	images  *images.Pipeline
	poolKey [32]byte
	// poolInit is the workers' init message while the pool is not started:
	// a build whose pages all come from the cache never starts node.
	poolInit json.RawMessage
	// bundleKey is the hash of the bundles' inputs (bundleInputsKey).
	bundleKey [32]byte
	bundle    string
	// bundler keeps esbuild's contexts: a rebuild after a component edit
	// parses only what changed (render.Bundler).
	bundler *render.Bundler
	cleanup func()
	assets  *render.Assets
	desk    *render.Desk // the owner's desk (desk/), bundled with the client
	sw      []byte       // service worker bundle with placeholders (see serviceWorker)
	stale   bool         // templates changed: rebundle
	// constants are the data the bundles hold (the locales' formats, see
	// bundleConstants); when they change, the bundles are made again.
	constants map[string]string
	cache     map[string]cachedPage
	compress  compressCache
	written   map[string]uint64 // InPlace: what OutDir holds, by content hash (hashOutput)
	imageRefs imageRefs         // the Markdown images of the bodies seen (collectPhotos)
	memos     markdownMemos     // the last build's Markdown renderings (markdownmemo.go)
	mu        sync.Mutex
	trash     sync.WaitGroup // emptyTrash, running beside a build
}

// renderedPage is one page's server render in a build, or why it failed.
type renderedPage struct {
	p   *page
	res render.Result
	err error
}

type cachedPage struct {
	key [32]byte
	res render.Result
}

func New(opts Options) *Builder {
	if opts.Workers <= 0 {
		opts.Workers = runtime.NumCPU()
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if abs, err := filepath.Abs(opts.Root); err == nil {
		opts.Root = abs // esbuild wants an absolute working directory
	}
	if opts.ImageCache == "" {
		opts.ImageCache = filepath.Join(opts.Root, ".cache", "images")
	}
	loader := content.NewLoader(opts.ContentDir)
	loader.Drafts = opts.Drafts
	return &Builder{opts: opts, loader: loader, stale: true, cache: map[string]cachedPage{},
		images: images.New(opts.ImageCache, opts.Root)}
}

// WatchContent promises that every change under the content directory
// will be reported with ContentChanged (watch mode, from the file
// system's events): later builds read only those files again.
func (b *Builder) WatchContent() {
	b.mu.Lock()
	b.loader.Watched()
	b.mu.Unlock()
}

// ContentChanged reports a changed file or directory under the content
// directory; "" when events were lost (every file is read again).
func (b *Builder) ContentChanged(path string) {
	b.mu.Lock()
	b.loader.Changed(path)
	b.mu.Unlock()
}

// TemplatesChanged makes the next build rebundle templates and components.
func (b *Builder) TemplatesChanged() {
	b.mu.Lock()
	b.stale = true
	b.mu.Unlock()
}

// Close stops the SSR workers.
func (b *Builder) Close() {
	b.trash.Wait()
	if b.pool != nil {
		b.pool.Close()
	}
	if b.spare != nil {
		b.spare.Close()
	}
	b.images.Close()
	if b.bundler != nil {
		b.bundler.Close()
	}
	if b.cleanup != nil {
		b.cleanup()
	}
}

// Build runs every stage. On error nothing in OutDir changes.
func (b *Builder) Build() (*Report, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	start := time.Now()
	rep := &Report{Pages: map[string]int{}}
	stage := func(name string, f func() error) error {
		t := time.Now()
		err := f()
		rep.Stages = append(rep.Stages, StageTime{name, time.Since(t)})
		if err != nil {
			return &StageError{Stage: name, Err: err}
		}
		return nil
	}
	var site *content.Site
	var asm *assembly
	var a *assembler
	out := newOutput()
	now := b.opts.Now().UTC()
	if b.pool == nil && b.spare == nil && b.nodeLikelyNeeded() {
		// One process: an edit renders a page or a few, and on two cores a
		// second node starting beside load and assemble slows them as much
		// as it helps (render grows the pool when many pages changed). An
		// error here only means no head start: startPool tries again.
		b.spare, _ = render.Spawn(1)
	}
	if err := stage("load", func() (err error) {
		site, err = b.loader.Load()
		return err
	}); err != nil {
		return nil, err
	}
	// The bundles (or the cache's) and the SSR workers need only what load
	// read: they get ready while photos are processed and pages assembled.
	renderer := make(chan error, 1)
	go func() { renderer <- b.ensureRenderer(site, rep) }()
	var rendererErr error
	rendererDone := false
	waitRenderer := func() error {
		if !rendererDone {
			rendererErr, rendererDone = <-renderer, true
		}
		return rendererErr
	}
	// A stage that fails first still lets the renderer finish (it holds
	// the builder's state) before Build returns.
	defer waitRenderer()
	var photos photoSet
	if err := stage("images", func() (err error) {
		photos, err = b.processPhotos(site, rep)
		return err
	}); err != nil {
		return nil, err
	}
	if err := stage("assemble", func() (err error) {
		asm, a, err = assembleSite(site, now, photos, b.memos)
		b.memos = a.nextMemos // what it rendered, even when it failed
		return err
	}); err != nil {
		return nil, err
	}
	// The trees earlier builds replaced are removed while this one waits
	// for node (not beside load and assemble, which it would slow).
	b.trash.Add(1)
	go func() {
		defer b.trash.Done()
		emptyTrash(b.buildCache())
	}()
	if err := stage("render", func() error {
		if err := waitRenderer(); err != nil {
			return err
		}
		return b.render(site, a, asm, out, rep)
	}); err != nil {
		return nil, err
	}
	if err := stage("write", func() error {
		if err := b.siteFiles(site, a, out, now, rep); err != nil {
			return err
		}
		addPhotoFiles(photos, out)
		if b.opts.InPlace && !b.opts.Compress && b.written != nil {
			n, err := updateInPlace(out, b.opts.OutDir, b.opts.ImageCache, b.written)
			rep.Written = n
			return err
		}
		st, err := writeTree(out, b.opts.OutDir, b.opts.Compress, &b.compress, b.buildCache(), b.opts.ImageCache)
		rep.Bytes, rep.Written, rep.Linked = st.bytes, st.written, st.linked
		if err == nil && b.opts.InPlace && !b.opts.Compress {
			b.written, err = hashOutput(out, b.opts.ImageCache)
		}
		return err
	}); err != nil {
		return nil, err
	}
	for _, p := range asm.pages {
		rep.Pages[p.locale]++
	}
	for _, l := range site.Config.Locales {
		rep.Locales = append(rep.Locales, l.Code)
	}
	rep.Files = len(out.files) + len(out.copy)
	rep.Fallbacks = asm.fallbacks
	rep.Combinations = site.Creator.Combinations()
	rep.Duration = time.Since(start)
	return rep, nil
}

func assembleSite(site *content.Site, now time.Time, photos photoSet, memos markdownMemos) (*assembly, *assembler, error) {
	a := &assembler{site: site, cfg: site.Config, now: now, photos: photos, paths: map[string]map[string]string{},
		routes: map[string]bool{}, keys: map[string]string{}, static: map[string]bool{}, memos: memos, nextMemos: markdownMemos{}}
	asm, err := a.run()
	return asm, a, err
}

// ensureRenderer (re)bundles and (re)starts the SSR workers when templates
// or the data every worker holds (i18n bundles, asset URLs) changed.
func (b *Builder) ensureRenderer(site *content.Site, rep *Report) error {
	bundles := map[string]any{}
	for loc, bundle := range site.Bundles {
		bundles[loc] = bundle.JSON()
	}
	initFor := func(a *render.Assets) (json.RawMessage, [32]byte, error) {
		raw, err := json.Marshal(map[string]any{"bundles": bundles, "islands": a.Islands, "renderer": a.Renderer})
		return raw, sha256.Sum256(raw), err
	}
	constants, err := bundleConstants(site)
	if err != nil {
		return err
	}
	if !maps.Equal(constants, b.constants) {
		b.stale = true
	}
	if !b.stale && b.assets != nil {
		raw, key, err := initFor(b.assets)
		if err != nil {
			return err
		}
		if key == b.poolKey && (b.pool != nil || b.poolInit != nil) {
			return nil
		}
		b.usePool(raw, key)
		return nil
	}
	var inputs [32]byte
	if b.opts.BuildCache != "" {
		t := time.Now()
		if inputs, err = bundleInputsKey(b.opts.Root, constants); err != nil {
			return err
		}
		var cb cachedBundles
		if b.buildCache().load(bundlesEntry(inputs), &cb) {
			if err := b.writeServerBundle(cb.Server); err != nil {
				return err
			}
			raw, key, err := initFor(&cb.Assets)
			if err != nil {
				return err
			}
			b.assets, b.desk, b.sw = &cb.Assets, &cb.Desk, cb.SW
			b.bundleKey, b.stale, b.constants = inputs, false, constants
			b.usePool(raw, key)
			rep.BundlesCached = true
			rep.Substages = append(rep.Substages, StageTime{"bundle (cached)", time.Since(t)})
			// A spare started at the build's start already says some page
			// will (nodeLikelyNeeded): the content is not walked again.
			if b.spare != nil || b.rendersLikelyStale() {
				// Some page will need node: start it now, beside the
				// images and assemble stages, not after them.
				return b.startPool(rep, func() (json.RawMessage, error) { return raw, nil }, key, b.codeCacheFile(inputs))
			}
			return nil
		}
	}
	// Templates changed (or first build): bundle the server side first, start
	// node on it, and finish the client bundles while node loads.
	t := time.Now()
	if err := b.bundlePath(); err != nil {
		return err
	}
	type client struct {
		assets *render.Assets
		err    error
	}
	clientDone := make(chan client, 1)
	swDone := make(chan error, 1)
	deskDone := make(chan error, 1)
	if b.bundler != nil && !maps.Equal(b.bundler.Constants(), constants) {
		b.bundler.Close()
		b.bundler = nil
	}
	if b.bundler == nil {
		b.bundler = render.NewBundler(b.opts.Root, b.bundle, constants)
		b.bundler.SharedReact = b.opts.InPlace
	}
	bundler := b.bundler
	go func() {
		a, err := bundler.Client()
		clientDone <- client{a, err}
	}()
	go func() {
		d, err := bundler.Desk()
		b.desk = d
		deskDone <- err
	}()
	go func() {
		sw, err := bundler.ServiceWorker()
		b.sw = sw
		swDone <- err
	}()
	if err := bundler.Server(); err != nil {
		<-clientDone
		<-swDone
		<-deskDone
		return err
	}
	if err := errors.Join(<-swDone, <-deskDone); err != nil {
		<-clientDone
		return err
	}
	var key [32]byte
	var c client
	clientInit := sync.OnceValues(func() (json.RawMessage, error) {
		c = <-clientDone
		if c.err != nil {
			return nil, c.err
		}
		raw, k, err := initFor(c.assets)
		key = k
		rep.Substages = append(rep.Substages, StageTime{"bundle", time.Since(t)})
		return raw, err
	})
	b.cache = map[string]cachedPage{}
	if !b.reloadPool(rep, clientInit) {
		if err := b.startPool(rep, clientInit, [32]byte{}, b.codeCacheFile(inputs)); err != nil {
			return err
		}
	}
	if _, err := clientInit(); err != nil {
		return err
	}
	b.assets, b.poolKey, b.stale, b.constants, b.bundleKey = c.assets, key, false, constants, inputs
	if b.opts.BuildCache != "" {
		server, err := os.ReadFile(b.bundle)
		if err != nil {
			return err
		}
		cb := cachedBundles{Server: server, Assets: *b.assets, Desk: *b.desk, SW: b.sw}
		if err := b.buildCache().save(bundlesEntry(inputs), &cb); err != nil {
			return err
		}
	}
	return nil
}

func (b *Builder) buildCache() buildCache { return buildCache{dir: b.opts.BuildCache} }

// writeServerBundle puts a cached server bundle where the workers load it.
func (b *Builder) writeServerBundle(server []byte) error {
	if err := b.bundlePath(); err != nil {
		return err
	}
	return os.WriteFile(b.bundle, server, 0o644)
}

// bundlePath picks where the server bundle is written, once: in watch
// mode under Root/.build, where node finds React in node_modules (the
// bundle leaves React out, render.Bundler.SharedReact); otherwise in the
// system's temporary folder.
func (b *Builder) bundlePath() error {
	if b.bundle != "" {
		return nil
	}
	dir := ""
	if b.opts.InPlace {
		dir = filepath.Join(b.opts.Root, ".build")
	}
	p, cleanup, err := render.TempBundlePath(dir)
	if err != nil {
		return err
	}
	b.bundle, b.cleanup = p, cleanup
	return nil
}

// usePool makes init (with its key) what the next workers start with; the
// pool itself starts when a page needs rendering (render).
func (b *Builder) usePool(init json.RawMessage, key [32]byte) {
	if b.pool != nil {
		b.pool.Close()
		b.pool = nil
	}
	b.cache = map[string]cachedPage{}
	b.poolInit, b.poolKey = init, key
}

// pageKey is what a page's server render depends on: the bundles, the
// workers' init (translations, island URLs) and the page's request.
func (b *Builder) pageKey(raw []byte) [32]byte {
	h := sha256.New()
	h.Write(b.bundleKey[:])
	h.Write(b.poolKey[:])
	h.Write(raw)
	var k [32]byte
	copy(k[:], h.Sum(nil))
	return k
}

// rendersEntry names the stamp of the renders made with the current
// bundles and init (rendersLikelyStale).
func (b *Builder) rendersEntry() string {
	return ssrEntry(sha256.Sum256(append(b.bundleKey[:], b.poolKey[:]...)))
}

// bundleConstants are the data the components read from their bundle:
// __LOCALE_FORMATS__, every locale's i18n.Format, which components/formats.ts
// writes prices and dates with, in the server's render and in the browser
// alike. In the bundle rather than in each island's props, so that a page
// does not carry it once per island.
func bundleConstants(site *content.Site) (map[string]string, error) {
	formats, err := json.Marshal(site.Formats)
	if err != nil {
		return nil, err
	}
	return map[string]string{"__LOCALE_FORMATS__": string(formats)}, nil
}

// reloadPool swaps the new server bundle into the running workers (watch
// mode: node and V8 stay warm) and reports whether it did. A pool that has
// taken many bundles, or fails to take this one, is left for startPool.
func (b *Builder) reloadPool(rep *Report, init func() (json.RawMessage, error)) bool {
	if b.pool == nil || b.pool.Reloads() >= render.ReloadsBeforeRestart {
		return false
	}
	t := time.Now()
	if err := b.pool.Reload(init); err != nil {
		if _, initErr := init(); initErr != nil {
			return true // the client bundles failed: reported by the caller, the workers kept for the fix
		}
		b.pool.Close()
		b.pool = nil
		return false
	}
	rep.Substages = append(rep.Substages, StageTime{"reload workers", time.Since(t)})
	return true
}

// codeCacheFile is where V8's code cache of the server bundle made from
// these inputs is kept (worker.mjs): in the build cache, for one-off builds
// ("" in watch mode, whose bundles change with every component edit).
func (b *Builder) codeCacheFile(inputs [32]byte) string {
	if b.opts.BuildCache == "" || b.opts.InPlace || inputs == [32]byte{} {
		return ""
	}
	f := b.buildCache().file(codeCacheEntry(inputs))
	if fi, err := os.Stat(f); err == nil {
		markUsed(f, fi) // node reads it: pruning must see the use
	}
	return f
}

func (b *Builder) startPool(rep *Report, init func() (json.RawMessage, error), key [32]byte, codeCache string) error {
	if b.pool != nil {
		b.pool.Close()
		b.pool = nil
	}
	t := time.Now()
	var pool *render.Pool
	if spare := b.spare; spare != nil {
		b.spare = nil
		if err := spare.Load(b.bundle, codeCache, init); err == nil {
			pool = spare
		} else {
			spare.Close() // a fresh pool below reports what is wrong
		}
	}
	if pool == nil {
		var err error
		if pool, err = render.NewPoolLazy(b.bundle, codeCache, b.opts.Workers, init); err != nil {
			return err
		}
	}
	rep.Substages = append(rep.Substages, StageTime{"start workers", time.Since(t)})
	b.pool, b.poolKey, b.poolInit = pool, key, nil
	return nil
}

func (b *Builder) render(site *content.Site, a *assembler, asm *assembly, out *output, rep *Report) error {
	t := time.Now()
	defer func() { rep.Substages = append(rep.Substages, StageTime{"ssr", time.Since(t)}) }()
	results := make([]renderedPage, len(asm.pages))
	var wg sync.WaitGroup
	sem := make(chan struct{}, b.opts.Workers)
	var rendered int
	var mu sync.Mutex
	saveErrs := make([]error, len(asm.pages))
	// Every page's request is encoded to know whether it changed, and a
	// page this builder did not render is looked up in the build cache by
	// its key: on two cores in parallel, as it is most of a one-page
	// rebuild's render stage.
	raws := make([]json.RawMessage, len(asm.pages))
	keys := make([][32]byte, len(asm.pages))
	found := make([]bool, len(asm.pages))
	var fromDisk atomic.Int64
	if err := inParallel(len(asm.pages), func(i int) (err error) {
		p := asm.pages[i]
		if raws[i], err = json.Marshal(p.req); err != nil {
			return err
		}
		keys[i] = b.pageKey(raws[i])
		if c, ok := b.cache[p.out]; ok && c.key == keys[i] {
			results[i], found[i] = renderedPage{p: p, res: c.res}, true
		} else if res, ok := b.buildCache().loadRender(keys[i]); ok {
			results[i], found[i] = renderedPage{p: p, res: res}, true
			fromDisk.Add(1)
		}
		return nil
	}); err != nil {
		return err
	}
	rep.RendersCached = int(fromDisk.Load())
	var todo []int
	for i, p := range asm.pages {
		if found[i] {
			b.cache[p.out] = cachedPage{key: keys[i], res: results[i].res}
			continue
		}
		todo = append(todo, i)
	}
	if len(todo) > 0 && b.pool == nil {
		init := b.poolInit
		if err := b.startPool(rep, func() (json.RawMessage, error) { return init, nil }, b.poolKey, b.codeCacheFile(b.bundleKey)); err != nil {
			return err
		}
	}
	if len(todo) > 1 {
		b.pool.Grow(b.opts.Workers) // a pool made of the spare has one worker
	}
	renderPages := func(idx []int) {
		for _, i := range idx {
			wg.Add(1)
			sem <- struct{}{}
			go func(i int, p *page) {
				defer wg.Done()
				defer func() { <-sem }()
				res, err := b.pool.Render(raws[i])
				results[i] = renderedPage{p: p, res: res, err: err}
				if err == nil {
					mu.Lock()
					b.cache[p.out] = cachedPage{key: keys[i], res: res}
					rendered++
					mu.Unlock()
					if !b.opts.InPlace {
						// Only this page's entry is written: a one-page
						// rebuild stores one render, not the site's.
						saveErrs[i] = b.buildCache().saveRender(keys[i], res)
					}
				}
			}(i, asm.pages[i])
		}
		wg.Wait()
	}
	first, rest := b.openFirst(asm, todo)
	if len(first) > 0 {
		renderPages(first)
		if err := b.writeOpenPages(a, first, results); err != nil {
			return err
		}
		rep.Substages = append(rep.Substages, StageTime{fmt.Sprintf("%d open page(s) written", len(first)), time.Since(t)})
	}
	renderPages(rest)
	rep.Rendered = rendered
	if err := errors.Join(saveErrs...); err != nil {
		return err
	}
	if rendered > 0 && !b.opts.InPlace {
		if err := b.buildCache().stampRenders(b.rendersEntry()); err != nil {
			return err
		}
	}
	var errs []error
	for _, r := range results {
		if r.err != nil {
			file := ""
			if r.p.doc != nil {
				file = r.p.doc.File + ": "
			}
			errs = append(errs, fmt.Errorf("%s%s (%s template): %w", file, r.p.path, r.p.req.Data.Template, r.err))
		}
	}
	if len(errs) > 0 {
		return errors.Join(errs...)
	}
	// The documents (head, JSON-LD, body) on every core: writeDocument
	// only reads the assembler.
	docs := make([][]byte, len(results))
	_ = inParallel(len(results), func(i int) error {
		docs[i] = b.document(a, results[i].p, results[i].res)
		return nil
	})
	for i, r := range results {
		if err := out.add(r.p.out, docs[i]); err != nil {
			return err
		}
	}
	for _, f := range b.assets.Files {
		if err := out.add(f.Path, f.Contents); err != nil {
			return err
		}
	}
	for _, f := range b.desk.Files {
		if err := out.add(f.Path, f.Contents); err != nil {
			return err
		}
	}
	return out.add(render.DeskDir+"/index.html", b.desk.Shell(site.Config.Name))
}

// document is a page's whole HTML: head, JSON-LD and the rendered body.
func (b *Builder) document(a *assembler, p *page, res render.Result) []byte {
	var buf bytes.Buffer
	as := headAssets{css: b.assets.CSS, dev: b.opts.DevHead, sitewide: b.assets.Sitewide, consentBoot: b.assets.ConsentBoot}
	if len(res.Islands) > 0 {
		as.loader = b.assets.Loader
		as.preloads = b.assets.Preloads(res.Eager)
		as.islandCSS = b.assets.Stylesheets(res.Islands)
	}
	a.writeDocument(&buf, p, res.HTML, as)
	return buf.Bytes()
}

// openFirst splits the pages to render into the ones open in a browser
// (Options.Open) and the rest, when writing those early is worth it: in
// watch mode, with more pages to render than are open.
func (b *Builder) openFirst(asm *assembly, todo []int) (first, rest []int) {
	if !b.opts.InPlace || b.opts.Compress || b.written == nil || b.opts.Open == nil || b.opts.Opened == nil {
		return nil, todo
	}
	open := map[string]bool{}
	for _, u := range b.opts.Open() {
		open[strings.TrimSuffix(u, "/")] = true
	}
	for _, i := range todo {
		if open[strings.TrimSuffix(asm.pages[i].path, "/")] {
			first = append(first, i)
		} else {
			rest = append(rest, i)
		}
	}
	if len(first) == 0 || len(rest) == 0 {
		return nil, todo
	}
	return first, rest
}

// writeOpenPages writes the open pages rendered so far, with the scripts
// and styles they link, and tells Opened: the rest of the build writes the
// other files (and removes what is gone) as usual.
func (b *Builder) writeOpenPages(a *assembler, first []int, results []renderedPage) error {
	early := newOutput()
	var paths []string
	for _, i := range first {
		r := results[i]
		if r.err != nil {
			return nil // the render stage reports it with the others
		}
		if err := early.add(r.p.out, b.document(a, r.p, r.res)); err != nil {
			return err
		}
		paths = append(paths, r.p.path)
	}
	for _, f := range b.assets.Files {
		if err := early.add(f.Path, f.Contents); err != nil {
			return err
		}
	}
	next, err := hashOutput(early, b.opts.ImageCache)
	if err != nil {
		return err
	}
	if _, err := writeChanged(early, b.opts.OutDir, next, b.written); err != nil {
		return err
	}
	b.opts.Opened(paths)
	return nil
}

// siteFiles adds everything that is not a page: static files, sitemaps,
// feeds, robots.txt, the manifest, the catalogue and the error page.
func (b *Builder) siteFiles(site *content.Site, a *assembler, out *output, now time.Time, rep *Report) error {
	for _, s := range site.Static {
		if _, clash := out.files[s]; clash {
			return fmt.Errorf("content/static/%s: a generated file has the same path", s)
		}
		out.copy[s] = filepath.Join(site.Dir, "static", filepath.FromSlash(s))
	}
	add := func(p string, body []byte) error {
		if _, clash := out.copy[p]; clash {
			return fmt.Errorf("content/static/%s: the build generates this file; remove it from static", p)
		}
		return out.add(p, body)
	}
	sm := a.sitemaps(now)
	names := make([]string, 0, len(sm))
	for n := range sm {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if err := add(n, sm[n]); err != nil {
			return err
		}
	}
	for _, loc := range site.Config.Locales {
		feed, err := a.feed(loc.Code)
		if err != nil {
			return err
		}
		if err := add(filepath.ToSlash(filepath.Join(outputDirOf(localePath(site.Config, loc.Code, "/blog")), "atom.xml")), feed); err != nil {
			return err
		}
	}
	if err := add("robots.txt", a.robots()); err != nil {
		return err
	}
	if err := add("manifest.webmanifest", a.manifest()); err != nil {
		return err
	}
	if err := add("error.html", a.errorPage()); err != nil {
		return err
	}
	sw, err := b.serviceWorker(site, out)
	if err != nil {
		return err
	}
	if err := add("sw.js", sw); err != nil {
		return err
	}
	redirects, err := a.redirectsFile()
	if err != nil {
		return err
	}
	if err := add(RedirectsFile, redirects); err != nil {
		return err
	}
	cat := a.catalog()
	cat.Terms = a.terms()
	body, err := cat.JSON()
	if err != nil {
		return err
	}
	rep.Catalog = cat.Version
	return add("catalog.json", body)
}

// outputDirOf is the folder of a URL path: "/pl/blog" -> "pl/blog".
func outputDirOf(urlPath string) string {
	return filepath.ToSlash(filepath.Clean("." + urlPath))
}

// serviceWorker fills the Workbox bundle's placeholders: the precache list
// (every hashed asset, the offline page of every locale, the icons and the
// manifest, each with a revision so a changed file is fetched again) and the
// locale prefixes that pick the offline page.
func (b *Builder) serviceWorker(site *content.Site, out *output) ([]byte, error) {
	type entry struct {
		URL      string  `json:"url"`
		Revision *string `json:"revision"`
	}
	var entries []entry
	for _, f := range b.assets.Files {
		entries = append(entries, entry{URL: "/" + f.Path}) // hashed: no revision needed
	}
	revision := func(body []byte) *string {
		sum := sha256.Sum256(body)
		r := hex.EncodeToString(sum[:8])
		return &r
	}
	var prefixes []string
	for _, loc := range site.Config.Locales {
		prefixes = append(prefixes, localePrefix(site.Config, loc.Code))
		u := localePath(site.Config, loc.Code, "/offline")
		html, ok := out.files[outputFile(u)]
		if !ok {
			return nil, fmt.Errorf("service worker: no offline page at %s", u)
		}
		entries = append(entries, entry{URL: u, Revision: revision(html)})
	}
	for _, p := range []string{"favicon.svg", "icons/icon-192.png", "icons/icon-512.png", "manifest.webmanifest"} {
		body, ok := out.files[p]
		if !ok {
			src, isCopy := out.copy[p]
			if !isCopy {
				continue
			}
			var err error
			if body, err = os.ReadFile(src); err != nil {
				return nil, err
			}
		}
		entries = append(entries, entry{URL: "/" + p, Revision: revision(body)})
	}
	sort.Slice(entries, func(i, j int) bool { return entries[i].URL < entries[j].URL })
	manifest, err := json.Marshal(entries)
	if err != nil {
		return nil, err
	}
	locales, err := json.Marshal(prefixes)
	if err != nil {
		return nil, err
	}
	sw := bytes.Replace(b.sw, []byte(render.PrecacheManifestVar), manifest, 1)
	sw = bytes.Replace(sw, []byte(render.LocalePrefixesVar), locales, 1)
	if bytes.Contains(sw, []byte(render.PrecacheManifestVar)) || bytes.Equal(sw, b.sw) {
		return nil, fmt.Errorf("service worker: placeholders not found in the bundle")
	}
	return sw, nil
}

// inParallel runs f(0..n-1) on every core (CPU work: encoding, hashing)
// and returns the first error.
func inParallel(n int, f func(i int) error) error {
	workers := min(runtime.GOMAXPROCS(0), n)
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := w; i < n; i += workers {
				if err := f(i); err != nil {
					errs[w] = err
					return
				}
			}
		}(w)
	}
	wg.Wait()
	return errors.Join(errs...)
}
