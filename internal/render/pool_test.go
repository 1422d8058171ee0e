package render

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"

	"golang.org/x/sync/errgroup"

	"sabershop/internal/testutil"
)

// The pool runs the real server bundle built from templates/ (no fake
// worker): these tests need node and the repository's node_modules.

func realBundle(t *testing.T) (string, *Assets) {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "server.mjs")
	if err := BuildServer(root, out, nil); err != nil {
		t.Fatal(err)
	}
	assets, err := BuildClient(root, nil)
	if err != nil {
		t.Fatal(err)
	}
	return out, assets
}

func initMsg(a *Assets) map[string]any {
	bundle := map[string]any{"nav.home": "Home", "cart.basket": "Basket", "errors.not_found_title": "This page could not be found"}
	return map[string]any{"bundles": map[string]any{"en": bundle}, "islands": a.Islands, "renderer": a.Renderer}
}

// notFoundRequest is a minimal valid page for the notFound template.
func notFoundRequest(title string) json.RawMessage {
	req := map[string]any{
		"site": map[string]any{
			"name": "Test", "locale": "en", "currency": "EUR", "home": "/", "locales": []any{}, "menu": []any{},
			"company": map[string]any{}, "hours": map[string]any{}, "social": []any{},
			"country_sites": []any{}, "orders_open": true, "basket_href": "/basket", "contact_href": "/contact", "logo": "/favicon.svg",
		},
		"page": map[string]any{"title": title, "description": "", "summary": "", "html": "<p>gone</p>", "url": "/404",
			"images": []any{}, "breadcrumbs": []any{}, "fallback": false},
		"data": map[string]any{"template": "notFound"},
	}
	raw, _ := json.Marshal(req)
	return raw
}

func TestPoolRendersPages(t *testing.T) {
	bundle, assets := realBundle(t)
	p, err := NewPool(bundle, 2, initMsg(assets))
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	var g errgroup.Group
	for range 20 {
		g.Go(func() error {
			res, err := p.Render(notFoundRequest("Lost $& found"))
			if err == nil && !strings.Contains(res.HTML, "Lost $&amp; found") {
				err = errors.New("title missing or mangled: " + res.HTML[:min(200, len(res.HTML))])
			}
			return err
		})
	}
	if err := g.Wait(); err != nil {
		t.Fatal(err)
	}
}

// Spawn starts node before the bundle is known (a build's head start):
// the process answers at once, takes the bundle later in place, and Grow
// adds workers that render the same pages.
func TestSpawnedWorkerTakesItsBundleLaterAndGrows(t *testing.T) {
	bundle, assets := realBundle(t)
	p, err := Spawn(1)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	var pe *PageError
	if _, err := p.Render(notFoundRequest("Too early")); !errors.As(err, &pe) || !strings.Contains(pe.Message, "no server bundle loaded") {
		t.Fatalf("render before Load: %v", err)
	}
	pids := p.PIDs()
	raw, err := json.Marshal(initMsg(assets))
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Load(bundle, "", func() (json.RawMessage, error) { return raw, nil }); err != nil {
		t.Fatal(err)
	}
	if res, err := p.Render(notFoundRequest("Loaded later")); err != nil || !strings.Contains(res.HTML, "Loaded later") {
		t.Fatalf("render after Load: %v", err)
	}
	if !slices.Equal(p.PIDs(), pids) {
		t.Errorf("Load started new processes: %v, then %v", pids, p.PIDs())
	}
	p.Grow(2)
	testutil.Eventually(t, "the second worker", func() error {
		if n := p.Workers(); n < 2 {
			return fmt.Errorf("%d workers", n)
		}
		return nil
	})
	if got := p.PIDs(); len(got) != 2 {
		t.Fatalf("after Grow(2): workers %v", got)
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if res, err := p.Render(notFoundRequest("Grown")); err != nil || !strings.Contains(res.HTML, "Grown") {
				t.Errorf("render after Grow: %v", err)
			}
		}()
	}
	wg.Wait()
}

