package site

import (
	"crypto/sha256"
	"encoding/json"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"sync"
	"time"

	"sabershop/internal/content"
	"sabershop/internal/render"
)

// renderer is what the render stage renders with, kept across builds: the
// esbuild bundles (server, client, desk and service worker) and the inputs
// they were made from, the node SSR workers and the init message they
// hold, and every page's last server render. The Builder asks it two
// things: ready (bundles and workers for the sources the load stage read)
// and render (these pages' server renders); the rest of its surface hands
// the bundles' files to the write stage.
//
// It lives in this package rather than in internal/render because it is
// the build's policy over render's mechanisms: it keys its bundles and
// renders in the build cache (buildcache.go), which the write stage shares,
// and renders the pages the assemble stage made.
type renderer struct {
	opts  Options // the builder's: Root, ContentDir, Workers, InPlace, BuildCache
	store buildCache

	// bundler keeps esbuild's contexts: a rebuild after a component edit
	// parses only what changed (render.Bundler).
	bundler *render.Bundler
	bundle  string // where the server bundle is written (bundlePath)
	cleanup func() // removes the server bundle's folder
	// stale says the templates changed: the next build bundles again.
	stale bool
	// constants are the data the bundles hold (the locales' formats, see
	// bundleConstants); when they change, the bundles are made again.
	constants map[string]string
	// bundleKey is the hash of the bundles' inputs (bundleInputsKey).
	bundleKey [32]byte
	assets    *render.Assets
	desk      *render.Desk // the owner's desk (desk/), bundled with the client
	sw        []byte       // service worker bundle with placeholders (see serviceWorker)

	pool *render.Pool
	// spare holds node processes started at the beginning of a build that
	// will probably render (nodeLikelyNeeded), before it knows its bundle:
	// the next pool is made of them (startPool).
	spare   *render.Pool
	poolKey [32]byte
	// poolInit is the workers' init message while the pool is not started:
	// a build whose pages all come from the cache never starts node.
	poolInit json.RawMessage

	// renders are the last render of every page, by output file, with the
	// key it was rendered for (pageKey).
	renders map[string]cachedPage
}

func newRenderer(opts Options) *renderer {
	return &renderer{opts: opts, store: buildCache{dir: opts.BuildCache}, stale: true, renders: map[string]cachedPage{}}
}

// templatesChanged makes the next build bundle templates and components
// again.
func (r *renderer) templatesChanged() { r.stale = true }

// close stops the SSR workers and esbuild's contexts and removes the
// server bundle.
func (r *renderer) close() {
	if r.pool != nil {
		r.pool.Close()
	}
	if r.spare != nil {
		r.spare.Close()
	}
	if r.bundler != nil {
		r.bundler.Close()
	}
	if r.cleanup != nil {
		r.cleanup()
	}
}

// headStart starts one node process at the beginning of a build that will
// probably render (nodeLikelyNeeded), before the build knows its bundle.
// One process: an edit renders a page or a few, and on two cores a second
// node starting beside load and assemble slows them as much as it helps
// (render grows the pool when many pages changed). An error here only
// means no head start: startPool tries again.
func (r *renderer) headStart() {
	if r.pool == nil && r.spare == nil && r.nodeLikelyNeeded() {
		r.spare, _ = render.Spawn(1)
	}
}

// workerInit is the init message every SSR worker starts with for a set of
// client assets (the locales' strings, the islands' URLs), and its hash.
type workerInit func(a *render.Assets) (json.RawMessage, [32]byte, error)

func workerInitFor(site *content.Site) workerInit {
	bundles := map[string]any{}
	for loc, bundle := range site.Bundles {
		bundles[loc] = bundle.JSON()
	}
	return func(a *render.Assets) (json.RawMessage, [32]byte, error) {
		raw, err := json.Marshal(map[string]any{"bundles": bundles, "islands": a.Islands, "renderer": a.Renderer})
		return raw, sha256.Sum256(raw), err
	}
}

// ready (re)bundles and (re)starts the SSR workers when templates or the
// data every worker holds (i18n bundles, asset URLs) changed. It needs only
// what the load stage read: the build runs it beside the images and
// assemble stages.
func (r *renderer) ready(site *content.Site, rep *Report) error {
	initFor := workerInitFor(site)
	constants, err := bundleConstants(site)
	if err != nil {
		return err
	}
	if !maps.Equal(constants, r.constants) {
		r.stale = true
	}
	if !r.stale && r.assets != nil {
		return r.reuseBundles(initFor)
	}
	var inputs [32]byte
	if r.opts.BuildCache != "" {
		t := time.Now()
		if inputs, err = bundleInputsKey(r.opts.Root, constants); err != nil {
			return err
		}
		if cached, err := r.fromBuildCache(inputs, constants, initFor, rep, t); cached || err != nil {
			return err
		}
	}
	return r.bundleAnew(inputs, constants, initFor, rep)
}

// reuseBundles keeps the bundles, and the workers too unless their init
// (translations, island URLs) changed.
func (r *renderer) reuseBundles(initFor workerInit) error {
	raw, key, err := initFor(r.assets)
	if err != nil {
		return err
	}
	if key == r.poolKey && (r.pool != nil || r.poolInit != nil) {
		return nil
	}
	r.usePool(raw, key)
	return nil
}

