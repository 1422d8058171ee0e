// Package devserver is the editor's loop: build, serve the output, watch
// content/, templates/ and components/ with fsnotify, rebuild what changed
// and tell open pages to reload (server-sent events).
package devserver

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/fsnotify/fsnotify"

	"sabershop/internal/content"
	"sabershop/internal/site"
)

// Options configure Run.
type Options struct {
	Site  site.Options
	Addr  string // empty: do not serve
	Watch bool
	Out   io.Writer
	// Ready, when set, receives the listener's address once serving.
	Ready func(addr string)
}

// ReloadPath is the server-sent events stream pages listen to in dev mode.
const ReloadPath = "/__livereload"

// liveReload is injected into every page's <head> in watch mode: reload on a
// successful rebuild, show the problems over the page on a failed one.
// (The site's service worker is replaced in development: see Static.)
const liveReload = `<script type="module">
const es = new EventSource("` + ReloadPath + `?path=" + encodeURIComponent(location.pathname));
es.addEventListener("reload", () => location.reload());
es.addEventListener("problem", (e) => {
  let box = document.getElementById("__build_problem");
  if (!box) {
    box = document.createElement("pre");
    box.id = "__build_problem";
    box.style.cssText = "position:fixed;inset:auto 0 0 0;max-height:50vh;overflow:auto;margin:0;padding:1rem;background:#2b0508;color:#ffd7da;font:13px/1.4 ui-monospace,monospace;z-index:2147483647;white-space:pre-wrap;border-top:3px solid #b21826";
    document.body.append(box);
  }
  box.textContent = e.data;
});
</script>
`

// hub fans build events out to every open page, and knows which page each
// one is: after a component edit the open pages are written and reloaded
// first (site.Options.Open), the others when the build is done.
type hub struct {
	mu      sync.Mutex
	clients map[*client]bool
	// early are the paths reloaded ahead of the build's end, start when
	// the build began (the early reload's data is the time since).
	early map[string]bool
	start time.Time
}

type client struct {
	events chan [2]string
	path   string // the page's URL path, without a trailing slash
}

func newHub() *hub { return &hub{clients: map[*client]bool{}} }

func (h *hub) send(c *client, event, data string) {
	select {
	case c.events <- [2]string{event, data}:
	default: // a stuck client must not block the build loop
	}
}

// building marks the start of a build.
func (h *hub) building() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.early, h.start = nil, time.Now()
}

// broadcast sends the event to every page.
func (h *hub) broadcast(event, data string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for c := range h.clients {
		h.send(c, event, data)
	}
	h.early = nil
}

// paths lists the open pages' URL paths.
func (h *hub) paths() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	var out []string
	for c := range h.clients {
		out = append(out, c.path)
	}
	return out
}

// reloadOpen reloads the pages at paths, written ahead of the build's end.
func (h *hub) reloadOpen(paths []string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.early = map[string]bool{}
	for _, p := range paths {
		h.early[strings.TrimSuffix(p, "/")] = true
	}
	for c := range h.clients {
		if h.early[c.path] {
			h.send(c, "reload", time.Since(h.start).String())
		}
	}
}

// reloadRest reloads, at the build's end, every page not reloaded early.
func (h *hub) reloadRest(data string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for c := range h.clients {
		if !h.early[c.path] {
			h.send(c, "reload", data)
		}
	}
	h.early = nil
}

func (h *hub) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	fl, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	c := &client{events: make(chan [2]string, 4), path: strings.TrimSuffix(r.URL.Query().Get("path"), "/")}
	h.mu.Lock()
	h.clients[c] = true
	h.mu.Unlock()
	defer func() {
		h.mu.Lock()
		delete(h.clients, c)
		h.mu.Unlock()
	}()
	fmt.Fprint(w, ": connected\n\n")
	fl.Flush()
	for {
		select {
		case <-r.Context().Done():
			return
		case ev := <-c.events:
			fmt.Fprintf(w, "event: %s\n", ev[0])
			for _, line := range strings.Split(ev[1], "\n") {
				fmt.Fprintf(w, "data: %s\n", line)
			}
			fmt.Fprint(w, "\n")
			fl.Flush()
		}
	}
}