// The first workers on a bundle write V8's code cache after their first
// page; the next ones compile with it and render the same page.
func TestWorkersWriteThenUseTheCodeCache(t *testing.T) {
	bundle, assets := realBundle(t)
	cache := filepath.Join(t.TempDir(), "server.v8")
	raw, err := json.Marshal(initMsg(assets))
	if err != nil {
		t.Fatal(err)
	}
	init := func() (json.RawMessage, error) { return raw, nil }
	render := func(p *Pool) string {
		t.Helper()
		res, err := p.Render(notFoundRequest("Cached"))
		if err != nil || !strings.Contains(res.HTML, "Cached") {
			t.Fatalf("render: %v", err)
		}
		return res.HTML
	}
	first, err := NewPoolLazy(bundle, cache, 1, init)
	if err != nil {
		t.Fatal(err)
	}
	want := render(first)
	render(first) // the cache is written after the first page's answer
	first.Close()
	if fi, err := os.Stat(cache); err != nil || fi.Size() == 0 {
		t.Fatalf("no code cache after a page: %v", err)
	}
	if first.CodeCacheUsed() != 0 {
		t.Errorf("the first pool used a cache that did not exist")
	}
	second, err := NewPoolLazy(bundle, cache, 1, init)
	if err != nil {
		t.Fatal(err)
	}
	defer second.Close()
	if got := render(second); got != want {
		t.Errorf("the page from the cached code differs")
	}
	if second.CodeCacheUsed() != 1 {
		t.Errorf("code cache used by %d of 1 workers", second.CodeCacheUsed())
	}
}

