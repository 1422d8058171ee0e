package render

import (
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
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
	var wg sync.WaitGroup
	errs := make(chan error, 20)
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := p.Render(notFoundRequest("Lost $& found"))
			if err == nil && !strings.Contains(res.HTML, "Lost $&amp; found") {
				err = errors.New("title missing or mangled: " + res.HTML[:min(200, len(res.HTML))])
			}
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
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
	if err := syscall.Kill(pids[0], syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	time.Sleep(50 * time.Millisecond)
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
