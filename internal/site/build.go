// Package site builds the whole site in named stages: load (content),
// images (photos), assemble (pages and their data), render (esbuild
// bundles + React SSR, by the renderer the Builder keeps: renderer.go) and
// write (files, compressed siblings, atomic swap into the output dir).
package site

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"sabershop/internal/content"
	"sabershop/internal/guarantee"
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
	// Unreviewed are the languages of the safety texts no native speaker
	// has checked yet (reviewed: false; docs/legal.md#product-safety).
	Unreviewed   []string
	Combinations int
	Catalog      string      // catalogue version
	Photos       int         // photos the pages use
	Images       []ImageCost // photos made by this build (not from the cache), by key
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
	images *images.Pipeline
	// renderer keeps the bundles, the SSR workers and the pages' renders
	// between builds (renderer.go).
	renderer  *renderer
	compress  compressCache
	written   map[string]uint64 // InPlace: what OutDir holds, by content hash (hashOutput)
	imageRefs imageRefs         // the Markdown images of the bodies seen (collectPhotos)
	memos     markdownMemos     // the last build's Markdown renderings (markdownmemo.go)
	mu        sync.Mutex
	trash     sync.WaitGroup // emptyTrash, running beside a build
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
	return &Builder{opts: opts, loader: loader, renderer: newRenderer(opts), images: images.New(opts.ImageCache, opts.Root)}
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
	b.renderer.templatesChanged()
	b.mu.Unlock()
}

// Close stops the SSR workers.
func (b *Builder) Close() {
	b.trash.Wait()
	b.renderer.close()
	b.images.Close()
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
	b.renderer.headStart()
	if err := stage("load", func() (err error) {
		site, err = b.loader.Load()
		return err
	}); err != nil {
		return nil, err
	}
	// The bundles (or the cache's) and the SSR workers need only what load
	// read: they get ready while photos are processed and pages assembled.
	ready := make(chan error, 1)
	go func() { ready <- b.renderer.ready(site, rep) }()
	var rendererErr error
	rendererDone := false
	waitRenderer := func() error {
		if !rendererDone {
			rendererErr, rendererDone = <-ready, true
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
	for _, st := range site.Safety {
		if !st.Reviewed {
			rep.Unreviewed = append(rep.Unreviewed, st.Lang)
		}
	}
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

func (b *Builder) buildCache() buildCache { return buildCache{dir: b.opts.BuildCache} }

// render is the render stage: every page's server render (renderer.render)
// made into its document, with the bundles' files beside them.
func (b *Builder) render(site *content.Site, a *assembler, asm *assembly, out *output, rep *Report) error {
	t := time.Now()
	defer func() { rep.Substages = append(rep.Substages, StageTime{"ssr", time.Since(t)}) }()
	early := earlyWrite{
		pick: func(todo []int) ([]int, []int) { return b.openFirst(asm, todo) },
		write: func(first []int, results []renderedPage) error {
			return b.writeOpenPages(a, first, results)
		},
	}
	results, err := b.renderer.render(asm.pages, rep, t, early)
	if err != nil {
		return err
	}
	if err := pageErrors(results); err != nil {
		return err
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
	if err := b.renderer.addAssets(out); err != nil {
		return err
	}
	return b.renderer.addDesk(out, site.Config.Name)
}

// pageErrors joins the pages' failed renders, each with its file, URL
// path and template.
func pageErrors(results []renderedPage) error {
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
	return errors.Join(errs...)
}

// document is a page's whole HTML: head, JSON-LD and the rendered body.
func (b *Builder) document(a *assembler, p *page, res render.Result) []byte {
	var buf bytes.Buffer
	as := b.renderer.headAssets(res)
	as.dev = b.opts.DevHead
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
	if err := b.renderer.addAssets(early); err != nil {
		return err
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
	for _, loc := range site.Config.Locales {
		n := site.Guarantee[loc.Code]
		if err := add(strings.TrimPrefix(guarantee.QRPath(loc.Code, "svg"), "/"), n.QRSVG()); err != nil {
			return err
		}
		if err := add(strings.TrimPrefix(guarantee.QRPath(loc.Code, "png"), "/"), n.QRPNG(guarantee.QRPNGSize)); err != nil {
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
	sw, err := b.renderer.serviceWorker(site, out)
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