func TestPoolRestartsCrashedWorker(t *testing.T) {
	bundle, assets := realBundle(t)
	p, err := NewPool(bundle, 1, initMsg(assets))
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	pids := p.PIDs()
	if len(pids) != 1 {
		t.Fatalf("pids = %v", pids)
	}
	var dead *worker
	p.mu.Lock()
	for w := range p.all {
		dead = w
	}
	p.mu.Unlock()
	if err := syscall.Kill(pids[0], syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	// The pool notices the crash when it next sends the worker a page;
	// that page finds the process gone (reaped: its done is closed).
	select {
	case <-dead.done:
	case <-testutil.UntilDeadline(t):
		t.Fatal("the killed worker did not exit")
	}
	res, err := p.Render(notFoundRequest("After the crash"))
	if err != nil {
		t.Fatalf("render after a crash: %v", err)
	}
	if !strings.Contains(res.HTML, "After the crash") {
		t.Errorf("html = %q", res.HTML)
	}
	if p.Restarts() != 1 {
		t.Errorf("restarts = %d, want 1", p.Restarts())
	}
	if now := p.PIDs(); len(now) != 1 || now[0] == pids[0] {
		t.Errorf("pids after restart = %v (before %v)", now, pids)
	}
}

func TestTemplateErrorIsAPageError(t *testing.T) {
	bundle, assets := realBundle(t)
	p, err := NewPool(bundle, 1, initMsg(assets))
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	_, err = p.Render(json.RawMessage(`{"site":{"locale":"en"},"page":{},"data":{"template":"noSuchTemplate"}}`))
	var pe *PageError
	if !errors.As(err, &pe) || !strings.Contains(pe.Message, "unknown template noSuchTemplate") {
		t.Fatalf("err = %v, want a PageError naming the template", err)
	}
	// The worker survived the bad page.
	if _, err := p.Render(notFoundRequest("Still alive")); err != nil {
		t.Fatal(err)
	}
	if p.Restarts() != 0 {
		t.Errorf("a template error restarted the worker")
	}
}

func TestClientAssets(t *testing.T) {
	_, a := realBundle(t)
	if a.Loader == "" || a.Renderer == "" || a.CSS == "" || a.Islands["CartBadge"] == "" {
		t.Fatalf("assets = %+v", a)
	}
	pre := a.Preloads([]string{"CartBadge"})
	has := map[string]bool{}
	for _, u := range pre {
		has[u] = true
	}
	if !has[a.Loader] || !has[a.Renderer] || !has[a.Islands["CartBadge"]] {
		t.Errorf("preloads %v lack loader, renderer or the island", pre)
	}
	if len(a.Preloads(nil)) != 0 {
		t.Error("a page without islands must preload nothing")
	}
	for _, f := range a.Files {
		if strings.HasSuffix(f.Path, ".js") && strings.Contains(string(f.Contents), "react.development") {
			t.Errorf("%s is React's development build", f.Path)
		}
	}
}

// Reload swaps a new server bundle into the running workers: the next
// page is the new template's, from the same processes; a bundle that
// throws while loading is an error, not a dead pool.
func TestPoolReloadRunsTheNewBundleInTheSameProcesses(t *testing.T) {
	root := testutil.CodeCopy(t, "../..")
	bundle := filepath.Join(t.TempDir(), "server.mjs")
	b := NewBundler(root, bundle, nil)
	defer b.Close()
	if err := b.Server(); err != nil {
		t.Fatal(err)
	}
	assets, err := b.Client()
	if err != nil {
		t.Fatal(err)
	}
	raw, err := json.Marshal(initMsg(assets))
	if err != nil {
		t.Fatal(err)
	}
	p, err := NewPool(bundle, 2, initMsg(assets))
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	pids := p.PIDs()
	if res, err := p.Render(notFoundRequest("Gone")); err != nil || strings.Contains(res.HTML, "error-page--edited") {
		t.Fatalf("before the edit: %v", err)
	}

	edit(t, filepath.Join(root, "templates", "NotFound.tsx"), `"error-page section"`, `"error-page error-page--edited section"`)
	if err := b.Server(); err != nil {
		t.Fatal(err)
	}
	if err := p.Reload(func() (json.RawMessage, error) { return raw, nil }); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 4; i++ { // both workers
		res, err := p.Render(notFoundRequest("Gone"))
		if err != nil || !strings.Contains(res.HTML, "error-page--edited") {
			t.Fatalf("render %d after the reload: %v, html has no edit", i, err)
		}
	}
	if now := p.PIDs(); !slices.Equal(sorted(now), sorted(pids)) || p.Restarts() != 0 || p.Reloads() != 1 {
		t.Errorf("workers %v after the reload (before %v), %d restarts, %d reloads", now, pids, p.Restarts(), p.Reloads())
	}

	// A bundle that throws at load time.
	if err := os.WriteFile(bundle, []byte(`throw new Error("broken bundle");`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := p.Reload(func() (json.RawMessage, error) { return raw, nil }); err == nil || !strings.Contains(err.Error(), "broken bundle") {
		t.Errorf("reload of a throwing bundle: %v", err)
	}
}

func sorted(s []int) []int {
	s = slices.Clone(s)
	slices.Sort(s)
	return s
}

// The id of an answer is read off its first key, and anything else a
// worker prints (a console.log in a template) is told apart from answers.
func TestAnswerID(t *testing.T) {
	for _, tc := range []struct {
		line string
		id   int64
		ok   bool
	}{
		{`{"id":7,"html":"<p>{\"id\":8}</p>"}` + "\n", 7, true},
		{`{"id":12}` + "\n", 12, true},
		{`{"id":-1,"error":"bad request line"}` + "\n", -1, true},
		{`{"html":"x","id":3}` + "\n", 3, true},             // another key order: decoded in full
		{`{ "id": 4, "ok": true }` + "\n", 4, true},         // spaces: decoded in full
		{`{"id":"5"}` + "\n", 0, false},                     // not a number
		{`{"idx":5}` + "\n", 0, false},                      // another key
		{`hello from a template {"id":6}` + "\n", 0, false}, // a stray line
		{"\n", 0, false},
	} {
		id, ok := answerID([]byte(tc.line))
		if id != tc.id || ok != tc.ok {
			t.Errorf("answerID(%q) = %d, %v; want %d, %v", tc.line, id, ok, tc.id, tc.ok)
		}
	}
}