// Run builds once, then serves and/or watches until ctx is done.
func Run(ctx context.Context, o Options) error {
	if o.Out == nil {
		o.Out = os.Stdout
	}
	h := newHub()
	if o.Watch {
		o.Site.DevHead = liveReload
		o.Site.InPlace = true
		o.Site.Open, o.Site.Opened = h.paths, h.reloadOpen
	}
	b := site.New(o.Site)
	defer b.Close()
	// The watches are in place before the first build and before Ready:
	// a save during the build, or just after the address is announced,
	// is a rebuild, not lost (the edit-to-reload benchmark once waited
	// forever for an edit made before the watcher existed).
	var w *fsnotify.Watcher
	if o.Watch {
		var err error
		if w, err = newWatcher(o); err != nil {
			return err
		}
		defer w.Close()
		b.WatchContent()
	}
	rep, err := b.Build()
	if err != nil {
		if !o.Watch {
			return err
		}
		fmt.Fprintln(o.Out, describe(err))
	} else {
		fmt.Fprint(o.Out, Summary(rep))
	}
	var srv *http.Server
	if o.Addr != "" {
		ln, err := net.Listen("tcp", o.Addr)
		if err != nil {
			return err
		}
		mux := http.NewServeMux()
		mux.Handle(ReloadPath, h)
		mux.Handle("/", Static(o.Site.OutDir))
		srv = &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second}
		go func() { _ = srv.Serve(ln) }()
		fmt.Fprintf(o.Out, "serving %s on http://%s/\n", o.Site.OutDir, ln.Addr())
		if o.Ready != nil {
			o.Ready(ln.Addr().String())
		}
	}
	if o.Watch {
		err = watch(ctx, o, b, h, w)
	} else {
		<-ctx.Done()
	}
	if srv != nil {
		sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_ = srv.Shutdown(sctx)
	}
	return err
}

func describe(err error) string {
	var diags content.Diagnostics
	var se *site.StageError
	if errors.As(err, &se) && errors.As(err, &diags) {
		return fmt.Sprintf("build failed in stage %s: %d problem(s)\n%s", se.Stage, len(diags), diags.Error())
	}
	return "build failed: " + err.Error()
}

// debounce groups an editor's burst of writes (save = truncate + write +
// chmod) into one rebuild, short enough to keep edit-to-reload fast.
const debounce = 15 * time.Millisecond

// newWatcher watches the content, templates and components trees.
func newWatcher(o Options) (*fsnotify.Watcher, error) {
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, err
	}
	root := o.Site.Root
	dirs := []string{o.Site.ContentDir, filepath.Join(root, "templates"), filepath.Join(root, "components")}
	for _, d := range dirs {
		if err := addTree(w, d); err != nil {
			w.Close()
			return nil, err
		}
	}
	return w, nil
}

func watch(ctx context.Context, o Options, b *site.Builder, h *hub, w *fsnotify.Watcher) error {
	root := o.Site.Root
	templatesDir, _ := filepath.Abs(filepath.Join(root, "templates"))
	componentsDir, _ := filepath.Abs(filepath.Join(root, "components"))
	var timer *time.Timer
	fire := make(chan struct{}, 1)
	codeChanged := false
	for {
		select {
		case <-ctx.Done():
			return nil
		case ev, ok := <-w.Events:
			if !ok {
				return nil
			}
			if ev.Has(fsnotify.Create) {
				if fi, err := os.Stat(ev.Name); err == nil && fi.IsDir() {
					_ = addTree(w, ev.Name)
				}
			}
			if isNoise(ev.Name) {
				continue
			}
			abs, _ := filepath.Abs(ev.Name)
			if strings.HasPrefix(abs, templatesDir+string(filepath.Separator)) || strings.HasPrefix(abs, componentsDir+string(filepath.Separator)) {
				codeChanged = true
			} else {
				b.ContentChanged(ev.Name)
			}
			if timer == nil {
				timer = time.AfterFunc(debounce, func() { fire <- struct{}{} })
			} else {
				timer.Reset(debounce)
			}
		case err := <-w.Errors:
			// Lost events (the kernel's queue overflowed): read every
			// content file again on the next build.
			fmt.Fprintln(o.Out, "watch:", err)
			b.ContentChanged("")
		case <-fire:
			if codeChanged {
				b.TemplatesChanged()
				codeChanged = false
			}
			h.building()
			rep, err := b.Build()
			if err != nil {
				msg := describe(err)
				fmt.Fprintln(o.Out, msg)
				h.broadcast("problem", msg)
				continue
			}
			fmt.Fprint(o.Out, Summary(rep))
			h.reloadRest(rep.Duration.String())
		}
	}
}

// isNoise skips editor swap and backup files.
func isNoise(name string) bool {
	base := filepath.Base(name)
	return strings.HasPrefix(base, ".#") || strings.HasSuffix(base, "~") || strings.HasSuffix(base, ".swp") ||
		strings.HasSuffix(base, ".swx") || base == "4913"
}

func addTree(w *fsnotify.Watcher, dir string) error {
	return filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			return w.Add(p)
		}
		return nil
	})
}