// fromBuildCache takes the bundles made from these inputs out of the build
// cache, and reports whether it held them. t is when the build began
// looking for them (the substage's start).
func (r *renderer) fromBuildCache(inputs [32]byte, constants map[string]string, initFor workerInit, rep *Report, t time.Time) (bool, error) {
	var cb cachedBundles
	if !r.store.load(bundlesEntry(inputs), &cb) {
		return false, nil
	}
	if err := r.writeServerBundle(cb.Server); err != nil {
		return true, err
	}
	raw, key, err := initFor(&cb.Assets)
	if err != nil {
		return true, err
	}
	r.assets, r.desk, r.sw = &cb.Assets, &cb.Desk, cb.SW
	r.bundleKey, r.stale, r.constants = inputs, false, constants
	r.usePool(raw, key)
	rep.BundlesCached = true
	rep.Substages = append(rep.Substages, StageTime{"bundle (cached)", time.Since(t)})
	// A spare started at the build's start already says some page will
	// (nodeLikelyNeeded): the content is not walked again.
	if r.spare != nil || r.rendersLikelyStale() {
		// Some page will need node: start it now, beside the images and
		// assemble stages, not after them.
		return true, r.startPool(rep, func() (json.RawMessage, error) { return raw, nil }, key, r.codeCacheFile(inputs))
	}
	return true, nil
}

// bundleAnew bundles the templates (changed, or the first build): the
// server side first, then node starts on it while the client bundles are
// finished.
func (r *renderer) bundleAnew(inputs [32]byte, constants map[string]string, initFor workerInit, rep *Report) error {
	t := time.Now()
	if err := r.bundlePath(); err != nil {
		return err
	}
	clientDone, err := r.bundleServerFirst(r.bundlerFor(constants))
	if err != nil {
		return err
	}
	var key [32]byte
	var c clientBundles
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
	r.renders = map[string]cachedPage{}
	if !r.reloadPool(rep, clientInit) {
		if err := r.startPool(rep, clientInit, [32]byte{}, r.codeCacheFile(inputs)); err != nil {
			return err
		}
	}
	if _, err := clientInit(); err != nil {
		return err
	}
	r.assets, r.poolKey, r.stale, r.constants, r.bundleKey = c.assets, key, false, constants, inputs
	return r.saveBundles(inputs)
}

// bundlerFor is the Bundler for these constants: the one kept, unless it
// was made for others.
func (r *renderer) bundlerFor(constants map[string]string) *render.Bundler {
	if r.bundler != nil && !maps.Equal(r.bundler.Constants(), constants) {
		r.bundler.Close()
		r.bundler = nil
	}
	if r.bundler == nil {
		r.bundler = render.NewBundler(r.opts.Root, r.bundle, constants)
		r.bundler.SharedReact = r.opts.InPlace
	}
	return r.bundler
}

// clientBundles are the client bundles, or why they failed.
type clientBundles struct {
	assets *render.Assets
	err    error
}

// bundleServerFirst makes all four bundles at once and returns when the
// server, desk and service worker bundles are done; the client bundles
// arrive on the channel (the workers can load the server bundle before).
func (r *renderer) bundleServerFirst(bundler *render.Bundler) (<-chan clientBundles, error) {
	clientDone := make(chan clientBundles, 1)
	swDone := make(chan error, 1)
	deskDone := make(chan error, 1)
	go func() {
		a, err := bundler.Client()
		clientDone <- clientBundles{a, err}
	}()
	go func() {
		d, err := bundler.Desk()
		r.desk = d
		deskDone <- err
	}()
	go func() {
		sw, err := bundler.ServiceWorker()
		r.sw = sw
		swDone <- err
	}()
	if err := bundler.Server(); err != nil {
		<-clientDone
		<-swDone
		<-deskDone
		return nil, err
	}
	if err := errors.Join(<-swDone, <-deskDone); err != nil {
		<-clientDone
		return nil, err
	}
	return clientDone, nil
}

// saveBundles keeps the bundles in the build cache by their inputs.
func (r *renderer) saveBundles(inputs [32]byte) error {
	if r.opts.BuildCache == "" {
		return nil
	}
	server, err := os.ReadFile(r.bundle)
	if err != nil {
		return err
	}
	cb := cachedBundles{Server: server, Assets: *r.assets, Desk: *r.desk, SW: r.sw}
	return r.store.save(bundlesEntry(inputs), &cb)
}

// writeServerBundle puts a cached server bundle where the workers load it.
func (r *renderer) writeServerBundle(server []byte) error {
	if err := r.bundlePath(); err != nil {
		return err
	}
	return os.WriteFile(r.bundle, server, 0o644)
}

// bundlePath picks where the server bundle is written, once: in watch
// mode under Root/.build, where node finds React in node_modules (the
// bundle leaves React out, render.Bundler.SharedReact); otherwise in the
// system's temporary folder.
func (r *renderer) bundlePath() error {
	if r.bundle != "" {
		return nil
	}
	dir := ""
	if r.opts.InPlace {
		dir = filepath.Join(r.opts.Root, ".build")
	}
	p, cleanup, err := render.TempBundlePath(dir)
	if err != nil {
		return err
	}
	r.bundle, r.cleanup = p, cleanup
	return nil
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
