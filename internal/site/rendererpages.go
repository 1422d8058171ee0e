package site

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"sabershop/internal/content"
	"sabershop/internal/render"
)

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

// earlyWrite lets the build write some pages as soon as they are rendered,
// before the others: in watch mode, the pages open in a browser
// (Builder.openFirst). pick splits the indexes of the pages to render;
// write gets the first ones' renders.
type earlyWrite struct {
	pick  func(todo []int) (first, rest []int)
	write func(first []int, results []renderedPage) error
}

// ssrRun is one build's server renders: each page's request, its key and
// its render, and what storing the renders in the build cache returned.
type ssrRun struct {
	r        *renderer
	pages    []*page
	raws     []json.RawMessage
	keys     [][32]byte
	results  []renderedPage
	saveErrs []error
	mu       sync.Mutex
	rendered int
}

// render gives every page its server render: the one kept in memory or in
// the build cache when the page's key (pageKey) is unchanged, else a new
// one from the workers, which it starts when the first page needs them.
// A page's failed render is in its result; the error is the build's own.
// start is when the render stage began (the early write's substage).
func (r *renderer) render(pages []*page, rep *Report, start time.Time, early earlyWrite) ([]renderedPage, error) {
	run := &ssrRun{r: r, pages: pages, raws: make([]json.RawMessage, len(pages)), keys: make([][32]byte, len(pages)),
		results: make([]renderedPage, len(pages)), saveErrs: make([]error, len(pages))}
	todo, err := run.lookup(rep)
	if err != nil {
		return nil, err
	}
	if len(todo) > 0 && r.pool == nil {
		init := r.poolInit
		if err := r.startPool(rep, func() (json.RawMessage, error) { return init, nil }, r.poolKey, r.codeCacheFile(r.bundleKey)); err != nil {
			return nil, err
		}
	}
	if len(todo) > 1 {
		r.pool.Grow(r.opts.Workers) // a pool made of the spare has one worker
	}
	first, rest := early.pick(todo)
	if len(first) > 0 {
		run.renderEach(first)
		if err := early.write(first, run.results); err != nil {
			return nil, err
		}
		rep.Substages = append(rep.Substages, StageTime{fmt.Sprintf("%d open page(s) written", len(first)), time.Since(start)})
	}
	run.renderEach(rest)
	rep.Rendered = run.rendered
	if err := errors.Join(run.saveErrs...); err != nil {
		return nil, err
	}
	if run.rendered > 0 && !r.opts.InPlace {
		if err := r.store.stampRenders(r.rendersEntry()); err != nil {
			return nil, err
		}
	}
	return run.results, nil
}

// lookup encodes every page's request to know whether it changed, and
// looks a page the renderer did not render up in the build cache by its
// key: on two cores in parallel, as it is most of a one-page rebuild's
// render stage. It returns the indexes of the pages left to render.
func (s *ssrRun) lookup(rep *Report) (todo []int, err error) {
	found := make([]bool, len(s.pages))
	var fromDisk atomic.Int64
	if err := inParallel(len(s.pages), func(i int) (err error) {
		p := s.pages[i]
		if s.raws[i], err = json.Marshal(p.req); err != nil {
			return err
		}
		s.keys[i] = s.r.pageKey(s.raws[i])
		if c, ok := s.r.renders[p.out]; ok && c.key == s.keys[i] {
			s.results[i], found[i] = renderedPage{p: p, res: c.res}, true
		} else if res, ok := s.r.store.loadRender(s.keys[i]); ok {
			s.results[i], found[i] = renderedPage{p: p, res: res}, true
			fromDisk.Add(1)
		}
		return nil
	}); err != nil {
		return nil, err
	}
	rep.RendersCached = int(fromDisk.Load())
	for i, p := range s.pages {
		if found[i] {
			s.r.renders[p.out] = cachedPage{key: s.keys[i], res: s.results[i].res}
			continue
		}
		todo = append(todo, i)
	}
	return todo, nil
}

// renderEach renders the pages at these indexes, as many at once as there
// are workers, and keeps each render.
func (s *ssrRun) renderEach(idx []int) {
	var wg sync.WaitGroup
	sem := make(chan struct{}, s.r.opts.Workers)
	for _, i := range idx {
		wg.Add(1)
		sem <- struct{}{}
		go func(i int, p *page) {
			defer wg.Done()
			defer func() { <-sem }()
			res, err := s.r.pool.Render(s.raws[i])
			s.results[i] = renderedPage{p: p, res: res, err: err}
			if err == nil {
				s.keep(i, res)
			}
		}(i, s.pages[i])
	}
	wg.Wait()
}

// keep remembers a new render in memory and, outside watch mode, in the
// build cache.
func (s *ssrRun) keep(i int, res render.Result) {
	s.mu.Lock()
	s.r.renders[s.pages[i].out] = cachedPage{key: s.keys[i], res: res}
	s.rendered++
	s.mu.Unlock()
	if !s.r.opts.InPlace {
		// Only this page's entry is written: a one-page rebuild stores
		// one render, not the site's.
		s.saveErrs[i] = s.r.store.saveRender(s.keys[i], res)
	}
}

// pageKey is what a page's server render depends on: the bundles, the
// workers' init (translations, island URLs) and the page's request.
func (r *renderer) pageKey(raw []byte) [32]byte {
	h := sha256.New()
	h.Write(r.bundleKey[:])
	h.Write(r.poolKey[:])
	h.Write(raw)
	var k [32]byte
	copy(k[:], h.Sum(nil))
	return k
}

// rendersEntry names the stamp of the renders made with the current
// bundles and init (rendersLikelyStale).
func (r *renderer) rendersEntry() string {
	return ssrEntry(sha256.Sum256(append(r.bundleKey[:], r.poolKey[:]...)))
}

// headAssets are the scripts and styles a page with this render links
// (all but the dev mode's markup).
func (r *renderer) headAssets(res render.Result) headAssets {
	as := headAssets{css: r.assets.CSS, sitewide: r.assets.Sitewide, consentBoot: r.assets.ConsentBoot}
	if len(res.Islands) > 0 {
		as.loader = r.assets.Loader
		as.preloads = r.assets.Preloads(res.Eager)
		as.islandCSS = r.assets.Stylesheets(res.Islands)
	}
	return as
}

// addAssets adds the client bundles' files (islands, styles, the loader).
func (r *renderer) addAssets(out *output) error {
	for _, f := range r.assets.Files {
		if err := out.add(f.Path, f.Contents); err != nil {
			return err
		}
	}
	return nil
}

// addDesk adds the owner's desk: its bundle's files and its page.
func (r *renderer) addDesk(out *output, shopName string) error {
	for _, f := range r.desk.Files {
		if err := out.add(f.Path, f.Contents); err != nil {
			return err
		}
	}
	return out.add(render.DeskDir+"/index.html", r.desk.Shell(shopName))
}

// serviceWorker fills the Workbox bundle's placeholders: the precache list
// (every hashed asset, the offline page of every locale, the icons and the
// manifest, each with a revision so a changed file is fetched again) and the
// locale prefixes that pick the offline page.
func (r *renderer) serviceWorker(site *content.Site, out *output) ([]byte, error) {
	type entry struct {
		URL      string  `json:"url"`
		Revision *string `json:"revision"`
	}
	var entries []entry
	for _, f := range r.assets.Files {
		entries = append(entries, entry{URL: "/" + f.Path}) // hashed: no revision needed
	}
	revision := func(body []byte) *string {
		sum := sha256.Sum256(body)
		rev := hex.EncodeToString(sum[:8])
		return &rev
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
	sw := bytes.Replace(r.sw, []byte(render.PrecacheManifestVar), manifest, 1)
	sw = bytes.Replace(sw, []byte(render.LocalePrefixesVar), locales, 1)
	if bytes.Contains(sw, []byte(render.PrecacheManifestVar)) || bytes.Equal(sw, r.sw) {
		return nil, fmt.Errorf("service worker: placeholders not found in the bundle")
	}
	return sw, nil
}
